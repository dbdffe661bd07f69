package samegame

import (
	"math"
	"sync"
	"time"

	"cgbots/internal/clock"
	"cgbots/internal/rng"
)

// A search's score on a board is chaotic: changing one evaluation weight by a
// third moves it by 15 % either way, while four times the budget gains about
// 8 % (30 random boards, 8M against 32M nodes: mean 2870 against 3111). A
// large budget therefore buys more as several independent searches
// ("tickets"), each with its own variation of the weights, than as one: the
// best of them is kept. Their number grows with the square root of the budget
// so that each ticket's beams widen too. The 20 standard positions at 2 min on
// 2 threads: total 75,358 with tickets against 72,608 without; at 64M nodes
// (1M-node tickets) 30 random boards gave 3222 against 3221: the gain comes
// where a single search saturates. Near the rule, the split matters little:
// at 128M nodes, 16 tickets of 8M against 4 of 32M scored 3480 against 3474
// (18 boards, RandomBoard(9300+i); the rule gives 5 tickets).

// ticketNodes is the budget, in nodes, of one ticket when the budget holds
// ticketNodes*k*k nodes: k tickets.
const ticketNodes = 4000000

// estimatedNodesPerSecond converts a time budget into nodes for choosing the
// number of tickets: one thread of this project's reference machine on the
// standard positions, wide beams included (standard positions 5 and 12 at
// 40M nodes: 3.1M and 3.6M nodes a second in their beams).
const estimatedNodesPerSecond = 3000000

// maxTickets bounds the tickets of very long runs (four hours on 2 threads,
// whose tickets get 15 %, is about 57 by the square root rule), whose beams
// must still reach the width cap.
const maxTickets = 64

// ticketCount is how many tickets budget pays for.
func ticketCount(budget *clock.Budget, threads int) int {
	k := int(math.Sqrt(estimatedNodes(budget, threads) / ticketNodes))
	if k < 1 {
		k = 1
	}
	if k > maxTickets {
		k = maxTickets
	}
	return k
}

// estimatedNodes is the nodes budget holds, converting time at
// estimatedNodesPerSecond a thread.
func estimatedNodes(budget *clock.Budget, threads int) float64 {
	if budget.Timed() {
		return budget.Remaining().Seconds() * estimatedNodesPerSecond * float64(threads)
	}
	return float64(budget.NodesLeft())
}

// solveTickets shares budget between ticketCount independent searches and
// returns the best plan. With several threads, tickets run side by side on
// one thread each (no per-layer synchronisation). Each ticket has its own
// node budget, fixed in advance, so the result does not depend on threads.
// Tickets explore from the root: restarting the second half of them along
// the best line found so far (at 10-60 % of its length, its tabu colour
// kept) did no better than independent tickets (16 tickets of 8M nodes, 10
// random boards, RandomBoard(9300+i): 16 ± 25 less a board).
func solveTickets(b Board, budget *clock.Budget, opt Options) Plan {
	opt = withDefaults(opt)
	k := ticketCount(budget, opt.Threads)
	if k <= 1 {
		return solveBeams(b, budget, opt)
	}
	lanes := opt.Threads
	if lanes > k {
		lanes = k
	}
	perTicket := budget.NodesLeft() / int64(k)
	results := make([]Plan, k)
	parts := make([]*clock.Budget, k)
	var mu sync.Mutex // guards progress and opt.Log
	progress := opt.Start
	inLanes(lanes, k, func(_, t int) {
		part := clock.Nodes(perTicket)
		if budget.Timed() {
			left := (k - t + lanes - 1) / lanes // this lane's tickets still to run, t included
			part = clock.For(time.Duration(float64(budget.Remaining()) / float64(left)))
		}
		sub := opt
		sub.Threads = 1
		sub.MaxWidth = opt.MaxWidth / lanes // the lanes' beams share the memory
		sub.Seed = opt.Seed + uint64(t)*0x9e3779b97f4a7c15
		sub.Eval = variedEval(opt.Eval, opt.Seed, t)
		if t > 0 {
			sub.Start = Plan{} // only the first ticket follows the known line: the others explore
		}
		if opt.Log != nil {
			sub.Log = func(p Progress) {
				mu.Lock()
				defer mu.Unlock()
				progress = better(progress, p.Best)
				opt.Log(Progress{Width: p.Width, Nodes: p.Nodes, Best: progress})
			}
		}
		results[t], parts[t] = solveBeams(b, part, sub), part
	})
	best := opt.Start
	for t := range results {
		best = better(best, results[t]) // in ticket order: ties do not depend on threads
		charge(budget, parts[t])
	}
	return best
}

// variedEval is the evaluation of ticket t: e itself for the first, else
// each weight that shapes the plan scaled by a random factor between 0.6 and
// 1.65, and Others (the big-group hope of the non-tabu colours) on or off.
// Single changes did not lower the mean score much on 30 random boards,
// RandomBoard(9000+i), at 8M nodes (2710 to 2951 against 2870), but each
// moved single boards a lot.
// A fixed list of one-weight changes for the tickets after the first (in the
// order that made the best of the first k highest on RandomBoard(9000+i))
// did better than these random variations on 30 other boards,
// RandomBoard(9100+i), at 8M nodes a ticket (best of 3: 3146 against 3044).
// But the whole search at 60M nodes gained only 54 ± 42 a board on those
// other boards and lost 31 ± 62 a position on the 20 standard positions
// (total 69,502 against 70,114): not adopted.
func variedEval(e Eval, seed uint64, t int) Eval {
	if t == 0 {
		return e
	}
	r := rng.New(seed ^ uint64(t)*0xbf58476d1ce4e5b9)
	scale := func(w int64) int64 {
		return int64(math.Round(float64(w) * math.Exp(r.Float64()-0.5)))
	}
	e.TabuCount = scale(e.TabuCount)
	e.Parts = scale(e.Parts)
	e.TabuParts = scale(e.TabuParts)
	e.Single = scale(e.Single)
	e.ClearHope = scale(e.ClearHope)
	e.Others = int64(r.Intn(2))
	e.TabuLate = scale(e.TabuLate) // drawn last: the other weights stay those of lists without it
	return e
}
