package painter

import (
	"cgbots/internal/clock"
	"cgbots/internal/rng"
)

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
type Weights struct {
	Pawn      float64 // controlling a pawn
	Surface   float64 // each surface cell in our colour, on any pawn
	Paint     float64 // a unit of paint: below 1, so paint is worth spending on cells
	Potential float64 // cells a pawn could paint next turn from where it stands
	Distance  float64 // each move still needed to reach a good shooting place
	Threat    float64 // how likely an enemy pawn shoots through our pawn when it can
	WeakCells int     // below this many own surface cells, a pawn of ours is at risk ...
	Weak      float64 // ... and each missing cell costs this much more
}

// DefaultWeights are the tuned weights (see the planner's strength test).
func DefaultWeights() Weights {
	return Weights{Pawn: 60, Surface: 6, Paint: 0.3, Potential: 0.4, Distance: 1, Threat: 0.5, WeakCells: 7, Weak: 10}
}

// goodPotential: a centre with this many cells to paint is a good place.
const goodPotential = 5

// Planner searches our pawns' joint orders: coordinate ascent over each
// pawn's useful orders (stand, four moves, a strip in each direction),
// every joint order scored by simulating the turn with the rules and
// evaluating the result. Enemy pawns are assumed to stand still.
type Planner struct {
	W Weights

	sim  Game
	maps fieldMaps // of the state being planned
	rand *rng.Rand
}

// NewPlanner returns a planner; it keeps buffers between turns.
func NewPlanner() *Planner { return &Planner{W: DefaultWeights(), rand: rng.New(1)} }

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
	pl.maps.compute(g, goodPotential)
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
	pl.unstick(g, mine, actions, orders)
	return collect(g, mine, orders)
}

// unstick sends, one time in two, each idle pawn of ours that has nothing
// to shoot but somewhere to go on a random move: two pawns each blocking
// the other's way are a local optimum the ascent cannot leave, and would
// otherwise wait for ever.
func (pl *Planner) unstick(g *Game, mine []int, actions [][]Order, orders []Order) {
	m := g.Board.M
	for k, i := range mine {
		p := &g.Pawns[i]
		if orders[i].Kind != NoOrder || pl.maps.dist[p.Row*m+p.Col] <= 0 {
			continue
		}
		var moves []Order
		for _, o := range actions[k] {
			if o.Kind == Shoot {
				moves = nil
				break
			}
			if o.Kind == Move {
				moves = append(moves, o)
			}
		}
		if len(moves) > 0 && pl.rand.Intn(2) == 0 {
			orders[i] = moves[pl.rand.Intn(len(moves))]
		}
	}
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

// fieldMaps fills, for every centre a pawn fits on, its shot potential
// for Mine and the number of moves to the nearest centre with a potential
// of at least good (falling back to lower thresholds in regions without
// one; -1 where nothing is left to paint).
type fieldMaps struct {
	potential []int
	dist      []int
	queue     []int
}

func (f *fieldMaps) compute(g *Game, good int) {
	b := g.Board
	n := b.N * b.M
	if cap(f.dist) < n {
		f.dist, f.potential = make([]int, n), make([]int, n)
	}
	f.dist, f.potential = f.dist[:n], f.potential[:n]
	for c := range f.potential {
		f.potential[c] = 0
		if b.fits[c] {
			f.potential[c] = shotPotential(g, c/b.M, c%b.M, Mine)
		}
	}
	for c := range f.dist {
		f.dist[c] = -1
	}
	// Centres reached from no good place (another region of the board) get
	// their distance to the best places their region has.
	for threshold := good; threshold >= 1; threshold = threshold / 2 {
		q := f.queue[:0]
		for c := range f.dist {
			if f.dist[c] < 0 && b.fits[c] && f.potential[c] >= threshold {
				f.dist[c] = 0
				q = append(q, c)
			}
		}
		for h := 0; h < len(q); h++ {
			c := q[h]
			for d := Up; d <= Left; d++ {
				dr, dc := d.Step()
				nc := c + dr*b.M + dc
				if nc >= 0 && nc < n && b.fits[nc] && f.dist[nc] < 0 {
					f.dist[nc] = f.dist[c] + 1
					q = append(q, nc)
				}
			}
		}
		f.queue = q
	}
}

func (pl *Planner) value(g *Game, orders []Order) float64 {
	pl.sim.CopyFrom(g)
	pl.sim.ApplyTurn(orders)
	return pl.evaluate(&pl.sim)
}

// evaluate scores a state for Mine, in board cells.
func (pl *Planner) evaluate(g *Game) float64 {
	w := &pl.W
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
		own := g.SurfaceCount(i, Mine)
		v += w.Surface * float64(own)
		if p.Owner != Mine {
			v -= w.Pawn
			continue
		}
		v += w.Pawn + w.Paint*float64(p.Paint) + w.Potential*float64(shotPotential(g, p.Row, p.Col, Mine))
		if own < w.WeakCells {
			v -= w.Weak * float64(w.WeakCells-own)
		}
		switch d := pl.maps.dist[p.Row*g.Board.M+p.Col]; {
		case d > 0:
			v -= w.Distance * float64(d)
		case d < 0: // nothing to paint from anywhere around: worse than any way there
			v -= w.Distance * float64(g.Board.N+g.Board.M)
		}
		if w.Threat > 0 {
			v -= w.Threat * threatLoss(g, i, own, w)
		}
	}
	return v
}

// threatLoss is what our pawn i (own surface cells of our colour) would
// lose to the worst strip one enemy pawn standing where it stands could
// shoot through it next turn: the pawn itself if that strip takes it over,
// else the surface cells it repaints.
func threatLoss(g *Game, i, own int, w *Weights) float64 {
	p := &g.Pawns[i]
	r, k, side := g.P.R, g.P.K, g.P.Side()
	surf := g.SurfaceOf(i)
	worst := 0
	for j := range g.Pawns {
		e := &g.Pawns[j]
		if e.Owner == Mine || abs(e.Row-p.Row) > r+k+r || abs(e.Col-p.Col) > r+k+r {
			continue
		}
		for d := Up; d <= Left; d++ {
			dr, dc := d.Step()
			r0, c0 := StripStart(e.Row, e.Col, r, d)
			length := g.Board.StripLength(e.Row, e.Col, d, k)
			hit := 0
			for s := 0; s < length; s++ {
				row, col := r0+dr*s, c0+dc*s
				if abs(row-p.Row) <= r && abs(col-p.Col) <= r && surf[(row-p.Row+r)*side+col-p.Col+r] == Mine {
					hit++
				}
			}
			if hit > worst {
				worst = hit
			}
		}
	}
	if worst == 0 {
		return 0
	}
	if 2*(own-worst) < side*side {
		return 2 * w.Pawn
	}
	return w.Surface * float64(worst)
}
