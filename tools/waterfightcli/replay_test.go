package waterfightcli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cgbots/internal/shareddata"
)

func TestReplayAllOfficialTraces(t *testing.T) {
	dir := shareddata.Dir(t, "waterfight", "traces")
	traces, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	require.NoError(t, err)
	require.NotEmpty(t, traces)
	var out bytes.Buffer
	err = Replay(traces, &out, &out)
	assert.NoError(t, err, out.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	assert.Len(t, lines, len(traces)+1)
}

func TestReplayReportsFirstMismatch(t *testing.T) {
	dir := shareddata.Dir(t, "waterfight", "traces")
	data, err := os.ReadFile(filepath.Join(dir, "l5_seed42_greedy_vs_rand.jsonl"))
	require.NoError(t, err)
	// Player 1's agent 4 ends turn 1 elsewhere than recorded.
	lines := strings.SplitN(string(data), "\n", 3)
	lines[1] = strings.Replace(lines[1], `{"id":4,"owner":1,"x":`, `{"id":4,"owner":1,"x":1`, 1)
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644))
	var out bytes.Buffer
	err = Replay([]string{bad}, &out, &out)
	assert.Error(t, err)
	assert.Contains(t, out.String(), "bad.jsonl: turn 1: state agent id 4: expected")
	assert.Contains(t, out.String(), "replay: 0/1 games match")
}

func TestReplayRejectsGarbage(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "garbage.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte("not json\n"), 0o644))
	var out bytes.Buffer
	assert.Error(t, Replay([]string{bad, filepath.Join(t.TempDir(), "missing.jsonl")}, &out, &out))
	assert.Contains(t, out.String(), "replay: 0/2 games match")
}

func TestTourGreedyBeatsRandom(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, Tour(&out))
	assert.Contains(t, out.String(), "greedy (player 0) vs random (player 1)")
}
