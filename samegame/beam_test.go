package samegame

import (
	"fmt"
	"testing"

	"cgbots/internal/clock"
	"cgbots/internal/rng"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// smallBoard keeps a w x h corner of a random board (the rest empty), small
// enough for exhaustive search.
func smallBoard(r *rng.Rand, w, h, colors int) Board {
	var g Grid
	for x := range g {
		for y := range g[x] {
			g[x][y] = -1
			if x < w && y < h {
				g[x][y] = int8(r.Intn(colors))
			}
		}
	}
	b, _ := FromGrid(&g)
	return b
}

// bestScore is the exact optimum by exhaustive search.
func bestScore(b Board) int {
	best := 0
	for _, g := range b.Groups(nil) {
		child := b
		p := child.Apply(&g)
		if s := p + bestScore(child); s > best {
			best = s
		}
	}
	return best
}

// A beam wide enough to hold every position is an exhaustive search: it must
// find the optimum, and its moves must replay to the score it claims.
func TestWideBeamFindsOptimum(t *testing.T) {
	r := rng.New(3)
	for i := 0; i < 40; i++ {
		b := smallBoard(r, 4, 4, 3)
		want := bestScore(b)
		plan := Solve(b, clock.Nodes(200000), Options{Seed: uint64(i), Width: 100000})
		got, err := Replay(b, plan.Moves)
		require.NoError(t, err)
		require.Equal(t, plan.Score, got)
		require.Equal(t, want, got, "board %d\n%s", i, b.String())
	}
}

// The bench signature pins the search's behaviour: score, moves and node
// count on a fixed random board at a fixed node budget and seed. A change of
// search or evaluation changes it on purpose; update it then, with the reason.
func TestBenchSignature(t *testing.T) {
	b := RandomBoard(42)
	budget := clock.Nodes(300000)
	plan := Solve(b, budget, Options{Seed: 1})
	got, err := Replay(b, plan.Moves)
	require.NoError(t, err)
	require.Equal(t, plan.Score, got)
	t.Logf("signature: score %d moves %d nodes %d", plan.Score, len(plan.Moves), budget.Count())
	require.Equal(t, [3]int64{benchScore, benchMoves, benchNodes}, [3]int64{int64(plan.Score), int64(len(plan.Moves)), budget.Count()})
}

func TestSolveWithoutMoves(t *testing.T) {
	var empty Board
	assert.Equal(t, Plan{}, Solve(empty, clock.Nodes(1000), Options{}))
}

// Two threads split each layer's expansion; the result must not change.
func TestThreadsDoNotChangeTheResult(t *testing.T) {
	b := RandomBoard(43)
	one := Solve(b, clock.Nodes(100000), Options{Seed: 3})
	two := Solve(b, clock.Nodes(100000), Options{Seed: 3, Threads: 2})
	require.Equal(t, one, two)
}

func BenchmarkGroups(b *testing.B) {
	board := RandomBoard(1)
	var groups []Group
	moves := 0
	for i := 0; i < b.N; i++ {
		groups = board.Groups(groups[:0])
		moves += len(groups)
	}
	b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkApply times Apply alone, on the positions and moves of random games.
func BenchmarkApply(b *testing.B) {
	r := rng.New(1)
	type step struct {
		board Board
		group Group
	}
	var steps []step
	for len(steps) < 4096 {
		board := RandomBoard(r.Uint64())
		for {
			gs := board.Groups(nil)
			if len(gs) == 0 {
				break
			}
			g := gs[r.Intn(len(gs))]
			steps = append(steps, step{board, g})
			board.Apply(&g)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := &steps[i%len(steps)]
		board := st.board
		board.Apply(&st.group)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
}

func BenchmarkSearch(b *testing.B) {
	board := RandomBoard(42)
	nodes := int64(0)
	for i := 0; i < b.N; i++ {
		budget := clock.Nodes(200000)
		Solve(board, budget, Options{Seed: 1})
		nodes += budget.Count()
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// 1553 before the portfolio left narrower beams to the restarts, and layers
// were ordered best first (both gave 1622); 1622 until the endgame took a
// fifth of the budget rather than a tenth; 1557 until DefaultEval took TabuLate;
// 1670 (50 moves) until parts were counted with 2x2 blocks.
const benchScore, benchMoves, benchNodes = 1766, 49, 300000

// A known solution is kept when the search finds nothing better, and a
// wrong one (moves that do not score as claimed) is ignored.
func TestSolveStartsFromKnownSolution(t *testing.T) {
	b := RandomBoard(44)
	strong := Solve(b, clock.Nodes(400000), Options{Seed: 1})
	weak := Solve(b, clock.Nodes(2000), Options{Seed: 1, Start: strong})
	assert.Equal(t, strong, weak)

	bogus := strong
	bogus.Score += 1000
	got := Solve(b, clock.Nodes(2000), Options{Seed: 1, Start: bogus})
	score, err := Replay(b, got.Moves)
	require.NoError(t, err)
	assert.Equal(t, got.Score, score)
	assert.Less(t, got.Score, bogus.Score)
}

// Beams capped at a small width cannot use a large budget; the search then
// ends once it has restarted from every depth of its line, instead of
// repeating beams that would find the same lines.
func TestCappedSearchEndsWhenNothingIsLeftToTry(t *testing.T) {
	b := RandomBoard(45)
	budget := clock.Nodes(50000000)
	var progress []Progress
	plan := solveBeams(b, budget, Options{Seed: 1, Width: 16, MaxWidth: 16, Log: func(p Progress) { progress = append(progress, p) }})
	assert.Less(t, budget.Count(), int64(10000000))
	require.NotEmpty(t, progress)
	for i := 1; i < len(progress); i++ {
		assert.GreaterOrEqual(t, progress[i].Best.Score, progress[i-1].Best.Score, "progress never goes back")
	}
	last := progress[len(progress)-1].Best
	assert.Equal(t, plan, last)
	score, err := Replay(b, last.Moves)
	require.NoError(t, err)
	assert.Equal(t, last.Score, score)
}

func TestRestartFractions(t *testing.T) {
	assert.Equal(t, []int{3, 2, 1}, restartFractions(4))
	assert.Equal(t, []int{7, 5, 3, 1}, restartFractions(8))
	assert.Equal(t, []int{15, 13, 11, 9, 7, 5, 3, 1}, restartFractions(16))
}

// Without a shift the depths are the plain fractions of the line; a shift
// moves them by its part of the line, past either end where it is large
// (restarts then skip that depth).
func TestRestartDepth(t *testing.T) {
	for _, tc := range []struct {
		k, parts, n int
		shift       float64
		want        int
	}{
		{3, 4, 48, 0, 36},
		{1, 4, 50, 0, 12},
		{5, 8, 47, 0, 29},
		{2, 4, 48, 0.125, 30},
		{2, 4, 48, -0.1, 19},
		{1, 8, 40, -0.124, 0},
		{7, 8, 40, 0.124, 39},
		{15, 16, 40, 0.1, 41},
	} {
		assert.Equal(t, tc.want, restartDepth(tc.k, tc.parts, tc.n, tc.shift), "%+v", tc)
	}
}

// Restart depths of improving runs move by up to an eighth of the line,
// both ways, differently for each seed.
func TestRestartShiftSpreadsWithinAnEighth(t *testing.T) {
	distinct := map[float64]bool{}
	below, above := 0, 0
	for seed := uint64(0); seed < 200; seed++ {
		shift := restartShift(seed)
		assert.Equal(t, shift, restartShift(seed), "the same seed, the same shift")
		assert.GreaterOrEqual(t, shift, -0.125)
		assert.Less(t, shift, 0.125)
		distinct[shift] = true
		if shift < 0 {
			below++
		} else {
			above++
		}
	}
	assert.Len(t, distinct, 200)
	assert.Greater(t, below, 60)
	assert.Greater(t, above, 60)
}

func TestKeptColors(t *testing.T) {
	results := []int{900, 2000, 1500, 0, 1200}
	for _, tc := range []struct {
		name     string
		colors   []int
		frequent int
		want     []int
	}{
		{"frequent among the best", []int{2, 1, 4, 0}, 2, []int{1, 2}},
		{"frequent dropped by the results", []int{0, 1, 2, 4}, 0, []int{1, 0}},
		{"fewer colours than kept", []int{4, 3}, 3, []int{4, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, colorsToKeep(tc.colors, results, tc.frequent))
		})
	}
}

// A chosen tabu colour steers the search and the walks: each colour's plan
// replays to its score, and the colours do not all give the same plan.
func TestChosenTabuColour(t *testing.T) {
	b := RandomBoard(46)
	line := Solve(b, clock.Nodes(300000), Options{Seed: 1})
	searched, walked := map[string]bool{}, map[string]bool{}
	for c := 0; c < Colors; c++ {
		opt := Options{Seed: 1, Tabu: c + 1}
		for _, run := range []struct {
			plan  Plan
			plans map[string]bool
		}{
			{Solve(b, clock.Nodes(300000), opt), searched},
			{walks(b, line, clock.Nodes(1000000), opt), walked},
		} {
			score, err := Replay(b, run.plan.Moves)
			require.NoError(t, err)
			require.Equal(t, run.plan.Score, score, "colour %d", c)
			run.plans[fmt.Sprint(run.plan.Moves)] = true
		}
	}
	assert.Greater(t, len(searched), 1)
	assert.Greater(t, len(walked), 1)
}

// A beam's history keeps only the entries its lines still lead back to: far
// fewer than width entries a layer, and the best line still replays.
func TestBeamHistoryStaysCompact(t *testing.T) {
	for _, seed := range []uint64{5, 6, 7} {
		b := RandomBoard(seed)
		s := newBeam(b, withDefaults(Options{Seed: seed}))
		const width = 512
		plan, complete, _ := s.run(width, clock.Nodes(1<<40), 0)
		require.True(t, complete)
		got, err := Replay(b, plan.Moves)
		require.NoError(t, err)
		require.Equal(t, plan.Score, got)
		require.Greater(t, len(plan.Moves), 30)
		assert.Less(t, len(s.hist), 8*width, "seed %d: %d moves", seed, len(plan.Moves))
	}
}

// A cap of the whole width never binds: the beam is the one without openings.
func TestOneOpeningIsNoCap(t *testing.T) {
	b := RandomBoard(44)
	plain := Solve(b, clock.Nodes(300000), Options{Seed: 5})
	capped := Solve(b, clock.Nodes(300000), Options{Seed: 5, Openings: 1, OpeningDepth: 4})
	require.Equal(t, plain, capped)
	varied := Solve(b, clock.Nodes(300000), Options{Seed: 5, Openings: 16, OpeningDepth: 4})
	require.NotEqual(t, plain.Moves, varied.Moves, "a binding cap changes the line")
}
