package kutulucli

import (
	"io"
	"strings"
	"time"

	"cgbots/kutulu"
	"cgbots/kutulu/mapgen"
)

// ArenaGame is one game of `cgbots arena`, played by the same referee as
// `cgbots kutulu referee`.
type ArenaGame struct {
	Commands    [kutulu.Players]string
	Seed        int64
	League      int
	MapsDir     string // official maps folder (the league's pool); "" plays a generated map
	First, Turn time.Duration
	Log         io.Writer // the referee's notes: failed starts, a removed bot's stderr
}

// ArenaResult is the outcome of an ArenaGame.
type ArenaResult struct {
	Scores       [kutulu.Players]int
	Disqualified [kutulu.Players]string // a timeout or an invalid answer, else ""
	LastTurn     int
	Replay       []byte // JSON lines, as -replay of the referee writes them
}

// Play plays the game; only a map that cannot be read is an error.
func (a *ArenaGame) Play() (ArenaResult, error) {
	params, r := kutulu.DrawParams(a.Seed, a.League)
	maze := mapgen.Generate(uint64(a.Seed))
	if a.MapsDir != "" {
		m, err := loadPoolMap(a.MapsDir, kutulu.ChooseMap(&r, params.League, ""))
		if err != nil {
			return ArenaResult{}, err
		}
		maze = m
	}
	s := kutulu.NewState(maze, params, r)
	g := &procGame{cmds: a.Commands, first: a.First, turn: a.Turn, stderr: a.Log}
	if g.stderr == nil {
		g.stderr = io.Discard
	}
	res := g.play(&s)
	out := ArenaResult{Scores: s.Scores(), LastTurn: s.Turn - 1, Replay: res.replay.Bytes()}
	for p, reason := range res.reasons {
		// judgeAnswer's two reasons; the others (madness) are part of the game.
		if strings.HasSuffix(reason, " timeout!") || strings.HasPrefix(reason, "Invalid Input") {
			out.Disqualified[p] = reason
		}
	}
	return out, nil
}
