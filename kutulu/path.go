package kutulu

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

// within tells whether a lit cell may lie within distance d of cell c: lit
// cells are within LightRadius of a caster. When none is, every path of
// cost <= d is unlit, so unit costs give the referee's choice: the same
// cheapest explorers and the same steps.
func (l *lights) within(m *Maze, c int, d int32) bool {
	for i := 0; i < l.n; i++ {
		if int32(m.Dist(int(l.centers[i]), c)) <= d+LightRadius {
			return true
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
// several goroutines apart without allocating per call.
type searchScratch struct {
	gen      uint32
	bestGen  []uint32 // best[c] is valid when bestGen[c] == gen
	best     []int32  // lowest cost pushed for the cell
	closed   []uint32 // closed when == gen
	itemCell []int16
	itemDir  []uint8
	itemNext []int32
	head     [litCost + 1]int32
	tail     [litCost + 1]int32
}

func newSearchScratch(cells int) *searchScratch {
	items := 4*cells + 1
	return &searchScratch{
		bestGen: make([]uint32, cells), best: make([]int32, cells), closed: make([]uint32, cells),
		itemCell: make([]int16, items), itemDir: make([]uint8, items), itemNext: make([]int32, items),
	}
}

const noDir = 4

// litSearch runs the referee's search from `from` with lit cells costing 5,
// stopping once every goal cell has been popped; the first pop of a cell is
// exactly what a search aimed at that cell returns. With cheapestOnly it
// stops after the cheapest goals (a minion's chase ignores the others,
// which are then left at cost -1). Costs are small
// integers, so the open list is a ring of FIFO buckets, one per cost: FIFO
// order is the referee's insertion order among equal costs. An entry that
// cannot pop before an existing entry of the same cell is never pushed.
func (m *Maze) litSearch(from, offset int, lit *cellSet, goals []int16, out []pathResult, cheapestOnly bool) {
	for i := range out {
		out[i] = pathResult{cost: -1, step: -1}
	}
	sc := m.scratch.Get().(*searchScratch)
	defer m.scratch.Put(sc)
	sc.gen++
	if sc.gen == 0 { // wrapped: clear the stamps once
		for i := range sc.bestGen {
			sc.bestGen[i], sc.closed[i] = 0, 0
		}
		sc.gen = 1
	}
	gen := sc.gen
	for i := range sc.head {
		sc.head[i], sc.tail[i] = -1, -1
	}
	nItems := int32(0)
	push := func(cell int, cost int32, dir uint8) {
		it := nItems
		nItems++
		sc.itemCell[it], sc.itemDir[it], sc.itemNext[it] = int16(cell), dir, -1
		b := cost % (litCost + 1)
		if sc.tail[b] < 0 {
			sc.head[b] = it
		} else {
			sc.itemNext[sc.tail[b]] = it
		}
		sc.tail[b] = it
		sc.best[cell], sc.bestGen[cell] = cost, gen
	}
	push(from, 0, noDir)
	left := len(goals)
	found := false
	for cost := int32(0); ; cost++ {
		if found && cheapestOnly {
			return
		}
		b := cost % (litCost + 1)
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
			it := sc.head[b]
			sc.head[b] = sc.itemNext[it]
			if sc.head[b] < 0 {
				sc.tail[b] = -1
			}
			cell, dir := int(sc.itemCell[it]), sc.itemDir[it]
			for i, g := range goals {
				if int(g) == cell && out[i].cost < 0 {
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
			if sc.closed[cell] == gen {
				continue
			}
			sc.closed[cell] = gen
			nb := &m.nb[cell]
			for i := 0; i < 4; i++ {
				d := (i + offset) & 3
				next := int(nb[d])
				if next < 0 || sc.closed[next] == gen {
					continue
				}
				c := cost + 1
				if lit.has(next) {
					c = cost + litCost
				}
				if sc.bestGen[next] == gen && sc.best[next] <= c {
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
