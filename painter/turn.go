package painter

// OrderKind says what a pawn was told to do this turn.
type OrderKind uint8

const (
	NoOrder OrderKind = iota
	Move
	Shoot
)

// Order is one pawn's command for a turn.
type Order struct {
	Kind  OrderKind
	Dir   Dir
	Range int
}

// turnScratch holds the per-turn buffers so that ApplyTurn does not allocate.
type turnScratch struct {
	dirs    []Dir
	fromRow []int
	fromCol []int
	moving  []bool
	cancel  []bool
	mask    []uint8 // per cell: bit c set when a strip of colour c covers it
	touched []int
}

func (g *Game) scratchFor() *turnScratch {
	n, cells := len(g.Pawns), g.Board.N*g.Board.M
	s := g.scratch
	if s == nil || len(s.dirs) < n || len(s.mask) < cells {
		s = &turnScratch{
			dirs: make([]Dir, n), fromRow: make([]int, n), fromCol: make([]int, n),
			moving: make([]bool, n), cancel: make([]bool, n), mask: make([]uint8, cells),
		}
		g.scratch = s
	}
	return s
}

// ApplyTurn executes one turn (rules section 5): moves, hiding bonus moves,
// painting, takeovers, paint regeneration. orders[i] is pawn i's order; a
// shot the pawn cannot pay for is ignored (the server refuses such orders).
func (g *Game) ApplyTurn(orders []Order) {
	s := g.scratchFor()
	n := len(g.Pawns)
	for i := 0; i < n; i++ {
		s.dirs[i] = NoDir
		if orders[i].Kind == Move && orders[i].Dir.Valid() {
			s.dirs[i] = orders[i].Dir
		}
	}
	g.moveAll(s)
	// Hiding bonus: pawns whose move stood and who now hide in their colour.
	bonus := false
	for i := 0; i < n; i++ {
		if s.dirs[i] != NoDir && (!s.moving[i] || !g.Hidden(i)) {
			s.dirs[i] = NoDir
		}
		bonus = bonus || s.dirs[i] != NoDir
	}
	if bonus {
		g.moveAll(s)
	}
	g.paint(orders, s)
	for i := range g.Pawns {
		p := &g.Pawns[i]
		if g.SurfaceCount(i, p.Owner.Other()) > g.SurfaceCount(i, p.Owner) {
			p.Owner = p.Owner.Other()
		}
	}
	for i := range g.Pawns {
		p := &g.Pawns[i]
		p.Paint += g.OwnedUnder(i)
		if p.Paint > g.P.F {
			p.Paint = g.P.F
		}
	}
}

// moveAll moves every pawn with s.dirs[i] != NoDir one step at once and
// resolves collisions (rules section 5, step 1). On return s.moving[i]
// tells whether pawn i's move stood.
func (g *Game) moveAll(s *turnScratch) {
	n := len(g.Pawns)
	for i := 0; i < n; i++ {
		p := &g.Pawns[i]
		s.fromRow[i], s.fromCol[i] = p.Row, p.Col
		s.moving[i] = false
		if s.dirs[i] == NoDir {
			continue
		}
		dr, dc := s.dirs[i].Step()
		// 1. A move into a wall is cancelled at once.
		if g.Board.Fits(p.Row+dr, p.Col+dc) {
			p.Row, p.Col = p.Row+dr, p.Col+dc
			s.moving[i] = true
		}
	}
	for {
		// 2. Moving pawns that hit a pawn standing still go back, all
		// at once, until no such collision is left.
		for g.cancelColliding(s, false) {
		}
		// 3. Every pawn still colliding goes back; then step 2 again.
		if !g.cancelColliding(s, true) {
			return
		}
	}
}

// cancelColliding moves back, simultaneously, every moving pawn overlapping
// a still pawn (anyOther false) or any other pawn (anyOther true). It
// reports whether it moved any pawn back.
func (g *Game) cancelColliding(s *turnScratch, anyOther bool) bool {
	n := len(g.Pawns)
	found := false
	for i := 0; i < n; i++ {
		s.cancel[i] = false
		if !s.moving[i] {
			continue
		}
		for j := 0; j < n; j++ {
			if j != i && (anyOther || !s.moving[j]) && g.overlap(i, j) {
				s.cancel[i] = true
				found = true
				break
			}
		}
	}
	for i := 0; i < n; i++ {
		if s.cancel[i] {
			g.Pawns[i].Row, g.Pawns[i].Col = s.fromRow[i], s.fromCol[i]
			s.moving[i] = false
		}
	}
	return found
}

func (g *Game) overlap(i, j int) bool {
	a, b := &g.Pawns[i], &g.Pawns[j]
	d := 2 * g.P.R
	return abs(a.Row-b.Row) <= d && abs(a.Col-b.Col) <= d
}

// StripStart returns the first cell of a strip shot by a pawn at (row, col)
// in direction d: just outside the middle of that side.
func StripStart(row, col, r int, d Dir) (int, int) {
	dr, dc := d.Step()
	return row + dr*(r+1), col + dc*(r+1)
}

// StripLength returns how many cells a strip of range z shot from (row, col)
// in direction d paints before the first blocked cell.
func (b *Board) StripLength(row, col int, d Dir, z int) int {
	dr, dc := d.Step()
	r0, c0 := StripStart(row, col, b.R, d)
	for k := 0; k < z; k++ {
		rr, cc := r0+dr*k, c0+dc*k
		if !b.Inside(rr, cc) || b.Blocked[rr*b.M+cc] {
			return k
		}
	}
	return z
}

// paint applies every shot at once (rules section 5, step 3).
func (g *Game) paint(orders []Order, s *turnScratch) {
	s.touched = s.touched[:0]
	m := g.Board.M
	for i := range g.Pawns {
		o := orders[i]
		p := &g.Pawns[i]
		if o.Kind != Shoot || !o.Dir.Valid() || o.Range < 1 || o.Range > g.P.K || o.Range > p.Paint {
			continue
		}
		p.Paint -= o.Range
		dr, dc := o.Dir.Step()
		r0, c0 := StripStart(p.Row, p.Col, g.P.R, o.Dir)
		length := g.Board.StripLength(p.Row, p.Col, o.Dir, o.Range)
		bit := uint8(1) << p.Owner
		for k := 0; k < length; k++ {
			c := (r0+dr*k)*m + c0 + dc*k
			if s.mask[c] == 0 {
				s.touched = append(s.touched, c)
			}
			s.mask[c] |= bit
		}
	}
	both := uint8(1)<<SideA | uint8(1)<<SideB
	r, side := g.P.R, g.P.Side()
	for _, c := range s.touched {
		mask := s.mask[c]
		s.mask[c] = 0
		if mask == both {
			continue
		}
		colour := SideA
		if mask == uint8(1)<<SideB {
			colour = SideB
		}
		row, col := c/m, c%m
		if i := g.PawnAt(row, col); i >= 0 {
			p := &g.Pawns[i]
			g.SurfaceOf(i)[(row-p.Row+r)*side+col-p.Col+r] = colour
		} else {
			g.Cells[c] = colour
		}
	}
}
