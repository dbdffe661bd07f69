package waterfight

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"cgbots/internal/clock"
)

// TestGeneticBenchSignature pins the search: on the benchmark state, with
// seed 1 and 500 genomes, the node count and the chosen actions.
func TestGeneticBenchSignature(t *testing.T) {
	s, _ := midGame(t)
	var acts Actions
	evals := NewGenetic(1).Choose(&s, 0, clock.Nodes(500), &acts)
	assert.Equal(t, int64(500), evals)
	assert.Equal(t, "[1;MOVE 2 2;HUNKER_DOWN 2;MOVE 2 3;HUNKER_DOWN 3;MOVE 1 3;HUNKER_DOWN 4;MOVE 3 5;THROW 7 5 5;MOVE 4 1;HUNKER_DOWN]", fmt.Sprint(CommandLines(&s, 0, &acts)))
}

func TestGeneticEncodesGreedyActionsExactly(t *testing.T) {
	for seed := int64(1); seed <= 30; seed++ {
		_, s := newFullGame(newTestRand(seed))
		var acts Actions
		ga := NewGenetic(1)
		for turn := 0; turn < 8; turn++ {
			s.StartTurn()
			ga.Choose(&s, 0, clock.Nodes(30), &acts)
			var greedy, back Actions
			GreedyActions(&s, 0, &greedy)
			var genes [gaAgents]gene
			ga.encode(&s, &greedy, &genes)
			ga.decode(&s, &genes, &back)
			for _, i := range ga.mine[:ga.nMine] {
				want := greedy[i]
				if want.Combat == NoCombat {
					want.Combat = Hunker
				}
				if want.Combat == Shoot && s.Agents[i].Cooldown > 0 {
					want.Combat, want.A = Hunker, 0
				}
				assert.Equal(t, want, back[i], "seed %d turn %d slot %d", seed, turn, i)
			}
			GreedyActions(&s, 1, &acts)
			if s.Step(&acts) {
				break
			}
		}
	}
}

func TestGeneticPlaysValidGames(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		ref := NewReferee(5, newTestRand(seed))
		ga := NewGenetic(uint64(seed))
		for !ref.Over {
			ref.BeginTurn()
			if ref.Plays(0) {
				var acts Actions
				ga.Choose(&ref.State, 0, clock.Nodes(200), &acts)
				ref.Output(0, CommandLines(&ref.State, 0, &acts))
				var other Actions
				GreedyActions(&ref.State, 1, &other)
				ref.Output(1, CommandLines(&ref.State, 1, &other))
			}
			ref.EndTurn()
		}
		assert.Equal(t, [2]bool{true, true}, ref.Active, "seed %d", seed)
	}
}

func BenchmarkGeneticEvaluate(b *testing.B) {
	s, _ := midGame(b)
	var acts Actions
	ga := NewGenetic(1)
	ga.Choose(&s, 0, clock.Nodes(1), &acts)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ga.evaluate(&ga.pop[i%gaPop])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "genomes/s")
}

// The genetic bot must beat the greedy bot, on both sides of the map.
func TestGeneticBeatsGreedy(t *testing.T) {
	wins, games := 0, 0
	for seed := int64(1); seed <= 4; seed++ {
		for side := 0; side < 2; side++ {
			_, s := newFullGame(newTestRand(seed))
			ga := NewGenetic(uint64(seed))
			gen := Policy(func(s *State, me int, acts *Actions) { ga.Choose(s, me, clock.Nodes(300), acts) })
			p0, p1 := gen, Policy(GreedyActions)
			if side == 1 {
				p0, p1 = p1, p0
			}
			PlayGame(&s, p0, p1)
			scores, _ := s.Scores([2]bool{true, true})
			if scores[side] > scores[1-side] {
				wins++
			}
			games++
		}
	}
	assert.GreaterOrEqual(t, wins, games-1, "genetic won %d of %d games against greedy", wins, games)
}
