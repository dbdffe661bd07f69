package kutulu_test

import (
	"syscall"
	"testing"
	"time"

	"cgbots/internal/rng"
	"cgbots/kutulu"
	"cgbots/kutulu/mapgen"
)

// midGameStates plays heuristic bots on a generated map and keeps the
// states of turns 20..59 of the first game where all four explorers live
// that long, with the actions played: the position a search works on.
func midGameStates(tb testing.TB) ([]kutulu.State, [][kutulu.Players]kutulu.Action) {
	for seed := uint64(1); seed < 100; seed++ {
		var states []kutulu.State
		var acts [][kutulu.Players]kutulu.Action
		m := mapgen.Generate(seed)
		p, r := kutulu.DrawParams(int64(seed), kutulu.Bronze)
		s := kutulu.NewState(m, p, r)
		var pol kutulu.HeuristicPolicy
		for !s.Over && s.Turn < 60 && s.LivingCount() == kutulu.Players {
			var a [kutulu.Players]kutulu.Action
			for q := 0; q < kutulu.Players; q++ {
				a[q] = pol.Act(&s, q)
			}
			if s.Turn >= 20 {
				states = append(states, s)
				acts = append(acts, a)
			}
			s.ApplyTurn(&a, nil)
		}
		if len(states) == 40 {
			return states, acts
		}
	}
	tb.Fatal("no mid-game states")
	return nil, nil
}

// BenchmarkApplyTurn: one turn update on mid-game four-player states of one
// map, each from a fresh copy (CopyFrom, as a search does). The copy counts
// in the figure: about 145 of the 3,150-3,300 instructions per turn under
// callgrind, and the loop about 35 (BenchmarkCopyFrom measures the copy
// alone).
func BenchmarkApplyTurn(b *testing.B) {
	states, acts := midGameStates(b)
	minions := 0
	for i := range states {
		minions += states[i].NMinions
	}
	b.ReportMetric(float64(minions)/float64(len(states)), "minions/state")
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	var s kutulu.State
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		s.CopyFrom(&states[k])
		s.ApplyTurn(&acts[k], nil)
	}
	reportRates(b, cpu, float64(b.N), "turns")
}

// BenchmarkCopyFrom: the cost of the search's copy of a state.
func BenchmarkCopyFrom(b *testing.B) {
	states, _ := midGameStates(b)
	var s kutulu.State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CopyFrom(&states[i%len(states)])
	}
	cloneSink = s
}

// BenchmarkClone: the cost of a full value copy of a state.
func BenchmarkClone(b *testing.B) {
	states, _ := midGameStates(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		cloneSink = states[i%len(states)].Clone()
	}
}

var cloneSink kutulu.State

// benchGames plays whole Bronze games on generated maps with the given
// policies and reports games and turns per second.
func benchGames(b *testing.B, text bool, newPols func(seed uint64) [kutulu.Players]kutulu.Policy) {
	const nMaps = 16
	var mazes [nMaps]*kutulu.Maze
	for i := range mazes {
		mazes[i] = mapgen.Generate(uint64(i))
	}
	turns := 0
	var buf []byte
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for i := 0; i < b.N; i++ {
		p, r := kutulu.DrawParams(int64(i), kutulu.Bronze)
		s := kutulu.NewState(mazes[i%nMaps], p, r)
		pols := newPols(uint64(i))
		if !text {
			kutulu.Play(&s, &pols)
			turns += s.Turn
			continue
		}
		// Like a referee: every input printed, every answer parsed.
		var acts [kutulu.Players]kutulu.Action
		for !s.Over {
			for q := 0; q < kutulu.Players; q++ {
				if s.Active(q) {
					buf = s.AppendInput(buf[:0], q)
				}
			}
			for q := 0; q < kutulu.Players; q++ {
				if s.Active(q) {
					a, err := s.ParseAction(q, s.ActionText(q, pols[q].Act(&s, q)))
					if err != nil {
						b.Fatal(err)
					}
					acts[q] = a
				}
			}
			s.ApplyTurn(&acts, nil)
		}
		turns += s.Turn
	}
	reportRates(b, cpu, float64(b.N), "games")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

func randomPols(seed uint64) [kutulu.Players]kutulu.Policy {
	r := rng.New(seed)
	p := kutulu.RandomPolicy{R: r}
	return [kutulu.Players]kutulu.Policy{p, p, p, p}
}

func heuristicPols(uint64) [kutulu.Players]kutulu.Policy {
	var h kutulu.HeuristicPolicy
	return [kutulu.Players]kutulu.Policy{h, h, h, h}
}

func BenchmarkGameRandom(b *testing.B)        { benchGames(b, false, randomPols) }
func BenchmarkGameRandomText(b *testing.B)    { benchGames(b, true, randomPols) }
func BenchmarkGameHeuristic(b *testing.B)     { benchGames(b, false, heuristicPols) }
func BenchmarkGameHeuristicText(b *testing.B) { benchGames(b, true, heuristicPols) }

// reportRates reports n things per second of wall clock and per second of
// this process's CPU time (the fair figure on a shared machine).
func reportRates(b *testing.B, cpu0 time.Duration, n float64, what string) {
	b.ReportMetric(n/b.Elapsed().Seconds(), what+"/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(n/cpu.Seconds(), what+"/cpu-s")
	}
}

// cpuTime is the process's user+system CPU time. The machine is shared, so
// wall-clock ns/op overstates our cost; the cpu-* metrics divide by it.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
