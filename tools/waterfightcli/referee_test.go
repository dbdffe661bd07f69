package waterfightcli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cgbots/internal/rng"
	"cgbots/waterfight"
)

// The test binary doubles as a bot: run with WATERFIGHT_TEST_BOT set, it
// plays that policy on stdin/stdout.
func TestMain(m *testing.M) {
	switch os.Getenv("WATERFIGHT_TEST_BOT") {
	case "greedy":
		waterfight.RunBot(os.Stdin, os.Stdout, waterfight.GreedyActions)
		os.Exit(0)
	case "random":
		waterfight.RunBot(os.Stdin, os.Stdout, waterfight.RandomPolicy(rng.New(3)))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func botCommand(policy string) string {
	return fmt.Sprintf("WATERFIGHT_TEST_BOT=%s %s", policy, os.Args[0])
}

func runRef(t *testing.T, args ...string) (string, error) {
	var out bytes.Buffer
	err := Run(append([]string{"referee"}, args...), &out, &out)
	return out.String(), err
}

func TestRefereePlaysAGameAndWritesAReplayThatReplays(t *testing.T) {
	replay := filepath.Join(t.TempDir(), "game.jsonl")
	// generous limits: the test machine may be busy
	out, err := runRef(t, "-seed", "42", "-turn", "500ms", "-replay", replay, botCommand("greedy"), botCommand("random"))
	require.NoError(t, err, out)
	assert.Contains(t, out, "seed 42 league 5:")
	assert.Contains(t, out, "winner: player 0")
	var rep bytes.Buffer
	assert.NoError(t, Replay([]string{replay}, &rep, &rep), rep.String())
}

func TestRefereeWoodLeagueNeedsOneBot(t *testing.T) {
	out, err := runRef(t, "-seed", "5", "-league", "2", "-turn", "500ms", botCommand("greedy"))
	require.NoError(t, err, out)
	assert.Contains(t, out, "player 1 (boss)")
}

func TestRefereeDisqualifiesBadBots(t *testing.T) {
	tests := []struct {
		name, bot, reason string
	}{
		{"garbage", "while read l; do echo garbage; done", "Invalid Input: Expected MOVE x y | SHOOT id | THROW x y | HUNKER_DOWN | MESSAGE text but got 'garbage'"},
		{"hung", "sleep 5", "Timeout!"},
		{"crashed", "exit 3", "Timeout!"},
		{"too few lines", "read l; echo WAIT; sleep 5", "Timeout!"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			replay := filepath.Join(t.TempDir(), "game.jsonl")
			out, err := runRef(t, "-seed", "7", "-first", "1s", "-turn", "500ms", "-replay", replay, botCommand("greedy"), tc.bot)
			require.NoError(t, err, out)
			assert.Contains(t, out, "player 1 ("+tc.bot+"): score -1 (-), deactivated: "+tc.reason)
			assert.Contains(t, out, "winner: player 0")
			assert.Less(t, time.Since(start), 4*time.Second, "a hung bot is killed at its time limit")
			data, err := os.ReadFile(replay)
			require.NoError(t, err)
			assert.True(t, strings.HasSuffix(strings.TrimSpace(string(data)), "}"))
		})
	}
}

func TestRefereeRejectsBadArguments(t *testing.T) {
	_, err := runRef(t, "-league", "9", "a", "b")
	assert.Error(t, err)
	_, err = runRef(t, "onlyone")
	assert.Error(t, err)
	_, err = runRef(t, "-seed", "1", "-turn", "500ms", "-replay", "/nonexistent/dir/x.jsonl", botCommand("greedy"), botCommand("random"))
	assert.Error(t, err)
}
