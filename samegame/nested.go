package samegame

import (
	"time"

	"cgbots/internal/clock"
)

// walk improves line by a nested search along it: at every step it runs a
// beam of the given width (tabu colour fixed) from each child of the
// current position, keeps any complete line that beats the best so far, and
// then steps along the best line. A beam's lines share most of their
// moves; the walk tries every alternative at every depth of the best one.
// It stops early, between steps, when budget is spent.
func walk(b Board, line Plan, tabu, width int, budget *clock.Budget, opt Options) Plan {
	best := line
	lanes := opt.Threads
	beams := make([]*beam, lanes)
	for i := range beams {
		o := opt
		o.Threads = 1
		beams[i] = newBeam(b, o)
	}
	pos, prefix := b, 0
	var groups []Group
	for step := 0; step < len(best.Moves) && !budget.Spent(); step++ {
		groups = pos.Groups(groups[:0])
		results := make([]Plan, len(groups))
		parts := make([]*clock.Budget, len(groups))
		for i := range parts {
			// Each child has its own budget, fixed before the step, so that
			// the walk does not depend on the thread count.
			parts[i] = clock.Nodes(budget.NodesLeft() / int64(len(groups)))
			if budget.Timed() {
				parts[i] = clock.For(budget.Remaining())
			}
		}
		floor, salt := best.Score, uint64(step)<<8
		inLanes(lanes, len(groups), func(lane, i int) {
			child := pos
			points := child.Apply(&groups[i])
			if prefix+points+int(upperBound(&child)) <= floor {
				return // cannot beat the line the step started from
			}
			s := beams[lane]
			s.root, s.tabu = child, tabu
			p, _, _ := s.run(width, parts[i], salt|uint64(i))
			x, y := groups[i].Cell()
			results[i] = Plan{Moves: append([]Move{{x, y}}, p.Moves...), Score: points + p.Score}
		})
		for i := range results {
			charge(budget, parts[i])
			if prefix+results[i].Score > best.Score {
				best = Plan{Moves: append(append([]Move(nil), best.Moves[:step]...), results[i].Moves...), Score: prefix + results[i].Score}
				if opt.Log != nil {
					opt.Log(Progress{Width: width, Walk: true, Nodes: budget.Count(), Best: best})
				}
			}
		}
		g, _ := pos.GroupAt(best.Moves[step].X, best.Moves[step].Y)
		prefix += pos.Apply(&g)
	}
	return best
}

// walks spends budget on walks along the best line, each wider than the
// last: the first is narrow so that a small budget still completes one, and
// the next is fitted to what is left. One line gets them all: sharing 60M
// nodes of walks between the three best distinct lines of 100M nodes of
// tickets (2 threads, 30 random boards, RandomBoard(9400+i)) scored 102,212
// against 103,860 for the best line alone, whose wider walks found the big
// gains (up to 789 on one board) that the narrower ones missed.
func walks(b Board, line Plan, budget *clock.Budget, opt Options) Plan {
	opt = withDefaults(opt)
	if len(line.Moves) == 0 {
		return line
	}
	tabu := lineTabu(b, line, opt)
	maxWidth := opt.MaxWidth / opt.Threads // the lanes' beams share the memory
	for width := firstWalkWidth; !budget.Spent(); {
		startCount, startTime := budget.Count(), time.Now()
		line = walk(b, line, tabu, width, budget, opt)
		if opt.Log != nil {
			opt.Log(Progress{Width: width, Walk: true, Nodes: budget.Count(), Best: line})
		}
		used := float64(budget.Count() - startCount)
		left := float64(budget.NodesLeft())
		if budget.Timed() {
			used = time.Since(startTime).Seconds()
			left = budget.Remaining().Seconds()
		}
		next := nextWalkWidth(width, used, left)
		if next > maxWidth {
			next = maxWidth
		}
		if next <= width {
			break // a walk no wider than the last would mostly repeat its beams
		}
		width = next
	}
	return line
}

// nextWalkWidth is the width of the walk after one of the given width: four
// times wider while what is left pays for that walk and a wider one after
// it, else the one walk that what is left pays for. Widening fourfold until
// the rest no longer paid for it (as the beams do) left the walks' unspent
// budget to the exact endgame, on one thread: with -improve, 3 min on 2
// threads, walks of width 16 to 1024 took 83 s of standard position 6 and
// the endgame the other 97 s.
func nextWalkWidth(width int, used, left float64) int {
	grown, fit := width*4, fittedWidth(width, used, left, walkFit)
	if fit >= 2*grown {
		return grown
	}
	return fit
}

// walkFit is the part of what is left that a fitted walk is sized to
// spend: nearly all of it, since a walk cut short loses only its last steps,
// the cheapest (on standard position 12's line, steps 24 to 46 of 47 cost
// 4 % of a walk). Sized like the beams (85 %), the last walks of eight 7-8
// minute -improve runs on 2 threads (standard positions) spent 82 to 93 %
// of what was left, their cost proportional to their width (position 13:
// 87 ms a unit of width at 1,024, 84 at 2,745), and left 50 to 90 s to the
// endgame, on one thread.
const walkFit = 0.95

// firstWalkWidth is the width of the first walk's beams.
const firstWalkWidth = 16

// lineTabu is the tabu colour of the searches along line: the caller's
// choice, even where the line took another colour, else the colour of the
// line's biggest group.
func lineTabu(b Board, line Plan, opt Options) int {
	if opt.Tabu > 0 {
		return opt.Tabu - 1
	}
	return biggestMoveColor(b, line.Moves)
}

// biggestMoveColor is the colour of the biggest group that moves remove from b.
func biggestMoveColor(b Board, moves []Move) int {
	color, size := 0, 0
	for _, m := range moves {
		g, err := b.GroupAt(m.X, m.Y)
		if err != nil {
			break
		}
		if int(g.Size) > size {
			color, size = int(g.Color), int(g.Size)
		}
		b.Apply(&g)
	}
	return color
}
