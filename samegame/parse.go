package samegame

import (
	"errors"
	"fmt"
	"strings"

	"cgbots/internal/cgio"
	"cgbots/internal/rng"
)

// Why a move is illegal (rules section 5).
var (
	errOutside   = errors.New("outside the board")
	errEmptyCell = errors.New("empty cell")
	errSingleton = errors.New("single-cell group")
)

// Grid is a board as plain cells: Grid[x][y] is the colour of (x, y), -1 when empty.
type Grid [Size][Size]int8

// FromGrid builds a board from cells, checking that every colour is -1..4 and
// that the board is settled as the referee leaves it (no empty cell under a
// full one, no empty column left of a full one).
func FromGrid(g *Grid) (Board, error) {
	var b Board
	lastFull := -1
	for x := 0; x < Size; x++ {
		height := 0
		for y := 0; y < Size; y++ {
			c := g[x][y]
			switch {
			case c < -1 || c >= Colors:
				return Board{}, fmt.Errorf("cell (%d,%d): colour %d is not -1..4", x, y, c)
			case c == -1:
				continue
			case height != y:
				return Board{}, fmt.Errorf("cell (%d,%d) floats above an empty cell", x, y)
			}
			height++
			i := uint(x*16 + y)
			b.color[c][i>>6] |= 1 << (i & 63)
		}
		if height > 0 {
			if lastFull != x-1 {
				return Board{}, fmt.Errorf("column %d is full right of an empty column", x)
			}
			lastFull = x
		}
	}
	b.recount()
	return b, nil
}

// Grid returns the cells of the board.
func (b *Board) Grid() Grid {
	var g Grid
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			g[x][y] = int8(b.At(x, y))
		}
	}
	return g
}

// ReadTurn reads one CodinGame turn input: 15 lines of 15 integers, the top
// row (y = 14) first. Reading errors (io.EOF included) are returned as they
// are; a wrong value or an unsettled board gives a descriptive error.
func ReadTurn(r *cgio.Reader) (Grid, error) {
	var g Grid
	for row := 0; row < Size; row++ {
		for x := 0; x < Size; x++ {
			v := r.Int()
			if err := r.Err(); err != nil {
				return g, err
			}
			if v < -1 || v >= Colors {
				return g, fmt.Errorf("cell (%d,%d): colour %d is not -1..4", x, Size-1-row, v)
			}
			g[x][Size-1-row] = int8(v)
		}
	}
	return g, nil
}

// ParseBoards reads boards in the data file format: '#' comment lines, and
// blocks of 15 lines of 15 digits 0..4, top row first, separated by blank lines.
func ParseBoards(text string) ([]Board, error) {
	var boards []Board
	var g Grid
	row := 0
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(line, "#") {
			continue
		}
		if strings.TrimSpace(line) == "" {
			if row != 0 {
				return nil, fmt.Errorf("line %d: board %d ends after %d rows, want %d", n+1, len(boards)+1, row, Size)
			}
			continue
		}
		if len(line) != Size {
			return nil, fmt.Errorf("line %d: %d characters, want %d digits", n+1, len(line), Size)
		}
		for x := 0; x < Size; x++ {
			ch := line[x]
			if ch < '0' || ch >= '0'+Colors {
				return nil, fmt.Errorf("line %d: character %q is not a colour 0..4", n+1, ch)
			}
			g[x][Size-1-row] = int8(ch - '0')
		}
		row++
		if row == Size {
			b, err := FromGrid(&g)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n+1, err)
			}
			boards = append(boards, b)
			row = 0
		}
	}
	if row != 0 {
		return nil, fmt.Errorf("board %d ends after %d rows, want %d", len(boards)+1, row, Size)
	}
	if len(boards) == 0 {
		return nil, errors.New("no board found")
	}
	return boards, nil
}

// String renders the board in the data file format (top row first, '.' for empty).
func (b *Board) String() string {
	var sb strings.Builder
	for y := Size - 1; y >= 0; y-- {
		for x := 0; x < Size; x++ {
			c := b.At(x, y)
			if c < 0 {
				sb.WriteByte('.')
			} else {
				sb.WriteByte(byte('0' + c))
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Move is a cell in CodinGame coordinates (y = 0 at the bottom).
type Move struct{ X, Y int }

func (m Move) String() string { return fmt.Sprintf("%d,%d", m.X, m.Y) }

// ParseMoves reads moves written as "x,y x,y ...".
func ParseMoves(s string) ([]Move, error) {
	var moves []Move
	for i, f := range strings.Fields(s) {
		var m Move
		var rest string
		if n, _ := fmt.Sscanf(f, "%d,%d%s", &m.X, &m.Y, &rest); n != 2 {
			return nil, fmt.Errorf("move %d %q is not x,y", i+1, f)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// Play plays the move at cell m, returning its points (clear bonus
// included), or an error saying why the move is illegal.
func (b *Board) Play(m Move) (int, error) {
	g, err := b.GroupAt(m.X, m.Y)
	if err != nil {
		return 0, err
	}
	return b.Apply(&g), nil
}

// Replay plays moves from b and returns the total score; the first illegal
// move gives an error naming it.
func Replay(b Board, moves []Move) (int, error) {
	total := 0
	for i, m := range moves {
		p, err := b.Play(m)
		if err != nil {
			return total, fmt.Errorf("move %d (%s) is illegal: %v", i+1, m, err)
		}
		total += p
	}
	return total, nil
}

// RandomBoard is a full board of uniformly random colours drawn from seed
// (for tests, benchmarks and the tour; the official boards come from files).
func RandomBoard(seed uint64) Board {
	r := rng.New(seed)
	var g Grid
	for x := range g {
		for y := range g[x] {
			g[x][y] = int8(r.Intn(Colors))
		}
	}
	b, _ := FromGrid(&g)
	return b
}
