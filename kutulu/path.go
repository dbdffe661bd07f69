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

// pathResult is what a minion learns about one explorer: the path cost
// (-1 when unreachable) and the cell of its first step (-1 when none).
type pathResult struct {
	cost int32
	step int16
}

// Heap items pack (cost, insertion number, cell, first direction) so that
// integer order is the referee's pop order.
const (
	itemDirBits  = 3
	itemCellBits = 13
	itemSeqShift = itemDirBits + itemCellBits
	itemSeqBits  = 24
	itemCostShft = itemSeqShift + itemSeqBits
	noDir        = 4
)

// litSearch runs the referee's search from `from` with lit cells costing 5,
// stopping once every goal cell has been popped; the first pop of a cell is
// exactly what a search aimed at that cell returns.
func (m *Maze) litSearch(from, offset int, lit *cellSet, goals []int16, out []pathResult) {
	for i := range out {
		out[i] = pathResult{cost: -1, step: -1}
	}
	left := len(goals)
	var closed [MaxCells]bool
	var heap [4*MaxCells + 4]uint64
	n := 1
	heap[0] = uint64(from)<<itemDirBits | noDir
	seq := uint64(1)
	for n > 0 {
		top := heap[0]
		n--
		heap[0] = heap[n]
		siftDown(heap[:n], 0)
		cost := int32(top >> itemCostShft)
		cell := int((top >> itemDirBits) & (1<<itemCellBits - 1))
		dir := int(top & (1<<itemDirBits - 1))
		for i, g := range goals {
			if int(g) == cell && out[i].cost < 0 {
				out[i].cost = cost
				if dir != noDir {
					out[i].step = m.nb[from][dir]
				}
				left--
			}
		}
		if left == 0 {
			return
		}
		if closed[cell] {
			continue
		}
		closed[cell] = true
		for i := 0; i < 4; i++ {
			d := (i + offset) & 3
			next := int(m.nb[cell][d])
			if next < 0 || closed[next] {
				continue
			}
			c := cost + 1
			if lit.has(next) {
				c = cost + litCost
			}
			first := dir
			if first == noDir {
				first = d
			}
			heap[n] = uint64(c)<<itemCostShft | seq<<itemSeqShift | uint64(next)<<itemDirBits | uint64(first)
			siftUp(heap[:n+1], n)
			n++
			seq++
		}
	}
}

func siftUp(h []uint64, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if h[p] <= h[i] {
			return
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

func siftDown(h []uint64, i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		if r := l + 1; r < len(h) && h[r] < h[l] {
			l = r
		}
		if h[i] <= h[l] {
			return
		}
		h[i], h[l] = h[l], h[i]
		i = l
	}
}
