package clock

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestNodeBudgetStopsExactly(t *testing.T) {
	b := Nodes(100)
	assert.Equal(t, int64(99), b.NodesLeft())
	n := 0
	for !b.Done() {
		n++
	}
	assert.Equal(t, 99, n)
	assert.Equal(t, int64(0), b.NodesLeft())
	assert.True(t, b.Spent())
	assert.Equal(t, int64(100), b.Count())
	assert.Equal(t, time.Duration(0), b.Remaining())
	assert.False(t, b.Timed())
}

func TestTimedBudgetHonoursMargin(t *testing.T) {
	start := time.Now()
	b := Until(start, 30*time.Millisecond, 20*time.Millisecond)
	for !b.Done() {
	}
	elapsed := time.Since(start)
	assert.GreaterOrEqual(t, elapsed, 10*time.Millisecond)
	assert.Less(t, elapsed, 25*time.Millisecond)
	assert.True(t, b.Timed())
}

func TestMarginLargerThanLimitIsSpentAtOnce(t *testing.T) {
	b := Until(time.Now(), time.Millisecond, time.Second)
	assert.True(t, b.Spent())
	assert.Equal(t, time.Duration(0), b.Remaining())
}

func TestForHasTimeLeft(t *testing.T) {
	b := For(time.Second)
	assert.False(t, b.Spent())
	assert.Greater(t, b.Remaining(), 900*time.Millisecond)
	assert.Equal(t, int64(0), b.NodesLeft())
}
