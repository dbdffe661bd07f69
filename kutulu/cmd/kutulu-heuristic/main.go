// Command kutulu-heuristic is a Code of Kutulu bot that steps to the safest
// neighbouring cell (minion threat, company, shelters) and casts PLAN or
// LIGHT when standing still pays.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"cgbots/internal/cgio"
	"cgbots/kutulu"
)

func main() {
	flag.Uint64("seed", 1, "random seed (the policy is deterministic and ignores it)")
	flag.Parse()
	in := cgio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	maze, params, err := kutulu.ReadInit(in)
	if err != nil {
		return
	}
	var pol kutulu.HeuristicPolicy
	for turn := 0; ; turn++ {
		s, me, err := kutulu.ReadTurn(in, maze, params, turn)
		if in.Err() != nil {
			return
		}
		cmd := "WAIT"
		if err == nil {
			cmd = s.ActionText(me, pol.Act(&s, me))
		}
		fmt.Fprintln(out, cmd)
		out.Flush()
	}
}
