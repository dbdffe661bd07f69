package arena

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func runArena(t *testing.T, stop, abandon <-chan struct{}, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := Run(args, &out, &errOut, stop, abandon)
	return out.String(), errOut.String(), err
}

func readReport(t *testing.T, path string) Report {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var r Report
	require.NoError(t, json.Unmarshal(data, &r))
	return r
}

func standingOf(t *testing.T, r Report, bot string) Standing {
	t.Helper()
	for _, s := range r.Standings {
		if s.Bot == bot {
			return s
		}
	}
	t.Fatalf("no standing for %s", bot)
	return Standing{}
}

// TestArenaPlaysBuiltinBots is the end-to-end run: the repo's waterfight
// bots built from source, two at a time, sides swapped on each seed.
func TestArenaPlaysBuiltinBots(t *testing.T) {
	dir := t.TempDir()
	results, replays := filepath.Join(dir, "results.json"), filepath.Join(dir, "replays")
	out, progress, err := runArena(t, nil, nil, "-game", "waterfight", "-games", "4", "-parallel", "2", "-seed", "7",
		"-first", "5s", "-turn", "2s", "-out", results, "-replays", replays,
		"-bots", "random=builtin:waterfight-random -seed 3,greedy=builtin:waterfight-greedy")
	require.NoError(t, err, progress)
	assert.Contains(t, out, "waterfight league 5, seed 7: 4 of 4 games played")
	assert.Regexp(t, `(?m)^\s+greedy\s+4\s+\d+\s+\d+\s+\d+\s+0\s`, out)
	assert.Regexp(t, `(?m)^\s+random\s+4\s+\d+\s+\d+\s+\d+\s+0\s`, out)
	assert.Contains(t, out, "greedy vs random:")
	assert.Equal(t, 4, strings.Count(progress, "] game "), progress)

	r := readReport(t, results)
	assert.Equal(t, 4, r.Played)
	assert.False(t, r.Interrupted)
	require.Len(t, r.Games, 4)
	g, rd := standingOf(t, r, "greedy"), standingOf(t, r, "random")
	for _, s := range []Standing{g, rd} {
		assert.Equal(t, 4, s.Seats)
		assert.Equal(t, 4, s.Wins+s.Draws+s.Losses)
	}
	assert.Equal(t, g.Wins, rd.Losses)
	assert.Equal(t, g.Draws, rd.Draws)
	assert.InDelta(t, 4, g.Points+rd.Points, 1e-9)
	for i := 0; i < 4; i += 2 {
		a, b := r.Games[i], r.Games[i+1]
		assert.Equal(t, a.Seed, b.Seed, "one seed per pair of games")
		assert.Equal(t, []string{a.Seats[1], a.Seats[0]}, b.Seats, "sides swapped")
		assert.FileExists(t, a.Replay)
		assert.FileExists(t, b.Replay)
	}
	assert.NotEqual(t, r.Games[0].Seed, r.Games[2].Seed)
	files, err := os.ReadDir(replays)
	require.NoError(t, err)
	assert.Len(t, files, 4)
}

// TestArenaKutuluCrashingBotLoses fills four seats with two shell bots: the
// one that dies after its first input is disqualified in each of its seats
// and the arena goes on.
func TestArenaKutuluCrashingBotLoses(t *testing.T) {
	results := filepath.Join(t.TempDir(), "r.json")
	out, progress, err := runArena(t, nil, nil, "-game", "kutulu", "-games", "4", "-first", "2s", "-turn", "1s", "-out", results,
		"-bots", "waiter=yes WAIT,crasher=read x; echo dying >&2; exit 3")
	require.NoError(t, err, progress)
	assert.Contains(t, out, "avg rank")
	r := readReport(t, results)
	assert.Equal(t, 4, r.Played)
	w, c := standingOf(t, r, "waiter"), standingOf(t, r, "crasher")
	assert.Equal(t, 8, w.Seats, "two bots fill four seats: 2 each per game")
	assert.Equal(t, 8, c.Seats)
	assert.Equal(t, 8, c.Disqualified)
	assert.Equal(t, 8, c.Losses)
	assert.InDelta(t, 1.0, w.Score, 1e-9)
	require.Len(t, r.Pairs, 1)
	assert.Equal(t, 4, r.Pairs[0].Games)
	assert.Nil(t, r.Pairs[0].Elo, "a clean sweep has no finite Elo")
	assert.Contains(t, out, "waiter vs crasher: 100.0% over 4 games, Elo +inf")
	for _, g := range r.Games {
		seated := map[string]int{}
		for _, s := range g.Seats {
			seated[s]++
		}
		assert.Equal(t, map[string]int{"waiter": 2, "crasher": 2}, seated)
	}
	assert.Contains(t, progress, "dying", "the removed bot's stderr is shown")
	assert.Contains(t, progress, "arena: warning: bot crasher was disqualified in all its 8 seats")
}

func TestArenaRejectsBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown game", []string{"-game", "chess", "-bots", "a=x,b=y"}, "-game must be one of: kutulu, waterfight"},
		{"no bots", []string{"-game", "kutulu"}, "no bots"},
		{"one bot", []string{"-game", "kutulu", "-bots", "a=cat"}, "at least two bots"},
		{"missing command", []string{"-game", "kutulu", "-bots", "a=cat,b"}, `bad bot "b"`},
		{"bad name", []string{"-game", "kutulu", "-bots", "a b=cat,c=cat"}, `bad bot "a b=cat"`},
		{"twice", []string{"-game", "kutulu", "-bots", "a=cat,a=cat"}, `"a" given twice`},
		{"stray argument", []string{"-game", "kutulu", "-bots", "a=cat,b=cat", "extra"}, `unexpected argument "extra"`},
		{"league", []string{"-game", "waterfight", "-league", "3", "-bots", "a=cat,b=cat"}, "-league must be in 5..5"},
		{"games", []string{"-game", "kutulu", "-games", "0", "-bots", "a=cat,b=cat"}, "-games must be at least 1"},
		{"does not start", []string{"-game", "kutulu", "-bots", "a=cat,b=./no-such-bot --x"}, "bot b (./no-such-bot --x) does not start: it exited at once: "},
		{"builtin of another game", []string{"-game", "kutulu", "-bots", "a=cat,b=builtin:waterfight-greedy"}, "bot b: builtin:waterfight-greedy is not a kutulu bot"},
		{"unknown builtin", []string{"-game", "kutulu", "-bots", "a=cat,b=builtin:kutulu-nope"}, "no bot builtin:kutulu-nope (have: builtin:kutulu-heuristic, builtin:kutulu-mcts, builtin:kutulu-random)"},
	} {
		_, _, err := runArena(t, nil, nil, tc.args...)
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
		assert.NotContains(t, err.Error(), "\n", tc.name)
	}
}

func TestParseBotsKeepsArgumentsAndEscapedCommas(t *testing.T) {
	bots, err := parseBots(`a=builtin:waterfight-genetic -nodes 2000, b = printf 'x\,y' `)
	require.NoError(t, err)
	require.Len(t, bots, 2)
	assert.Equal(t, Bot{Name: "a", Cmd: "builtin:waterfight-genetic -nodes 2000", run: "builtin:waterfight-genetic -nodes 2000"}, bots[0])
	assert.Equal(t, "printf 'x,y'", bots[1].Cmd)
}

// stopAfterFirst is a progress writer that stops the arena when the first
// game is reported.
type stopAfterFirst struct {
	once sync.Once
	stop chan struct{}
	bytes.Buffer
}

func (s *stopAfterFirst) Write(p []byte) (int, error) {
	s.once.Do(func() { close(s.stop) })
	return s.Buffer.Write(p)
}

func TestArenaStopsCleanlyAndReportsWhatWasPlayed(t *testing.T) {
	progress := &stopAfterFirst{stop: make(chan struct{})}
	bots := []Bot{{Name: "a", run: "yes WAIT"}, {Name: "b", run: "yes WAIT"}}
	cfg := Config{Game: "kutulu", Bots: bots, Games: 20, Seed: 1, Parallel: 1, League: 4, First: 2e9, Turn: 1e9, Progress: progress}
	r := Play(cfg, progress.stop, nil)
	assert.True(t, r.Interrupted)
	assert.GreaterOrEqual(t, r.Played, 1)
	assert.LessOrEqual(t, r.Played, 2, "at most the game already handed out")
	assert.Len(t, r.Games, r.Played)
	var out bytes.Buffer
	printTable(&out, r)
	assert.Contains(t, out.String(), " of 20 games played")
	assert.Contains(t, out.String(), "interrupted")

	abandon := make(chan struct{})
	close(abandon)
	r = Play(cfg, abandon, abandon)
	assert.True(t, r.Interrupted)
	assert.Equal(t, 0, r.Played)
}
