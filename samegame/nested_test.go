package samegame

import (
	"testing"
	"time"

	"cgbots/internal/clock"
	"cgbots/internal/rng"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A walk starts from a line and returns one at least as good, whose moves
// replay to the score it claims; on these boards it beats the greedy line.
// Its result does not depend on the thread count.
func TestWalkImprovesAGreedyLine(t *testing.T) {
	for seed := uint64(50); seed < 53; seed++ {
		b := RandomBoard(seed)
		opt := withDefaults(Options{Seed: 1})
		line := newBeam(b, opt).greedy(b, 0)
		tabu := biggestMoveColor(b, line.Moves)
		one := walk(b, line, tabu, 4, clock.Nodes(1<<40), opt)
		opt.Threads = 2
		two := walk(b, line, tabu, 4, clock.Nodes(1<<40), opt)
		assert.Equal(t, one, two, "board %d", seed)
		assert.Greater(t, one.Score, line.Score, "board %d", seed)
		score, err := Replay(b, one.Moves)
		require.NoError(t, err)
		assert.Equal(t, one.Score, score)
	}
}

// A walk stops between steps once its budget is spent, and still returns
// a complete line.
func TestWalkStopsWithItsBudget(t *testing.T) {
	b := RandomBoard(55)
	opt := withDefaults(Options{Seed: 1})
	line := newBeam(b, opt).greedy(b, 0)
	budget := clock.Nodes(20000)
	got := walk(b, line, biggestMoveColor(b, line.Moves), 64, budget, opt)
	assert.LessOrEqual(t, budget.Count(), int64(20000))
	assert.GreaterOrEqual(t, got.Score, line.Score)
	score, err := Replay(b, got.Moves)
	require.NoError(t, err)
	assert.Equal(t, got.Score, score)
}

// Walks widen until their budget is used, never lose ground, and report
// every walk.
func TestWalksWidenWithinTheirBudget(t *testing.T) {
	b := smallBoard(rng.New(57), 8, 8, 4)
	var progress []Progress
	opt := Options{Seed: 1, Log: func(p Progress) { progress = append(progress, p) }}
	line := newBeam(b, withDefaults(opt)).greedy(b, 0)
	budget := clock.Nodes(1000000)
	got := walks(b, line, budget, opt)
	assert.LessOrEqual(t, budget.Count(), int64(1000000))
	score, err := Replay(b, got.Moves)
	require.NoError(t, err)
	assert.Equal(t, got.Score, score)
	require.NotEmpty(t, progress)
	widths := map[int]bool{}
	for i, p := range progress {
		assert.True(t, p.Walk)
		widths[p.Width] = true
		if i > 0 {
			assert.GreaterOrEqual(t, p.Best.Score, progress[i-1].Best.Score, "progress never goes back")
		}
	}
	assert.Greater(t, len(widths), 1, "the budget pays for a wider walk than the first")
	assert.Equal(t, got, progress[len(progress)-1].Best)
	assert.Greater(t, got.Score, line.Score)
}

// Walks widen fourfold while the rest pays for that walk and a wider one,
// then take the one walk the rest pays for.
func TestNextWalkWidth(t *testing.T) {
	for _, tc := range []struct {
		name             string
		width            int
		used, left, want float64
	}{
		{"nothing measured", 16, 0, 100, 64},
		{"room for two more", 64, 4.6, 138, 256},
		// Standard position 6, -improve for 3 min: after 256, one walk takes the rest.
		{"room for one more", 256, 15.6, 123, 1917},
		{"no room", 1024, 61.6, 61, 963},
		{"past any width", 16, 1e-300, 1e300, 64},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, int(tc.want), nextWalkWidth(tc.width, tc.used, tc.left))
		})
	}
}

func TestBiggestMoveColor(t *testing.T) {
	var g Grid
	for x := range g {
		for y := range g[x] {
			g[x][y] = -1
		}
	}
	// Column 0 from the bottom: 1 1 2 2 2; removing the pair of 1s first
	// drops the 2s, which then go as one group of three.
	for y, c := range []int8{1, 1, 2, 2, 2} {
		g[0][y] = c
	}
	b, err := FromGrid(&g)
	require.NoError(t, err)
	assert.Equal(t, 2, biggestMoveColor(b, []Move{{0, 0}, {0, 0}}))
	assert.Equal(t, 0, biggestMoveColor(b, nil))
}

func TestPhaseShares(t *testing.T) {
	for _, tc := range []struct {
		name           string
		budget         *clock.Budget
		threads        int
		walks, endgame float64
	}{
		{"20 s on 1 thread", clock.For(20 * time.Second), 1, 0, endgameShare},
		{"nodes below the threshold", clock.Nodes(minWalkNodes / 2), 2, 0, endgameShare},
		{"nodes at the threshold", clock.Nodes(minWalkNodes + 1), 1, walkShare, walkEndgameShare},
		{"an hour on 2 threads", clock.For(time.Hour), 2, walkShare, walkEndgameShare},
	} {
		t.Run(tc.name, func(t *testing.T) {
			walks, endgame := phaseShares(tc.budget, tc.threads)
			assert.Equal(t, tc.walks, walks)
			assert.Equal(t, tc.endgame, endgame)
			assert.Greater(t, 1-walks-endgame, 0.1, "tickets keep a share")
		})
	}
}

// With ImproveStart, Solve spends its budget on walks from the known line
// and on the exact endgame only: no beam from the root, a result at least as
// good as the line, the same on 1 and 2 threads.
func TestSolveImprovesItsStart(t *testing.T) {
	b := RandomBoard(58)
	start := newBeam(b, withDefaults(Options{})).greedy(b, 0)
	var got [2]Plan
	for threads := 1; threads <= 2; threads++ {
		var rootBeams int
		opt := Options{Seed: 1, Threads: threads, Start: start, ImproveStart: true, Log: func(p Progress) {
			if p.Width > 0 && !p.Walk {
				rootBeams++
			}
		}}
		got[threads-1] = Solve(b, clock.Nodes(1000000), opt)
		assert.Zero(t, rootBeams, "%d thread(s)", threads)
	}
	assert.Equal(t, got[0], got[1])
	assert.Greater(t, got[0].Score, start.Score)
	score, err := Replay(b, got[0].Moves)
	require.NoError(t, err)
	assert.Equal(t, got[0].Score, score)
}

// An -improve run walks with its seed's own weights, so that a run with
// another seed does not repeat the beams of the one before.
func TestImproveEvalVariesWithTheSeed(t *testing.T) {
	one, again, two := improveEval(Options{Seed: 1}), improveEval(Options{Seed: 1}), improveEval(Options{Seed: 2})
	assert.Equal(t, one, again)
	assert.NotEqual(t, one, two)
	assert.NotEqual(t, DefaultEval, one)
	custom := DefaultEval
	custom.Parts *= 3
	assert.NotEqual(t, one, improveEval(Options{Seed: 1, Eval: custom}), "an explicit evaluation is the centre of the variation")
}

// With Wide, Solve runs one portfolio up to the width cap instead of
// tickets. The same budget without Wide pays for two tickets, which share the
// cap on 2 threads.
func TestWideSolveReachesTheCapWithoutTickets(t *testing.T) {
	b := RandomBoard(59)
	run := func(wide bool) (Plan, int) {
		var widest int
		opt := Options{Seed: 1, Threads: 2, MaxWidth: 1024, Wide: wide, Log: func(p Progress) {
			if p.Width > widest {
				widest = p.Width
			}
		}}
		return Solve(b, clock.Nodes(24000000), opt), widest
	}
	plan, widest := run(true)
	assert.Equal(t, 1024, widest)
	score, err := Replay(b, plan.Moves)
	require.NoError(t, err)
	assert.Equal(t, plan.Score, score)
	_, widest = run(false)
	assert.Equal(t, 512, widest, "two tickets side by side")
}

// With Wide and ImproveStart, the budget goes to beams restarted along
// Start's line, never from the root: the line keeps its first move, which
// a search from the root (Wide alone, the same budget) changes, and rises.
// A second run from that line with another seed raises it again: its beams
// weigh positions differently (with the tuned weights for both, the second
// run repeats the first one's beams and the line stays at 3,045).
func TestWideImproveRestartsAlongStart(t *testing.T) {
	b := RandomBoard(61)
	start := newBeam(b, withDefaults(Options{})).greedy(b, 0)
	run := func(seed uint64, start Plan, improve bool) Plan {
		opt := Options{Seed: seed, MaxWidth: 256, Start: start, Wide: true, ImproveStart: improve}
		return Solve(b, clock.Nodes(3000000), opt)
	}
	got := run(1, start, true)
	assert.Greater(t, got.Score, start.Score)
	assert.Equal(t, start.Moves[0], got.Moves[0])
	score, err := Replay(b, got.Moves)
	require.NoError(t, err)
	assert.Equal(t, got.Score, score)
	again := run(2, got, true)
	assert.Greater(t, again.Score, got.Score, "a second round with another seed")
	fromRoot := run(1, start, false)
	assert.NotEqual(t, start.Moves[0], fromRoot.Moves[0], "the contrast: a search from the root")
}

// An improving wide run first proves the line's tail exactly and restarts
// beams only before the move it is proved from: a line proved from the root
// (a small board, the line long enough for restarts) gets no beam at all,
// restarts limited to no move run none either, and a full board's line is
// proved only part of the way.
func TestWideImproveRestartsBeforeProvedTail(t *testing.T) {
	r := rng.New(11)
	beams := 0
	countBeams := func(p Progress) {
		if p.Width > 0 {
			beams++
		}
	}
	small := smallBoard(r, 6, 6, 3)
	line := newBeam(small, withDefaults(Options{})).greedy(small, 0)
	require.GreaterOrEqual(t, len(line.Moves), 8, "long enough that restarts would run without the proof")
	opt := Options{Seed: 3, MaxWidth: 64, Start: line, Wide: true, ImproveStart: true, Log: countBeams}
	got := Solve(small, clock.Nodes(2000000), opt)
	assert.Equal(t, bestScore(small), got.Score)
	assert.Zero(t, beams, "a line proved from the root leaves nothing to restart")

	b := RandomBoard(61)
	start := newBeam(b, withDefaults(Options{})).greedy(b, 0)
	beams = 0
	opt = withDefaults(Options{Seed: 3, MaxWidth: 256, Log: countBeams})
	restarts(b, start, 0, clock.Nodes(1000000), opt, 0, 0)
	assert.Zero(t, beams, "no move before the limit")
	restarts(b, start, 0, clock.Nodes(1000000), opt, 0, len(start.Moves))
	assert.Greater(t, beams, 0)

	proven := -1
	opt = Options{Seed: 3, MaxWidth: 256, Start: start, Wide: true, ImproveStart: true, Log: func(p Progress) {
		if p.Width == 0 && proven < 0 {
			proven = p.ProvenFrom
		}
	}}
	Solve(b, clock.Nodes(3000000), opt)
	assert.Greater(t, proven, 0, "a full board's line is not proved from the root")
	assert.Less(t, proven, len(start.Moves))
}

// A beam of fixed width (Width = MaxWidth) cannot narrow to fit a share of
// the budget, and a cut beam keeps only a greedy finish: the root and then
// the first restart each run to their end on a budget of 3/2 of their cost,
// where the root's 60 % or a restart's third would cut them, and the
// widening portfolios still get those shares.
func TestFixedWidthBeamsRunToTheirEnd(t *testing.T) {
	b := RandomBoard(61)
	opt := withDefaults(Options{Seed: 3, Width: 256, MaxWidth: 256, Tabu: 1})
	cost := func(b Board, opt Options) int64 {
		whole := clock.Nodes(1 << 40)
		portfolio(b, whole, opt, []int{0})
		return whole.Count()
	}
	var first []Progress
	rooted := opt
	rooted.Log = func(p Progress) { first = append(first, p) }
	rootCost := cost(b, opt)
	solveBeams(b, clock.Nodes(rootCost*3/2), rooted)
	require.NotEmpty(t, first)
	assert.Equal(t, rootCost, first[0].Nodes, "the root ran to its end")

	start := newBeam(b, opt).greedy(b, 0)
	root := b
	for _, m := range start.Moves[:restartDepth(3, 4, len(start.Moves), 0)] {
		root.Play(m)
	}
	alone := opt
	alone.Seed++
	restartCost := cost(root, alone)
	var parts []int64
	opt.Log = func(p Progress) { parts = append(parts, p.Nodes) }
	restarts(b, start, 0, clock.Nodes(restartCost*3/2), opt, 0, len(start.Moves))
	require.NotEmpty(t, parts)
	assert.Equal(t, restartCost, parts[0], "the first restart ran to its end")

	assert.Equal(t, 1.0, beamShare(opt, 1.0/3))
	assert.Equal(t, 0.6, beamShare(withDefaults(Options{MaxWidth: 256}), 0.6))
}
