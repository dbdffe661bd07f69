package samegame

import (
	"testing"
	"time"

	"cgbots/internal/clock"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ticketTime is how long one ticket's nodes take by the count's estimate.
const ticketTime = time.Second * ticketNodes / estimatedNodesPerSecond

func TestTicketCount(t *testing.T) {
	for _, tc := range []struct {
		name    string
		budget  *clock.Budget
		threads int
		want    int
	}{
		{"a bench signature's budget", clock.Nodes(270000), 1, 1},
		{"4 tickets' nodes", clock.Nodes(4*ticketNodes + 1), 1, 2},
		{"64 tickets' nodes", clock.Nodes(64*ticketNodes + 1), 1, 8},
		{"beyond the cap", clock.Nodes(1 << 40), 1, maxTickets},
		{"a 50 ms turn", clock.For(50 * time.Millisecond), 1, 1},
		{"36 tickets' time on 1 thread", clock.For(36*ticketTime + 100*time.Millisecond), 1, 6},
		{"the same on 2 threads", clock.For(18*ticketTime + 100*time.Millisecond), 2, 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, ticketCount(tc.budget, tc.threads))
		})
	}
}

// The first ticket is the plain search; the others vary the weights that
// shape the plan, reproducibly for a seed.
func TestVariedEval(t *testing.T) {
	assert.Equal(t, DefaultEval, variedEval(DefaultEval, 7, 0))
	a, b := variedEval(DefaultEval, 7, 1), variedEval(DefaultEval, 7, 2)
	assert.NotEqual(t, a, b)
	assert.Equal(t, a, variedEval(DefaultEval, 7, 1))
	assert.NotEqual(t, a, variedEval(DefaultEval, 8, 1))
	for ticket := 1; ticket < 50; ticket++ {
		e := variedEval(DefaultEval, 7, ticket)
		for _, w := range [][2]int64{{e.TabuCount, DefaultEval.TabuCount}, {e.Parts, DefaultEval.Parts}, {e.TabuParts, DefaultEval.TabuParts}, {e.Single, DefaultEval.Single}, {e.ClearHope, DefaultEval.ClearHope}} {
			f := float64(w[0]) / float64(w[1])
			assert.True(t, f >= 0.6 && f <= 1.65, "ticket %d: factor %.3f", ticket, f)
		}
		assert.Contains(t, []int64{0, 1}, e.Others)
		assert.Equal(t, DefaultEval.Score, e.Score)
	}
}

// Tickets run side by side on two threads, each on its own node budget: the
// result is the one of a single thread, and it replays.
func TestTicketsDoNotDependOnThreads(t *testing.T) {
	b := RandomBoard(46)
	budget := clock.Nodes(4*ticketNodes + 1)
	require.Equal(t, 2, ticketCount(budget, 1))
	one := solveTickets(b, budget, Options{Seed: 5})
	two := solveTickets(b, clock.Nodes(4*ticketNodes+1), Options{Seed: 5, Threads: 2})
	assert.Equal(t, one, two)
	assert.Greater(t, budget.Count(), int64(3*ticketNodes))
	score, err := Replay(b, one.Moves)
	require.NoError(t, err)
	assert.Equal(t, one.Score, score)
}
