package painter

import (
	"testing"

	"cgbots/internal/clock"
	"cgbots/internal/rng"
)

// midGame returns a default-size game after 20 turns of greedy play.
func midGame() *Game {
	g := Generate(DefaultParams(), DefaultLayout(), rng.New(5))
	orders := make([]Order, len(g.Pawns))
	for turn := 0; turn < 20; turn++ {
		for i := range orders {
			orders[i] = Order{}
		}
		for s := 0; s < 2; s++ {
			side := Colour(s + 1)
			tr := NewTracker(g.P, g.ViewRows(side), g.Seen(side), false)
			g.AddOrders(side, (&Greedy{}).Decide(tr, nil), orders)
		}
		g.ApplyTurn(orders)
	}
	return g
}

func BenchmarkApplyTurn(b *testing.B) {
	g := midGame()
	r := rng.New(1)
	orders := make([]Order, len(g.Pawns))
	sim := g.Clone()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range orders {
			d := Dir(1 + r.Intn(4))
			orders[k] = Order{Kind: Move, Dir: d}
			if k%2 == 0 {
				orders[k] = Order{Kind: Shoot, Dir: d, Range: 1 + r.Intn(10)}
			}
		}
		sim.CopyFrom(g)
		sim.ApplyTurn(orders)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "states/s")
}

func BenchmarkPlannerDecide(b *testing.B) {
	g := midGame()
	tr := NewTracker(g.P, g.ViewRows(SideA), g.Seen(SideA), false)
	pl := NewPlanner()
	nodes := int64(0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		budget := clock.Nodes(1 << 30)
		pl.Decide(tr, budget)
		nodes += budget.Count()
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/decision")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "states/s")
}
