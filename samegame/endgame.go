package samegame

import "cgbots/internal/clock"

// endgame is an exact search of small positions (few cells left) with a
// transposition table: the beam often ends a hair short of the clear bonus,
// and the last moves of its line are cheap to solve exactly.
type endgame struct {
	memo   map[uint64]endEntry
	budget *clock.Budget
	groups [][]Group // move lists by depth, reused
}

// endEntry is the exact best score from a position and the cell of its first move (noMove at the end).
type endEntry struct {
	value int32
	cell  uint8
}

const noMove = 255

// maxEndgameEntries bounds the table's memory (about 1 GB at its largest)
// in long runs, where a tenth of the budget would otherwise fill it past
// what the machine holds.
const maxEndgameEntries = 1 << 25

// solve returns the best score reachable from b, or false when the budget ran out first.
func (e *endgame) solve(b *Board, depth int) (int32, bool) {
	if v, ok := e.memo[b.hash]; ok {
		return v.value, true
	}
	if e.budget.Done() || len(e.memo) >= maxEndgameEntries {
		return 0, false
	}
	if depth >= len(e.groups) {
		e.groups = append(e.groups, nil)
	}
	gs := b.Groups(e.groups[depth][:0])
	e.groups[depth] = gs
	best, cell := int32(0), uint8(noMove)
	for i := range gs {
		child := *b
		p := int32(child.Apply(&gs[i]))
		v, ok := e.solve(&child, depth+1)
		if !ok {
			return 0, false
		}
		if p+v > best || cell == noMove {
			x, y := gs[i].Cell()
			best, cell = p+v, uint8(x*16+y)
		}
	}
	e.memo[b.hash] = endEntry{value: best, cell: cell}
	return best, true
}

// line follows the table's best moves from b.
func (e *endgame) line(b Board) []Move {
	var moves []Move
	for {
		v, ok := e.memo[b.hash]
		if !ok || v.cell == noMove {
			return moves
		}
		m := Move{X: int(v.cell >> 4), Y: int(v.cell & 15)}
		if _, err := b.Play(m); err != nil {
			return moves
		}
		moves = append(moves, m)
	}
}

// polishEnd solves the tail of plan exactly, from its last positions
// backwards while the budget lasts, and returns the plan with the best tail.
func polishEnd(root Board, plan Plan, budget *clock.Budget) Plan {
	boards := make([]Board, len(plan.Moves)+1)
	prefix := make([]int, len(plan.Moves)+1)
	boards[0] = root
	for i, m := range plan.Moves {
		boards[i+1] = boards[i]
		p, err := boards[i+1].Play(m)
		if err != nil {
			return plan
		}
		prefix[i+1] = prefix[i] + p
	}
	e := &endgame{memo: make(map[uint64]endEntry), budget: budget}
	for k := len(plan.Moves); k >= 0; k-- {
		v, ok := e.solve(&boards[k], 0)
		if !ok {
			break
		}
		if prefix[k]+int(v) <= plan.Score {
			continue
		}
		moves := append(append([]Move(nil), plan.Moves[:k]...), e.line(boards[k])...)
		if s, err := Replay(root, moves); err == nil && s > plan.Score {
			plan = Plan{Moves: moves, Score: s}
		}
	}
	return plan
}
