package match

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEchoBot(t *testing.T) {
	p, err := Start("while read l; do echo \"got $l\"; done")
	require.NoError(t, err)
	defer p.Kill()
	p.Send("a", "b")
	lines, err := p.ReadLines(2, time.Second)
	require.NoError(t, err)
	assert.Equal(t, []string{"got a", "got b"}, lines)
}

func TestHangingBotTimesOutAndIsKilled(t *testing.T) {
	p, err := Start("sleep 30")
	require.NoError(t, err)
	start := time.Now()
	_, err = p.ReadLine(50 * time.Millisecond)
	assert.ErrorIs(t, err, ErrTimeout)
	p.Kill()
	p.Kill()
	assert.Less(t, time.Since(start), 5*time.Second)
}

func TestCrashedBotIsReported(t *testing.T) {
	p, err := Start("echo oops >&2; exit 3")
	require.NoError(t, err)
	defer p.Kill()
	_, err = p.ReadLine(2 * time.Second)
	assert.ErrorIs(t, err, ErrExited)
	p.Send("ignored after death")
	assert.Eventually(t, func() bool { return p.Stderr() == "oops\n" }, time.Second, 10*time.Millisecond)
}
