package waterfight

import (
	"testing"

	"cgbots/internal/rng"
)

// midGame is a 5-vs-5 full game after 15 turns of random play, with the
// next turn's actions of both random players: every agent steps, shoots,
// bombs or hunkers. It is the first such game of seeds 1, 2, ... on a map
// of the given width (0: any).
func midGame(tb testing.TB) (State, Actions) { return midGameOn(tb, 0) }

func midGameOn(tb testing.TB, width int) (State, Actions) {
	for seed := int64(1); ; seed++ {
		g, s := newFullGame(newTestRand(seed))
		if g.N != 10 || width > 0 && g.W != width {
			continue
		}
		r := rng.New(7)
		random := RandomPolicy(r)
		if PlayTurns(&s, 15, random, random) {
			continue
		}
		var acts Actions
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
// hunkers, shots, bombs, deaths, territory, points) on the 5-vs-5 state
// (a 12x6 map), from a fresh clone each time.
func BenchmarkTurnUpdate(b *testing.B) { benchTurnUpdate(b, 0) }

// BenchmarkTurnUpdateLargestMap is the same on a 20x10 map, where the
// territory has 200 cells instead of 72.
func BenchmarkTurnUpdateLargestMap(b *testing.B) { benchTurnUpdate(b, 20) }

func benchTurnUpdate(b *testing.B, width int) {
	base, acts := midGameOn(b, width)
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

// BenchmarkTerritory is the territory count alone on the 5-vs-5 state.
func BenchmarkTerritory(b *testing.B) {
	s, _ := midGame(b)
	var sink int32
	for i := 0; i < b.N; i++ {
		c0, c1 := s.territory()
		sink += c0 - c1
	}
	_ = sink
}
