package samegame

import (
	"math"
	"sort"
	"sync"
	"time"

	"cgbots/internal/clock"
	"cgbots/internal/rng"
)

// Options tune Solve. The zero value is usable: one thread, seed 0, default weights.
type Options struct {
	Seed    uint64
	Threads int // goroutines expanding each beam layer (1 when 0)
	Width   int // first beam width; iterative widening quadruples it (default 64)
	// MaxWidth caps the width (memory grows with it, see SlotBytes). A
	// budget left once every beam ran at the cap goes to beams restarted at
	// more depths along the best line. Default 200,000.
	MaxWidth int
	Eval     Eval // evaluation weights (DefaultEval when zero)
	Tabu     int  // 1 + the colour kept for the final group; 0 tries them all
	// Start is a known solution (none when it has no moves): the search
	// returns it unless it finds better, and restarts beams along its line
	// when it beats the first beams.
	Start Plan
	// ImproveStart spends a large budget on improving Start (walks along its
	// line, then the exact endgame) instead of on new searches from the
	// root, which rarely beat a line that long runs have already raised. The
	// walks weigh positions with the seed's own variation of Eval. With
	// Wide too, beams restarted along Start's line take the walks' place:
	// on the kept lines of the 20 standard positions, which walks no longer
	// raised, 12 to 16 minutes a position on one thread (width cap 1M)
	// raised 12 of them, the total from 81,344 to 82,004. Those beams had
	// the tuned weights, and a second run along an unchanged line repeated
	// them (position 15, seeds 803 and 901: node counts within 0.01 %), so
	// they too take the seed's variation now: a new seed is a new search.
	// From greedy lines on RandomBoard(61+i), 10 boards, three runs in a
	// row (3M nodes each, cap 256) raised the line in a later run on 6
	// boards, against 3 with the tuned weights (totals even: 31,065 and
	// 31,033); on the kept lines, 10 or 11 minutes each (cap 1M), they
	// raised 1 of 15 (position 12, 3,537 to 3,551).
	ImproveStart bool
	// Wide spends a large budget on one portfolio whose beams widen up to
	// MaxWidth, then on beams restarted along its best line, instead of on
	// tickets and walks. Tickets were tuned at up to 128M nodes; far past
	// that, width pays more than the best of many narrower searches. Single
	// beams of width 1M (about 6 minutes on one thread, the kept line's tabu
	// colour) came within 0.5 to 6 % of the lines kept from hours of tickets
	// and walks on standard positions 1, 5, 7, 8, 10 and 14; one of width 2M
	// raised position 10 from 3,445 to 3,517 (11 minutes; its restarts then
	// to 3,559), one of width 4M (run alone) position 1 from 2,923 to 2,969.
	Wide bool
	// Openings, when above 0, keeps that many openings alive in every beam:
	// from layer OpeningDepth + 1 on, at most width/Openings nodes of a
	// layer share their ancestor in layer OpeningDepth. A beam otherwise
	// narrows to a handful of openings early: on standard position 16 one
	// of width 20,000 had 12 distinct ancestors in layer 8 left by layer
	// 29, one of width 200,000 had 28 by layer 39, and the second half of
	// a line is all that restarts along it vary. The cap costs little: single
	// beams of width 100,000 on the 20 standard positions (each the tabu
	// colour of its kept line) scored 1 ± 26 a position more with Openings 64
	// and OpeningDepth 8 (10 higher, 9 lower), 35 ± 40 more with 256 and 8.
	// Roots of width 4M with 64 and 8 scored from 80 less to 82 more than
	// without on five positions (README).
	// With Openings, the result depends on the thread count (see keepBest).
	// OpeningDepth must be at least 1: layer 0 is the root alone, and
	// nodes before OpeningDepth have no opening, so 0 caps nothing. Layers
	// count from a beam's own root: a beam restarted part-way along a line
	// keeps alive the openings of the OpeningDepth moves after its start.
	Openings     int
	OpeningDepth int
	Log          func(Progress) // called after every beam
}

// SlotBytes is about the memory a beam on the given number of threads needs
// per unit of width (see MaxWidth), with the garbage collector held to that
// memory (the CLI's -mem) and a margin of about two: a beam of width 256,000
// on standard position 2 peaked at 121 MB live on one thread and 147 MB on
// two (each thread keeps its own candidates), 473 and 574 bytes a slot, with
// its layers' boards packed (215 MB on one thread before, and 319 MB before
// its history was compacted). It was a flat 2,048 before packing. A node
// was 104 bytes then; the opening (see Openings) makes it 112.
func SlotBytes(threads int) int { return 768 + 256*threads }

// Progress reports a search under way.
type Progress struct {
	Width int   // width of the beam that just ended (0 after the exact endgame search)
	Walk  bool  // whether that beam was a walk's (nested.go)
	Nodes int64 // nodes counted so far by the current phase
	Best  Plan  // best solution found so far, from the root
	// ProvenFrom, after the exact endgame search (Width 0), is the number of
	// Best's moves after which no tail beats Best's own.
	ProvenFrom int
}

// Plan is a solution: the moves in CodinGame coordinates and their total score.
type Plan struct {
	Moves []Move
	Score int
}

// Solve searches b for the best move sequence within budget. A large budget
// is shared between independent searches with varied weights (tickets.go).
// Each runs a portfolio of beam searches (every tabu colour, widening, the
// best colours kept) on most of its budget; then the second half of its best
// line is searched again from later starting points, where the same budget
// buys a wider beam. A long run then gives walks along the best line (a
// nested search, nested.go) part of its budget; with ImproveStart, walks
// from Start take the place of the searches. The rest (a fifth, a twentieth
// where walks run) solves the tail of the best line exactly.
// The result is the same for the same seed and node budget, whatever the
// thread count (with Options.Openings, for the same thread count).
func Solve(b Board, budget *clock.Budget, opt Options) Plan {
	if score, err := Replay(b, opt.Start.Moves); err != nil || score != opt.Start.Score {
		opt.Start = Plan{}
	}
	if tooSmallToSplit(budget) {
		return solveBeams(b, budget, opt)
	}
	walkPart, endPart := phaseShares(budget, withDefaults(opt).Threads)
	tails := newEndgame()
	best := opt.Start
	improving := opt.ImproveStart && len(best.Moves) > 0
	if improving {
		opt.Eval = improveEval(opt)
	}
	switch {
	case opt.Wide:
		walkPart, endPart = 0, walkEndgameShare
		part := share(budget, 1-endPart)
		if improving {
			best = improveWide(b, best, part, opt, tails)
		} else {
			best = solveBeams(b, part, opt)
		}
		charge(budget, part)
	case improving:
		walkPart, endPart = 1-walkEndgameShare, walkEndgameShare
	default:
		part := share(budget, 1-endPart-walkPart)
		best = solveTickets(b, part, opt)
		charge(budget, part)
	}
	if walkPart > 0 {
		part := share(budget, walkPart/(walkPart+endPart))
		best = walks(b, best, part, opt)
		charge(budget, part)
	}
	best, proven := tails.polish(b, best, budget)
	if opt.Log != nil {
		opt.Log(Progress{Nodes: budget.Count(), Best: best, ProvenFrom: proven})
	}
	return best
}

// improveWide spends budget on beams restarted along best's line, only
// before the move from which the exact endgame search proves that no tail
// beats the line's own: restarts from later on cannot raise it. The kept
// lines of long runs are proved from about the middle of the game (see
// endgame.polish), and their restarts used to begin from 3/4 and 1/2 of the
// line: 8M restarts along position 18's kept line (seed 1120, 35 minutes)
// spent half their time after the move the line was proved from, and its
// gain, 5,387 to 5,401, came from a restart at move 21 of 49, before it.
// The first such run (position 5, 45 minutes, proved after move 25 of 48)
// raised 3,959 to 4,029 with its restart from move 3, a depth the former
// restarts came to seventh, if at all (seed 1120's seventh was cut short).
// The proof's table stays in tails, for Solve's last exact search: on an
// unchanged line that search goes on back from the proved move, where with
// a new table it proved the same moves again (position 7's line, seed 1126:
// 71 s of 1,500, proved after the same move, 28). The table holds up to
// maxEndgameEntries during the restarts.
func improveWide(b Board, best Plan, budget *clock.Budget, opt Options, tails *endgame) Plan {
	proof := share(budget, walkEndgameShare)
	best, proven := tails.polish(b, best, proof)
	charge(budget, proof)
	if opt.Log != nil {
		opt.Log(Progress{Nodes: proof.Count(), Best: best, ProvenFrom: proven})
	}
	return restarts(b, best, lineTabu(b, best, opt), budget, withDefaults(opt), restartShift(opt.Seed), proven)
}

// improveEval is the evaluation of the walks (with Wide, the restarts) that
// improve opt.Start: the seed's own variation of the weights, as its second
// ticket's. With the same weights every run repeated the same beams but for
// tie-breaking noise.
// Standard positions 13 and 12 did not move in 7 minutes on 2 threads with
// the tuned weights (walks up to width 2,745 and 7,552); with hand-varied
// ones (TabuCount 22, Others 1, Parts 1300, TabuParts 1100, Single 3000,
// ClearHope 5500) 13 rose from 3167 to 3323 (in a walk of width 1,024) and
// 12 from 3439 to 3487. Positions 1 and 17 moved with neither.
// Walks of a run's own line keep the tuned weights: with this variation,
// 130M nodes of walks after 30M of tickets (2 threads, 30 random boards,
// RandomBoard(9400+i)) scored 102,497 against 106,346 (17 boards lower, 5
// higher).
func improveEval(opt Options) Eval {
	return variedEval(withDefaults(opt).Eval, opt.Seed, 1)
}

// tooSmallToSplit reports whether budget is too small to share between
// search phases (a 50 ms turn): it then goes to one portfolio.
func tooSmallToSplit(budget *clock.Budget) bool {
	return budget.Timed() && budget.Remaining() < time.Second || !budget.Timed() && budget.NodesLeft() < 200000
}

// endgameShare is the part of a large budget kept for solving the end of the best line exactly.
// On the lines of a 40M-node run on the 20 standard positions (36M nodes of
// beams either way), 9M nodes of endgame rather than 4M raised the total by
// 649 (two lines found their clear); at 20 s on 1 thread, the same seed, a
// fifth rather than a tenth scored 70,934 against 70,695 (run side by side).
// The 2 min runs on 2 threads, seed 1, did not move: 76,098 against 76,140.
// A lost clear starts earlier than the exact search reaches: on
// RandomBoard(9100+i) at 60M nodes 5 boards in 30 end with cells left; in
// those looked at, the biggest group was taken while 31 to 42 other cells
// remained. Giving 70 % of this share to beams restarted before that move,
// its colour forbidden while other moves exist, raised no score on the 20
// standard positions at 60M nodes (two fell, by 52 and 20, for the smaller
// exact share). Forbidding the tabu colour that way in every beam lowered
// the mean on RandomBoard(9000+i), 30 boards at 8M nodes: 2735 against
// 2870, with 12 boards uncleared against 6. One more ticket in half or 90 %
// of this share, run only when the best line ends uncleared, raised 1 of 7
// such cases (RandomBoard(9109) by 24 and 51; the others, standard positions
// 1 and 20 included, kept their score).
const endgameShare = 0.2

// walkEndgameShare replaces endgameShare where walks run (a long budget,
// or ImproveStart): the walks' last steps search the tails of their lines
// too, while the exact search leaves all threads but one idle. In the runs
// of 3 to 11 minutes on 2 threads behind the kept solutions, the exact
// endgame raised 5 lines of 104 by 92 in all, and in each of two 2 min
// runs on the 20 standard positions 1 line by 6; in 34 runs of 3 minutes
// from the root the walks raised 11 lines by 1,358. Giving walks the
// difference at 2 min on 2 threads (seed 29) scored 76,678 against 76,706
// (11 positions within 2 points, the other 9 from -142 to +166): even; and
// long runs no longer leave a thread idle for a fifth of their time.
const walkEndgameShare = 0.05

// phaseShares is the part of budget for walks along the best line
// (nested.go) and the part for the exact endgame: walkShare and
// walkEndgameShare of a budget of at least minWalkNodes (estimated), no
// walks and endgameShare of a smaller one. Tickets get the rest.
func phaseShares(budget *clock.Budget, threads int) (walkPart, endPart float64) {
	if estimatedNodes(budget, threads) < minWalkNodes {
		return 0, endgameShare
	}
	return walkShare, walkEndgameShare
}

// Walks gain where the tickets have saturated. From the best lines of many
// long runs (77,486 on the 20 standard positions, which further rounds of
// tickets no longer raised), one walk at width 1500 (about 2.8 minutes a
// position on one thread) reached 78,234. At 2 min on 2 threads, seed 1,
// the total rose to 76,394 (76,098 and 76,140 without walks); the walks
// themselves added 1,160 to the tickets' lines. At 20 s on 1 thread they
// cost more than they gave: on the first 9 positions 950 less than without
// them, the tickets' half budget having lost position 5's clear.
// Past that threshold walks pay more than tickets: 160M nodes on 2 threads
// (30 random boards, RandomBoard(9400+i), no endgame) scored 103,860 with
// 100M of tickets, 103,825 with 60M, 106,346 with 30M and 104,566 with 10M
// (one ticket), the rest walks; the best line of fewer tickets is lower,
// but a wider walk lifts it more (up to 904 on one board), as long as
// there are a few tickets. So tickets get 15 %: with walks at 65 % and
// the endgame at 20 %, the 20 standard positions at 2 min on 2 threads,
// seed 29, scored 76,706 against 76,074 with walks at 30 % (9 positions
// higher, 4 lower). Walks then took the endgame's 15 % (walkEndgameShare).
// A long budget stays one round of tickets and walks: two independent
// rounds of 80M nodes each (the same split, seeds 1 and 1000004), the
// better line kept, scored 104,252 against 106,346 on those boards (-70 ±
// 45 a board; 7 higher, 15 lower).
const walkShare = 0.8

// minWalkNodes is the smallest budget, in estimated nodes, given walks:
// between 20 s on 1 thread (60M) and 2 min on 2 threads (720M).
const minWalkNodes = 300000000

// withDefaults fills the options left at zero.
func withDefaults(opt Options) Options {
	if opt.Threads < 1 {
		opt.Threads = 1
	}
	if opt.Width < 1 {
		opt.Width = 64
	}
	if opt.MaxWidth < 1 {
		opt.MaxWidth = 200000
	}
	if opt.Eval == (Eval{}) {
		opt.Eval = DefaultEval
	}
	return opt
}

// solveBeams is Solve without the exact endgame and without tickets: a
// portfolio, then beams restarted along the best line.
func solveBeams(b Board, budget *clock.Budget, opt Options) Plan {
	opt = withDefaults(opt)
	if !b.HasMove() {
		return opt.Start
	}
	colors := tabuCandidates(&b)
	if opt.Tabu > 0 {
		colors = []int{opt.Tabu - 1}
	}
	if tooSmallToSplit(budget) {
		best, _ := portfolio(b, budget, opt, colors)
		return better(best, opt.Start)
	}
	part := share(budget, beamShare(opt, 0.6))
	best, tabu := portfolio(b, part, opt, colors)
	charge(budget, part)
	line := better(best, opt.Start)
	return restarts(b, line, tabu, budget, opt, 0, len(line.Moves))
}

// restarts spends budget on portfolios of one tabu colour restarted from
// positions along the best line's first limit moves, best to begin with,
// and returns the best line. A restart from further along the line buys a
// wider beam for the same budget. shift moves every restart depth by that
// part of the limit.
func restarts(b Board, best Plan, tabu int, budget *clock.Budget, opt Options, shift float64, limit int) Plan {
	restarted := uint64(0)
	tried := make(map[uint64]bool) // roots already searched from
	for parts := 4; parts <= 2*limit; parts *= 2 {
		fracs := restartFractions(parts)
		for i, k := range fracs {
			if budget.Spent() || len(best.Moves) < 8 {
				return best
			}
			depth := restartDepth(k, parts, limit, shift)
			if depth < 1 || depth >= limit || depth >= len(best.Moves) {
				continue
			}
			root := b
			for _, m := range best.Moves[:depth] {
				root.Play(m)
			}
			if tried[root.Hash()] {
				continue
			}
			tried[root.Hash()] = true
			part := share(budget, beamShare(opt, 1/float64(len(fracs)-i)))
			restarted++
			sub := opt
			sub.Seed += restarted
			sub.Start = Plan{}
			if opt.Log != nil {
				line, d := best, depth
				sub.Log = func(p Progress) {
					opt.Log(Progress{Width: p.Width, Nodes: p.Nodes, Best: better(line, joined(b, line.Moves[:d], p.Best))})
				}
			}
			p, _ := portfolio(root, part, sub, []int{tabu})
			charge(budget, part)
			best = better(best, joined(b, best.Moves[:depth], p))
		}
	}
	return best
}

// beamShare is the part of the budget left for the next portfolio, the root
// or a restart: part, so that widening portfolios fit their beams to it (the
// root 60 %, each restart an even share of its round), but all of it for a
// beam of fixed width (Width = MaxWidth), which cannot narrow to fit and
// keeps only a greedy finish when cut: it takes what it needs and leaves the
// rest to the next. With even shares, the three 8M restarts of a 20-minute
// run along standard position 17's line were all cut after 364 s (complete
// ones took 400 to 880 s); with all of it, 35-minute runs along positions 16
// to 19 ran 11 of their first 12 restarts to the end. With 60 % (of the 95 %
// before the last exact search), a 64K root on position 8 (tabu 1, seed 5,
// 80M nodes) was cut at 45.6M of its 54.3M nodes and scored 3,195, against
// 4,169 run to its end.
func beamShare(opt Options, part float64) float64 {
	if opt.Width >= opt.MaxWidth {
		return 1
	}
	return part
}

// restartFractions are where beams restart along the best line, in parts of
// its length: 3/4, 1/2 and 1/4 first; budget still left then (beams capped
// by MaxWidth, or portfolios that stopped rather than run a narrower beam)
// goes to the odd eighths, the odd sixteenths and so on.
func restartFractions(parts int) []int {
	var ks []int
	for k := parts - 1; k > 0; k-- {
		if parts == 4 || k%2 == 1 {
			ks = append(ks, k)
		}
	}
	return ks
}

// restartDepth is the number of moves of a line of n moves played before a
// restart at k/parts of it, moved by shift (a part of the line).
func restartDepth(k, parts, n int, shift float64) int {
	return int((float64(k)/float64(parts) + shift) * float64(n))
}

// restartShift is the shift of the restart depths of an improving run (see
// restarts): up to an eighth of the line either way, drawn from seed. Runs
// along an unchanged kept line otherwise restart at the same depths every
// time (3/4, 1/2, 1/4 of the line first), where earlier runs found nothing.
// Small runs do not tell the two apart: six rounds of 2M nodes (cap 256, a
// new seed each) from the lines of 2M-node wide searches on 40 random
// boards, RandomBoard(7000+i), ended at 130,429 with the shift and 130,549
// without (14 boards higher, 11 lower).
func restartShift(seed uint64) float64 {
	return (rng.New(seed^0x5bd1e995).Float64() - 0.5) / 4
}

// joined is the plan that plays prefix from b, then tail.
func joined(b Board, prefix []Move, tail Plan) Plan {
	moves := append(append([]Move(nil), prefix...), tail.Moves...)
	score, _ := Replay(b, prefix)
	return Plan{Moves: moves, Score: score + tail.Score}
}

// better returns the higher-scoring plan, a when they tie.
func better(a, b Plan) Plan {
	if b.Score > a.Score {
		return b
	}
	return a
}

// share returns a budget of fraction f of what is left of b.
func share(b *clock.Budget, f float64) *clock.Budget {
	if b.Timed() {
		return clock.For(time.Duration(float64(b.Remaining()) * f))
	}
	n := int64(float64(b.NodesLeft()) * f)
	if n < 1 {
		n = 1
	}
	return clock.Nodes(n)
}

// charge counts the nodes spent by part against b.
func charge(b, part *clock.Budget) {
	for i := int64(0); i < part.Count(); i++ {
		b.Done()
	}
}

// inLanes runs job(lane, i) for i from 0 to n-1 on lanes goroutines, job i
// on lane i mod lanes, and returns when every job is done.
func inLanes(lanes, n int, job func(lane, i int)) {
	var wg sync.WaitGroup
	for lane := 0; lane < lanes; lane++ {
		wg.Add(1)
		go func(lane int) {
			defer wg.Done()
			for i := lane; i < n; i += lanes {
				job(lane, i)
			}
		}(lane)
	}
	wg.Wait()
}

// portfolio runs beams of growing width for each tabu colour of colors,
// keeping the colours that do best, and returns the best plan and its colour.
func portfolio(b Board, budget *clock.Budget, opt Options, colors []int) (Plan, int) {
	s := newBeam(b, opt)
	best, bestTabu := s.greedy(b, 0), colors[0]
	results := make([]int, Colors)
	width := opt.Width
	total := budget.Count() + budget.NodesLeft()
	run := uint64(0)
	frequent := colors[0] // tabuCandidates puts the most frequent first
	for round := 0; !budget.Spent(); round++ {
		startCount, startTime := budget.Count(), time.Now()
		complete, exhaustive := true, true
		for _, c := range colors {
			s.tabu = c
			p, ok, all := s.run(width, budget, run)
			run++
			if p.Score > best.Score {
				best, bestTabu = p, c
			}
			if p.Score > results[c] {
				results[c] = p.Score
			}
			complete, exhaustive = complete && ok, exhaustive && all
			if opt.Log != nil {
				opt.Log(Progress{Width: width, Nodes: budget.Count(), Best: best})
			}
			if !ok {
				break
			}
		}
		if !complete || exhaustive || width >= opt.MaxWidth {
			break // at the cap, another beam would find the same lines
		}
		used := float64(budget.Count()-startCount) / float64(len(colors))
		left := float64(total - budget.Count())
		if budget.Timed() {
			used = time.Since(startTime).Seconds() / float64(len(colors))
			left = budget.Remaining().Seconds()
		}
		colors = colorsToKeep(colors, results, frequent)
		next := nextWidth(width, used*float64(len(colors)), left)
		if next < width {
			break // a narrower beam rarely beats a wider one: the caller has better uses for the rest
		}
		width = next
		if width > opt.MaxWidth {
			width = opt.MaxWidth
		}
	}
	return best, bestTabu
}

// keptColors is how many tabu colours stay in the portfolio after its first
// round. Which colour is best is often decided only at wide beams: keeping
// two rather than one scored more on two sets of 40 random boards at 4M
// nodes: mean 2604 against 2533 (+2.8%) and 2622 against 2604 (+0.7%);
// keeping three scored 2546 on the first set.
const keptColors = 2

// tabuCandidates lists the colours present on b, most frequent first.
func tabuCandidates(b *Board) []int {
	var cs []int
	for c := 0; c < Colors; c++ {
		if b.ColorCount(c) > 0 {
			cs = append(cs, c)
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return b.ColorCount(cs[i]) > b.ColorCount(cs[j]) })
	return cs
}

// colorsToKeep chooses the tabu colours of cs for the portfolio's next round:
// the keptColors best by results, the last of them replaced by the most
// frequent colour when the results dropped it. The most frequent colour often
// does badly in narrow beams and best in wide ones (standard position 2, width
// 262,144: 3365 with it, at most 3131 with any other). Random boards, seed 1:
// mean 2872 against 2854 without the replacement (40 boards, 8M nodes), 2998
// against 2940 (30 boards, 16M nodes).
func colorsToKeep(cs []int, results []int, frequent int) []int {
	out := append([]int(nil), cs...)
	sort.SliceStable(out, func(i, j int) bool { return results[out[i]] > results[out[j]] })
	if len(out) <= keptColors {
		return out
	}
	out = out[:keptColors]
	for _, c := range out {
		if c == frequent {
			return out
		}
	}
	out[keptColors-1] = frequent
	return out
}

// nextWidth grows the width fourfold while the budget allows, then fits the
// last run to what is left.
func nextWidth(width int, used, left float64) int {
	next := width * 4
	if fit := fittedWidth(width, used, left, beamFit); fit < next {
		next = fit
	}
	return next
}

// beamFit is the part of what is left that a fitted beam is sized to spend:
// a beam cut short keeps only a greedy finish of its best nodes.
const beamFit = 0.85

// fittedWidth is the width of a run that spends the part fit of what is
// left, after one of the given width used what it did (a beam's cost is
// about proportional to its width); at least 1, and unbounded
// (math.MaxInt32) when nothing was used.
func fittedWidth(width int, used, left, fit float64) int {
	if used <= 0 {
		return math.MaxInt32
	}
	w := float64(width) * left / used * fit
	if w > math.MaxInt32 {
		return math.MaxInt32
	}
	if w < 1 {
		return 1
	}
	return int(w)
}

// Eval weighs what a position promises on top of its score (integers, so that
// the search is exactly reproducible).
type Eval struct {
	Score      int64 // weight of the score so far
	Groups     int64 // weight of the sum of (size-2)^2 over the current groups of the non-tabu colours
	TabuGroups int64 // same for the groups of the tabu colour
	TabuCount  int64 // weight of (n-2)^2 for the n cells of the tabu colour, kept for one big final group
	Others     int64 // weight of (n-2)^2 for the n cells of each other colour
	Adjacent   int64 // weight of same-colour neighbour pairs
	Parts      int64 // penalty per part (group, or lone cell) of a non-tabu colour
	TabuParts  int64 // the same for the tabu colour
	Lonely     int64 // penalty per cell of a non-tabu colour with no neighbour of its colour
	TabuLate   int64 // penalty per tabu part beyond one, times the share of the board's cells removed
	TabuBreak  int64 // penalty for removing the tabu colour while other colours remain
	Single     int64 // penalty per colour left with exactly one cell (the board can no longer be cleared)
	ClearHope  int64 // bonus while no colour has exactly one cell (the clear bonus is still possible)
	Noise      int64 // random tie-breaking range (differs between runs)
}

// DefaultEval are the tuned weights. TabuParts 400 had the best mean of the
// one-weight changes on 30 random boards, RandomBoard(9000+i), at 8M nodes
// (2951 against 2870) but not on 30 others, RandomBoard(9100+i) (2828
// against 2912), so it stays 800.
//
// At 4M nodes 37 of 100 random boards, RandomBoard(9200+i), end with cells
// left. Every line, cleared or not, takes its biggest group with 17 to 112
// other cells left (about 40 typically): the loss is in clearing that rest.
// Three clearability terms did not raise the mean beyond noise there
// (baseline 2716): a penalty per extra group of a colour with at most 4
// cells (+43 ± 38,
// 34 uncleared; at most 8 cells: -152 ± 46); Parts counted on the board
// with the tabu colour removed (-35 ± 49, 30 uncleared; twice as heavy:
// -181 ± 50, 27 uncleared); a penalty per cell left (12.5 points a cell:
// +15 ± 41, 31 uncleared; 50 points: -453 ± 56 with only 14 uncleared).
// Clearing more boards cost more in big groups given up than the bonuses won.
// Keeping the tabu colour whole (TabuBreak 100000: a tabu group goes only
// when nothing else is left) at 2 min on 2 threads scored 41,590 on 12
// standard positions (1-10, 12, 14; seed 57) against 41,676 and 41,406 for
// two plain runs (seeds 55, 56): no better, though it raised position 9.
//
// TabuLate 6400 (a separate tabu part costs 200 points once half the
// cells are gone, 400 at the end, against 50 for TabuParts) at 16M nodes on
// 1 thread, seed 1, against 0: +128 ± 91 a board on RandomBoard(9540+i)
// (40 boards), +81 ± 99 on the 20 standard positions (69,279 against
// 67,650); on RandomBoard(9500+i) +111 ± 77 with the weight unvaried
// between tickets (3200: +81 ± 84; 12800, varied: -18 ± 82 on 36 boards).
// The lines clear more boards: cells left, mean of that set, 0.45 against
// 1.82.
//
// Parts were first estimated as cells minus neighbour pairs, which counts a
// compact blob as fewer than one part (a 3x3 block: -3), a bonus for shape
// rather than for joining. Counting them exactly (plus 2x2 blocks, the
// weights unchanged), at 16M nodes on 1 thread, seed 1: +196 ± 53 a board
// on RandomBoard(9540+i) (40 boards; 26 higher, 13 lower), +33 ± 40 on
// RandomBoard(9500+i), +106 ± 95 on the 20 standard positions (71,402
// against 69,279); at 20 s on 1 thread, run side by side, 71,706 against
// 71,866 (-8 ± 93 a position). Retuned for the exact counts, one weight
// at a time, on RandomBoard(9540+i) at 16M nodes, against these weights
// (136,366): Parts 1200 +27 ± 50, Parts 2400 -106 ± 54, TabuParts 400
// -5 ± 37, TabuParts 1600 -158 ± 67; none beats them beyond noise.
//
// A penalty per cell standing between tabu cells (in a column, between its
// lowest and highest tabu cell; all cells of tabu-free columns between
// columns with tabu cells, which must all go before the final group can
// form) lowered the mean at 4M nodes on 1 thread, seed 1, on
// RandomBoard(9540+i) (40 boards, 3,195 a board without it): 25 a cell
// -108 ± 68, 100 -34 ± 66, 400 -151 ± 77; scaled by the share of cells
// removed, as TabuLate, 100 -25 ± 58, 400 -127 ± 87. Weighing the most
// frequent other colour's cells as TabuCount does the tabu colour's (kept
// for a second big group) lowered it too: weight 2 -142 ± 63, 4 -41 ± 70,
// 8 -115 ± 92.
var DefaultEval = Eval{Score: 16, TabuCount: 16, Parts: 1600, TabuParts: 800, TabuLate: 6400, Single: 4000, ClearHope: 4000, Noise: 4}

type node struct {
	board   packedBoard
	score   int32
	hist    int32 // index of the node's last move in beam.hist, -1 at the root
	opening int32 // index of the node's ancestor in layer Options.OpeningDepth, -1 before it
}

type histEntry struct {
	parent int32
	cell   uint8 // x*16+y of the move's representative cell
}

type candidate struct {
	eval   int64
	hash   uint64
	parent int32
	cell   uint8
}

type beam struct {
	root    Board
	opt     Options
	tabu    int
	hist    []histEntry
	remap   []int32 // scratch for compactHistory
	workers []worker
	cands   []candidate // one layer's candidates from every worker
	merged  []candidate // scratch for sortCandidates
	ends    []node      // one layer's terminal nodes from every worker
	salt    uint64      // varies the tie-breaking noise between runs
	width   int         // the current run's width
	// perOpening caps the nodes of a layer that share an opening (0: no cap).
	perOpening int
	dropped    bool // whether a worker dropped candidates in this layer
}

type worker struct {
	groups    []Group
	cands     []candidate
	generated int        // candidates generated in this layer, dropped ones included
	dropped   bool       // whether pruning dropped a distinct candidate in this layer
	seen      dedupTable // for pruning cands
	ends      []node     // terminal children found by this worker
}

func newBeam(b Board, opt Options) *beam {
	s := &beam{root: b, opt: opt, tabu: mostFrequentColor(&b)}
	s.workers = make([]worker, opt.Threads)
	return s
}

func mostFrequentColor(b *Board) int {
	best, bestN := 0, -1
	for c := 0; c < Colors; c++ {
		if n := b.ColorCount(c); n > bestN {
			best, bestN = c, n
		}
	}
	return best
}

// evaluate scores a child position for the beam's ordering.
func (s *beam) evaluate(b *Board, score int32, removedColor int, noise int64) int64 {
	e := &s.opt.Eval
	v := e.Score * int64(score)
	others, singles := 0, 0
	var tabuCells, otherCells int64
	for c := 0; c < Colors; c++ {
		m := &b.color[c]
		n := int64(b.count[c])
		if n == 0 {
			continue
		}
		if n == 1 {
			singles++
		}
		if c == s.tabu {
			tabuCells = n
			v += e.TabuCount * (n - 2) * (n - 2)
			if e.TabuGroups != 0 {
				pot, _ := groupPotential(*m)
				v += e.TabuGroups * pot
			}
			continue
		}
		otherCells += n
		others++
		v += e.Others * (n - 2) * (n - 2)
		if e.Groups != 0 || e.Lonely != 0 {
			pot, paired := groupPotential(*m)
			v += e.Groups*pot - e.Lonely*(n-paired)
		}
	}
	// Cells minus neighbour pairs plus 2x2 blocks counts the groups (parts)
	// of a colour, but for holes.
	var tabuAdj, tabuBlocks int64
	if tabuCells > 1 {
		tabuAdj = adjacentPairs(&b.color[s.tabu])
		tabuBlocks = squareBlocks(&b.color[s.tabu])
	}
	pairs, blocks := b.sameColourCounts()
	tabuParts := tabuCells - tabuAdj + tabuBlocks
	otherParts := otherCells - (pairs - tabuAdj) + (blocks - tabuBlocks)
	v += e.Adjacent*pairs - e.TabuParts*tabuParts - e.Parts*otherParts
	if e.TabuLate != 0 && tabuParts > 1 {
		// Parts of the tabu colour still apart late in the game seldom join
		// the final group.
		removed := int64(Size*Size) - tabuCells - otherCells
		v -= e.TabuLate * (tabuParts - 1) * removed / (Size * Size)
	}
	if removedColor == s.tabu && others > 0 {
		v -= e.TabuBreak
	}
	if singles == 0 {
		v += e.ClearHope
	} else {
		v -= e.Single * int64(singles)
	}
	return v + noise
}

// groupPotential is the sum of (size-2)^2 over the groups of the cells m,
// and the number of cells in those groups.
func groupPotential(m Mask) (pot, paired int64) {
	rest := pairedCells(m)
	paired = int64(rest.Count())
	for !rest.Empty() {
		g := takeGroup(&rest, m)
		n := int64(g.Count())
		pot += (n - 2) * (n - 2)
	}
	return pot, paired
}

// run is one beam search of the given width. It reports whether it finished
// before the budget ran out. A layer holds the positions after the same
// number of moves. A plain beam (fixed width, the main terms of DefaultEval)
// whose layers held the positions with the same number of cells left
// instead scored 315 ± 108 less a board than Solve at the same node count
// (30 random boards, RandomBoard(9200+i), about 7M nodes); the same plain
// beam layered by moves scored 18 ± 94 less.
func (s *beam) run(width int, budget *clock.Budget, salt uint64) (plan Plan, complete, exhaustive bool) {
	s.hist = s.hist[:0]
	s.salt = rng.New(s.opt.Seed ^ salt*0x9e3779b97f4a7c15).Uint64()
	cur := []node{{board: s.root.pack(), hist: -1, opening: -1}}
	var next []node
	var best node
	best.hist = -1
	bestScore := int32(-1)
	var seen dedupTable
	s.width = width
	s.perOpening = 0
	if s.opt.Openings > 0 {
		s.perOpening = (width + s.opt.Openings - 1) / s.opt.Openings
	}
	histLimit := 4 * width
	complete, exhaustive = true, true
	for layer := 0; len(cur) > 0; {
		if budget.Spent() {
			complete = false
			break
		}
		cands, ends := s.expand(cur, budget)
		for i := range ends {
			if ends[i].score > bestScore {
				best, bestScore = ends[i], ends[i].score
			}
		}
		cands, dropped := keepBest(cands, s.limit(cur), &seen)
		if dropped || s.dropped {
			exhaustive = false
		}
		// Best first: the next layer's order, and so the whole search, is
		// then the same for any thread count.
		s.sortCandidates(cands)
		next = s.children(cur, cands, next)
		cur, next = next, cur
		layer++
		if layer == s.opt.OpeningDepth && s.perOpening > 0 {
			for i := range cur {
				cur[i].opening = int32(i)
			}
		}
		if len(s.hist) > histLimit {
			s.compactHistory(cur, &best)
			histLimit = 2*len(s.hist) + 2*width
		}
	}
	if !complete {
		// Finish the most promising unfinished nodes greedily so that a cut run still counts.
		for i := 0; i < len(cur) && i < 2; i++ {
			var board Board
			cur[i].board.unpack(&board)
			p := s.greedy(board, cur[i].score)
			if int32(p.Score) > bestScore {
				prefix := s.moves(cur[i].hist)
				return Plan{Moves: append(prefix, p.Moves...), Score: p.Score}, false, false
			}
		}
	}
	if bestScore < 0 {
		return Plan{}, complete, false
	}
	return Plan{Moves: s.moves(best.hist), Score: int(bestScore)}, complete, exhaustive
}

// inParts runs f on parts [lo, hi) of [0, size), at most n of them, side by
// side, the last on the calling goroutine, and returns how many ran.
func inParts(size, n int, f func(part, lo, hi int)) int {
	if n > size {
		n = size
	}
	if n < 1 {
		n = 1
	}
	chunk := (size + n - 1) / n
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		lo, hi := w*chunk, (w+1)*chunk
		if hi > size {
			hi = size
		}
		if lo > hi {
			lo = hi
		}
		if w == n-1 {
			f(w, lo, hi)
			continue
		}
		wg.Add(1)
		go func(w, lo, hi int) {
			defer wg.Done()
			f(w, lo, hi)
		}(w, lo, hi)
	}
	wg.Wait()
	return n
}

// sortCandidates sorts cands in the before order: one part per worker, then
// merged. The order is total, so the result is that of a single sort.
func (s *beam) sortCandidates(cands []candidate) {
	starts := make([]int, len(s.workers))
	parts := inParts(len(cands), len(s.workers), func(part, lo, hi int) {
		starts[part] = lo
		sorted := cands[lo:hi]
		sort.Slice(sorted, func(i, j int) bool { return sorted[i].before(&sorted[j]) })
	})
	// Merge each part into the sorted prefix before it.
	for part := 1; part < parts; part++ {
		mid, hi := starts[part], len(cands)
		if part+1 < parts {
			hi = starts[part+1]
		}
		s.merged = append(s.merged[:0], cands[:hi]...)
		mergeSorted(cands[:hi], s.merged[:mid], s.merged[mid:hi])
	}
}

// mergeSorted writes into dst (len(a)+len(b) long) the merge of a and b,
// both sorted in the before order.
func mergeSorted(dst, a, b []candidate) {
	i, j := 0, 0
	for k := range dst {
		if j == len(b) || (i < len(a) && a[i].before(&b[j])) {
			dst[k] = a[i]
			i++
		} else {
			dst[k] = b[j]
			j++
		}
	}
}

// children builds into next the nodes the sorted cands lead to, split across
// the workers, and records their moves in the history.
func (s *beam) children(cur []node, cands []candidate, next []node) []node {
	base := len(s.hist)
	s.hist = append(s.hist, make([]histEntry, len(cands))...)
	next = append(next[:0], make([]node, len(cands))...)
	inParts(len(cands), len(s.workers), func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			c := &cands[i]
			p := &cur[c.parent]
			var board Board
			p.board.unpackCells(&board)
			g, _ := board.GroupAt(int(c.cell>>4), int(c.cell&15))
			score := p.score + int32(board.Apply(&g))
			next[i] = node{board: board.pack(), score: score, hist: int32(base + i), opening: p.opening}
			s.hist[base+i] = histEntry{parent: p.hist, cell: c.cell}
		}
	})
	return next
}

// expand generates and evaluates every child of cur, split across the workers.
func (s *beam) expand(cur []node, budget *clock.Budget) ([]candidate, []node) {
	n := inParts(len(cur), len(s.workers), func(w, lo, hi int) {
		wk := &s.workers[w]
		wk.cands, wk.ends, wk.generated, wk.dropped = wk.cands[:0], wk.ends[:0], 0, false
		s.expandRange(wk, cur, lo, hi, budget)
	})
	total := 0
	s.dropped = false
	for w := 0; w < n; w++ {
		total += s.workers[w].generated
		s.dropped = s.dropped || s.workers[w].dropped
	}
	// The merged lists are reused between layers: a wide beam's candidates
	// are tens of megabytes a layer, too much to leave to the garbage collector.
	cands, ends := s.cands[:0], s.ends[:0]
	for w := 0; w < n; w++ {
		cands = append(cands, s.workers[w].cands...)
		ends = append(ends, s.workers[w].ends...)
	}
	s.cands, s.ends = cands, ends
	for i := 0; i < total; i++ {
		budget.Done()
	}
	return cands, ends
}

// expandRange generates the children of cur[lo:hi] into wk. Every distinct
// child competes for the width: capping the children kept per node at 3, 6
// or 12 changed the mean by -9, +68 and -27 (each about ± 50) on 100 random
// boards, RandomBoard(9200+i), at 4M nodes, which is noise.
func (s *beam) expandRange(wk *worker, cur []node, lo, hi int, budget *clock.Budget) {
	timed := budget.Timed()
	// A worker keeps at most about twice the width: the layer's best
	// candidates are among each worker's best, and a wide beam's full
	// candidate list would be most of its memory.
	limit := 2*s.width + 1024
	// Once pruning has dropped a candidate, width distinct ones come before
	// the worst kept (cutoff): a child after it cannot be among the layer's
	// best, so it is not even stored. Layers run best first, so most later
	// children fall after it.
	// With a cap per opening, a drop leaves width candidates only when the
	// layer has enough openings; only then is there a cutoff (inexact in the
	// same rare case as pruning in pieces, see keepBest).
	var cutoff candidate
	hasCutoff := false
	for i := lo; i < hi; i++ {
		if len(wk.cands) >= limit {
			var dropped bool
			wk.cands, dropped = keepBest(wk.cands, s.limit(cur), &wk.seen)
			if dropped && len(wk.cands) == s.width {
				cutoff, hasCutoff = worst(wk.cands), true
			}
			wk.dropped = wk.dropped || dropped
		}
		if timed && i&63 == 63 && budget.Remaining() == 0 {
			return
		}
		p := &cur[i]
		var parent Board
		p.board.unpack(&parent)
		wk.groups = parent.Groups(wk.groups[:0])
		if len(wk.groups) == 0 {
			wk.ends = append(wk.ends, *p)
			continue
		}
		wk.generated += len(wk.groups)
		for j := range wk.groups {
			g := &wk.groups[j]
			child := parent
			score := p.score + int32(child.Apply(g))
			noise := int64(0)
			if s.opt.Eval.Noise > 0 {
				// Noise from the position, not from a stream, so that it does not depend on threads.
				h := (child.hash ^ s.salt) * 0x9e3779b97f4a7c15
				noise = int64((h >> 33) % uint64(s.opt.Eval.Noise))
			}
			x, y := g.Cell()
			c := candidate{
				eval:   s.evaluate(&child, score, int(g.Color), noise),
				hash:   child.hash,
				parent: int32(i),
				cell:   uint8(x*16 + y),
			}
			if hasCutoff && !c.before(&cutoff) {
				continue
			}
			wk.cands = append(wk.cands, c)
		}
	}
}

// limit is what a layer of children of cur may keep.
func (s *beam) limit(cur []node) layerLimit {
	return layerLimit{width: s.width, perOpening: s.perOpening, parents: cur}
}

// compactHistory drops the history entries that neither a node of cur nor
// best leads back to, keeping the order (a parent before its children). A
// wide beam adds width entries a layer and would keep them all, the largest
// part of its memory late in a board; the lines it still follows share few
// ancestors. Called when the history has doubled, it costs a constant per
// entry.
func (s *beam) compactHistory(cur []node, best *node) {
	n := len(s.hist)
	if cap(s.remap) < n {
		s.remap = make([]int32, n)
	}
	live := s.remap[:n]
	for i := range live {
		live[i] = 0
	}
	for i := range cur {
		if h := cur[i].hist; h >= 0 {
			live[h] = 1
		}
	}
	if best.hist >= 0 {
		live[best.hist] = 1
	}
	for h := n - 1; h >= 0; h-- {
		if live[h] != 0 && s.hist[h].parent >= 0 {
			live[s.hist[h].parent] = 1
		}
	}
	// live becomes the map from old index to new: parents come first, so
	// theirs is known by the time a child moves.
	kept := int32(0)
	for h := 0; h < n; h++ {
		if live[h] == 0 {
			continue
		}
		e := s.hist[h]
		if e.parent >= 0 {
			e.parent = live[e.parent]
		}
		s.hist[kept] = e
		live[h] = kept
		kept++
	}
	s.hist = s.hist[:kept]
	for i := range cur {
		if cur[i].hist >= 0 {
			cur[i].hist = live[cur[i].hist]
		}
	}
	if best.hist >= 0 {
		best.hist = live[best.hist]
	}
}

// moves follows the history back from entry h.
func (s *beam) moves(h int32) []Move {
	var rev []Move
	for h >= 0 {
		e := s.hist[h]
		rev = append(rev, Move{X: int(e.cell >> 4), Y: int(e.cell & 15)})
		h = e.parent
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// greedy plays from b the move with the best one-step evaluation until the
// end; it gives every search a complete fallback solution.
func (s *beam) greedy(b Board, score int32) Plan {
	var groups []Group
	var plan Plan
	for {
		groups = b.Groups(groups[:0])
		if len(groups) == 0 {
			break
		}
		bestI, bestV := 0, int64(0)
		for i := range groups {
			child := b
			sc := score + int32(child.Apply(&groups[i]))
			if v := s.evaluate(&child, sc, int(groups[i].Color), 0); i == 0 || v > bestV {
				bestI, bestV = i, v
			}
		}
		x, y := groups[bestI].Cell()
		plan.Moves = append(plan.Moves, Move{x, y})
		score += int32(b.Apply(&groups[bestI]))
	}
	plan.Score = int(score)
	return plan
}
