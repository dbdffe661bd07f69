package waterfightcli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"cgbots/internal/rng"
	"cgbots/internal/sha1prng"
	"cgbots/waterfight"
)

// Bench is `cgbots bench waterfight`: turn updates per second on a 5-vs-5
// mid-game state, clone cost, and whole games per second (greedy against
// random, map generation included), each measured on one goroutine.
func Bench(args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("bench waterfight takes no arguments")
	}
	base, acts := benchState()
	upd := testing.Benchmark(func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			s := base
			s.Update(&acts, nil)
		}
	})
	var sink [2]waterfight.State
	clone := testing.Benchmark(func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			sink[i&1] = base.Clone()
		}
	})
	games := testing.Benchmark(func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			_, s, _ := waterfight.NewGame(5, sha1prng.New(int64(i%1000+1)))
			waterfight.PlayGame(&s, waterfight.GreedyActions, waterfight.RandomPolicy(rng.New(uint64(i))))
		}
	})
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(stdout, "turn update (5 vs 5, %dx%d): %.0f ns, %.0f turns/s\n", base.G.W, base.G.H, nsPerOp(upd), 1e9/nsPerOp(upd))
	fmt.Fprintf(stdout, "clone: %.1f ns\n", nsPerOp(clone))
	fmt.Fprintf(stdout, "games greedy vs random: %.0f us, %.0f games/s\n", nsPerOp(games)/1e3, 1e9/nsPerOp(games))
	fmt.Fprintf(stdout, "wall-clock figures; load average: %s\n", strings.TrimSpace(string(load)))
	return nil
}

func nsPerOp(r testing.BenchmarkResult) float64 {
	return float64(r.T.Nanoseconds()) / float64(r.N)
}

// benchState is the first 5-vs-5 game of seeds 1, 2, ... after 15 turns of
// random play, with the next turn's random actions.
func benchState() (waterfight.State, waterfight.Actions) {
	for seed := int64(1); ; seed++ {
		g, s, _ := waterfight.NewGame(5, sha1prng.New(seed))
		random := waterfight.RandomPolicy(rng.New(7))
		if g.N != 10 || waterfight.PlayTurns(&s, 15, random, random) {
			continue
		}
		var acts waterfight.Actions
		s.StartTurn()
		random(&s, 0, &acts)
		random(&s, 1, &acts)
		if s.Live(0) == 5 && s.Live(1) == 5 {
			return s, acts
		}
	}
}
