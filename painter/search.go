package painter

import "cgbots/internal/clock"

// PawnOrder is an order for our pawn with this id.
type PawnOrder struct {
	ID    int
	Order Order
}

// Strategy chooses the orders of our pawns in one game for this turn.
type Strategy interface {
	Decide(t *Tracker, b *clock.Budget) []PawnOrder
}

// Weights of the evaluation, in board cells.
const (
	pawnWeight      = 60.0 // controlling a pawn
	surfaceWeight   = 6.0  // each surface cell in our colour, on any pawn
	paintWeight     = 0.3  // a unit of paint: below 1, so paint is worth spending on cells
	potentialWeight = 0.4  // cells a pawn could paint next turn from where it stands
	distanceWeight  = 1.0  // each move still needed to reach a good shooting place
	goodPotential   = 5    // a centre with this many cells to paint is a good place
)

// Planner searches our pawns' joint orders: coordinate ascent over each
// pawn's useful orders (stand, four moves, a strip in each direction),
// every joint order scored by simulating the turn with the rules and
// evaluating the result. Enemy pawns are assumed to stand still.
type Planner struct {
	sim    Game
	orders []Order
	dist   []int // moves from each centre to a good shooting place
	queue  []int
}

// NewPlanner returns a planner; it keeps buffers between turns.
func NewPlanner() *Planner { return &Planner{} }

// Decide plans on the tracker's belief state.
func (pl *Planner) Decide(t *Tracker, b *clock.Budget) []PawnOrder {
	return pl.Plan(t.Belief(), b)
}

// Plan returns orders for every pawn of ours (Owner == Mine) in g. The
// budget counts one node per simulated joint order.
func (pl *Planner) Plan(g *Game, b *clock.Budget) []PawnOrder {
	var mine []int
	for i := range g.Pawns {
		if g.Pawns[i].Owner == Mine {
			mine = append(mine, i)
		}
	}
	if len(mine) == 0 {
		return nil
	}
	pl.dist = distanceMap(g, goodPotential, pl.dist, &pl.queue)
	actions := make([][]Order, len(mine))
	for k, i := range mine {
		actions[k] = CandidateOrders(g, i)
	}
	orders := make([]Order, len(g.Pawns))
	choice := make([]int, len(mine))
	best := pl.value(g, orders)
	for pass := 0; pass < 4; pass++ {
		improved := false
		for k, i := range mine {
			for a, o := range actions[k] {
				if a == choice[k] {
					continue
				}
				orders[i] = o
				if v := pl.value(g, orders); v > best+1e-9 {
					best, choice[k], improved = v, a, true
				}
				if b.Done() {
					orders[i] = actions[k][choice[k]]
					return collect(g, mine, orders)
				}
			}
			orders[i] = actions[k][choice[k]]
		}
		if !improved {
			break
		}
	}
	return collect(g, mine, orders)
}

func collect(g *Game, mine []int, orders []Order) []PawnOrder {
	out := make([]PawnOrder, 0, len(mine))
	for _, i := range mine {
		if orders[i].Kind != NoOrder {
			out = append(out, PawnOrder{ID: g.Pawns[i].ID, Order: orders[i]})
		}
	}
	return out
}

// CandidateOrders lists pawn i's useful orders: none, each possible move,
// and in each direction the strip reaching its last cell worth painting.
func CandidateOrders(g *Game, i int) []Order {
	p := g.Pawns[i]
	out := []Order{{}}
	for d := Up; d <= Left; d++ {
		dr, dc := d.Step()
		if g.Board.Fits(p.Row+dr, p.Col+dc) {
			out = append(out, Order{Kind: Move, Dir: d})
		}
		if z, _ := UsefulRange(g, i, d); z > 0 {
			out = append(out, Order{Kind: Shoot, Dir: d, Range: z})
		}
	}
	return out
}

// UsefulRange returns the shortest range, within pawn i's paint and the
// limit k, whose strip reaches every cell in direction d that it would
// change to the pawn's colour (a board cell, or the surface of a pawn
// standing there), and how many such cells there are.
func UsefulRange(g *Game, i int, d Dir) (int, int) {
	p := g.Pawns[i]
	limit := g.P.K
	if p.Paint < limit {
		limit = p.Paint
	}
	b := g.Board
	dr, dc := d.Step()
	r0, c0 := StripStart(p.Row, p.Col, g.P.R, d)
	length := b.StripLength(p.Row, p.Col, d, limit)
	z, gain := 0, 0
	for k := 0; k < length; k++ {
		row, col := r0+dr*k, c0+dc*k
		if surfaceColour(g, row, col, b.M) != p.Owner {
			z, gain = k+1, gain+1
		}
	}
	return z, gain
}

// surfaceColour is the colour a strip would change at (row, col): the
// surface of the pawn standing there, else the board cell.
func surfaceColour(g *Game, row, col, m int) Colour {
	if j := g.PawnAt(row, col); j >= 0 {
		q := &g.Pawns[j]
		s := g.P.Side()
		return g.SurfaceOf(j)[(row-q.Row+g.P.R)*s+col-q.Col+g.P.R]
	}
	return g.Cells[row*m+col]
}

// shotPotential counts the cells not of colour c a strip of length k could
// reach from a pawn centred on (row, col), in its best direction (pawns
// ignored).
func shotPotential(g *Game, row, col int, c Colour) int {
	b := g.Board
	best := 0
	for d := Up; d <= Left; d++ {
		dr, dc := d.Step()
		r0, c0 := StripStart(row, col, g.P.R, d)
		n := 0
		for k := 0; k < g.P.K; k++ {
			rr, cc := r0+dr*k, c0+dc*k
			if !b.Inside(rr, cc) || b.Blocked[rr*b.M+cc] {
				break
			}
			if g.Cells[rr*b.M+cc] != c {
				n++
			}
		}
		if n > best {
			best = n
		}
	}
	return best
}

// distanceMap returns, for every centre a pawn fits on, the number of moves
// to the nearest centre with a shot potential of at least good for Mine
// (falling back to any potential when there is none); -1 if unreachable.
func distanceMap(g *Game, good int, dist []int, queue *[]int) []int {
	b := g.Board
	n := b.N * b.M
	if cap(dist) < n {
		dist = make([]int, n)
	}
	dist = dist[:n]
	for threshold := good; threshold >= 1; threshold = threshold / 2 {
		q := (*queue)[:0]
		for c := range dist {
			dist[c] = -1
			if b.fits[c] && shotPotential(g, c/b.M, c%b.M, Mine) >= threshold {
				dist[c] = 0
				q = append(q, c)
			}
		}
		for h := 0; h < len(q); h++ {
			c := q[h]
			for d := Up; d <= Left; d++ {
				dr, dc := d.Step()
				nc := c + dr*b.M + dc
				if nc >= 0 && nc < n && b.fits[nc] && dist[nc] < 0 {
					dist[nc] = dist[c] + 1
					q = append(q, nc)
				}
			}
		}
		*queue = q
		if len(q) > 0 {
			break
		}
	}
	return dist
}

func (pl *Planner) value(g *Game, orders []Order) float64 {
	pl.sim.CopyFrom(g)
	pl.sim.ApplyTurn(orders)
	return pl.evaluate(&pl.sim)
}

// evaluate scores a state for Mine, in board cells.
func (pl *Planner) evaluate(g *Game) float64 {
	v := 0.0
	for _, c := range g.Cells {
		switch c {
		case Mine:
			v++
		case Theirs:
			v--
		}
	}
	for i := range g.Pawns {
		p := &g.Pawns[i]
		v += surfaceWeight * float64(g.SurfaceCount(i, Mine))
		if p.Owner != Mine {
			v -= pawnWeight
			continue
		}
		v += pawnWeight + paintWeight*float64(p.Paint) +
			potentialWeight*float64(shotPotential(g, p.Row, p.Col, Mine))
		if d := pl.dist[p.Row*g.Board.M+p.Col]; d > 0 {
			v -= distanceWeight * float64(d)
		}
	}
	return v
}
