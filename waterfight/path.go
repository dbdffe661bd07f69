package waterfight

// CellSet is a set of cells.
type CellSet [(MaxCells + 63) / 64]uint64

// Add puts cell c in the set.
func (s *CellSet) Add(c int) { s[c>>6] |= 1 << uint(c&63) }

// Remove takes cell c out of the set.
func (s *CellSet) Remove(c int) { s[c>>6] &^= 1 << uint(c&63) }

// Has tells whether cell c is in the set.
func (s *CellSet) Has(c int) bool { return s[c>>6]&(1<<uint(c&63)) != 0 }

// NoStep is what FirstStep returns when the agent does not move.
const NoStep = -1

// FirstStep is the cell an agent at cell from steps to this turn when told
// MOVE tx ty, exactly as the referee's path search decides it, or NoStep.
// restricted holds the agents' start-of-turn cells: they do not block the
// search, they only come last in the neighbour order.
func (g *Grid) FirstStep(from int, tx, ty int32, restricted *CellSet) int {
	return g.firstStep(from%g.W, from/g.W, tx, ty, restricted)
}

func (g *Grid) firstStep(fx, fy int, tx, ty int32, restricted *CellSet) int {
	from := fy*g.W + fx
	target := -1
	if tx >= 0 && ty >= 0 && tx < int32(g.W) && ty < int32(g.H) {
		target = int(ty)*g.W + int(tx)
		if target == from {
			return NoStep
		}
		// A floor neighbour is always reached first through the direct step:
		// every item at cost 1 leaves the heap before any item at cost 2.
		if g.Tiles[target] == Floor && abs(fx-int(tx))+abs(fy-int(ty)) == 1 {
			return target
		}
	}
	nearest := from
	if step, found := g.search(from, target, restricted, tx, ty, &nearest); found {
		return step
	}
	if nearest == from {
		return NoStep
	}
	step, _ := g.search(from, nearest, restricted, 0, 0, nil)
	return step
}

type pathItem struct {
	cell, g, parent, key int16
}

// javaManhattan is the referee's int Manhattan distance, overflow included.
func javaManhattan(x, y, tx, ty int32) int32 {
	dx, dy := x-tx, y-ty
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	return dx + dy
}

// search is the referee's uniform-cost search from cell from to cell target
// (-1: off the grid): a binary min-heap on the key with Java's PriorityQueue
// sifting, neighbours restricted-last then farther-from-centre first. It
// returns the first step of the path found (NoStep for a path of one cell).
// When nearest is not nil it tracks, over the expanded cells, the one closest
// to (tx, ty), ties going to the cell farther from the centre.
func (g *Grid) search(from, target int, restricted *CellSet, tx, ty int32, nearest *int) (int, bool) {
	var items [4*MaxCells + 1]pathItem
	var heap [4*MaxCells + 1]int16
	var closed CellSet
	nItems, size := 1, 0
	items[0] = pathItem{cell: int16(from), parent: -1}
	push := func(it int16) {
		k := size
		size++
		key := items[it].key
		for k > 0 {
			p := (k - 1) / 2
			if key >= items[heap[p]].key {
				break
			}
			heap[k] = heap[p]
			k = p
		}
		heap[k] = it
	}
	push(0)
	var nearDist int32
	if nearest != nil {
		nearDist = javaManhattan(int32(from%g.W), int32(from/g.W), tx, ty)
	}
	for size > 0 {
		it := heap[0]
		size--
		if size > 0 {
			x := heap[size]
			xk := items[x].key
			k, half := 0, size/2
			for k < half {
				c := 2*k + 1
				if r := c + 1; r < size && items[heap[c]].key > items[heap[r]].key {
					c = r
				}
				if xk <= items[heap[c]].key {
					break
				}
				heap[k] = heap[c]
				k = c
			}
			heap[k] = x
		}
		cur := items[it]
		c := int(cur.cell)
		if c == target {
			if it == 0 {
				return NoStep, true
			}
			for items[it].parent != 0 {
				it = items[it].parent
			}
			return int(items[it].cell), true
		}
		if closed.Has(c) {
			continue
		}
		closed.Add(c)
		nn := int(g.nnbr[c])
		for pass := 0; pass < 2; pass++ {
			for i := 0; i < nn; i++ {
				n := int(g.nbr[c][i])
				if restricted.Has(n) != (pass == 1) || g.Tiles[n] != Floor || closed.Has(n) {
					continue
				}
				items[nItems] = pathItem{cell: int16(n), g: cur.g + 1, parent: it, key: cur.g + 2}
				push(int16(nItems))
				nItems++
			}
		}
		if nearest != nil {
			d := javaManhattan(int32(c%g.W), int32(c/g.W), tx, ty)
			if d < nearDist || d == nearDist && g.centre[c] > g.centre[*nearest] {
				*nearest, nearDist = c, d
			}
		}
	}
	return NoStep, false
}
