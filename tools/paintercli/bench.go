package paintercli

import (
	"flag"
	"fmt"
	"io"
	"time"

	"cgbots/internal/clock"
	"cgbots/internal/rng"
	"cgbots/painter"
)

// Bench measures, without the network, the server's processing of one turn
// of every game of a d-team tournament at the default board size (random
// orders for every pawn), and our planner's decision time per game.
func Bench(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench painter", flag.ContinueOnError)
	fs.SetOutput(stderr)
	teams := fs.Int("teams", 35, "teams (d); d(d-1)/2 games")
	turns := fs.Int("turns", 50, "turns to process")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg := DefaultServerConfig()
	cfg.Teams, cfg.Seed = DemoTeams(*teams), 1
	s, err := newIdleServer(cfg)
	if err != nil {
		return err
	}
	r := rng.New(1)
	var total, worst time.Duration
	for turn := 0; turn < *turns; turn++ {
		s.randomOrders(r)
		begin := time.Now()
		s.process()
		took := time.Since(begin)
		total += took
		if took > worst {
			worst = took
		}
	}
	games := *teams * (*teams - 1) / 2
	fmt.Fprintf(stdout, "server: %d games, %d turns: mean %v per turn, worst %v\n",
		games, *turns, total/time.Duration(*turns), worst)

	// Planner: one decision per game on the tournament's games as they stand.
	pl := painter.NewPlanner()
	begin := time.Now()
	nodes := int64(0)
	decisions := 0
	for _, row := range s.arenas {
		for _, a := range row {
			g := a.game
			tr := painter.NewTracker(g.P, g.ViewRows(painter.SideA), g.Seen(painter.SideA), false)
			budget := clock.Nodes(1 << 30)
			pl.Decide(tr, budget)
			nodes += budget.Count()
			decisions++
		}
	}
	took := time.Since(begin)
	fmt.Fprintf(stdout, "planner: %d decisions, mean %v each, %.0f nodes each, %.0f states/s\n",
		decisions, took/time.Duration(decisions), float64(nodes)/float64(decisions), float64(nodes)/took.Seconds())
	return nil
}

// newIdleServer sets up a server's first tournament in its break turn,
// without network nor game loop (benchmarks and tests drive it).
func newIdleServer(cfg ServerConfig) (*Server, error) {
	s, err := NewServer(cfg)
	if err != nil {
		return nil, err
	}
	prep, err := s.prepareTournament()
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.installTournament(prep, time.Now())
	s.mu.Unlock()
	return s, nil
}

// randomOrders gives every pawn of every game a random move or shot.
func (s *Server) randomOrders(r *rng.Rand) {
	for _, row := range s.arenas {
		for _, a := range row {
			for k := range a.orders {
				d := painter.Dir(1 + r.Intn(4))
				a.orders[k] = painter.Order{Kind: painter.Move, Dir: d}
				if r.Intn(2) == 0 && a.game.Pawns[k].Paint >= 10 {
					a.orders[k] = painter.Order{Kind: painter.Shoot, Dir: d, Range: 1 + r.Intn(10)}
				}
			}
		}
	}
}
