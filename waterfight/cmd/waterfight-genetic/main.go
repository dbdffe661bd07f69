// Command waterfight-genetic plays Soak Overflow with a genetic search over
// the next turns of its agents, scored on the exact simulator against a
// simple model of the opponent.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"cgbots/internal/clock"
	"cgbots/waterfight"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed of the search")
	nodes := flag.Int64("nodes", 0, "genomes scored per turn (0: search until the time limit)")
	ms := flag.Int("ms", 30, "time per turn in milliseconds when -nodes is 0")
	flag.Parse()
	ga := waterfight.NewGenetic(*seed)
	first := true
	err := waterfight.RunBot(os.Stdin, os.Stdout, func(s *waterfight.State, me int, acts *waterfight.Actions) {
		budget := clock.Nodes(*nodes)
		if *nodes <= 0 {
			limit := time.Duration(*ms) * time.Millisecond
			if first {
				limit *= 10
			}
			budget = clock.Until(time.Now(), limit, 0)
		}
		first = false
		ga.Choose(s, me, budget, acts)
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "waterfight-genetic:", err)
	}
}
