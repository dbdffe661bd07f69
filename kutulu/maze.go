// Package kutulu is Code of Kutulu (CodinGame 2018) exactly as the official
// referee plays it: maze, state, the turn update with its phases in order,
// the referee's random draws (java.util.Random), each player's input and the
// parsing of its output. The referee program, the trace replay, the bots and
// their searches all use this one simulator.
package kutulu

import (
	"fmt"
	"strings"
	"sync"
)

// Limits of the compact state. The official maps are at most 22x20 with 8
// wanderer spawns and 8 shelters.
const (
	MaxSide     = 32
	MaxCells    = MaxSide * MaxSide
	MaxSpawns   = 8
	MaxShelters = 8
	Players     = 4
)

// Directions in the referee's order; minions rotate this order by the turn.
const (
	DirUp = iota
	DirRight
	DirDown
	DirLeft
)

var dirDX = [4]int{0, 1, 0, -1}
var dirDY = [4]int{-1, 0, 1, 0}

// stepTable maps a cell and a direction mask to a minion's step (Maze.steps).
type stepTable [MaxCells * 16]int16

// distRow holds the packed distances from one cell to every cell index.
type distRow [MaxCells]uint16

// at is the packed entry of cell c (masked: no bounds check).
func (r *distRow) at(c int) uint16 { return r[c&(MaxCells-1)] }

// Unreachable is the distance between cells that no path joins.
const Unreachable = 0xFFFF

// noPath marks an unreachable pair in the packed distance table.
const noPath = 0xFFFF

// Maze is the immutable map shared by every state of a game: the cells, the
// start, spawn and shelter cells, and all-pairs walking distances.
type Maze struct {
	Name     string
	W, H     int
	Rows     []string // as in the referee, with 'S' and 'U'
	Starts   [Players]int16
	Spawns   []int16 // wanderer spawns, row-major
	Shelters []int16 // row-major
	walkable []bool
	nb       [][4]int16 // neighbour per direction, -1 when not walkable
	// dist[a][b] packs the walking distance (<<4) and the directions (bit
	// d) in which a neighbour of b is one step closer to a; noPath when
	// unreachable. Distances are symmetric: a minion chasing explorer e
	// reads e's row for its cost and its step. Rows have the fixed size
	// MaxCells so that a masked index needs no bounds check; walls share
	// one unreachable row.
	dist  []*distRow
	noRow *distRow // every entry noPath
	// steps[o][c<<4|mask] is the cell a minion steps to from c at turn
	// offset o when the neighbours in mask (the direction bits of a packed
	// distance) are one step closer to its goal: c itself for an empty
	// mask. Fixed size, so a masked index needs no bounds check.
	steps [4]*stepTable
	// spawnDist[i][c] is the Manhattan distance from wanderer spawn i to
	// cell c (walls ignored), for the spawn choice.
	spawnDist [MaxSpawns][MaxCells]uint8
	cellX     *[MaxCells]int8 // fixed size: a masked index needs no bounds check
	cellY     *[MaxCells]int8
	reach     [][4]uint8 // walkable cells in a straight line from c in direction d, c excluded
	scratch   *sync.Pool // *searchScratch for litSearch
}

// ParseMaze reads the referee's rows ('#' wall, '.' empty, 'w' wanderer
// spawn, 'U' shelter, 'S' explorer start). It is strict: a malformed map is
// an error, never a panic.
func ParseMaze(name string, rows []string) (*Maze, error) {
	return parseMaze(name, rows, true)
}

// ParsePlayerMaze reads the rows a player receives, where the starts are
// hidden: the maze has no start cells.
func ParsePlayerMaze(rows []string) (*Maze, error) {
	return parseMaze("", rows, false)
}

func parseMaze(name string, rows []string, needStarts bool) (*Maze, error) {
	h := len(rows)
	if h == 0 {
		return nil, fmt.Errorf("map %q: no rows", name)
	}
	w := len(rows[0])
	if w < 3 || h < 3 || w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("map %q: size %dx%d outside 3..%d", name, w, h, MaxSide)
	}
	m := &Maze{Name: name, W: w, H: h, Rows: append([]string(nil), rows...)}
	m.walkable = make([]bool, w*h)
	starts := 0
	for y, row := range rows {
		if len(row) != w {
			return nil, fmt.Errorf("map %q: row %d has %d cells, want %d", name, y, len(row), w)
		}
		for x := 0; x < w; x++ {
			c := int16(y*w + x)
			switch row[x] {
			case '#':
				continue
			case '.':
			case 'w':
				m.Spawns = append(m.Spawns, c)
			case 'U':
				m.Shelters = append(m.Shelters, c)
			case 'S':
				if starts < Players {
					m.Starts[starts] = c
				}
				starts++
			default:
				return nil, fmt.Errorf("map %q: bad cell %q at %d,%d", name, row[x], x, y)
			}
			m.walkable[c] = true
		}
	}
	switch {
	case needStarts && starts != Players:
		return nil, fmt.Errorf("map %q: %d starts, want %d", name, starts, Players)
	case len(m.Spawns) > MaxSpawns:
		return nil, fmt.Errorf("map %q: %d wanderer spawns, at most %d", name, len(m.Spawns), MaxSpawns)
	case len(m.Shelters) > MaxShelters:
		return nil, fmt.Errorf("map %q: %d shelters, at most %d", name, len(m.Shelters), MaxShelters)
	}
	m.buildTables()
	return m, nil
}

// ParseMazeText reads a map file: one row per line, blank lines ignored.
func ParseMazeText(name, text string) (*Maze, error) {
	var rows []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r \t")
		if line != "" {
			rows = append(rows, line)
		}
	}
	return ParseMaze(name, rows)
}

func (m *Maze) buildTables() {
	n := m.W * m.H
	m.nb = make([][4]int16, n)
	for c := 0; c < n; c++ {
		x, y := c%m.W, c/m.W
		for d := 0; d < 4; d++ {
			m.nb[c][d] = -1
			nx, ny := x+dirDX[d], y+dirDY[d]
			if nx >= 0 && nx < m.W && ny >= 0 && ny < m.H && m.walkable[ny*m.W+nx] {
				m.nb[c][d] = int16(ny*m.W + nx)
			}
		}
	}
	m.cellX, m.cellY = new([MaxCells]int8), new([MaxCells]int8)
	m.reach = make([][4]uint8, n)
	for c := 0; c < n; c++ {
		m.cellX[c], m.cellY[c] = int8(c%m.W), int8(c/m.W)
		for d := 0; d < 4; d++ {
			for x := m.nb[c][d]; x >= 0; x = m.nb[x][d] {
				m.reach[c][d]++
			}
		}
	}
	for i, sp := range m.Spawns {
		for c := 0; c < n; c++ {
			m.spawnDist[i][c] = uint8(m.Manhattan(int(sp), c))
		}
	}
	for o := range m.steps {
		t := new(stepTable)
		for c := 0; c < n; c++ {
			for mask := 0; mask < 16; mask++ {
				t[c<<4|mask] = int16(c)
				if d := firstDir[o][mask]; d >= 0 && m.nb[c][d] >= 0 {
					t[c<<4|mask] = m.nb[c][d]
				}
			}
		}
		m.steps[o] = t
	}
	m.scratch = &sync.Pool{New: func() interface{} { return new(searchScratch) }}
	m.dist = make([]*distRow, n)
	queue := make([]int16, 0, n)
	m.noRow = new(distRow)
	for i := range m.noRow {
		m.noRow[i] = noPath
	}
	for s := 0; s < n; s++ {
		if !m.walkable[s] {
			m.dist[s] = m.noRow
			continue
		}
		row := new(distRow)
		*row = *m.noRow
		m.dist[s] = row
		row[s] = 0
		queue = append(queue[:0], int16(s))
		for i := 0; i < len(queue); i++ {
			c := queue[i]
			for _, o := range m.nb[c] {
				if o >= 0 && row[o] == noPath {
					row[o] = row[c] + 1<<4
					queue = append(queue, o)
				}
			}
		}
		for from := 0; from < n; from++ {
			d := row[from] >> 4
			if row[from] == noPath || d == 0 {
				continue
			}
			for dir, o := range m.nb[from] {
				if o >= 0 && row[o] != noPath && row[o]>>4 == d-1 {
					row[from] |= 1 << uint(dir)
				}
			}
		}
	}
}

// firstDir[offset][mask] is the first direction of mask in the order
// rotated by offset, or -1 for an empty mask.
var firstDir = func() (t [4][16]int8) {
	for o := 0; o < 4; o++ {
		for mask := 0; mask < 16; mask++ {
			t[o][mask] = -1
			for i := 3; i >= 0; i-- {
				if d := (i + o) & 3; mask&(1<<uint(d)) != 0 {
					t[o][mask] = int8(d)
				}
			}
		}
	}
	return t
}()

// Cells is the number of cells (W*H).
func (m *Maze) Cells() int { return m.W * m.H }

// Cell returns the index of (x, y), or -1 outside the map.
func (m *Maze) Cell(x, y int) int {
	if x < 0 || x >= m.W || y < 0 || y >= m.H {
		return -1
	}
	return y*m.W + x
}

// XY returns the coordinates of a cell index.
func (m *Maze) XY(c int) (int, int) { return int(m.cellX[c]), int(m.cellY[c]) }

// Walkable tells whether a cell index is inside the map and not a wall.
func (m *Maze) Walkable(c int) bool { return c >= 0 && c < len(m.walkable) && m.walkable[c] }

// Neighbor returns the walkable neighbour of c in direction d, or -1.
func (m *Maze) Neighbor(c, d int) int { return int(m.nb[c][d]) }

// Dist is the walking distance between two cells (walls block), or Unreachable.
func (m *Maze) Dist(a, b int) int { return unpackDist(m.dist[a].at(b)) }

func unpackDist(v uint16) int {
	if v == noPath {
		return Unreachable
	}
	return int(v >> 4)
}

// Manhattan is the distance ignoring walls.
func (m *Maze) Manhattan(a, b int) int {
	return abs(int(m.cellX[a])-int(m.cellX[b])) + abs(int(m.cellY[a])-int(m.cellY[b]))
}

// Sight returns the depth at which cell c is seen from cell from (0 for
// from itself), looking straight along a row or a column until a wall or the
// edge, and the direction; depth -1 when c is not in sight.
func (m *Maze) Sight(from, c int) (depth, dir int) {
	if from == c {
		return 0, -1
	}
	fx, fy, cx, cy := int(m.cellX[from]), int(m.cellY[from]), int(m.cellX[c]), int(m.cellY[c])
	switch {
	case fx == cx && cy < fy:
		depth, dir = fy-cy, DirUp
	case fx == cx:
		depth, dir = cy-fy, DirDown
	case fy == cy && cx > fx:
		depth, dir = cx-fx, DirRight
	case fy == cy:
		depth, dir = fx-cx, DirLeft
	default:
		return -1, -1
	}
	if depth > int(m.reach[from][dir]) {
		return -1, -1
	}
	return depth, dir
}

// FirstStep returns the neighbour of from that the referee's search steps to
// on the way to `to` with unit costs and the direction order rotated by
// offset, or -1 when there is no step (to unreachable or equal to from).
// With unit costs the search takes, among the rotated directions, the first
// neighbour on a shortest path.
func (m *Maze) FirstStep(from, to, offset int) int {
	packed := m.dist[to].at(from)
	d := firstDir[offset&3][packed&15]
	if d < 0 || packed == noPath {
		return -1
	}
	return int(m.nb[from][d])
}

// PlayerRow is row y as sent to the players: starts shown as '.', and
// shelters too when the league has none.
func (m *Maze) PlayerRow(y int, shelters bool) string {
	r := strings.Replace(m.Rows[y], "S", ".", -1)
	if !shelters {
		r = strings.Replace(r, "U", ".", -1)
	}
	return r
}

func abs(v int) int {
	sign := v >> 63 // branch-free: the sign is hard to predict
	return (v ^ sign) - sign
}
