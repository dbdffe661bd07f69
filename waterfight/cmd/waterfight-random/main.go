// Command waterfight-random plays Soak Overflow at random: each agent steps
// to a random neighbour (or stays) and shoots, bombs or hunkers at random.
package main

import (
	"flag"
	"fmt"
	"os"

	"cgbots/internal/rng"
	"cgbots/waterfight"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	r := rng.New(*seed)
	err := waterfight.RunBot(os.Stdin, os.Stdout, func(s *waterfight.State, me int, acts *waterfight.Actions) {
		waterfight.RandomActions(s, me, r, acts)
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "waterfight-random:", err)
	}
}
