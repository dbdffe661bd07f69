package lastofus

import (
	"testing"
	"time"

	"cgbots/internal/clock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSolveSample(t *testing.T) {
	a := mustParse(t, SampleArea)
	sol, err := Solve(a, clock.For(time.Second))
	require.NoError(t, err)
	assert.NoError(t, CheckAll(a, sol.Actions))
	t.Logf("%d actions by %s, %d nodes", len(sol.Actions), sol.Method, sol.Nodes)
	assert.LessOrEqual(t, len(sol.Actions), 14)
}
