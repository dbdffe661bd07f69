package paintercli

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// FuzzExecute feeds arbitrary command lines to a server in a game turn:
// every non-empty line gets exactly one status line (then data only after
// OK), and no input reaches the internal-error path.
func FuzzExecute(f *testing.F) {
	for _, seed := range []string{
		"GET_CONSTANTS", "GET_STATUS", "WAIT", "GET_ARENAS", "GET_ARENAS 1 2", "GET_PAWNS 2",
		"GET_DIFFS", "MOVE 1 1 1", "SHOOT 1 2 3 4 2 5 1 1", "move 1 1 1 1 2 2", "SHOOT 1 1 1 -5",
		"MOVE 2147483648 1 1", "GET_ARENAS 1 1", "\t \r", "FOO BAR", "MOVE 1 1 1 x",
	} {
		f.Add([]byte(seed), true)
		f.Add([]byte(seed), false)
	}
	s, err := newIdleServer(testConfig())
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, line []byte, active bool) {
		if bytes.IndexByte(line, '\n') >= 0 {
			return // the session splits lines before execute sees them
		}
		s.mu.Lock()
		s.active, s.turn = active, 1
		if !active {
			s.turn = 0
		}
		s.seq++ // a fresh turn: no query limit in the way
		s.mu.Unlock()
		reply, _, _ := s.execute(0, line)
		if len(bytes.Trim(line, " \t\r")) == 0 { // the only separators

			require.Nil(t, reply)
			return
		}
		require.NotEmpty(t, reply)
		require.True(t, bytes.HasSuffix(reply, []byte("\n")))
		require.NotEqual(t, string(replyInternal), string(reply))
		first, rest, _ := bytes.Cut(reply, []byte("\n"))
		if bytes.HasPrefix(first, []byte("FAILED ")) {
			require.Empty(t, rest)
		} else {
			require.Equal(t, "OK", string(first))
		}
	})
}
