package arena

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"cgbots/kutulu"
	"cgbots/tools/internal/atomicfile"
	"cgbots/tools/kutulucli"
	"cgbots/tools/waterfightcli"
)

// gameSpec is what the arena knows of a game: its seats and leagues, and
// the one function that plays a game of it through its process referee.
type gameSpec struct {
	seats                       int
	minLeague, maxLeague, fixed int // fixed: the default league
	play                        func(g *gameSetup) (outcome, error)
}

// gameSetup is one game to play: the commands by seat and the options.
type gameSetup struct {
	cmds        []string
	seed        int64
	league      int
	first, turn time.Duration
	mapsDir     string
	replay      string // file to write, "" for none
	log         io.Writer
}

// outcome is the result of one game, by seat.
type outcome struct {
	scores       []int
	disqualified []string // "" where the bot answered well to the end
	lastTurn     int
}

var games = map[string]gameSpec{
	"kutulu": {seats: kutulu.Players, minLeague: 1, maxLeague: kutulu.Legend, fixed: kutulu.Bronze, play: playKutulu},
	// the wood leagues (1-4) play a scripted boss, not a second bot
	"waterfight": {seats: 2, minLeague: 5, maxLeague: 5, fixed: 5, play: playWaterfight},
}

func gameNames() string {
	var names []string
	for n := range games {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func playKutulu(g *gameSetup) (outcome, error) {
	a := kutulucli.ArenaGame{Seed: g.seed, League: g.league, MapsDir: g.mapsDir, First: g.first, Turn: g.turn, Log: g.log}
	copy(a.Commands[:], g.cmds)
	res, err := a.Play()
	if err != nil {
		return outcome{}, err
	}
	if g.replay != "" {
		if err := atomicfile.Write(g.replay, res.Replay, 0o644); err != nil {
			fmt.Fprintf(g.log, "replay not written: %v\n", err)
		}
	}
	return outcome{scores: res.Scores[:], disqualified: res.Disqualified[:], lastTurn: res.LastTurn}, nil
}

func playWaterfight(g *gameSetup) (outcome, error) {
	m := &waterfightcli.Match{Seed: g.seed, League: g.league, First: g.first, Turn: g.turn, ReplayTo: g.replay}
	copy(m.Commands[:], g.cmds)
	if err := m.Play(); err != nil {
		if m.LastTurn == 0 {
			return outcome{}, err
		}
		// played to the end; only the replay failed
		fmt.Fprintf(g.log, "replay not written: %v\n", err)
	}
	return outcome{scores: m.Result[:], disqualified: m.Reasons[:], lastTurn: m.LastTurn}, nil
}

// replayName is the file of game index i (0-based) in the replay folder.
func replayName(dir, game string, i int, seed int64) string {
	return filepath.Join(dir, fmt.Sprintf("%s-%04d-seed%d.jsonl", game, i+1, seed))
}
