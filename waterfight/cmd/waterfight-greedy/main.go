// Command waterfight-greedy plays Soak Overflow one ply deep: each agent in
// turn takes the step and combat action with the best immediate value
// (wetness dealt, kills, territory). It is deterministic; -seed is accepted
// for the bot contract and changes nothing.
package main

import (
	"flag"
	"fmt"
	"os"

	"cgbots/waterfight"
)

func main() {
	flag.Uint64("seed", 1, "accepted for the bot contract; the greedy bot is deterministic")
	flag.Parse()
	if err := waterfight.RunBot(os.Stdin, os.Stdout, waterfight.GreedyActions); err != nil {
		fmt.Fprintln(os.Stderr, "waterfight-greedy:", err)
	}
}
