// Command kutulu-mcts is the Code of Kutulu search bot: an open-loop Monte
// Carlo tree search over its own actions on the exact simulator, the other
// explorers playing the heuristic policy.
package main

import (
	"flag"
	"os"

	"cgbots/kutulu"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	nodes := flag.Int64("nodes", 0, "playouts per turn (0: use the CodinGame time limits)")
	horizon := flag.Int("horizon", 15, "simulated turns per playout")
	flag.Parse()
	m := kutulu.NewMCTS(*seed, *nodes)
	if *horizon > 0 && *horizon <= 60 {
		m.Horizon = *horizon
	}
	kutulu.RunBot(os.Stdin, os.Stdout, m)
}
