package lastofus

import "sort"

// planWitness is the generator's certificate planner, deliberately simple and
// separate from the solver: walk the shortest route out of every clicker's
// earshot; when there is none, find the first clicker in earshot of the
// shortest walkable route, throw a brick that draws it as far from that
// route as possible from a spot out of earshot, wait until the clickers
// rest, and repeat. It returns the actions and -1, or nil and the ID of the
// clicker it could not get past (-1 when the failure is not one clicker's).
func planWitness(a *Area) ([]Action, int) {
	sim := NewSim(a, Rules{ForbidSelfThrow: true})
	s := NewState(a)
	var actions []Action
	step := func(act Action) bool {
		out, err := sim.Step(s, act)
		actions = append(actions, act)
		return err == nil && out != Killed
	}
	walk := func(parent []int32, to int) bool {
		for _, act := range a.walksTo(parent, s.Ellie, to) {
			if !step(act) {
				return false
			}
		}
		return true
	}
	dist := a.EllieDistances()
	loud := make([]bool, len(a.Walkable))
	body := make([]int32, len(a.Walkable)) // clicker ID + 1 on its cell
	listed := make([]bool, len(a.Clickers))
	luresOn := make([]int, len(a.Clickers))
	var loudCells, bodyCells []int
	quiet, scratch := newWalkSearch(a), newWalkSearch(a)
	for lures := 0; lures <= a.Bricks; lures++ {
		for _, c := range loudCells {
			loud[c] = false
		}
		for _, c := range bodyCells {
			body[c] = 0
		}
		loudCells, bodyCells = loudCells[:0], bodyCells[:0]
		for i := range listed {
			listed[i] = false
		}
		for _, c := range s.Awake {
			body[c.Pos], listed[c.ID] = c.ID+1, true
			bodyCells = append(bodyCells, int(c.Pos))
		}
		for id, cell := range a.Clickers {
			if !listed[id] {
				body[cell] = int32(id) + 1
				bodyCells = append(bodyCells, cell)
			}
		}
		for _, cell := range bodyCells {
			forWithin(a, cell, AlertRange, func(n int) {
				if !loud[n] {
					loud[n] = true
					loudCells = append(loudCells, n)
				}
			})
		}
		// Searches stay near: within witnessMargin of Ellie's distance to the exit.
		limit := dist[s.Ellie] + witnessMargin
		region := quiet.run(s.Ellie, func(n int) bool { return n == a.Exit || (!loud[n] && dist[n] <= limit) })
		if quiet.reached(a.Exit) {
			if !walk(quiet.parent, a.Exit) {
				return nil, -1
			}
			return actions, -1
		}
		path := descent(a, dist, s.Ellie, witnessMargin) // the way out, clickers ignored
		// The frontier: the loud cell next to the quietly reachable region
		// that is closest to the exit; its nearest clicker is the guard.
		frontier := -1
		for _, cell := range region {
			a.forNeighbours(int(cell), func(n int) {
				if a.Walkable[n] && loud[n] && body[n] == 0 && dist[n] >= 0 && (frontier < 0 || dist[n] < dist[frontier]) {
					frontier = n
				}
			})
		}
		guard, best := -1, AlertRange+1
		if frontier >= 0 {
			forWithin(a, frontier, AlertRange, func(n int) {
				if d := a.Chebyshev(n, frontier); body[n] > 0 && d < best {
					guard, best = n, d
				}
			})
		}
		if guard < 0 {
			return nil, -1
		}
		id := int(body[guard]) - 1
		luresOn[id]++
		if s.Bricks == 0 || luresOn[id] > 3 { // out of bricks, or dragging one clicker about
			return nil, id
		}
		lure := chooseLure(a, scratch, guard, path, body, loud, s.Ellie, dist, limit)
		if lure < 0 {
			return nil, id
		}
		spot := -1
		for _, cell := range region { // breadth-first: the nearest spot first
			if d := a.Chebyshev(int(cell), lure); d >= 5 && d <= ThrowRange && int(cell) != a.Exit {
				spot = int(cell)
				break
			}
		}
		if spot < 0 || !walk(quiet.parent, spot) {
			return nil, id
		}
		if !step(ThrowAt(lure%a.Cols-spot%a.Cols, spot/a.Cols-lure/a.Cols)) {
			return nil, id
		}
		if !waitUntilResting(sim, s, 40, &actions) {
			return nil, id
		}
	}
	return nil, -1
}

// The witness planner looks this far (in steps to the exit) beyond Ellie,
// and weighs at most this many lure cells per guard.
const (
	witnessMargin = 60
	witnessLures  = 8
)

// chooseLure picks where to throw a brick to draw the clicker at guard off
// the route: among the empty cells in its earshot that it can reach, tried
// the one that lets Ellie get quietly closest to the exit; ties go to the
// clearance from the route, then to how enclosed the cell is (pockets hold
// a clicker best).
func chooseLure(a *Area, search *walkSearch, guard int, path []int, body []int32, loud []bool, ellie int, dist []int32, limit int32) int {
	type option struct{ cell, score int }
	var opts []option
	forWithin(a, guard, AlertRange, func(n int) {
		if !a.Walkable[n] || n == a.Exit || body[n] > 0 || a.pathComp[n] != a.pathComp[guard] {
			return
		}
		opts = append(opts, option{n, lureScore(a, n, path)})
	})
	if len(opts) == 0 {
		return -1
	}
	sort.SliceStable(opts, func(i, j int) bool { return opts[i].score > opts[j].score })
	if len(opts) > witnessLures {
		opts = opts[:witnessLures]
	}
	closest := func(quietCell func(int) bool) int32 {
		best := dist[ellie]
		for _, cell := range search.run(ellie, func(n int) bool { return n == a.Exit || (quietCell(n) && dist[n] <= limit) }) {
			if dist[cell] < best {
				best = dist[cell]
			}
		}
		return best
	}
	best, bestReach := opts[0].cell, closest(func(n int) bool { return !loud[n] })
	for _, o := range opts {
		// Loudness with the guard moved to o.cell: cells that only the guard made loud become quiet.
		moved := func(n int) bool {
			if a.Chebyshev(n, o.cell) <= AlertRange {
				return false
			}
			if !loud[n] || a.Chebyshev(n, guard) > AlertRange {
				return !loud[n]
			}
			others := false
			forWithin(a, n, AlertRange, func(m int) {
				if body[m] > 0 && m != guard {
					others = true
				}
			})
			return !others
		}
		if reach := closest(moved); reach < bestReach {
			best, bestReach = o.cell, reach
		}
	}
	return best
}

// lureScore ranks a cell to draw a clicker to: clear of the cells of path
// (up to what makes them quiet) first, then enclosed (a pocket holds a
// clicker best).
func lureScore(a *Area, cell int, path []int) int {
	clear := AlertRange + 2
	for _, p := range path {
		if d := a.Chebyshev(cell, p); d < clear {
			clear = d
		}
	}
	open := 0
	forWithin(a, cell, AlertRange, func(m int) {
		if a.Walkable[m] {
			open++
		}
	})
	return clear*100 - open
}

// descent lists from and up to n more cells of a shortest walk from it to
// the exit, ignoring clickers (dist is EllieDistances), the exit excluded.
func descent(a *Area, dist []int32, from, n int) []int {
	path := []int{from}
	for c := from; len(path) <= n; {
		next := -1
		a.forNeighbours(c, func(m int) {
			if next < 0 && a.Walkable[m] && dist[m] == dist[c]-1 {
				next = m
			}
		})
		if next < 0 || next == a.Exit {
			break
		}
		path = append(path, next)
		c = next
	}
	return path
}

// forWithin calls f for every cell within Chebyshev distance radius of cell.
func forWithin(a *Area, cell, radius int, f func(n int)) {
	r0, c0 := cell/a.Cols, cell%a.Cols
	for r := r0 - radius; r <= r0+radius; r++ {
		for c := c0 - radius; c <= c0+radius; c++ {
			if n := a.Cell(r, c); n >= 0 {
				f(n)
			}
		}
	}
}

// walkSearch is a reusable breadth-first search of Ellie's walks.
type walkSearch struct {
	a      *Area
	stamp  []uint32
	gen    uint32
	parent []int32
	order  []int32
}

func newWalkSearch(a *Area) *walkSearch {
	return &walkSearch{a: a, stamp: make([]uint32, len(a.Walkable)), parent: make([]int32, len(a.Walkable))}
}

// run searches from start over the walkable cells accepted by ok and returns
// them in visiting order; it stops at the exit. parent is valid on reached cells.
func (w *walkSearch) run(start int, ok func(int) bool) []int32 {
	a := w.a
	w.gen++
	w.stamp[start], w.parent[start] = w.gen, int32(start)
	q := append(w.order[:0], int32(start))
	for h := 0; h < len(q); h++ {
		c := int(q[h])
		if c == a.Exit {
			break
		}
		r, col := c/a.Cols, c%a.Cols
		for d := 0; d < 8; d++ {
			n := a.Cell(r+dirRow[d], col+dirCol[d])
			if n >= 0 && w.stamp[n] != w.gen && a.Walkable[n] && ok(n) {
				w.stamp[n], w.parent[n] = w.gen, int32(c)
				q = append(q, int32(n))
			}
		}
	}
	w.order = q
	return q
}

func (w *walkSearch) reached(cell int) bool { return w.stamp[cell] == w.gen }
