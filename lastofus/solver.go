package lastofus

import (
	"container/heap"
	"errors"
	"fmt"

	"time"

	"cgbots/internal/clock"
)

// Solution is a verified answer and how it was found.
type Solution struct {
	Actions []Action
	Method  string        // the rung of the ladder that found it
	Nodes   int64         // search nodes expanded over all rungs
	First   time.Duration // from the start of Solve to the first verified answer
}

// probeReach is the longest way out (in steps) worth the first A* probe.
const probeReach = 1000

// portion is num/div of the time left on a timed budget; a node budget is
// shared as it is, so that node-budgeted runs stay deterministic.
func portion(b *clock.Budget, div, num int) *clock.Budget {
	if !b.Timed() {
		return b
	}
	return clock.For(b.Remaining() * time.Duration(num) / time.Duration(div))
}

// ErrNoSolution is returned when no rung of the ladder finds a valid answer.
var ErrNoSolution = errors.New("no valid answer found")

// Solve runs the ladder within budget: the quiet route (never within earshot
// of a clicker); a short greedy A* over exact simulator states (walks, waits
// and brick throws); the lure search over resting states; a greedier A*; and,
// once an answer is known, a near-optimal A* bounded by its length for the
// time left. Every candidate is replayed under every reading before it is
// kept; the shortest verified one is returned.
func Solve(a *Area, budget *clock.Budget) (*Solution, error) {
	start := time.Now()
	dist := a.EllieDistances()
	if dist[a.Ellie] < 0 {
		return nil, fmt.Errorf("%w: the exit cannot be reached from Ellie's cell", ErrNoSolution)
	}
	var best *Solution
	keep := func(actions []Action, method string) {
		if actions == nil || (best != nil && len(best.Actions) <= len(actions)) {
			return
		}
		if CheckAll(a, actions) == nil {
			first := time.Since(start)
			if best != nil {
				first = best.First
			}
			best = &Solution{Actions: actions, Method: method, First: first}
		}
	}
	keep(QuietRoute(a), "quiet route")
	if best != nil && len(best.Actions) == int(dist[a.Ellie]) {
		return best, nil // no route is shorter than the walk ignoring clickers
	}
	var nodes int64
	run := func(weight int, b *clock.Budget, bound int) {
		sr := newSearch(a, dist, weight, bound)
		actions := sr.run(b, budget)
		nodes += sr.expanded
		keep(actions, fmt.Sprintf("A* weight %d.%d", weight/10, weight%10))
	}
	// A short greedy A* first: small puzzles fall to it at once. Over long
	// ways it cannot get far in that time, so the lure search gets it.
	if dist[a.Ellie] <= probeReach {
		run(30, portion(budget, 6, 1), MaxActions)
	}
	if best == nil && !budget.Spent() {
		actions, progress, expanded := runLureSearches(a, dist, portion(budget, 4, 3), budget)
		nodes += expanded
		keep(actions, fmt.Sprintf("lure search %d", progress))
	}
	if best == nil && !budget.Spent() {
		run(80, portion(budget, 2, 1), MaxActions)
	}
	// Then the remaining time goes to a near-optimal search for a shorter answer.
	if best != nil && len(best.Actions) > int(dist[a.Ellie]) && !budget.Spent() {
		run(12, budget, len(best.Actions)-1)
	}
	if best == nil {
		return nil, ErrNoSolution
	}
	best.Nodes = nodes
	return best, nil
}

// EllieDistances is the number of Ellie's steps from each cell to the exit,
// ignoring clickers (-1 when unreachable): the search's heuristic.
func (a *Area) EllieDistances() []int32 {
	dist := make([]int32, len(a.Walkable))
	for i := range dist {
		dist[i] = -1
	}
	dist[a.Exit] = 0
	queue := []int{a.Exit}
	for h := 0; h < len(queue); h++ {
		c := queue[h]
		a.forNeighbours(c, func(n int) {
			if a.Walkable[n] && dist[n] < 0 {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		})
	}
	return dist
}

// QuietRoute is the shortest walk to the exit that never comes within
// earshot (AlertRange) of a clicker, so no clicker ever moves; nil if none.
func QuietRoute(a *Area) []Action {
	loud := make([]bool, len(a.Walkable))
	for _, c := range a.Clickers {
		forWithin(a, c, AlertRange, func(n int) { loud[n] = true })
	}
	w := newWalkSearch(a)
	w.run(a.Ellie, func(n int) bool { return n == a.Exit || !loud[n] })
	if !w.reached(a.Exit) {
		return nil
	}
	return a.walksTo(w.parent, a.Ellie, a.Exit)
}

// walksTo lists the walks from start to cell along a tree of parents.
func (a *Area) walksTo(parent []int32, start, cell int) []Action {
	var cells []int
	for c := cell; c != start; c = int(parent[c]) {
		cells = append(cells, c)
	}
	actions := make([]Action, 0, len(cells))
	prev := start
	for i := len(cells) - 1; i >= 0; i-- {
		actions = append(actions, a.walkBetween(prev, cells[i]))
		prev = cells[i]
	}
	return actions
}

// walkBetween is the walk from cell p to the adjacent cell q.
func (a *Area) walkBetween(p, q int) Action {
	return Walk(q%a.Cols-p%a.Cols, p/a.Cols-q/a.Cols)
}

// searchNode is one state of the A* search; its listed clickers live in
// search.arena[awakeAt : awakeAt+awakeLen].
type searchNode struct {
	parent   int32
	ellie    int32
	g        int32
	awakeAt  int32
	awakeLen int32
	bricks   int16
	act      Action
}

// search is weighted A* over exact simulator states: f = 10*g + weight*h
// with h the walking distance to the exit. States are hashed without their
// bricks; a state is pruned when the same one was reached with as many
// bricks. Only actions valid under every reading are generated: "w 0 0" only
// where no clicker can hear it, and never "b 0 0".
type search struct {
	a        *Area
	dist     []int32
	weight   int
	bound    int // states that cannot escape within bound actions are dropped
	sim      *Sim
	nodes    []searchNode
	arena    []Clicker
	seen     map[uint64]int16
	open     nodeHeap
	state    State
	child    State
	throwAt  []int
	marks    []uint32
	mark     uint32
	expanded int64
}

func newSearch(a *Area, dist []int32, weight, bound int) *search {
	return &search{
		a: a, dist: dist, weight: weight, bound: bound,
		sim:   NewSim(a, Rules{ForbidSelfThrow: true}),
		seen:  make(map[uint64]int16),
		marks: make([]uint32, len(a.Walkable)),
	}
}

// run searches until an escape is found or a budget is spent; both budgets
// are checked so that a sub-budget never outlives the caller's.
func (s *search) run(budget, outer *clock.Budget) []Action {
	s.state = State{Ellie: s.a.Ellie, Bricks: s.a.Bricks}
	s.push(-1, Action{}, &s.state, 0)
	for s.open.Len() > 0 {
		if budget.Done() || outer.Spent() {
			return nil
		}
		s.expanded++
		id := heap.Pop(&s.open).(heapItem).node
		n := s.nodes[id]
		if int(n.g)+int(s.dist[n.ellie]) > s.bound {
			continue
		}
		if found := s.expand(id, n); found != nil {
			return found
		}
	}
	return nil
}

func (s *search) load(n searchNode, into *State) {
	into.Ellie, into.Bricks, into.Escaped = int(n.ellie), int(n.bricks), false
	into.Awake = append(into.Awake[:0], s.arena[n.awakeAt:n.awakeAt+n.awakeLen]...)
}

// expand tries every useful action from node id; it returns the answer when
// one of them escapes.
func (s *search) expand(id int32, n searchNode) []Action {
	a, sim := s.a, s.sim
	s.load(n, &s.state)
	sim.begin(&s.state)
	er, ec := int(n.ellie)/a.Cols, int(n.ellie)%a.Cols
	try := func(act Action) []Action {
		s.load(n, &s.child)
		out, err := sim.Step(&s.child, act)
		if err != nil || out == Killed {
			return nil
		}
		if out == Escaped {
			return s.answer(id, act)
		}
		s.push(id, act, &s.child, n.g+1)
		return nil
	}
	// Walks first: the cells they reach are checked against the current state.
	var walks [9]Action
	nw := 0
	for d := 0; d < 8; d++ {
		t := a.Cell(er+dirRow[d], ec+dirCol[d])
		if t >= 0 && s.dist[t] >= 0 && (t == a.Exit || !sim.occupied(t)) {
			walks[nw] = Walk(dirCol[d], -dirRow[d])
			nw++
		}
	}
	quiet := !sim.clickerWithin(int(n.ellie), AlertRange)
	if quiet {
		walks[nw] = Walk(0, 0)
		nw++
	}
	throws := s.throwTargets(int(n.ellie), n.bricks)
	for _, act := range walks[:nw] {
		if found := try(act); found != nil {
			return found
		}
	}
	for _, t := range throws {
		if found := try(ThrowAt(t%a.Cols-ec, er-t/a.Cols)); found != nil {
			return found
		}
	}
	return nil
}

// throwTargets lists the cells worth a brick: empty cells within throw range
// and within earshot of a clicker that is itself within reach. None when
// Ellie has no brick or a clicker stands next to her (standing still kills).
// Valid after sim.begin for the expanded state.
func (s *search) throwTargets(ellie int, bricks int16) []int {
	a, sim := s.a, s.sim
	s.throwAt = s.throwAt[:0]
	if bricks <= 0 || sim.clickerWithin(ellie, 1) {
		return nil
	}
	s.mark++
	er, ec := ellie/a.Cols, ellie%a.Cols
	reach := ThrowRange + AlertRange
	for r := er - reach; r <= er+reach; r++ {
		for c := ec - reach; c <= ec+reach; c++ {
			cl := a.Cell(r, c)
			if cl < 0 || !sim.occupied(cl) {
				continue
			}
			for tr := r - AlertRange; tr <= r+AlertRange; tr++ {
				for tc := c - AlertRange; tc <= c+AlertRange; tc++ {
					t := a.Cell(tr, tc)
					if t < 0 || t == ellie || s.marks[t] == s.mark || abs(tr-er) > ThrowRange || abs(tc-ec) > ThrowRange {
						continue
					}
					s.marks[t] = s.mark
					if a.Walkable[t] && t != a.Exit && !sim.occupied(t) {
						s.throwAt = append(s.throwAt, t)
					}
				}
			}
		}
	}
	return s.throwAt
}

func (s *search) push(parent int32, act Action, st *State, g int32) {
	key := stateKey(st)
	if b, ok := s.seen[key]; ok && int(b) >= st.Bricks {
		return
	}
	s.seen[key] = int16(st.Bricks)
	id := int32(len(s.nodes))
	s.nodes = append(s.nodes, searchNode{
		parent: parent, ellie: int32(st.Ellie), g: g, bricks: int16(st.Bricks), act: act,
		awakeAt: int32(len(s.arena)), awakeLen: int32(len(st.Awake)),
	})
	s.arena = append(s.arena, st.Awake...)
	f := 10*int64(g) + int64(s.weight)*int64(s.dist[st.Ellie])
	heap.Push(&s.open, heapItem{key: uint64(f)<<32 | uint64(0xffffffff-uint32(g)), node: id})
}

func (s *search) answer(id int32, last Action) []Action {
	actions := []Action{last}
	for ; s.nodes[id].parent >= 0; id = s.nodes[id].parent {
		actions = append(actions, s.nodes[id].act)
	}
	for i, j := 0, len(actions)-1; i < j; i, j = i+1, j-1 {
		actions[i], actions[j] = actions[j], actions[i]
	}
	return actions
}

// stateKey hashes Ellie's cell and the listed clickers, in any order.
func stateKey(st *State) uint64 {
	h := mix(uint64(st.Ellie) + 0x51ed27)
	for _, c := range st.Awake {
		h += mix(uint64(c.ID)<<42 ^ uint64(c.Pos)<<21 ^ uint64(c.Target))
	}
	return h
}

func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

type heapItem struct {
	key  uint64
	node int32
}

type nodeHeap []heapItem

func (h nodeHeap) Len() int            { return len(h) }
func (h nodeHeap) Less(i, j int) bool  { return h[i].key < h[j].key }
func (h nodeHeap) Swap(i, j int)       { h[i], h[j] = h[j], h[i] }
func (h *nodeHeap) Push(x interface{}) { *h = append(*h, x.(heapItem)) }
func (h *nodeHeap) Pop() interface{} {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
