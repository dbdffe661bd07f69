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
	for lures := 0; lures <= a.Bricks; lures++ {
		for i := range loud {
			loud[i], body[i] = false, 0
		}
		for i := range listed {
			listed[i] = false
		}
		for _, c := range s.Awake {
			body[c.Pos], listed[c.ID] = c.ID+1, true
		}
		for id, cell := range a.Clickers {
			if !listed[id] {
				body[cell] = int32(id) + 1
			}
		}
		for cell, b := range body {
			if b > 0 {
				forWithin(a, cell, AlertRange, func(n int) { loud[n] = true })
			}
		}
		quiet := bfsParents(a, s.Ellie, func(n int) bool { return n == a.Exit || !loud[n] })
		if quiet[a.Exit] >= 0 {
			if !walk(quiet, a.Exit) {
				return nil, -1
			}
			return actions, -1
		}
		route := bfsParents(a, s.Ellie, func(n int) bool { return body[n] == 0 })
		if route[a.Exit] < 0 {
			route = bfsParents(a, s.Ellie, func(int) bool { return true })
		}
		var path []int
		for c := a.Exit; c != s.Ellie; c = int(route[c]) {
			path = append(path, c)
		}
		// The frontier: the loud cell next to the quietly reachable region
		// that is closest to the exit; its nearest clicker is the guard.
		frontier := -1
		for cell, p := range quiet {
			if p < 0 || cell == a.Exit {
				continue
			}
			a.forNeighbours(cell, func(n int) {
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
		if s.Bricks == 0 {
			return nil, id
		}
		lure := chooseLure(a, guard, path, body, loud, s.Ellie, dist)
		if lure < 0 {
			return nil, id
		}
		spot := -1
		for cell, p := range quiet {
			if p >= 0 && cell != a.Exit && !loud[cell] {
				if d := a.Chebyshev(cell, lure); d >= 5 && d <= ThrowRange && (spot < 0 || a.Chebyshev(cell, s.Ellie) < a.Chebyshev(spot, s.Ellie)) {
					spot = cell
				}
			}
		}
		if spot < 0 || !walk(quiet, spot) {
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

// forWithin calls f for every cell within Chebyshev distance radius of cell.
// chooseLure picks where to throw a brick to draw the clicker at guard off
// the route: among the empty cells in its earshot that it can reach, tried
// the one that lets Ellie get quietly closest to the exit; ties go to the
// clearance from the route, then to how enclosed the cell is (pockets hold
// a clicker best).
func chooseLure(a *Area, guard int, path []int, body []int32, loud []bool, ellie int, dist []int32) int {
	type option struct{ cell, score int }
	var opts []option
	forWithin(a, guard, AlertRange, func(n int) {
		if !a.Walkable[n] || n == a.Exit || body[n] > 0 || a.pathComp[n] != a.pathComp[guard] {
			return
		}
		clear := AlertRange + 2
		for _, p := range path {
			if d := a.Chebyshev(n, p); d < clear {
				clear = d
			}
		}
		open := 0
		forWithin(a, n, AlertRange, func(m int) {
			if a.Walkable[m] {
				open++
			}
		})
		opts = append(opts, option{n, clear*100 - open})
	})
	if len(opts) == 0 {
		return -1
	}
	sort.SliceStable(opts, func(i, j int) bool { return opts[i].score > opts[j].score })
	closest := func(quietCell func(int) bool) int32 {
		best := dist[ellie]
		parent := bfsParents(a, ellie, func(n int) bool { return n == a.Exit || quietCell(n) })
		for cell, p := range parent {
			if p >= 0 && dist[cell] < best {
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

// bfsParents is a breadth-first search of Ellie's walks from start over
// walkable cells accepted by ok; parent[cell] is -1 where it never gets.
func bfsParents(a *Area, start int, ok func(int) bool) []int32 {
	parent := make([]int32, len(a.Walkable))
	for i := range parent {
		parent[i] = -1
	}
	parent[start] = int32(start)
	queue := []int{start}
	for h := 0; h < len(queue); h++ {
		c := queue[h]
		if c == a.Exit {
			continue
		}
		a.forNeighbours(c, func(n int) {
			if parent[n] < 0 && a.Walkable[n] && ok(n) {
				parent[n] = int32(c)
				queue = append(queue, n)
			}
		})
	}
	return parent
}
