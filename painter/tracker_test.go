package painter

import (
	"testing"

	"cgbots/internal/clock"
	"cgbots/internal/rng"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTrackerStartsWithMirroredEnemies(t *testing.T) {
	g := Generate(DefaultParams(), DefaultLayout(), rng.New(3))
	b := g.Board
	for _, side := range []Colour{SideA, SideB} {
		tr := NewTracker(g.P, g.ViewRows(side), g.Seen(side), true)
		for _, p := range g.Pawns {
			if p.Owner == side {
				assert.Nil(t, tr.EnemyCandidates(p.ID))
			} else {
				assert.Equal(t, []int{p.Row*b.M + p.Col}, tr.EnemyCandidates(p.ID))
			}
		}
	}
}

// TestTrackerInferenceIsSound plays greedy against greedy and checks that
// every enemy pawn's true centre stays among its candidates, that many are
// located closely enough to appear in the belief (pawns hiding in their own
// colour cannot be told apart from it), and that the belief then mostly
// puts them on their true centres.
func TestTrackerInferenceIsSound(t *testing.T) {
	g := Generate(DefaultParams(), DefaultLayout(), rng.New(4))
	tr := NewTracker(g.P, g.ViewRows(SideA), g.Seen(SideA), true)
	strategies := []Strategy{&Greedy{}, &Greedy{}}
	b := g.Board
	located, exact, total := 0, 0, 0
	for turn := 1; turn <= 120; turn++ {
		orders := make([]Order, len(g.Pawns))
		for s := 0; s < 2; s++ {
			side := Colour(s + 1)
			view := NewTracker(g.P, g.ViewRows(side), g.Seen(side), false)
			g.AddOrders(side, strategies[s].Decide(view, clock.Nodes(1)), orders)
		}
		g.ApplyTurn(orders)
		tr.SetView(g.ViewRows(SideA))
		tr.SetPawns(g.Seen(SideA))
		tr.Infer()
		belief := tr.Belief()
		for _, p := range g.Pawns {
			if p.Owner == SideA {
				continue
			}
			cands := tr.EnemyCandidates(p.ID)
			require.Contains(t, cands, p.Row*b.M+p.Col, "turn %d pawn %d", turn, p.ID)
			total++
			if i := belief.PawnIndex(p.ID); i >= 0 {
				located++
				if belief.Pawns[i].Row == p.Row && belief.Pawns[i].Col == p.Col {
					exact++
				}
			}
		}
	}
	t.Logf("enemy pawns in the belief %d/%d, on their true centre %d", located, total, exact)
	assert.Greater(t, located, total/3)
	assert.Greater(t, exact, located*3/4)
}

func TestPlannerTakesOverAPawnWithinReach(t *testing.T) {
	g := testGame(t, openRows, pawnA(1, 5, 2), pawnB(2, 5, 6))
	// Two surface cells of the enemy pawn are ours already: a strip through
	// its middle row makes five.
	g.SurfaceOf(1)[0], g.SurfaceOf(1)[6] = SideA, SideA
	orders := NewPlanner().Plan(g, clock.Nodes(10000))
	require.Len(t, orders, 1)
	assert.Equal(t, Shoot, orders[0].Order.Kind)
	assert.Equal(t, Right, orders[0].Order.Dir)
	assert.GreaterOrEqual(t, orders[0].Order.Range, 4)
}

func TestCandidateOrdersAndUsefulRange(t *testing.T) {
	rows := paintRows(openRows, 'a', 5, 5, 4, 6) // three own cells right of the pawn
	g := testGame(t, rows, pawnA(1, 5, 2))
	z, gain := UsefulRange(g, 0, Right)
	assert.Equal(t, 9, z, "the border stops the strip after 9 cells")
	assert.Equal(t, 6, gain)
	z, gain = UsefulRange(g, 0, Left)
	assert.Equal(t, 0, z, "the pawn touches the wall")
	assert.Equal(t, 0, gain)
	g.Pawns[0].Paint = 4
	z, gain = UsefulRange(g, 0, Right)
	assert.Equal(t, 4, z, "limited by paint")
	assert.Equal(t, 1, gain)
	assert.ElementsMatch(t, []Order{{}, mv(Up), mv(Right), mv(Down), shot(Up, 3), shot(Right, 4), shot(Down, 4)}, CandidateOrders(g, 0))
}

// TestPlannerBenchSignature pins the search: a fixed node budget on a fixed
// state gives a fixed node count and result.
func TestPlannerBenchSignature(t *testing.T) {
	g := Generate(DefaultParams(), DefaultLayout(), rng.New(9))
	tr := NewTracker(g.P, g.ViewRows(SideA), g.Seen(SideA), true)
	budget := clock.Nodes(60)
	first := NewPlanner().Decide(tr, budget)
	assert.Equal(t, int64(60), budget.Count())
	assert.Equal(t, first, NewPlanner().Decide(tr, clock.Nodes(60)))
	assert.Len(t, first, 4)
}
