// Command kutulu-random is a Code of Kutulu bot that walks at random and
// now and then casts PLAN, LIGHT or YELL: the weakest baseline.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"cgbots/internal/cgio"
	"cgbots/internal/rng"
	"cgbots/kutulu"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	run(kutulu.RandomPolicy{R: rng.New(*seed)})
}

func run(pol kutulu.Policy) {
	in := cgio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	maze, params, err := kutulu.ReadInit(in)
	if err != nil {
		return
	}
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
