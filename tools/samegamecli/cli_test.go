package samegamecli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cgbots/samegame"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeBoards writes two random boards in the data file format.
func writeBoards(t *testing.T) string {
	a, b := samegame.RandomBoard(1), samegame.RandomBoard(2)
	path := filepath.Join(t.TempDir(), "boards.txt")
	require.NoError(t, os.WriteFile(path, []byte("# one\n"+a.String()+"\n# two\n"+b.String()), 0o644))
	return path
}

func TestSolvePrintsReplayableSolutions(t *testing.T) {
	path := writeBoards(t)
	var out, errOut bytes.Buffer
	require.NoError(t, Run([]string{"solve", "-nodes", "20000", path, "2"}, &out, &errOut))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 3)
	assert.Regexp(t, `^board 2 score \d+ moves \d+$`, lines[0])
	assert.Regexp(t, `^total \d+$`, lines[2])
	score := strings.Fields(lines[0])[3]
	assert.Equal(t, "total "+score, lines[2])

	var replayOut bytes.Buffer
	require.NoError(t, Run([]string{"replay", path, "2", lines[1]}, &replayOut, &errOut))
	assert.Equal(t, "score "+score+"\n", replayOut.String())
}

func TestSolveAllBoardsWithThreads(t *testing.T) {
	path := writeBoards(t)
	var out, errOut bytes.Buffer
	require.NoError(t, Run([]string{"solve", "-nodes", "5000", "-threads", "2", path}, &out, &errOut))
	assert.Equal(t, 5, strings.Count(out.String(), "\n"))
}

func TestErrors(t *testing.T) {
	path := writeBoards(t)
	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("01234\n"), 0o644))
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{}, "which subcommand"},
		{[]string{"fly"}, "unknown subcommand"},
		{[]string{"solve"}, "usage"},
		{[]string{"solve", path, "3"}, `board index "3" is not 1..2`},
		{[]string{"solve", bad}, "line 1: 5 characters"},
		{[]string{"solve", "-threads", "0", path}, "-threads"},
		{[]string{"solve", "-eval", "1,2", path}, "want 13"},
		{[]string{"replay", path, "1"}, "usage"},
		{[]string{"replay", path, "1", "0,0 0,14"}, "move"},
		{[]string{"replay", path, "1", "0,0 a"}, `move 2 "a" is not x,y`},
		{[]string{"replay", path, "1", "20,0"}, "move 1 (20,0) is illegal: outside the board"},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		err := Run(tc.args, &out, &errOut)
		require.Error(t, err, "%v", tc.args)
		assert.Contains(t, err.Error(), tc.err, "%v", tc.args)
	}
}

func TestTour(t *testing.T) {
	if testing.Short() {
		t.Skip("the tour step searches for 3 s")
	}
	var out bytes.Buffer
	require.NoError(t, Tour(&out))
	assert.Contains(t, out.String(), "replay-checked")
}
