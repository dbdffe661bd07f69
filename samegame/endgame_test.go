package samegame

import (
	"testing"

	"cgbots/internal/clock"
	"cgbots/internal/rng"

	"github.com/stretchr/testify/require"
)

// With budget enough to solve from the root, the endgame search turns any
// line into an optimal one, and its moves replay to the score it claims.
func TestPolishEndFindsOptimum(t *testing.T) {
	r := rng.New(5)
	for i := 0; i < 30; i++ {
		b := smallBoard(r, 4, 4, 3)
		var first Plan
		for c := b; ; {
			gs := c.Groups(nil)
			if len(gs) == 0 {
				break
			}
			x, y := gs[0].Cell()
			first.Moves = append(first.Moves, Move{x, y})
			first.Score += c.Apply(&gs[0])
		}
		plan, proven := newEndgame().polish(b, first, clock.Nodes(1000000))
		got, err := Replay(b, plan.Moves)
		require.NoError(t, err)
		require.Equal(t, plan.Score, got)
		require.Equal(t, bestScore(b), got, "board %d\n%s", i, b.String())
		require.Zero(t, proven, "board %d: solved from the root", i)
	}
}

// The bounded search answers exactly above alpha and with a true upper bound
// at or below it, whatever the order in which one table sees the alphas; its
// line replays to the exact value.
func TestEndgameSearchBounds(t *testing.T) {
	r := rng.New(6)
	for i := 0; i < 40; i++ {
		b := smallBoard(r, 4+i%2, 4, 3)
		want := int32(bestScore(b))
		e := newEndgame()
		e.budget = clock.Nodes(1000000)
		for _, alpha := range []int32{want + 5, want, want - 1, want / 2, 0} {
			v, ok := e.search(&b, alpha, 0)
			require.True(t, ok)
			if want > alpha {
				require.Equal(t, want, v, "board %d alpha %d", i, alpha)
				got, err := Replay(b, e.line(b))
				require.NoError(t, err)
				require.Equal(t, int(want), got, "board %d alpha %d line", i, alpha)
			} else {
				require.GreaterOrEqual(t, v, want, "board %d alpha %d", i, alpha)
				require.LessOrEqual(t, v, alpha, "board %d alpha %d", i, alpha)
			}
		}
	}
}

// With a budget too small to solve from the root, the part of the line
// polishEnd reports proved is: from every position after that move, no tail
// beats the plan's own.
func TestPolishEndProvesOnlyWhatItSearched(t *testing.T) {
	r := rng.New(9)
	partial := 0
	for i := 0; i < 40; i++ {
		b := smallBoard(r, 6, 5, 3)
		first := solveBeams(b, clock.Nodes(200), Options{Seed: 1, MaxWidth: 2})
		plan, proven := newEndgame().polish(b, first, clock.Nodes(60))
		require.GreaterOrEqual(t, plan.Score, first.Score)
		if proven > 0 {
			partial++
		}
		requireProvedAfter(t, b, plan, proven, i, func(pos Board, _ int) int { return bestScore(pos) })
	}
	require.Greater(t, partial, 20, "the budget should stop most proofs short of the root")
}

// requireProvedAfter checks that from every position of plan after move
// proven, no tail beats plan's own; best is the best score from a position,
// or at most floor when that is no more.
func requireProvedAfter(t *testing.T, b Board, plan Plan, proven, board int, best func(pos Board, floor int) int) {
	require.LessOrEqual(t, proven, len(plan.Moves))
	pos, prefix := b, 0
	for k, m := range plan.Moves {
		if k >= proven {
			require.LessOrEqual(t, prefix+best(pos, plan.Score-prefix), plan.Score, "board %d move %d", board, k)
		}
		p, err := pos.Play(m)
		require.NoError(t, err)
		prefix += p
	}
}

// A second polish of the same line with the same table goes on back from
// where the first stopped: with a single node it is back there already, where
// a new table proves next to nothing; with more it goes further back than a
// new table, and what it reports proved is.
func TestPolishResumesWithItsTable(t *testing.T) {
	r := rng.New(9)
	ahead, further := 0, 0
	for i := 0; i < 40; i++ {
		b := smallBoard(r, 8, 8, 4)
		first := solveBeams(b, clock.Nodes(200), Options{Seed: 1, MaxWidth: 2})
		kept := newEndgame()
		plan, proven := kept.polish(b, first, clock.Nodes(300))
		_, back := kept.polish(b, plan, clock.Nodes(1))
		require.LessOrEqual(t, back, proven, "board %d", i)
		if _, fresh := newEndgame().polish(b, plan, clock.Nodes(1)); fresh > back {
			ahead++
		}
		again, resumed := kept.polish(b, plan, clock.Nodes(300))
		if _, fresh := newEndgame().polish(b, plan, clock.Nodes(300)); resumed < fresh {
			further++
		}
		// A new table's bounded search checks it: brute force is too slow
		// on these boards.
		requireProvedAfter(t, b, again, resumed, i, func(pos Board, floor int) int {
			check := newEndgame()
			check.budget = clock.Nodes(1 << 30)
			v, ok := check.search(&pos, int32(floor), 0)
			require.True(t, ok)
			return int(v)
		})
	}
	require.Equal(t, 40, ahead, "a new table should start behind the kept one")
	require.Greater(t, further, 15, "the kept table should take most proofs further back")
}

// A table too full to learn more starts over: on another board it proves
// as much as a new table of the same size.
func TestPolishFullTableStartsOver(t *testing.T) {
	r := rng.New(10)
	small := func() *endgame { e := newEndgame(); e.capacity = 40; return e }
	line := func(b Board) Plan { return solveBeams(b, clock.Nodes(200), Options{Seed: 1, MaxWidth: 2}) }
	for i := 0; i < 20; i++ {
		filled, b := smallBoard(r, 8, 8, 4), smallBoard(r, 8, 8, 4)
		kept := small()
		kept.polish(filled, line(filled), clock.Nodes(1000))
		require.GreaterOrEqual(t, len(kept.memo), kept.capacity, "board %d", i)
		got, proven := kept.polish(b, line(b), clock.Nodes(1000))
		want, fresh := small().polish(b, line(b), clock.Nodes(1000))
		require.Equal(t, want, got, "board %d", i)
		require.Equal(t, fresh, proven, "board %d", i)
	}
}

func TestUpperBound(t *testing.T) {
	r := rng.New(7)
	for i := 0; i < 40; i++ {
		b := smallBoard(r, 5, 4, 2+i%3)
		require.GreaterOrEqual(t, upperBound(&b), int32(bestScore(b)), "board %d", i)
	}
}

// A move's hope, read from the counts, is its points plus the bound of the
// position it leads to, on boards that clear and boards that do not.
func TestHopeMatchesPlayedMove(t *testing.T) {
	r := rng.New(8)
	for i := 0; i < 200; i++ {
		b := smallBoard(r, 2+i%4, 2+i%3, 2+i%3)
		for _, g := range b.Groups(nil) {
			child := b
			p := int32(child.Apply(&g))
			require.Equal(t, p+upperBound(&child), hope(&b, &g), "board %d\n%s", i, b.String())
		}
	}
}

// BenchmarkEndgame times the exact search along a beam's line, the way
// Solve ends.
func BenchmarkEndgame(b *testing.B) {
	board := RandomBoard(42)
	line := solveBeams(board, clock.Nodes(3000000), Options{Seed: 1})
	nodes := int64(0)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		budget := clock.Nodes(200000)
		newEndgame().polish(board, line, budget)
		nodes += budget.Count()
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
