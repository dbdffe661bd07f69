package samegamecli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cgbots/internal/clock"
	"cgbots/internal/shareddata"
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
	for _, mode := range [][]string{nil, {"-wide"}, {"-wide", "-openings", "8", "-openingdepth", "3"}} {
		var out, errOut bytes.Buffer
		args := append(append([]string{"solve", "-nodes", "20000"}, mode...), path, "2")
		require.NoError(t, Run(args, &out, &errOut))
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		require.Len(t, lines, 3, "%v", mode)
		assert.Regexp(t, `^board 2 score \d+ moves \d+$`, lines[0])
		assert.Regexp(t, `^total \d+$`, lines[2])
		score := strings.Fields(lines[0])[3]
		assert.Equal(t, "total "+score, lines[2])

		var replayOut bytes.Buffer
		require.NoError(t, Run([]string{"replay", path, "2", lines[1]}, &replayOut, &errOut))
		assert.Equal(t, "score "+score+"\n", replayOut.String(), "%v", mode)
	}
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
	scratch := filepath.Join(t.TempDir(), "best.txt") // a best file no case may write
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
		{[]string{"solve", "-eval", "1,2", path}, "want 13 or 14 comma-separated integers, got 2"},
		{[]string{"solve", "-eval", "16,0,0,16,0,0,1600,800,0,0,4000,4000,x", path}, `weight 13: "x" is not an integer`},
		{[]string{"solve", "-mem", "-1", path}, "leaves no room for a beam"},
		{[]string{"solve", "-tabu", "5", path}, "-tabu 5: want a colour 0..4"},
		{[]string{"solve", "-improve", path}, "-improve needs -best"},
		{[]string{"solve", "-openings", "-2", path}, "-openings must be at least 0"},
		{[]string{"solve", "-openings", "8", "-openingdepth", "0", path}, "-openingdepth at least 1"},
		{[]string{"merge", path, scratch}, "usage: samegame merge"},
		{[]string{"merge", bad, scratch, path}, "line 1: 5 characters"},
		{[]string{"merge", path, scratch, filepath.Join(t.TempDir(), "missing.txt")}, "missing.txt: no such file"},
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

// A best file starts out missing, is written by the first run and read back
// by the next, which never prints less than it holds.
func TestSolveKeepsBestFile(t *testing.T) {
	path := writeBoards(t)
	bestPath := filepath.Join(t.TempDir(), "best.txt")
	var first, errOut bytes.Buffer
	require.NoError(t, Run([]string{"solve", "-nodes", "20000", "-best", bestPath, path, "2"}, &first, &errOut))
	saved, err := os.ReadFile(bestPath)
	require.NoError(t, err)
	assert.Equal(t, first.String(), string(saved), "the best file holds what the run printed")

	var second bytes.Buffer
	require.NoError(t, Run([]string{"solve", "-nodes", "5000", "-seed", "7", "-best", bestPath, path, "2"}, &second, &errOut))
	sols, err := parseSolutions(second.String())
	require.NoError(t, err)
	old, err := parseSolutions(string(saved))
	require.NoError(t, err)
	assert.GreaterOrEqual(t, sols[2].Score, old[2].Score)

	var both bytes.Buffer
	require.NoError(t, Run([]string{"solve", "-nodes", "5000", "-best", bestPath, path, "1"}, &both, &errOut))
	all, err := readSolutions(bestPath)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2}, all.indices(), "boards solved by earlier runs stay in the file")

	for _, mode := range [][]string{{"-improve"}, {"-improve", "-wide"}} {
		var improved bytes.Buffer
		args := append(append([]string{"solve", "-nodes", "300000"}, mode...), "-best", bestPath, path, "2")
		require.NoError(t, Run(args, &improved, &errOut))
		better, err := parseSolutions(improved.String())
		require.NoError(t, err)
		assert.Greater(t, better[2].Score, sols[2].Score, "%v: walks or restarts along a 20,000-node line raise it", mode)
		sols = better
	}
}

// Two runs sharing a best file: a save first takes what the other run wrote
// there meanwhile where it scores more, and refuses a file that stopped
// fitting the boards instead of overwriting it.
func TestSaveKeepsWhatAnotherRunSaved(t *testing.T) {
	boards, _, err := loadBoards(writeBoards(t), nil)
	require.NoError(t, err)
	strong := samegame.Solve(boards[0], clock.Nodes(5000), samegame.Options{Seed: 1})
	require.Positive(t, strong.Score)
	bestPath := filepath.Join(t.TempDir(), "best.txt")
	require.NoError(t, solutions{1: strong}.save(bestPath, boards))

	mine := solutions{1: {}, 2: {}} // this run's own finds: nothing on board 1
	require.NoError(t, mine.save(bestPath, boards))
	saved, err := readSolutions(bestPath)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2}, saved.indices())
	assert.Equal(t, strong.Score, saved[1].Score, "the other run's better solution stays")
	assert.Equal(t, strong.Score, mine[1].Score, "and this run now builds on it")

	alien := "board 1 score 5 moves 0\n\n"
	require.NoError(t, os.WriteFile(bestPath, []byte(alien), 0o644))
	err = mine.save(bestPath, boards)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "board 1: the moves score 0, not 5 (the file changed during the run")
	kept, _ := os.ReadFile(bestPath)
	assert.Equal(t, alien, string(kept))
}

func TestBadBestFile(t *testing.T) {
	path := writeBoards(t)
	dir := t.TempDir()
	tests := []struct {
		name, content, err string
	}{
		{"garbage", "hello\n", "line 1: want `board I score S moves M`"},
		{"no moves line", "board 1 score 5 moves 1", "board 1 has no moves line"},
		{"count", "board 1 score 5 moves 2\n0,0\n", "board 1 has 1 moves, its header says 2"},
		{"twice", "board 1 score 0 moves 0\n\nboard 1 score 0 moves 0\n\n", "board 1 appears twice"},
		{"bad move", "board 1 score 5 moves 1\nx\n", `move 1 "x" is not x,y`},
		{"no such board", "board 3 score 0 moves 0\n\n", "board 3: no such board"},
		{"wrong score", "board 1 score 5 moves 0\n\n", "board 1: the moves score 0, not 5"},
		{"illegal", "board 1 score 5 moves 1\n20,0\n", "move 1 (20,0) is illegal"},
	}
	for _, tc := range tests {
		bestPath := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_"))
		require.NoError(t, os.WriteFile(bestPath, []byte(tc.content), 0o644))
		var out, errOut bytes.Buffer
		err := Run([]string{"solve", "-nodes", "5000", "-best", bestPath, path}, &out, &errOut)
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.err, tc.name)
		kept, _ := os.ReadFile(bestPath)
		assert.Equal(t, tc.content, string(kept), "%s: a rejected file is left alone", tc.name)
	}
}

// merge keeps the better solution of each board from every file, says
// which came from where, and leaves the best file alone when another file
// does not fit the boards.
func TestMerge(t *testing.T) {
	path := writeBoards(t)
	boards, _, err := loadBoards(path, nil)
	require.NoError(t, err)
	weak := samegame.Solve(boards[0], clock.Nodes(300), samegame.Options{Seed: 1})
	strong := samegame.Solve(boards[0], clock.Nodes(200000), samegame.Options{Seed: 1})
	other := samegame.Solve(boards[1], clock.Nodes(300), samegame.Options{Seed: 1})
	require.Greater(t, strong.Score, weak.Score)
	dir := t.TempDir()
	bestPath, runA, runB := filepath.Join(dir, "best.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	require.NoError(t, solutions{1: weak}.save(bestPath, boards))
	require.NoError(t, solutions{1: strong}.save(runA, boards))
	require.NoError(t, solutions{1: weak, 2: other}.save(runB, boards))

	var out bytes.Buffer
	require.NoError(t, Run([]string{"merge", path, bestPath, runA, runB}, &out, &out))
	total := strong.Score + other.Score
	assert.Equal(t, fmt.Sprintf("board 1: %d -> %d (%s)\nboard 2: 0 -> %d (%s)\n2 board(s) improved; total %d over 2 board(s)\n",
		weak.Score, strong.Score, runA, other.Score, runB, total), out.String())
	merged, err := readCheckedSolutions(bestPath, boards)
	require.NoError(t, err)
	assert.Equal(t, solutions{1: strong, 2: other}, merged)

	before, err := os.ReadFile(bestPath)
	require.NoError(t, err)
	wrong := filepath.Join(dir, "wrong.txt")
	require.NoError(t, os.WriteFile(wrong, []byte("board 1 score 99999 moves 0\n\n"), 0o644))
	err = Run([]string{"merge", path, bestPath, runA, wrong}, &out, &out)
	require.Error(t, err)
	assert.Contains(t, err.Error(), wrong+": board 1: the moves score 0, not 99999")
	after, err := os.ReadFile(bestPath)
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after), "nothing is written when a file does not fit")

	out.Reset()
	require.NoError(t, Run([]string{"merge", path, bestPath, runB}, &out, &out))
	assert.Equal(t, fmt.Sprintf("0 board(s) improved; total %d over 2 board(s)\n", total), out.String())
}

func FuzzParseSolutions(f *testing.F) {
	f.Add("board 1 score 5 moves 2\n0,0 1,1\ntotal 5\n")
	f.Add("board 2 score 0 moves 0\n\n")
	f.Add("board x")
	f.Fuzz(func(t *testing.T, text string) {
		sols, err := parseSolutions(text)
		if err != nil {
			return
		}
		var out bytes.Buffer
		require.NoError(t, sols.write(&out))
		again, err := parseSolutions(out.String())
		require.NoError(t, err, "what write prints parses")
		require.Equal(t, len(sols), len(again))
	})
}

// The best solutions found for the 20 standard positions are kept in the
// repository, in solve's output format: every position has one, each
// replays to its score, and the file is exactly what solve writes (so its
// total line is their sum).
func TestKeptSolutionsReplay(t *testing.T) {
	boards, _, err := loadBoards(filepath.Join(shareddata.Dir(t, "samegame"), "standard20.txt"), nil)
	require.NoError(t, err)
	text, err := os.ReadFile(filepath.Join("..", "..", "samegame", "solutions", "standard20.txt"))
	require.NoError(t, err)
	sols, err := parseSolutions(string(text))
	require.NoError(t, err)
	assert.Len(t, sols, len(boards))
	require.NoError(t, sols.check(boards))
	var out bytes.Buffer
	require.NoError(t, sols.write(&out))
	assert.Equal(t, out.String(), string(text))
}

func TestParseEvalTabuLateOptional(t *testing.T) {
	old, err := parseEval("16,0,0,16,0,0,1600,800,0,0,4000,4000,4")
	require.NoError(t, err)
	want := samegame.Eval{Score: 16, TabuCount: 16, Parts: 1600, TabuParts: 800, Single: 4000, ClearHope: 4000, Noise: 4}
	assert.Equal(t, want, old, "13 weights: TabuLate stays 0")
	late, err := parseEval("16,0,0,16,0,0,1600,800,0,0,4000,4000,4,6400")
	require.NoError(t, err)
	want.TabuLate = 6400
	assert.Equal(t, want, late)
}
