package kutulu

import "math/bits"

// The referee's minion search is a uniform-cost search whose open list is
// stably sorted by cost after every expansion: among equal costs, the item
// inserted first is taken first. Neighbours are pushed in the direction
// order rotated by the turn. With unit costs this is the distance table plus
// FirstStep; lit cells (cost 5) need the search itself.

// litCost is the cost of entering a lit cell for a minion.
const litCost = 5

// cellSet is a bit set over cell indices.
type cellSet [MaxCells / 64]uint64

func (s *cellSet) add(c int)      { s[c>>6] |= 1 << uint(c&63) }
func (s *cellSet) has(c int) bool { return s[c>>6]&(1<<uint(c&63)) != 0 }
func (s *cellSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// lights are this turn's LIGHT marks: the lit cells and the casters' cells
// they spread from.
type lights struct {
	set     cellSet
	centers [Players]int16
	n       int
}

// within tells whether a lit cell lies within distance d of cell c. When
// none does, every path of cost <= d is unlit, so unit costs give the
// referee's choice: the same cheapest explorers and the same steps. Lit
// cells are within LightRadius of a caster, which rules most minions out
// before the lit cells are read.
func (l *lights) within(m *Maze, c int, d int32) bool {
	near := false
	for i := 0; i < l.n; i++ {
		if int32(m.Dist(int(l.centers[i]), c)) <= d+LightRadius {
			near = true
			break
		}
	}
	if !near {
		return false
	}
	row := m.dist[c]
	for w, bits64 := range l.set {
		for bits64 != 0 {
			o := w<<6 | bits.TrailingZeros64(bits64)
			bits64 &= bits64 - 1
			if int32(row.at(o)>>4) <= d {
				return true
			}
		}
	}
	return false
}

// pathResult is what a minion learns about one explorer: the path cost
// (-1 when unreachable) and the cell of its first step (-1 when none).
type pathResult struct {
	cost int32
	step int16
}

// searchScratch holds the buffers of litSearch. Generation stamps make a
// fresh search cost nothing to set up; a pool per maze keeps searches from
// several goroutines apart without allocating per call. Arrays have
// power-of-two sizes so that masked indices need no bounds checks.
type searchScratch struct {
	gen      uint32
	bestGen  [MaxCells]uint32 // best[c] is valid when bestGen[c] == gen
	best     [MaxCells]int32  // lowest cost pushed for the cell
	closed   [MaxCells]uint32 // closed when == gen
	itemCell [maxItems]int16
	itemDir  [maxItems]uint8
	itemNext [maxItems]int32
	head     [buckets]int32
	tail     [buckets]int32
}

const (
	// maxItems bounds the pushes of one search: at most one per edge
	// direction of each cell plus the start.
	maxItems = 8 * MaxCells
	// buckets is a power of two above litCost: open costs span at most
	// litCost+1 consecutive values, so cost&(buckets-1) never collides.
	buckets = 8
)

const noDir = 4

// litSearch runs the referee's search from `from` with lit cells costing 5,
// stopping once every goal cell has been popped; the first pop of a cell is
// exactly what a search aimed at that cell returns. With cheapestOnly it
// stops after the cheapest goals (a minion's chase ignores the others,
// which are then left at cost -1). Costs are small integers, so the open
// list is a ring of FIFO buckets, one per cost: FIFO order is the
// referee's insertion order among equal costs. An entry that cannot pop
// before an existing entry of the same cell is never pushed. At most
// Players goals.
func (m *Maze) litSearch(from, offset int, lit *cellSet, goals []int16, out []pathResult, cheapestOnly bool) {
	var goal [Players]int16
	for i := range goal {
		goal[i] = -1
		if i < len(goals) {
			goal[i] = goals[i]
			out[i] = pathResult{cost: -1, step: -1}
		}
	}
	sc := m.scratch.Get().(*searchScratch)
	defer m.scratch.Put(sc)
	sc.gen++
	if sc.gen == 0 { // wrapped: clear the stamps once
		sc.bestGen, sc.closed = [MaxCells]uint32{}, [MaxCells]uint32{}
		sc.gen = 1
	}
	gen := sc.gen
	for i := range sc.head {
		sc.head[i], sc.tail[i] = -1, -1
	}
	nItems := int32(0)
	push := func(cell int, cost int32, dir uint8) {
		it := nItems & (maxItems - 1)
		nItems++
		sc.itemCell[it], sc.itemDir[it], sc.itemNext[it] = int16(cell), dir, -1
		b := cost & (buckets - 1)
		if t := sc.tail[b]; t < 0 {
			sc.head[b] = it
		} else {
			sc.itemNext[t&(maxItems-1)] = it
		}
		sc.tail[b] = it
		sc.best[cell&(MaxCells-1)], sc.bestGen[cell&(MaxCells-1)] = cost, gen
	}
	push(from, 0, noDir)
	left := len(goals)
	found := false
	rot := [4]int{offset & 3, (offset + 1) & 3, (offset + 2) & 3, (offset + 3) & 3}
	for cost := int32(0); ; cost++ {
		if found && cheapestOnly {
			return
		}
		b := cost & (buckets - 1)
		if sc.head[b] < 0 {
			empty := true
			for _, h := range sc.head {
				if h >= 0 {
					empty = false
					break
				}
			}
			if empty {
				return
			}
			continue
		}
		for sc.head[b] >= 0 {
			it := sc.head[b] & (maxItems - 1)
			sc.head[b] = sc.itemNext[it]
			if sc.head[b] < 0 {
				sc.tail[b] = -1
			}
			c16, dir := sc.itemCell[it], sc.itemDir[it]
			if c16 == goal[0] || c16 == goal[1] || c16 == goal[2] || c16 == goal[3] {
				for i, g := range goals {
					if g == c16 && out[i].cost < 0 {
						out[i].cost = cost
						if dir != noDir {
							out[i].step = m.nb[from][dir]
						}
						left--
						found = true
					}
				}
				if left == 0 {
					return
				}
			}
			cell := int(c16) & (MaxCells - 1)
			if sc.closed[cell] == gen {
				continue
			}
			sc.closed[cell] = gen
			nb := &m.nb[cell]
			for _, d := range rot {
				next := int(nb[d&3])
				if next < 0 || sc.closed[next&(MaxCells-1)] == gen {
					continue
				}
				c := cost + 1
				if lit.has(next) {
					c = cost + litCost
				}
				if sc.bestGen[next&(MaxCells-1)] == gen && sc.best[next&(MaxCells-1)] <= c {
					continue // an earlier entry with no higher cost pops first
				}
				first := dir
				if first == noDir {
					first = uint8(d)
				}
				push(next, c, first)
			}
		}
	}
}
