package kutulucli

import (
	"fmt"
	"io"
	"time"

	"cgbots/internal/rng"
	"cgbots/kutulu"
	"cgbots/kutulu/mapgen"
	"cgbots/tools/internal/match"
)

// tourSeed fixes the tour's generated map and referee draws.
const tourSeed = 2018

// Tour plays one Bronze game on a generated map, in process: our MCTS bot
// (a fixed playout budget, so the tour is reproducible) against two
// heuristic bots and a random one, and prints the ranking.
func Tour(stdout io.Writer) error {
	start := time.Now()
	m := mapgen.Generate(tourSeed)
	p, r := kutulu.DrawParams(tourSeed, kutulu.Bronze)
	s := kutulu.NewState(m, p, r)
	pols := [kutulu.Players]kutulu.Policy{
		kutulu.NewMCTS(tourSeed, 100), kutulu.HeuristicPolicy{},
		kutulu.RandomPolicy{R: rng.New(1)}, kutulu.HeuristicPolicy{},
	}
	names := [kutulu.Players]string{"mcts", "heuristic", "random", "heuristic"}
	kutulu.Play(&s, &pols)
	sc := s.Scores()
	rk := match.Ranks(sc[:])
	fmt.Fprintf(stdout, "kutulu: %s (%dx%d), Bronze rules, %d turns in %v\n", m.Name, m.W, m.H, s.Turn, time.Since(start).Round(time.Millisecond))
	for q := 0; q < kutulu.Players; q++ {
		fmt.Fprintf(stdout, "  player %d %-9s rank %d score %d\n", q, names[q], rk[q], sc[q])
	}
	return nil
}
