// Package lastofus is the Last of Us puzzle: Ellie must reach the exit of an
// area guarded by clickers that hunt by sound. It holds the area parser, the
// exact simulator of Ellie's actions and the clickers' turns (with an option
// for each open reading of the statement), the answer checker, the solver
// and the area generator.
package lastofus

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Limits of the statement.
const (
	MinSide    = 10
	MaxSide    = 500
	MaxBricks  = 140
	MaxActions = 100000
	ThrowRange = 7 // a brick lands within this Chebyshev distance of Ellie
	AlertRange = 2 // clickers within this distance of a sound hear it
	maxInput   = 4 << 20
)

// Area is one puzzle: the static grid and the starting positions.
type Area struct {
	Name       string
	Rows, Cols int
	Bricks     int
	Walkable   []bool // by cell = row*Cols+col; the exit is walkable
	Exit       int
	Ellie      int
	Clickers   []int   // start cells, top-then-left order; the index is the clicker's ID
	clickerAt  []int32 // start cell -> clicker ID, -1 when none
	pathComp   []int32 // component of the clickers' graph (walkable, not the exit), -1 elsewhere
}

// Parse reads an area in the statement's input format: a name line, "R C B",
// then R rows of C characters among # . E X C.
func Parse(r io.Reader) (*Area, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("input larger than %d bytes", maxInput)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimRight(l, " \t\r")
		if l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("empty input: want an area (a name line, \"R C B\", then R rows)")
	}
	if len(lines) < 2 {
		return nil, fmt.Errorf("missing area name or size line")
	}
	a := &Area{Name: strings.TrimSpace(lines[0])}
	head := strings.Fields(lines[1])
	if len(head) != 3 {
		return nil, fmt.Errorf("size line %q: want \"R C B\"", lines[1])
	}
	nums := make([]int, 3)
	for i, f := range head {
		if nums[i], err = strconv.Atoi(f); err != nil {
			return nil, fmt.Errorf("size line %q: %q is not a number", lines[1], f)
		}
	}
	a.Rows, a.Cols, a.Bricks = nums[0], nums[1], nums[2]
	if a.Rows < MinSide || a.Rows > MaxSide || a.Cols < MinSide || a.Cols > MaxSide {
		return nil, fmt.Errorf("size %dx%d outside %d..%d", a.Rows, a.Cols, MinSide, MaxSide)
	}
	if a.Bricks < 0 || a.Bricks > MaxBricks {
		return nil, fmt.Errorf("%d bricks outside 0..%d", a.Bricks, MaxBricks)
	}
	rows := lines[2:]
	if len(rows) != a.Rows {
		return nil, fmt.Errorf("%d grid rows, want %d", len(rows), a.Rows)
	}
	grid := make([]byte, 0, a.Rows*a.Cols)
	for i, row := range rows {
		if len(row) != a.Cols {
			return nil, fmt.Errorf("row %d has %d characters, want %d", i, len(row), a.Cols)
		}
		grid = append(grid, row...)
	}
	if err := a.setGrid(grid); err != nil {
		return nil, err
	}
	return a, nil
}

// NewArea builds an area from a grid of the input characters (row-major).
func NewArea(name string, rows, cols, bricks int, grid []byte) (*Area, error) {
	if rows*cols != len(grid) {
		return nil, fmt.Errorf("grid of %d cells, want %dx%d", len(grid), rows, cols)
	}
	a := &Area{Name: name, Rows: rows, Cols: cols, Bricks: bricks}
	return a, a.setGrid(grid)
}

func (a *Area) setGrid(grid []byte) error {
	n := a.Rows * a.Cols
	a.Walkable = make([]bool, n)
	a.clickerAt = make([]int32, n)
	a.Ellie, a.Exit = -1, -1
	for cell, ch := range grid {
		a.clickerAt[cell] = -1
		switch ch {
		case '#':
			continue
		case '.':
		case 'E', 'X':
			at := &a.Ellie
			if ch == 'X' {
				at = &a.Exit
			}
			if *at >= 0 {
				return fmt.Errorf("two %c cells: %s and %s", ch, a.CellString(*at), a.CellString(cell))
			}
			*at = cell
		case 'C':
			a.clickerAt[cell] = int32(len(a.Clickers))
			a.Clickers = append(a.Clickers, cell)
		default:
			return fmt.Errorf("bad character %q at %s", ch, a.CellString(cell))
		}
		a.Walkable[cell] = true
	}
	if a.Ellie < 0 {
		return fmt.Errorf("no Ellie (E) in the area")
	}
	if a.Exit < 0 {
		return fmt.Errorf("no exit (X) in the area")
	}
	a.labelComponents()
	return nil
}

// labelComponents labels the connected parts of the clickers' graph, so that a
// clicker whose target lies in another part stands still without a search.
func (a *Area) labelComponents() {
	a.pathComp = make([]int32, len(a.Walkable))
	for i := range a.pathComp {
		a.pathComp[i] = -1
	}
	var queue []int
	label := int32(0)
	for start, w := range a.Walkable {
		if !w || start == a.Exit || a.pathComp[start] >= 0 {
			continue
		}
		a.pathComp[start] = label
		queue = append(queue[:0], start)
		for len(queue) > 0 {
			c := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			a.forNeighbours(c, func(n int) {
				if a.Walkable[n] && n != a.Exit && a.pathComp[n] < 0 {
					a.pathComp[n] = label
					queue = append(queue, n)
				}
			})
		}
		label++
	}
}

// Cell returns the cell index of (row, col), or -1 outside the grid.
func (a *Area) Cell(row, col int) int {
	if row < 0 || col < 0 || row >= a.Rows || col >= a.Cols {
		return -1
	}
	return row*a.Cols + col
}

// CellString names a cell as "(row,col)".
func (a *Area) CellString(cell int) string {
	return fmt.Sprintf("(%d,%d)", cell/a.Cols, cell%a.Cols)
}

// Chebyshev is the statement's distance between two cells.
func (a *Area) Chebyshev(x, y int) int {
	dr, dc := abs(x/a.Cols-y/a.Cols), abs(x%a.Cols-y%a.Cols)
	if dr > dc {
		return dr
	}
	return dc
}

// Manhattan is the statement's absolute offset between two cells.
func (a *Area) Manhattan(x, y int) int {
	return abs(x/a.Cols-y/a.Cols) + abs(x%a.Cols-y%a.Cols)
}

// Directions clockwise from the top, the clickers' tie-break order.
var dirRow = [8]int{-1, -1, 0, 1, 1, 1, 0, -1}
var dirCol = [8]int{0, 1, 1, 1, 0, -1, -1, -1}

// forNeighbours calls f for each of the up to 8 cells adjacent to cell, clockwise from the top.
func (a *Area) forNeighbours(cell int, f func(n int)) {
	r, c := cell/a.Cols, cell%a.Cols
	for d := 0; d < 8; d++ {
		if n := a.Cell(r+dirRow[d], c+dirCol[d]); n >= 0 {
			f(n)
		}
	}
}

// String writes the area in the input format.
func (a *Area) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%d %d %d\n", a.Name, a.Rows, a.Cols, a.Bricks)
	for r := 0; r < a.Rows; r++ {
		for c := 0; c < a.Cols; c++ {
			b.WriteByte(a.char(r*a.Cols + c))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (a *Area) char(cell int) byte {
	switch {
	case !a.Walkable[cell]:
		return '#'
	case cell == a.Ellie:
		return 'E'
	case cell == a.Exit:
		return 'X'
	case a.clickerAt[cell] >= 0:
		return 'C'
	}
	return '.'
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
