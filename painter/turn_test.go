package painter

import (
	"strings"
	"testing"

	"cgbots/internal/rng"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openRows is a 12x14 board with only its border blocked.
var openRows = []string{
	"XXXXXXXXXXXXXX",
	"X............X",
	"X............X",
	"X............X",
	"X............X",
	"X............X",
	"X............X",
	"X............X",
	"X............X",
	"X............X",
	"X............X",
	"XXXXXXXXXXXXXX",
}

// testGame builds a game with r=1 on the drawn board ('X' blocked; 'a'/'b'
// cells are painted by side A/B) with the given pawns at full paint.
func testGame(t *testing.T, rows []string, pawns ...Pawn) *Game {
	t.Helper()
	n, m := len(rows), len(rows[0])
	blocked := make([]bool, n*m)
	for i, row := range rows {
		require.Len(t, row, m)
		for j := range row {
			blocked[i*m+j] = row[j] == 'X'
		}
	}
	g := NewGame(DefaultParams(), NewBoard(n, m, 1, blocked), pawns)
	for i, row := range rows {
		for j := range row {
			switch row[j] {
			case 'a':
				g.Cells[i*m+j] = SideA
			case 'b':
				g.Cells[i*m+j] = SideB
			}
		}
	}
	return g
}

func pawnA(id, row, col int) Pawn { return Pawn{ID: id, Row: row, Col: col, Owner: SideA} }
func pawnB(id, row, col int) Pawn { return Pawn{ID: id, Row: row, Col: col, Owner: SideB} }
func mv(d Dir) Order              { return Order{Kind: Move, Dir: d} }
func shot(d Dir, z int) Order     { return Order{Kind: Shoot, Dir: d, Range: z} }

type pos struct{ Row, Col int }

func positions(g *Game) []pos {
	out := make([]pos, len(g.Pawns))
	for i, p := range g.Pawns {
		out[i] = pos{p.Row, p.Col}
	}
	return out
}

func TestMovesAndCollisions(t *testing.T) {
	wallRows := append([]string(nil), openRows...)
	wallRows[5] = "X.....X......X"
	tests := []struct {
		name   string
		rows   []string
		pawns  []Pawn
		orders []Order
		want   []pos
	}{
		{"free moves in all four directions", openRows,
			[]Pawn{pawnA(1, 3, 2), pawnA(2, 2, 8), pawnB(3, 8, 2), pawnB(4, 8, 8)},
			[]Order{mv(Up), mv(Right), mv(Down), mv(Left)},
			[]pos{{2, 2}, {2, 9}, {9, 2}, {8, 7}}},
		{"step 1: a move into the border wall is cancelled", openRows,
			[]Pawn{pawnA(1, 2, 2), pawnA(2, 2, 6)},
			[]Order{mv(Left), mv(Up)},
			[]pos{{2, 2}, {2, 6}}},
		{"step 1: a move into a blocked interior cell is cancelled", wallRows,
			[]Pawn{pawnA(1, 5, 4), pawnA(2, 3, 7)},
			[]Order{mv(Right), mv(Down)},
			[]pos{{5, 4}, {3, 7}}},
		{"step 2: a move into a pawn without orders is cancelled", openRows,
			[]Pawn{pawnA(1, 5, 3), pawnB(2, 5, 6)},
			[]Order{mv(Right), {}},
			[]pos{{5, 3}, {5, 6}}},
		{"step 2: a move into a shooting pawn is cancelled (it does not move)", openRows,
			[]Pawn{pawnA(1, 5, 3), pawnB(2, 5, 6)},
			[]Order{mv(Right), shot(Up, 1)},
			[]pos{{5, 3}, {5, 6}}},
		{"step 2: a pawn may enter cells another pawn just left", openRows,
			[]Pawn{pawnA(1, 5, 3), pawnB(2, 5, 6)},
			[]Order{mv(Right), mv(Right)},
			[]pos{{5, 4}, {5, 7}}},
		{"step 2: a train of three pawns all moves", openRows,
			[]Pawn{pawnA(1, 5, 2), pawnA(2, 5, 5), pawnA(3, 5, 8)},
			[]Order{mv(Right), mv(Right), mv(Right)},
			[]pos{{5, 3}, {5, 6}, {5, 9}}},
		{"step 2: a pawn following one stopped by the wall is cancelled", openRows,
			[]Pawn{pawnA(1, 5, 9), pawnA(2, 5, 12)},
			[]Order{mv(Right), mv(Right)},
			[]pos{{5, 9}, {5, 12}}},
		{"step 2 repeats: cancellations ripple back through a train", openRows,
			[]Pawn{pawnA(1, 5, 6), pawnA(2, 5, 9), pawnB(3, 5, 12)},
			[]Order{mv(Right), mv(Right), mv(Right)},
			[]pos{{5, 6}, {5, 9}, {5, 12}}},
		{"step 3: two pawns moving into the same free column both go back", openRows,
			[]Pawn{pawnA(1, 5, 3), pawnB(2, 5, 7)},
			[]Order{mv(Right), mv(Left)},
			[]pos{{5, 3}, {5, 7}}},
		{"step 3: touching pawns moving head-on go back", openRows,
			[]Pawn{pawnA(1, 5, 3), pawnB(2, 5, 6)},
			[]Order{mv(Right), mv(Left)},
			[]pos{{5, 3}, {5, 6}}},
		{"step 3: pawns meeting at a corner from perpendicular directions go back", openRows,
			[]Pawn{pawnA(1, 2, 5), pawnB(2, 5, 2)},
			[]Order{mv(Down), mv(Right)},
			[]pos{{2, 5}, {5, 2}}},
		{"step 3 then step 2: a pawn following one moved back by step 3 goes back too", openRows,
			[]Pawn{pawnA(1, 5, 2), pawnA(2, 5, 5), pawnB(3, 5, 9)},
			[]Order{mv(Right), mv(Right), mv(Left)},
			[]pos{{5, 2}, {5, 5}, {5, 9}}},
		{"step 3 only moves back pawns in the collision", openRows,
			[]Pawn{pawnA(1, 5, 3), pawnB(2, 5, 7), pawnA(3, 9, 3)},
			[]Order{mv(Right), mv(Left), mv(Right)},
			[]pos{{5, 3}, {5, 7}, {9, 4}}},
		{"a pawn moving away from a collision pair is not affected", openRows,
			[]Pawn{pawnA(1, 2, 3), pawnB(2, 2, 7), pawnA(3, 5, 5)},
			[]Order{mv(Right), mv(Left), mv(Down)},
			[]pos{{2, 3}, {2, 7}, {6, 5}}},
		{"step 3 is simultaneous: a pawn entering cells a step-3 pawn leaves is not saved", openRows,
			[]Pawn{pawnA(1, 3, 3), pawnA(2, 3, 6), pawnA(3, 6, 6)},
			[]Order{mv(Right), mv(Down), mv(Up)},
			[]pos{{3, 3}, {3, 6}, {6, 6}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := testGame(t, tc.rows, tc.pawns...)
			g.ApplyTurn(tc.orders)
			assert.Equal(t, tc.want, positions(g))
		})
	}
}

// paintRow returns openRows with the cells [c0, c1] of row painted ch.
func paintRows(rows []string, ch byte, r0, r1, c0, c1 int) []string {
	out := append([]string(nil), rows...)
	for i := r0; i <= r1; i++ {
		b := []byte(out[i])
		for j := c0; j <= c1; j++ {
			b[j] = ch
		}
		out[i] = string(b)
	}
	return out
}

func TestHidingBonusMove(t *testing.T) {
	aField := paintRows(openRows, 'a', 1, 10, 1, 7) // columns 1..7 are side A's colour
	tests := []struct {
		name   string
		rows   []string
		pawns  []Pawn
		orders []Order
		want   []pos
	}{
		{"a pawn landing fully on its colour moves twice", aField,
			[]Pawn{pawnA(1, 5, 3)}, []Order{mv(Right)}, []pos{{5, 5}}},
		{"the bonus needs every covered cell in its colour", aField,
			[]Pawn{pawnA(1, 5, 6)}, []Order{mv(Right)}, []pos{{5, 7}}},
		{"the opponent's colour gives no bonus", aField,
			[]Pawn{pawnB(1, 5, 3)}, []Order{mv(Right)}, []pos{{5, 4}}},
		{"a cancelled move gives no bonus", aField,
			[]Pawn{pawnA(1, 5, 3), pawnB(2, 5, 6)}, []Order{mv(Right), {}}, []pos{{5, 3}, {5, 6}}},
		{"no bonus when the pawn did not move, even hidden", aField,
			[]Pawn{pawnA(1, 5, 3)}, []Order{{}}, []pos{{5, 3}}},
		{"a bonus move into a still pawn is cancelled, the first move stays", aField,
			[]Pawn{pawnA(1, 5, 3), pawnB(2, 5, 7)}, []Order{mv(Right), {}}, []pos{{5, 4}, {5, 7}}},
		{"a bonus move into the wall is cancelled", aField,
			[]Pawn{pawnA(1, 3, 3)}, []Order{mv(Up)}, []pos{{2, 3}}},
		{"pawns without a bonus count as still in the bonus step", aField,
			[]Pawn{pawnA(1, 5, 3), pawnB(2, 5, 8)}, []Order{mv(Right), mv(Left)}, []pos{{5, 4}, {5, 7}}},
		{"two bonus moves colliding both go back to their first move", paintRows(openRows, 'a', 1, 10, 1, 12),
			[]Pawn{pawnA(1, 5, 2), pawnA(2, 5, 8)}, []Order{mv(Right), mv(Left)}, []pos{{5, 3}, {5, 7}}},
		{"bonus moves run simultaneously: a train of hidden pawns", aField,
			[]Pawn{pawnA(1, 2, 2), pawnA(2, 5, 2)}, []Order{mv(Down), mv(Down)}, []pos{{4, 2}, {7, 2}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := testGame(t, tc.rows, tc.pawns...)
			g.ApplyTurn(tc.orders)
			assert.Equal(t, tc.want, positions(g))
		})
	}
}

// drawCells renders the board colours: 'X', '.', 'a', 'b'.
func drawCells(g *Game) []string {
	out := make([]string, g.Board.N)
	for i := range out {
		var sb strings.Builder
		for j := 0; j < g.Board.M; j++ {
			c := i*g.Board.M + j
			switch {
			case g.Board.Blocked[c]:
				sb.WriteByte('X')
			case g.Cells[c] == SideA:
				sb.WriteByte('a')
			case g.Cells[c] == SideB:
				sb.WriteByte('b')
			default:
				sb.WriteByte('.')
			}
		}
		out[i] = sb.String()
	}
	return out
}

func drawSurface(g *Game, i int) string {
	var sb strings.Builder
	for _, c := range g.SurfaceOf(i) {
		sb.WriteByte(".ab"[c])
	}
	return sb.String()
}

func TestStripGeometry(t *testing.T) {
	wallRows := append([]string(nil), openRows...)
	wallRows[5] = "X.......X....X"
	tests := []struct {
		name  string
		rows  []string
		order Order
		row   int
		col   int
		want  []string // rows 1..10 of the result
		paint int
	}{
		{"right, range 3", openRows, shot(Right, 3), 5, 3, paintRows(openRows, 'a', 5, 5, 5, 7), 97},
		{"left, range 2", openRows, shot(Left, 2), 5, 6, paintRows(openRows, 'a', 5, 5, 3, 4), 98},
		{"up, range 2", openRows, shot(Up, 2), 6, 4, paintRows(openRows, 'a', 3, 4, 4, 4), 98},
		{"down, range 4", openRows, shot(Down, 4), 2, 4, paintRows(openRows, 'a', 4, 7, 4, 4), 96},
		{"a wall stops the strip, the cost stays the range", wallRows, shot(Right, 10), 5, 3, paintRows(wallRows, 'a', 5, 5, 5, 7), 90},
		{"the border stops the strip", openRows, shot(Up, 10), 4, 4, paintRows(openRows, 'a', 1, 2, 4, 4), 90},
		{"a pawn touching the wall paints nothing and still pays", openRows, shot(Left, 5), 5, 2, openRows, 95},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := testGame(t, tc.rows, pawnA(1, tc.row, tc.col))
			g.ApplyTurn([]Order{tc.order})
			assert.Equal(t, tc.want, drawCells(g))
			assert.Equal(t, tc.paint, g.Pawns[0].Paint)
		})
	}
}

func TestStripConflictsAndPawnSurfaces(t *testing.T) {
	t.Run("strips of both colours on a cell leave it unchanged", func(t *testing.T) {
		g := testGame(t, paintRows(openRows, 'b', 5, 5, 6, 6), pawnA(1, 5, 2), pawnB(2, 2, 6))
		g.ApplyTurn([]Order{shot(Right, 6), shot(Down, 5)})
		want := paintRows(paintRows(openRows, 'b', 4, 8, 6, 6), 'a', 5, 5, 4, 9)
		want = paintRows(want, 'b', 5, 5, 6, 6) // the crossing keeps its old colour
		assert.Equal(t, want, drawCells(g))
	})
	t.Run("strips of one colour overlapping paint normally", func(t *testing.T) {
		g := testGame(t, openRows, pawnA(1, 5, 2), pawnA(2, 5, 11))
		g.ApplyTurn([]Order{shot(Right, 5), shot(Left, 5)})
		assert.Equal(t, paintRows(openRows, 'a', 5, 5, 4, 9), drawCells(g))
	})
	t.Run("a strip paints the surface of a pawn on its way and goes on", func(t *testing.T) {
		g := testGame(t, openRows, pawnA(1, 5, 2), pawnB(2, 5, 6))
		g.ApplyTurn([]Order{shot(Right, 8), {}})
		// board cells under pawn 2 (columns 5..7) keep their colour
		want := paintRows(paintRows(openRows, 'a', 5, 5, 4, 4), 'a', 5, 5, 8, 11)
		assert.Equal(t, want, drawCells(g))
		assert.Equal(t, "bbbaaabbb", drawSurface(g, 1))
		assert.Equal(t, SideB, g.Pawns[1].Owner)
	})
	t.Run("a strip paints the surface of a pawn of its own side", func(t *testing.T) {
		g := testGame(t, openRows, pawnA(1, 5, 2), pawnA(2, 5, 6))
		g.SurfaceOf(1)[4] = SideB
		g.ApplyTurn([]Order{shot(Right, 3), {}})
		assert.Equal(t, "aaaaaaaaa", drawSurface(g, 1))
	})
	t.Run("conflicting strips over a pawn change nothing on it", func(t *testing.T) {
		g := testGame(t, openRows, pawnA(1, 5, 2), pawnB(2, 5, 6), pawnB(3, 2, 7))
		g.ApplyTurn([]Order{shot(Right, 4), {}, shot(Down, 3)})
		assert.Equal(t, "bbbaabbbb", drawSurface(g, 1))
	})
	t.Run("strips are shot after every move", func(t *testing.T) {
		g := testGame(t, openRows, pawnA(1, 5, 2), pawnB(2, 5, 6))
		g.ApplyTurn([]Order{shot(Right, 3), mv(Right)})
		// pawn 2 moved to column 7: the strip paints board 4..5 and its column 6
		assert.Equal(t, paintRows(openRows, 'a', 5, 5, 4, 5), drawCells(g))
		assert.Equal(t, "bbbabbbbb", drawSurface(g, 1))
	})
}

func TestTakeoverAndRegeneration(t *testing.T) {
	t.Run("five surface cells of the other colour take a pawn over", func(t *testing.T) {
		g := testGame(t, openRows, pawnA(1, 5, 2), pawnA(2, 2, 6), pawnB(3, 5, 6))
		g.ApplyTurn([]Order{shot(Right, 4), shot(Down, 4), {}})
		assert.Equal(t, "babaaabab", drawSurface(g, 2))
		assert.Equal(t, 5, g.SurfaceCount(2, SideA))
		assert.Equal(t, SideA, g.Pawns[2].Owner)
	})
	t.Run("four cells are not enough", func(t *testing.T) {
		g := testGame(t, openRows, pawnA(1, 5, 2), pawnB(3, 5, 6))
		g.SurfaceOf(1)[0] = SideA
		g.ApplyTurn([]Order{shot(Right, 4), {}})
		assert.Equal(t, 4, g.SurfaceCount(1, SideA))
		assert.Equal(t, SideB, g.Pawns[1].Owner)
	})
	t.Run("a taken-over pawn keeps its paint and regenerates for its new owner", func(t *testing.T) {
		rows := paintRows(openRows, 'a', 4, 6, 5, 7)
		g := testGame(t, rows, pawnA(1, 5, 2), pawnA(2, 2, 6), pawnB(3, 5, 6))
		g.Pawns[2].Paint = 50
		g.ApplyTurn([]Order{shot(Right, 4), shot(Down, 4), {}})
		assert.Equal(t, SideA, g.Pawns[2].Owner)
		assert.Equal(t, 59, g.Pawns[2].Paint)
	})
	t.Run("regeneration counts owned cells under the pawn, capped at f", func(t *testing.T) {
		rows := paintRows(paintRows(openRows, 'a', 4, 5, 2, 4), 'b', 6, 6, 2, 2)
		g := testGame(t, rows, pawnA(1, 5, 3), pawnA(2, 5, 9))
		g.Pawns[0].Paint, g.Pawns[1].Paint = 10, 100
		g.ApplyTurn([]Order{{}, shot(Up, 3)})
		assert.Equal(t, 16, g.Pawns[0].Paint)
		assert.Equal(t, 97, g.Pawns[1].Paint)
		g.Pawns[0].Paint = 97
		g.ApplyTurn([]Order{{}, {}})
		assert.Equal(t, 100, g.Pawns[0].Paint)
	})
	t.Run("a shot needs the paint", func(t *testing.T) {
		g := testGame(t, openRows, pawnA(1, 5, 3))
		g.Pawns[0].Paint = 2
		g.ApplyTurn([]Order{shot(Right, 3)})
		assert.Equal(t, openRows, drawCells(g))
		assert.Equal(t, 2, g.Pawns[0].Paint)
	})
}

func TestViewShowsOpponentSurfacesOnly(t *testing.T) {
	rows := paintRows(paintRows(openRows, 'a', 1, 3, 1, 3), 'b', 4, 6, 1, 3)
	g := testGame(t, rows, pawnA(1, 2, 2), pawnB(2, 5, 2))
	g.SurfaceOf(1)[4] = SideA
	view := make([]byte, g.Board.N*g.Board.M)
	m := g.Board.M
	g.ViewChars(SideA, view)
	assert.Equal(t, "X111.", string(view[2*m:2*m+5]), "own pawn: board colours")
	assert.Equal(t, "X212.", string(view[5*m:5*m+5]), "opponent pawn: its surface")
	g.ViewChars(SideB, view)
	assert.Equal(t, "X222.", string(view[2*m:2*m+5]), "side A's pawn seen by B: surface")
	assert.Equal(t, "X111.", string(view[5*m:5*m+5]), "own pawn: board colours")
	assert.Equal(t, byte('X'), view[0])
}

func TestPointsRoundHalfUp(t *testing.T) {
	g := testGame(t, openRows) // 10*12 = 120 free cells
	require.Equal(t, 120, g.Board.Free)
	for _, tc := range []struct{ cells, want int }{{0, 0}, {1, 8}, {3, 25}, {9, 75}, {60, 500}, {120, 1000}} {
		for c := 0; c < len(g.Cells); c++ {
			g.Cells[c] = Blank
		}
		n := 0
		for c := 0; c < len(g.Cells) && n < tc.cells; c++ {
			if !g.Board.Blocked[c] {
				g.Cells[c] = SideA
				n++
			}
		}
		assert.Equal(t, tc.want, g.Points(SideA), "cells %d", tc.cells)
	}
}

func TestGenerateIsSymmetricConnectedAndPlacesMirroredPawns(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g := Generate(DefaultParams(), DefaultLayout(), rng.New(seed))
		require.NotNil(t, g)
		b := g.Board
		assert.True(t, b.N >= 20 && b.N <= 40 && b.M >= 20 && b.M <= 40)
		for c := range b.Blocked {
			i, j := c/b.M, c%b.M
			assert.Equal(t, b.Blocked[c], b.Blocked[(b.N-1-i)*b.M+b.M-1-j])
		}
		assert.True(t, connected(b))
		p := g.P.P
		require.Len(t, g.Pawns, 2*p)
		for q := 0; q < p; q++ {
			a, m := g.Pawns[q], g.Pawns[p+q]
			assert.Equal(t, Pawn{ID: q + 1, Row: a.Row, Col: a.Col, Paint: 100, Owner: SideA}, a)
			assert.Equal(t, Pawn{ID: p + q + 1, Row: b.N - 1 - a.Row, Col: b.M - 1 - a.Col, Paint: 100, Owner: SideB}, m)
			assert.True(t, 2*a.Row < b.N && b.Fits(a.Row, a.Col))
		}
		for i := range g.Pawns {
			for j := i + 1; j < len(g.Pawns); j++ {
				assert.False(t, g.overlap(i, j))
			}
		}
	}
	assert.Nil(t, Generate(Params{R: 5, K: 10, F: 100, P: 4}, Layout{MinSize: 8, MaxSize: 8}, rng.New(1)))
}
