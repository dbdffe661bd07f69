package painter

import (
	"cgbots/internal/clock"
	"cgbots/internal/rng"
)

// Greedy is the greedy baseline: each pawn on its own shoots the strip that
// changes most cells; when no strip changes at least minGreedyGain cells it
// walks toward the nearest place where one would.
type Greedy struct {
	maps fieldMaps
}

const minGreedyGain = 3

// Decide implements Strategy.
func (gr *Greedy) Decide(t *Tracker, _ *clock.Budget) []PawnOrder {
	g := t.Belief()
	gr.maps.compute(g, goodPotential)
	var out []PawnOrder
	for i := range g.Pawns {
		if g.Pawns[i].Owner != Mine {
			continue
		}
		if o := greedyOrder(g, i, gr.maps.dist); o.Kind != NoOrder {
			out = append(out, PawnOrder{ID: g.Pawns[i].ID, Order: o})
		}
	}
	return out
}

// greedyOrder is pawn i's greedy order: the strip changing most cells, or
// with fewer than minGreedyGain, a step down the distance map (nil: none).
func greedyOrder(g *Game, i int, dist []int) Order {
	p := g.Pawns[i]
	best, bestGain := Order{}, 0
	for d := Up; d <= Left; d++ {
		if z, gain := UsefulRange(g, i, d); gain > bestGain {
			best, bestGain = Order{Kind: Shoot, Dir: d, Range: z}, gain
		}
	}
	if bestGain < minGreedyGain && dist != nil {
		if d := downhill(g, dist, p.Row, p.Col); d != NoDir {
			best = Order{Kind: Move, Dir: d}
		}
	}
	return best
}

// downhill returns a move that lowers the distance map, or NoDir.
func downhill(g *Game, dist []int, row, col int) Dir {
	m := g.Board.M
	here := dist[row*m+col]
	for d := Up; d <= Left; d++ {
		dr, dc := d.Step()
		if g.Board.Fits(row+dr, col+dc) {
			if nd := dist[(row+dr)*m+col+dc]; nd >= 0 && (here < 0 || nd < here) {
				return d
			}
		}
	}
	return NoDir
}

// Random is the random baseline: each pawn moves or shoots at random.
type Random struct{ R *rng.Rand }

// Decide implements Strategy.
func (rd *Random) Decide(t *Tracker, _ *clock.Budget) []PawnOrder {
	var out []PawnOrder
	for _, q := range t.Mine {
		d := Dir(1 + rd.R.Intn(4))
		o := Order{Kind: Move, Dir: d}
		if rd.R.Intn(2) == 0 && q.Paint > 0 {
			limit := t.P.K
			if q.Paint < limit {
				limit = q.Paint
			}
			o = Order{Kind: Shoot, Dir: d, Range: 1 + rd.R.Intn(limit)}
		}
		out = append(out, PawnOrder{ID: q.ID, Order: o})
	}
	return out
}
