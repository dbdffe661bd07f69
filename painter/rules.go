// Package painter holds the rules of Malowanie ("Painting"): a board of
// cells, square pawns of two teams, simultaneous moves with the three-step
// collision resolution, the hiding bonus move, paint strips and their
// conflicts, takeovers, paint regeneration and each team's partial view.
// The server, the bots' searches and the tests all run this one simulator.
package painter

// Colour is the colour of a board cell or of a pawn's surface cell, and the
// side a pawn belongs to. The simulator uses absolute sides; a bot's belief
// state uses Mine/Theirs, which are the same two values.
type Colour uint8

const (
	Blank Colour = 0
	SideA Colour = 1
	SideB Colour = 2

	Mine   = SideA
	Theirs = SideB
)

// Other returns the opposing side of SideA or SideB.
func (c Colour) Other() Colour { return 3 - c }

// Dir is a direction as numbered by the protocol: 1 up, 2 right, 3 down, 4 left.
type Dir uint8

const (
	NoDir Dir = 0
	Up    Dir = 1
	Right Dir = 2
	Down  Dir = 3
	Left  Dir = 4
)

var (
	dirRow = [5]int{0, -1, 0, 1, 0}
	dirCol = [5]int{0, 0, 1, 0, -1}
)

// Step returns the row and column offsets of one step in direction d.
func (d Dir) Step() (int, int) { return dirRow[d], dirCol[d] }

// Valid reports whether d is one of the four directions.
func (d Dir) Valid() bool { return d >= Up && d <= Left }

// Params are the game constants of the rules file (Part II, section 19).
type Params struct {
	R int // pawn radius: a pawn is a (2R+1)x(2R+1) square
	K int // maximum strip length
	F int // initial and maximum paint
	P int // pawns per team
}

// DefaultParams returns the project's default constants.
func DefaultParams() Params { return Params{R: 1, K: 10, F: 100, P: 4} }

// Side is the side length 2R+1 of a pawn.
func (p Params) Side() int { return 2*p.R + 1 }

// Board is the fixed part of a game: size and blocked cells. Cells are
// indexed row*M+col, rows from the top, columns from the left.
type Board struct {
	N, M      int
	R         int
	Blocked   []bool
	Free      int     // number of non-blocked cells
	fits      []bool  // a pawn centred on the cell lies on free cells only
	blockCode []uint8 // 4 on blocked cells, 0 elsewhere (view look-ups)
}

// NewBoard builds a board of n rows and m columns for pawns of radius r.
// blocked has n*m entries; the border is blocked whatever it says.
func NewBoard(n, m, r int, blocked []bool) *Board {
	b := &Board{N: n, M: m, R: r, Blocked: make([]bool, n*m), fits: make([]bool, n*m), blockCode: make([]uint8, n*m)}
	for i := 0; i < n; i++ {
		for j := 0; j < m; j++ {
			c := i*m + j
			b.Blocked[c] = blocked[c] || i == 0 || j == 0 || i == n-1 || j == m-1
			if b.Blocked[c] {
				b.blockCode[c] = 4
			} else {
				b.Free++
			}
		}
	}
	for i := r; i < n-r; i++ {
		for j := r; j < m-r; j++ {
			b.fits[i*m+j] = b.squareFree(i, j)
		}
	}
	return b
}

func (b *Board) squareFree(row, col int) bool {
	for i := row - b.R; i <= row+b.R; i++ {
		for j := col - b.R; j <= col+b.R; j++ {
			if b.Blocked[i*b.M+j] {
				return false
			}
		}
	}
	return true
}

// Inside reports whether (row, col) is a cell of the board.
func (b *Board) Inside(row, col int) bool { return row >= 0 && col >= 0 && row < b.N && col < b.M }

// Fits reports whether a pawn centred on (row, col) lies entirely on free cells.
func (b *Board) Fits(row, col int) bool { return b.Inside(row, col) && b.fits[row*b.M+col] }

// Pawn is one pawn. Its surface lives in Game.Surface.
type Pawn struct {
	ID       int
	Row, Col int
	Paint    int
	Owner    Colour
}

// Game is the whole state of one game. Surface holds every pawn's surface,
// pawn i's (2R+1)² cells row-major from Surface[i*S], S = (2R+1)².
type Game struct {
	P       Params
	Board   *Board
	Cells   []Colour
	Pawns   []Pawn
	Surface []Colour
	scratch *turnScratch
}

// NewGame starts a game on board b: blank cells, pawns at the given
// positions with full paint and surfaces of their owner's colour.
func NewGame(p Params, b *Board, pawns []Pawn) *Game {
	g := &Game{P: p, Board: b, Cells: make([]Colour, b.N*b.M), Pawns: append([]Pawn(nil), pawns...)}
	s := p.Side() * p.Side()
	g.Surface = make([]Colour, len(pawns)*s)
	for i := range g.Pawns {
		g.Pawns[i].Paint = p.F
		for k := 0; k < s; k++ {
			g.Surface[i*s+k] = g.Pawns[i].Owner
		}
	}
	return g
}

// Clone returns an independent copy (the board is shared: it never changes).
func (g *Game) Clone() *Game {
	c := &Game{}
	c.CopyFrom(g)
	return c
}

// CopyFrom makes g a copy of src, reusing g's buffers.
func (g *Game) CopyFrom(src *Game) {
	g.P, g.Board = src.P, src.Board
	g.Cells = append(g.Cells[:0], src.Cells...)
	g.Pawns = append(g.Pawns[:0], src.Pawns...)
	g.Surface = append(g.Surface[:0], src.Surface...)
}

// SurfaceOf returns pawn i's surface cells, row-major.
func (g *Game) SurfaceOf(i int) []Colour {
	s := g.P.Side() * g.P.Side()
	return g.Surface[i*s : (i+1)*s]
}

// PawnIndex returns the index in g.Pawns of the pawn with this id, or -1.
func (g *Game) PawnIndex(id int) int {
	for i := range g.Pawns {
		if g.Pawns[i].ID == id {
			return i
		}
	}
	return -1
}

// PawnAt returns the index of the pawn covering (row, col), or -1.
func (g *Game) PawnAt(row, col int) int {
	r := g.P.R
	for i := range g.Pawns {
		p := &g.Pawns[i]
		if abs(p.Row-row) <= r && abs(p.Col-col) <= r {
			return i
		}
	}
	return -1
}

// SurfaceCount returns how many surface cells of pawn i have colour c.
func (g *Game) SurfaceCount(i int, c Colour) int {
	n := 0
	for _, s := range g.SurfaceOf(i) {
		if s == c {
			n++
		}
	}
	return n
}

// CellCount returns the number of board cells of colour c.
func (g *Game) CellCount(c Colour) int {
	n := 0
	for _, x := range g.Cells {
		if x == c {
			n++
		}
	}
	return n
}

// Points is the score of side c for this game: round_half_up(1000*C/F).
func (g *Game) Points(c Colour) int {
	f := g.Board.Free
	return (2000*g.CellCount(c) + f) / (2 * f)
}

// OwnedUnder counts the board cells under pawn i in its owner's colour.
func (g *Game) OwnedUnder(i int) int {
	p := &g.Pawns[i]
	r, m := g.P.R, g.Board.M
	n := 0
	for row := p.Row - r; row <= p.Row+r; row++ {
		for col := p.Col - r; col <= p.Col+r; col++ {
			if g.Cells[row*m+col] == p.Owner {
				n++
			}
		}
	}
	return n
}

// Hidden reports whether every board cell under pawn i has its owner's colour.
func (g *Game) Hidden(i int) bool {
	s := g.P.Side()
	return g.OwnedUnder(i) == s*s
}

// ViewChars fills view with what side sees (rules section 3), in protocol
// characters relative to side: 'X' blocked, '.' blank, '1' side's colour,
// '2' the other's. view has N*M entries.
func (g *Game) ViewChars(side Colour, view []byte) {
	// lut[colour+4*blocked]: one table look-up per cell.
	var lut [8]byte
	for c := Blank; c <= SideB; c++ {
		lut[c], lut[c+4] = colourChar(c, side), 'X'
	}
	blocked := g.Board.blockCode
	for c, x := range g.Cells {
		view[c] = lut[uint8(x)+blocked[c]]
	}
	r, m, s := g.P.R, g.Board.M, g.P.Side()
	for i := range g.Pawns {
		p := &g.Pawns[i]
		if p.Owner == side {
			continue
		}
		surf := g.SurfaceOf(i)
		for dr := -r; dr <= r; dr++ {
			for dc := -r; dc <= r; dc++ {
				view[(p.Row+dr)*m+p.Col+dc] = colourChar(surf[(dr+r)*s+dc+r], side)
			}
		}
	}
}

// colourChar writes colour x as seen by side.
func colourChar(x, side Colour) byte {
	switch x {
	case Blank:
		return '.'
	case side:
		return '1'
	}
	return '2'
}

// CharColour reads a protocol character as seen by side back into a colour.
func CharColour(ch byte, side Colour) Colour {
	switch ch {
	case '1':
		return side
	case '2':
		return side.Other()
	}
	return Blank
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
