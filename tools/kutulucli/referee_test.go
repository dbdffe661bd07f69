package kutulucli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRefereeDisqualifiesLikeTheOfficialOne plays waiting bots against a
// bot that prints garbage and one that never answers, on a generated map.
func TestRefereeDisqualifiesLikeTheOfficialOne(t *testing.T) {
	replay := filepath.Join(t.TempDir(), "game.jsonl")
	var out, errOut bytes.Buffer
	err := Run([]string{"referee", "-seed", "3", "-first", "300ms", "-turn", "100ms", "-replay", replay,
		"yes WAIT", "yes 'move 1 1 hello'", "echo DANCE", "sleep 5"}, &out, &errOut)
	require.NoError(t, err, errOut.String())
	text := out.String()
	assert.Contains(t, text, "player 2 score -1 sanity 0 (Invalid Input: 'DANCE')")
	assert.Contains(t, text, "player 3 score -1 sanity 0 ($3 timeout!)")

	f, err := os.Open(replay)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var lines []map[string]interface{}
	for sc.Scan() {
		var v map[string]interface{}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &v))
		lines = append(lines, v)
	}
	require.GreaterOrEqual(t, len(lines), 3)
	assert.Equal(t, "kutulu", lines[0]["game"])
	first := lines[1]["players"].([]interface{})
	require.Len(t, first, 4)
	input := first[0].(map[string]interface{})["input"].([]interface{})
	var joined []string
	for _, l := range input {
		joined = append(joined, l.(string))
	}
	assert.Contains(t, strings.Join(joined, "\n"), "\nEXPLORER 0 ", "turn 0 input: init block then entities")
	assert.Contains(t, lines[len(lines)-1], "scores")
}

func TestRefereeRejectsBadArguments(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Error(t, Run([]string{"referee", "a", "b"}, &out, &errOut))
	bad := filepath.Join(t.TempDir(), "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("#####\n#S.S#\n#####\n"), 0o644))
	err := Run([]string{"referee", "-map", bad, "a", "b", "c", "d"}, &out, &errOut)
	assert.ErrorContains(t, err, "2 starts")
	assert.Error(t, Run([]string{"nope"}, &out, &errOut))
}

func TestReplayReportsBrokenTraces(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("# kutulu-trace v1\nGAME 0 seed=x\n"), 0o644))
	var out bytes.Buffer
	err := replayFiles([]string{bad, filepath.Join(dir, "missing.txt")}, &out)
	assert.Error(t, err)
	assert.Contains(t, out.String(), "replay: 0/2 games match")
}

func TestTourPlaysOneGame(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, Tour(&out))
	assert.Contains(t, out.String(), "player 0 mcts")
	assert.Equal(t, 5, strings.Count(out.String(), "\n"))
}
