package waterfight

import (
	"testing"

	"cgbots/internal/rng"
)

// midGame is a 5-vs-5 full game after 15 turns of random play, with the
// next turn's actions of both random players: every agent steps, shoots,
// bombs or hunkers.
func midGame(tb testing.TB) (State, Actions) {
	for seed := int64(1); ; seed++ {
		g, s := newFullGame(newTestRand(seed))
		if g.N != 10 {
			continue
		}
		r := rng.New(7)
		var acts Actions
		for turn := 0; turn < 15; turn++ {
			s.StartTurn()
			RandomActions(&s, 0, r, &acts)
			RandomActions(&s, 1, r, &acts)
			if s.Step(&acts) {
				tb.Fatalf("seed %d: the game ended before the benchmark state", seed)
			}
		}
		s.StartTurn()
		RandomActions(&s, 0, r, &acts)
		RandomActions(&s, 1, r, &acts)
		if s.Live(0) < 5 || s.Live(1) < 5 {
			continue
		}
		return s, acts
	}
}

// BenchmarkTurnUpdate is one full turn update (moves with collisions,
// hunkers, shots, bombs, deaths, territory, points) on the 5-vs-5 state,
// from a fresh clone each time.
func BenchmarkTurnUpdate(b *testing.B) {
	base, acts := midGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := base
		s.Update(&acts, nil)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "turns/s")
}

var cloneSink [2]State

// BenchmarkClone copies the state (into memory the compiler cannot drop).
func BenchmarkClone(b *testing.B) {
	base, _ := midGame(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		cloneSink[i&1] = base.Clone()
		base.Agents[0].Wetness = int16(i)
	}
}

// BenchmarkGameGreedyVsRandom plays whole full games in-process, the greedy
// bot against the random bot, on the maps of seeds 1, 2, 3...
func BenchmarkGameGreedyVsRandom(b *testing.B) {
	b.ReportAllocs()
	turns := 0
	for i := 0; i < b.N; i++ {
		_, s := newFullGame(newTestRand(int64(i%1000 + 1)))
		turns += PlayGame(&s, GreedyActions, RandomPolicy(rng.New(uint64(i))))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}
