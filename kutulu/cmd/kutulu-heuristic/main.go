// Command kutulu-heuristic is a Code of Kutulu bot that steps to the safest
// neighbouring cell (minion threat, company, shelters) and casts PLAN or
// LIGHT when standing still pays.
package main

import (
	"flag"
	"os"

	"cgbots/kutulu"
)

func main() {
	flag.Uint64("seed", 1, "random seed (the policy is deterministic and ignores it)")
	flag.Parse()
	kutulu.RunBot(os.Stdin, os.Stdout, kutulu.HeuristicPolicy{})
}
