package painter

import (
	"testing"

	"cgbots/internal/rng"
	"github.com/stretchr/testify/assert"
)

// TestPlannerOutpaintsBaselines plays whole games in memory, each strategy
// on both sides of the same boards: the planner must paint at least twice
// the area of each baseline.
func TestPlannerOutpaintsBaselines(t *testing.T) {
	baselines := map[string]func() Strategy{
		"greedy": func() Strategy { return &Greedy{} },
		"random": func() Strategy { return &Random{R: rng.New(7)} },
	}
	for name, baseline := range baselines {
		ours, theirs := 0, 0
		for seed := uint64(1); seed <= 3; seed++ {
			g := Generate(DefaultParams(), DefaultLayout(), rng.New(seed))
			a, b := PlayLocal(g.Clone(), NewPlanner(), baseline(), 200, 3000)
			c, d := PlayLocal(g.Clone(), baseline(), NewPlanner(), 200, 3000)
			ours, theirs = ours+a+d, theirs+b+c
		}
		t.Logf("planner %d points, %s %d points", ours, name, theirs)
		assert.GreaterOrEqual(t, ours, 2*theirs, name)
	}
}
