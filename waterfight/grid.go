// Package waterfight is the Soak Overflow (CodinGame Summer Challenge 2025)
// simulator: grid, agents, the whole turn update exactly as the official
// referee, map generation from a seed, the wood leagues, each player's input
// and the referee's command parser. Bots and the referee share it.
package waterfight

import "sync"

// Tile types.
const (
	Floor     = 0
	LowCover  = 1
	HighCover = 2
)

// Grid limits: the full game has 12x6..20x10, wood league 4 has 17x12.
const (
	MaxW     = 20
	MaxH     = 12
	MaxCells = MaxW * MaxH
)

// Grid is the immutable board of one game with the tables the turn update
// needs: tiles, centre distances, neighbour orders, territory patterns.
type Grid struct {
	W, H  int
	Tiles [MaxCells]uint8 // by cell = y*W + x
	// centre is the squared Euclidean distance of a cell to (W/2.0, H/2.0),
	// times 4 to stay integral.
	centre [MaxCells]int32
	// nbr lists the in-grid 4-neighbours of a cell (cover included) in the
	// referee's order before the restricted partition: N, E, S, W stably
	// sorted farther-from-centre first.
	nbr  [MaxCells][4]int16
	nnbr [MaxCells]uint8
	// dist[((m-1)*cells+c)*words+k] holds, in byte c'-8k, m times the
	// Manhattan distance from cell c to cell c' (the grid as bytes, eight
	// cells per word); a last row holds only far distances. Bytes past the
	// last cell are 0 in every row, so that no team ever owns them. Grids
	// of one size share it.
	dist  []uint64
	words int // words per distance row
}

// NewGrid builds a grid from rows of tile types (y = 0 first).
func NewGrid(w, h int, tiles []uint8) *Grid {
	g := &Grid{W: w, H: h}
	copy(g.Tiles[:w*h], tiles)
	g.prepare()
	return g
}

// Cell is the index of (x, y).
func (g *Grid) Cell(x, y int) int { return y*g.W + x }

// In tells whether (x, y) is on the grid.
func (g *Grid) In(x, y int) bool { return x >= 0 && y >= 0 && x < g.W && y < g.H }

// Tile is the tile type at (x, y), which must be on the grid.
func (g *Grid) Tile(x, y int) int { return int(g.Tiles[y*g.W+x]) }

func (g *Grid) prepare() {
	t := tablesFor(g.W, g.H)
	g.centre, g.nbr, g.nnbr = t.centre, t.nbr, t.nnbr
	g.words = (g.W*g.H + 7) / 8
	g.dist = t.dist
}

// sizeTables are the parts of a Grid that depend on its size alone.
type sizeTables struct {
	centre [MaxCells]int32
	nbr    [MaxCells][4]int16
	nnbr   [MaxCells]uint8
	dist   []uint64
}

func newSizeTables(w, h int) *sizeTables {
	t := &sizeTables{dist: distanceWords(w, h)}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dx, dy := int32(2*x-w), int32(2*y-h)
			t.centre[y*w+x] = dx*dx + dy*dy
		}
	}
	dirs := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := y*w + x
			n := 0
			for _, d := range dirs {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || ny < 0 || nx >= w || ny >= h {
					continue
				}
				nc := int16(ny*w + nx)
				// insertion keeps equal centre distances in N, E, S, W order
				i := n
				for i > 0 && t.centre[t.nbr[c][i-1]] < t.centre[nc] {
					t.nbr[c][i] = t.nbr[c][i-1]
					i--
				}
				t.nbr[c][i] = nc
				n++
			}
			t.nnbr[c] = uint8(n)
		}
	}
	return t
}

// farRow is the start in dist of a row of distances beyond any agent's.
func (g *Grid) farRow() int { return 2 * g.W * g.H * g.words }

var (
	tablesMu    sync.Mutex
	tablesCache = map[[2]int]*sizeTables{}
)

// tablesFor is the shared sizeTables of a w x h grid.
func tablesFor(w, h int) *sizeTables {
	tablesMu.Lock()
	defer tablesMu.Unlock()
	t, ok := tablesCache[[2]int{w, h}]
	if !ok {
		t = newSizeTables(w, h)
		tablesCache[[2]int{w, h}] = t
	}
	return t
}

// distanceWords is the table of Grid.dist for a w x h grid.
func distanceWords(w, h int) []uint64 {
	cells := w * h
	words := (cells + 7) / 8
	t := make([]uint64, (2*cells+1)*words)
	for c := 0; c < cells; c++ {
		t[2*cells*words+c/8] |= 0x7f << (8 * uint(c%8))
	}
	for c := 0; c < cells; c++ {
		cx, cy := c%w, c/w
		row := t[c*words : (c+1)*words]
		wet := t[(cells+c)*words : (cells+c+1)*words]
		c2 := 0
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				d := uint64(abs(cx-x) + abs(cy-y))
				row[c2>>3] |= d << (8 * uint(c2&7))
				wet[c2>>3] |= 2 * d << (8 * uint(c2&7))
				c2++
			}
		}
	}
	return t
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
