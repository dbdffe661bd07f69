package samegame

import "cgbots/internal/clock"

// endgame is an exact search of small positions (few cells left) with a
// transposition table: the beam often ends a hair short of the clear bonus,
// and the last moves of its line are cheap to solve exactly. It is a
// branch-and-bound search: only a tail that beats the line's own matters, so
// a position whose upper bound cannot beat it is not searched.
type endgame struct {
	memo     map[uint64]endEntry
	capacity int // entries the table may hold
	budget   *clock.Budget
	layers   []endLayer // move lists by depth, reused
}

// endLayer holds the moves of one position of the current path.
type endLayer struct {
	groups []Group
	hopes  []int32 // each move's points plus the upper bound after it
	order  []int32 // moves by hope, highest first
}

// sortByHope orders the moves by hope, highest first (insertion sort: a
// position has a few dozen moves at most; ties keep the move order).
func (l *endLayer) sortByHope() {
	o := l.order
	for i := 1; i < len(o); i++ {
		for j := i; j > 0 && l.hopes[o[j]] > l.hopes[o[j-1]]; j-- {
			o[j], o[j-1] = o[j-1], o[j]
		}
	}
}

// endEntry is what is known of the best score from a position: exactly
// value, with cell its first move (noMove at the end), or at most value.
type endEntry struct {
	value int32
	cell  uint8
	exact bool
}

const noMove = 255

// maxEndgameEntries bounds the table's memory (about 1 GB at its largest)
// in long runs, where a fifth of the budget would otherwise fill it past
// what the machine holds.
const maxEndgameEntries = 1 << 25

// upperBound is at least the best score from b: the cells of a colour score
// at most as one group, and the clear bonus needs every colour to have no
// single cell.
func upperBound(b *Board) int32 { return countsBound(&b.count) }

// countsBound is upperBound from the colour counts alone.
func countsBound(count *[Colors]uint8) int32 {
	bound, clearable := int32(0), true
	for c := 0; c < Colors; c++ {
		n := int(count[c])
		if n == 1 {
			clearable = false
		}
		if n > 2 {
			bound += int32(MovePoints(n))
		}
	}
	if clearable {
		bound += ClearBonus
	}
	return bound
}

// hope is the points of playing g on b plus the upper bound of the position
// it leads to, read from the counts without playing the move.
func hope(b *Board, g *Group) int32 {
	count := b.count
	count[g.Color] -= uint8(g.Size)
	p := int32(g.Points())
	if count == [Colors]uint8{} {
		p += ClearBonus
	}
	return p + countsBound(&count)
}

// search returns the best score reachable from b when it is above alpha
// (exact), or an upper bound of it at most alpha; false when the budget ran
// out first. It tries the moves in order of hope, read from the colour
// counts before a move is played, and stops at the first that cannot beat
// the floor: no later one can, and none of them is played or looked up. On
// the lines of a 2 min run of the 20 standard positions (seed 55), 1M nodes
// each, it went as far back (490 moves in all) in 70 s against 96 s when
// every move was played first; BenchmarkEndgame: 318k against 280k nodes/s.
func (e *endgame) search(b *Board, alpha int32, depth int) (int32, bool) {
	// The bound first: it reads five counts where a table probe is often a
	// cache miss (1M nodes on each of 20 lines: 55 s against 66 s).
	bound := upperBound(b)
	if bound <= alpha {
		return bound, true
	}
	v, known := e.memo[b.hash]
	if known && (v.exact || v.value <= alpha) {
		return v.value, true
	}
	if e.budget.Done() || len(e.memo) >= e.capacity {
		return 0, false
	}
	if depth >= len(e.layers) {
		e.layers = append(e.layers, endLayer{})
	}
	l := &e.layers[depth]
	l.groups = b.Groups(l.groups[:0])
	l.hopes, l.order = l.hopes[:0], l.order[:0]
	for i := range l.groups {
		l.hopes = append(l.hopes, hope(b, &l.groups[i]))
		l.order = append(l.order, int32(i))
	}
	l.sortByHope()
	best, cell := int32(0), uint8(noMove)
	for _, i := range l.order {
		floor := alpha
		if best > floor {
			floor = best
		}
		if l.hopes[i] <= floor {
			// The rest hope for no more: their bounds make the value's bound.
			if l.hopes[i] > best {
				best = l.hopes[i]
			}
			break
		}
		child := *b
		p := int32(child.Apply(&l.groups[i]))
		v, ok := e.search(&child, floor-p, depth+1)
		if !ok {
			return 0, false
		}
		if p+v > best || cell == noMove {
			x, y := l.groups[i].Cell()
			best, cell = p+v, uint8(x*16+y)
		}
	}
	// No move left scores 0 exactly; otherwise the value is exact only when
	// it beat alpha (every child that did not was searched for less).
	e.memo[b.hash] = endEntry{value: best, cell: cell, exact: len(l.groups) == 0 || best > alpha}
	return best, true
}

// line follows the table's best moves from b along exact entries.
func (e *endgame) line(b Board) []Move {
	var moves []Move
	for {
		v, ok := e.memo[b.hash]
		if !ok || !v.exact || v.cell == noMove {
			return moves
		}
		m := Move{X: int(v.cell >> 4), Y: int(v.cell & 15)}
		if _, err := b.Play(m); err != nil {
			return moves
		}
		moves = append(moves, m)
	}
}

// newEndgame is an exact search with an empty table.
func newEndgame() *endgame {
	return &endgame{memo: make(map[uint64]endEntry), capacity: maxEndgameEntries}
}

// polish solves the tail of plan exactly, from its last positions
// backwards while the budget lasts, and returns the plan with the best tail.
// Searching only for tails that beat the plan's own (branch and bound) goes
// further back for the same nodes: at 2M nodes, on the 20 standard
// positions' lines of a 20 s run, 445 moves back in all against 356 for the
// plain exact search, and 718 more points (two lines found their clear)
// against 12. Solving the tails of every ticket's line in turn (one table,
// each searched only for what beats the best) scored 20 less on the 20
// standard positions at 40M nodes: no other line's tail beat the best, which
// went less far back.
// It also returns how far back it proved the plan: from the position after
// that many moves, no tail beats the plan's own (0 when solved from the
// root). With 20M nodes, the kept lines of the 20 standard positions were
// proved from move 19 to 30 of 42 to 54 (116 to 153 cells left of 225; 79
// on position 7).
// Its table keeps what it learns: its entries hold whatever line or alpha
// led to them, so a later polish of the same line goes on from where this one
// stopped, and one of a line that shares positions with it starts ahead.
// A full table starts over: it could learn nothing more, a new one can.
func (e *endgame) polish(root Board, plan Plan, budget *clock.Budget) (Plan, int) {
	boards := make([]Board, len(plan.Moves)+1)
	prefix := make([]int, len(plan.Moves)+1)
	boards[0] = root
	for i, m := range plan.Moves {
		boards[i+1] = boards[i]
		p, err := boards[i+1].Play(m)
		if err != nil {
			return plan, len(plan.Moves)
		}
		prefix[i+1] = prefix[i] + p
	}
	if len(e.memo) >= e.capacity {
		e.memo = make(map[uint64]endEntry)
	}
	e.budget = budget
	proven := len(plan.Moves)
	for k := len(plan.Moves); k >= 0; k-- {
		v, ok := e.search(&boards[k], int32(plan.Score-prefix[k]), 0)
		if !ok {
			break
		}
		// A better tail found here is exact, so the positions along it
		// after move k are proved too.
		proven = k
		if prefix[k]+int(v) <= plan.Score {
			continue
		}
		moves := append(append([]Move(nil), plan.Moves[:k]...), e.line(boards[k])...)
		if s, err := Replay(root, moves); err == nil && s > plan.Score {
			plan = Plan{Moves: moves, Score: s}
		}
	}
	return plan, proven
}
