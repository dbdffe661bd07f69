package lastofus

import (
	"container/heap"
	"sort"

	"cgbots/internal/clock"
)

// Lure planning: a best-first search over resting states (no clicker on
// its way anywhere). From a state, Ellie can reach some cells quietly (never
// within earshot of a clicker). If the exit is among them she walks out.
// Otherwise the loud cells at the edge of that region that lie closest to
// the exit are guarded; a move of the search walks Ellie quietly to a throw
// spot, throws a brick that draws a guard off the way, and waits until the
// clickers rest again. States are hashed (Ellie, clickers, bricks) and the
// search prefers the states from which Ellie gets quietly closest to the exit.

// lureNode is one resting state of the lure search.
type lureNode struct {
	state   State
	parent  int32
	actions []Action // from the parent's state to this one
	g       int      // actions from the start
	front   int      // the frontier cell its lure meant to quieten
}

type lureSearch struct {
	a         *Area
	progress  int // weight of the quiet cell's distance to the exit in the ranking
	dist      []int32
	sim       *Sim
	nodes     []lureNode
	seen      map[uint64]int16
	open      nodeHeap
	loud      []int16 // clickers within earshot of each cell, for the state being expanded
	stamp     []uint32
	parent    []int32
	depth     []int32 // steps from the region's start
	evalStamp []uint32
	evalQueue []int32
	evalGen   uint32
	// Clicker cells of the state being expanded, by ID (valid when stamped).
	parentStamp []uint32
	parentAt    []int32
	parentGen   uint32
	idSeen      []uint32
	idGen       uint32
	moves       []int
	queue       []int32
	gen         uint32
	expanded    int64
}

// lureMargin bounds how much farther from the exit than Ellie the quiet
// region is explored: throw spots lie close to the guards ahead.
const lureMargin = 150

// Per expansion, the guards of the frontier tried, and the lure cells tried per guard.
const (
	lureGuards = 2
	lureCells  = 8
	lureSteps  = 4    // a lure cell farther by path sends the clicker on a long walk
	lureAhead  = 12   // cells of the way on past the frontier a lure should keep clear of
	brickCost  = 2    // bricks are scarce: a brick weighs as much as this many actions
	evalCells  = 1024 // a child's newly quiet cells looked at, at most: enough to rank it
)

// lureProgress lists the lure searches' progress weights, run side by side: how
// much the quiet cell's distance to the exit weighs against the walk there.
// A lure that opens a detour into the next room must beat one that opens
// nothing (at 2 the search stalls at doors); greedier weights follow such
// lures through faster but herd clickers into clumps in corridors (at 6).
// Over 136 generated areas (600 expansions each), 4 missed one corridor
// and 3 missed one room layout; together they missed none.
var lureProgress = [...]int{4, 3}

func newLureSearch(a *Area, dist []int32, progress int) *lureSearch {
	n := len(a.Walkable)
	ls := &lureSearch{
		a: a, dist: dist, progress: progress, sim: NewSim(a, Rules{ForbidSelfThrow: true}),
		seen: make(map[uint64]int16), loud: make([]int16, n),
		parentStamp: make([]uint32, len(a.Clickers)), parentAt: make([]int32, len(a.Clickers)), idSeen: make([]uint32, len(a.Clickers)),
		stamp: make([]uint32, n), parent: make([]int32, n), depth: make([]int32, n), evalStamp: make([]uint32, n),
	}
	for _, c := range a.Clickers {
		ls.addLoud(c, 1)
	}
	return ls
}

func (ls *lureSearch) addLoud(cell int, delta int16) {
	forWithin(ls.a, cell, AlertRange, func(n int) { ls.loud[n] += delta })
}

// setClickers moves the loudness from the start cells to the cells of the
// listed clickers of st (delta 1), or back (delta -1).
func (ls *lureSearch) setClickers(st *State, delta int16) {
	for _, c := range st.Awake {
		ls.addLoud(ls.a.Clickers[c.ID], -delta)
		ls.addLoud(int(c.Pos), delta)
	}
}

// runLureSearches runs one lure search per weight of lureProgress, taking
// expansions in turn, until one escapes (its answer and weight) or a budget
// is spent; both budgets are checked so that a sub-budget never outlives the
// caller's. Each weight has areas it is slow on; in turn, the cost is that
// of the fastest times the number of weights.
func runLureSearches(a *Area, dist []int32, budget, outer *clock.Budget) (actions []Action, progress int, expanded int64) {
	var searches []*lureSearch
	for _, p := range lureProgress {
		ls := newLureSearch(a, dist, p)
		ls.push(lureNode{state: State{Ellie: a.Ellie, Bricks: a.Bricks}, parent: -1}, 0)
		searches = append(searches, ls)
	}
	defer func() {
		for _, ls := range searches {
			expanded += ls.expanded
		}
	}()
	for live := true; live; {
		live = false
		for _, ls := range searches {
			if ls.open.Len() == 0 {
				continue
			}
			live = true
			budget.Done()
			if budget.Spent() || outer.Spent() { // expansions are slow: read the clock each time
				return nil, 0, 0
			}
			id := heap.Pop(&ls.open).(heapItem).node
			ls.expanded++
			if out := ls.expand(id); out != nil {
				return out, ls.progress, 0
			}
		}
	}
	return nil, 0, 0
}

func (ls *lureSearch) push(n lureNode, priority int) {
	// Ellie walks freely in her quiet region, so her cell is left out of the
	// key: the same clickers with no more bricks are no better.
	ellie := n.state.Ellie
	n.state.Ellie = 0
	key := stateKey(&n.state)
	n.state.Ellie = ellie
	if b, ok := ls.seen[key]; ok && int(b) >= n.state.Bricks {
		return
	}
	ls.seen[key] = int16(n.state.Bricks)
	ls.nodes = append(ls.nodes, n)
	// Ties go to the deeper state: a lure that opens nothing yet may be the
	// first of two that together do.
	heap.Push(&ls.open, heapItem{key: uint64(priority)<<32 | uint64(0xffffffff-uint32(n.g)), node: int32(len(ls.nodes) - 1)})
}

// quietRegion runs the breadth-first search of Ellie's quiet walks from
// start, in visiting order; exit reports that it reached the exit. Parents
// stay in ls.parent.
func (ls *lureSearch) quietRegion(start int) (visited []int32, exit bool) {
	a := ls.a
	ls.gen++
	g := ls.gen
	ls.stamp[start], ls.parent[start], ls.depth[start] = g, int32(start), 0
	limit := ls.dist[start] + lureMargin
	q := append(ls.queue[:0], int32(start))
	for h := 0; h < len(q); h++ {
		c := int(q[h])
		r, col := c/a.Cols, c%a.Cols
		for d := 0; d < 8; d++ {
			n := a.Cell(r+dirRow[d], col+dirCol[d])
			if n < 0 || ls.stamp[n] == g || !a.Walkable[n] || ls.dist[n] > limit {
				continue
			}
			if n == a.Exit {
				ls.stamp[n], ls.parent[n], ls.depth[n] = g, int32(c), ls.depth[c]+1
				ls.queue = q
				return q, true
			}
			if ls.loud[n] > 0 {
				continue
			}
			ls.stamp[n], ls.parent[n], ls.depth[n] = g, int32(c), ls.depth[c]+1
			q = append(q, int32(n))
		}
	}
	ls.queue = q
	return q, false
}

func (ls *lureSearch) expand(id int32) []Action {
	a := ls.a
	node := ls.nodes[id]
	ls.setClickers(&node.state, 1)
	defer ls.setClickers(&node.state, -1)
	region, out := ls.quietRegion(node.state.Ellie)
	if out {
		return append(ls.history(id), a.walksTo(ls.parent, node.state.Ellie, a.Exit)...)
	}
	regionGen := ls.gen
	ls.parentGen++
	for _, c := range node.state.Awake {
		ls.parentStamp[c.ID], ls.parentAt[c.ID] = ls.parentGen, c.Pos
	}
	best := region[0]
	for _, c := range region {
		if ls.dist[c] < ls.dist[best] {
			best = c
		}
	}
	// Frontier: loud free cells next to the region, closest to the exit first.
	type front struct{ cell, dist int }
	var frontier []front
	ls.gen++
	for _, c32 := range region {
		c := int(c32)
		r, col := c/a.Cols, c%a.Cols
		for d := 0; d < 8; d++ {
			n := a.Cell(r+dirRow[d], col+dirCol[d])
			if n >= 0 && a.Walkable[n] && ls.loud[n] > 0 && ls.dist[n] >= 0 && ls.stamp[n] < ls.gen-1 {
				ls.stamp[n] = ls.gen
				frontier = append(frontier, front{n, int(ls.dist[n])})
			}
		}
	}
	// The region's marks (gen-1) stay valid: stamps of frontier cells are gen.
	sort.Slice(frontier, func(i, j int) bool { return frontier[i].dist < frontier[j].dist })
	if node.state.Bricks == 0 || len(frontier) == 0 {
		return nil
	}
	s := &node.state
	ls.sim.begin(s)
	type target struct{ guard, front, dist int }
	var targets []target
	handled := make(map[int]bool)
	fronts := 0
	for _, f := range frontier {
		if fronts >= lureGuards {
			break
		}
		if ls.sim.occupied(f.cell) {
			continue
		}
		before := len(targets)
		forWithin(a, f.cell, AlertRange, func(n int) {
			if ls.sim.occupied(n) && !handled[n] {
				handled[n] = true
				targets = append(targets, target{n, f.cell, f.dist})
			}
		})
		if len(targets) > before {
			fronts++
		}
	}
	// Children are made after the frontier is read: throwFrom reuses the simulator.
	var children []lureNode
	for _, t := range targets {
		for _, lure := range ls.lureCells(s, t.guard, t.front) {
			if child, ok := ls.throwFrom(id, region, lure); ok {
				child.front = t.front
				children = append(children, child)
			}
		}
	}
	// Each child is ranked by what it opens: the quiet region it leaves.
	for i := range children {
		ls.push(children[i], ls.childPriority(&node.state, &children[i], regionGen, int(best)))
	}
	return nil
}

// childPriority estimates the length of a whole answer through child: its
// actions, the quiet walk to the quiet cell closest to the exit, and that
// cell's distance to the exit weighted by ls.progress (the way on is not quiet yet).
// The child's quiet region is the parent's (marked regionGen, its best cell
// best) grown by a search from the cells the moved clickers fell silent on.
func (ls *lureSearch) childPriority(parent *State, child *lureNode, regionGen uint32, best int) int {
	a := ls.a
	// The clickers the child moved, as (from, to) pairs: the loudness moves with them.
	ls.idGen++
	for _, c := range child.state.Awake {
		ls.idSeen[c.ID] = ls.idGen
	}
	moves := ls.moves[:0]
	for _, c := range child.state.Awake {
		if from := ls.parentPos(int(c.ID)); from != int(c.Pos) {
			moves = append(moves, from, int(c.Pos))
		}
	}
	for _, c := range parent.Awake {
		if ls.idSeen[c.ID] != ls.idGen { // back at rest on its start cell
			moves = append(moves, int(c.Pos), a.Clickers[c.ID])
		}
	}
	ls.moves = moves
	for k := 0; k < len(moves); k += 2 {
		ls.addLoud(moves[k], -1)
		ls.addLoud(moves[k+1], 1)
	}
	defer func() {
		for k := 0; k < len(moves); k += 2 {
			ls.addLoud(moves[k+1], -1)
			ls.addLoud(moves[k], 1)
		}
	}()
	// The walk to the throw spot is part of the walk from the parent's cell
	// to best: count it once.
	base := child.g - int(ls.depth[child.state.Ellie]) + brickCost*(a.Bricks-child.state.Bricks)
	ls.evalGen++
	eg := ls.evalGen
	q := ls.evalQueue[:0]
	for k := 0; k < len(moves); k += 2 {
		forWithin(a, moves[k], AlertRange+1, func(n int) {
			if !a.Walkable[n] || ls.loud[n] > 0 || ls.stamp[n] == regionGen || ls.evalStamp[n] == eg {
				return
			}
			a.forNeighbours(n, func(m int) {
				if ls.evalStamp[n] != eg && ls.stamp[m] == regionGen && ls.loud[m] == 0 {
					ls.evalStamp[n], ls.depth[n] = eg, ls.depth[m]+1
					q = append(q, int32(n))
				}
			})
		})
	}
	limit := ls.dist[parent.Ellie] + lureMargin
	for h := 0; h < len(q) && h < evalCells; h++ {
		c := int(q[h])
		if c == a.Exit {
			ls.evalQueue = q
			return base + int(ls.depth[c])
		}
		if ls.dist[c] < ls.dist[best] {
			best = c
		}
		r, col := c/a.Cols, c%a.Cols
		for d := 0; d < 8; d++ {
			n := a.Cell(r+dirRow[d], col+dirCol[d])
			if n >= 0 && a.Walkable[n] && ls.loud[n] == 0 && ls.dist[n] <= limit && ls.stamp[n] != regionGen && ls.evalStamp[n] != eg {
				ls.evalStamp[n], ls.depth[n] = eg, ls.depth[c]+1
				q = append(q, int32(n))
			}
		}
	}
	ls.evalQueue = q
	// Partial progress counts too: fewer clickers in earshot of the frontier.
	return base + int(ls.depth[best]) + ls.progress*int(ls.dist[best]) + 4*int(ls.loud[child.front])
}

// parentPos is the cell of clicker id in the state being expanded.
func (ls *lureSearch) parentPos(id int) int {
	if ls.parentStamp[id] == ls.parentGen {
		return int(ls.parentAt[id])
	}
	return ls.a.Clickers[id]
}

// lureCells lists up to three cells to draw the clicker at guard to, best
// first: far from the frontier cell and from the walk on from it, and
// enclosed (a pocket holds a clicker best).
func (ls *lureSearch) lureCells(s *State, guard, frontier int) []int {
	a := ls.a
	ahead := descent(a, ls.dist, frontier, lureAhead)
	type option struct{ cell, score int }
	var opts []option
	ls.sim.begin(s)
	near := ls.stepsAround(guard, lureSteps)
	forWithin(a, guard, AlertRange, func(n int) {
		if _, ok := near[n]; !ok || n == a.Exit || n == s.Ellie || ls.sim.occupied(n) {
			return
		}
		opts = append(opts, option{n, lureScore(a, n, ahead)})
	})
	sort.SliceStable(opts, func(i, j int) bool { return opts[i].score > opts[j].score })
	out := make([]int, 0, lureCells)
	for _, o := range opts {
		if len(out) < lureCells {
			out = append(out, o.cell)
		}
	}
	return out
}

// stepsAround maps the cells a clicker at cell reaches within limit steps
// (through other clickers and Ellie, as its paths go) to their step counts.
func (ls *lureSearch) stepsAround(cell, limit int) map[int]int {
	a := ls.a
	steps := map[int]int{cell: 0}
	frontier := []int{cell}
	for k := 1; k <= limit; k++ {
		var next []int
		for _, c := range frontier {
			a.forNeighbours(c, func(n int) {
				if _, seen := steps[n]; !seen && a.Walkable[n] && n != a.Exit {
					steps[n] = k
					next = append(next, n)
				}
			})
		}
		frontier = next
	}
	return steps
}

// throwFrom walks Ellie from the expanded node's state to the nearest quiet
// spot within throw range of lure, throws there and waits until the
// clickers rest. It fails when any step is unsafe or the wait would be heard.
func (ls *lureSearch) throwFrom(id int32, region []int32, lure int) (lureNode, bool) {
	a := ls.a
	node := ls.nodes[id]
	spot := -1
	for _, c32 := range region {
		c := int(c32)
		if d := a.Chebyshev(c, lure); d >= 4 && d <= ThrowRange && ls.loud[c] == 0 && c != a.Exit {
			spot = c
			break // region is in breadth-first order: the nearest spot
		}
	}
	if spot < 0 {
		return lureNode{}, false
	}
	// A quiet walk changes nothing but Ellie's cell: nobody hears it and the
	// clickers rest. So only the throw and the waits are simulated.
	st := node.state.Clone()
	st.Ellie = spot
	actions := append(a.walksTo(ls.parent, node.state.Ellie, spot),
		ThrowAt(lure%a.Cols-spot%a.Cols, spot/a.Cols-lure/a.Cols))
	if out, err := ls.sim.Step(st, actions[len(actions)-1]); err != nil || out != Alive {
		return lureNode{}, false
	}
	if !waitUntilResting(ls.sim, st, 16, &actions) {
		return lureNode{}, false
	}
	return lureNode{state: *st, parent: id, actions: actions, g: node.g + len(actions)}, true
}

func (ls *lureSearch) history(id int32) []Action {
	var parts [][]Action
	for ; id >= 0; id = ls.nodes[id].parent {
		parts = append(parts, ls.nodes[id].actions)
	}
	var out []Action
	for i := len(parts) - 1; i >= 0; i-- {
		out = append(out, parts[i]...)
	}
	return out
}
