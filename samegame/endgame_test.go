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
		plan := polishEnd(b, first, clock.Nodes(1000000))
		got, err := Replay(b, plan.Moves)
		require.NoError(t, err)
		require.Equal(t, plan.Score, got)
		require.Equal(t, bestScore(b), got, "board %d\n%s", i, b.String())
	}
}
