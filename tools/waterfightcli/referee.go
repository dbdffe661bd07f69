package waterfightcli

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"time"

	"cgbots/internal/sha1prng"
	"cgbots/tools/internal/atomicfile"
	"cgbots/tools/internal/match"
	"cgbots/waterfight"
)

// Match is one game between bot commands under CodinGame's time limits.
type Match struct {
	Seed      int64
	League    int
	First     time.Duration // time limit of a player's first turn
	Turn      time.Duration // time limit of the later turns
	Commands  [2]string     // player 1's is unused in the wood leagues
	ReplayTo  string        // JSON-lines replay file, "" for none
	Result    [2]int
	Texts     [2]string
	Reasons   [2]string
	LastTurn  int
	replayLog []traceLine
}

// bot is the side of one player: a process, or nothing (wood boss, dead bot).
type bot struct {
	proc  *match.Process
	first bool
}

// Play runs the game, writes the replay and fills the result.
func (m *Match) Play() error {
	ref := waterfight.NewReferee(m.League, sha1prng.New(m.Seed))
	var bots [2]bot
	defer func() {
		for _, b := range bots {
			if b.proc != nil {
				b.proc.Kill()
			}
		}
	}()
	for p := 0; p < 2; p++ {
		if m.League < 5 && p == 1 {
			continue
		}
		proc, err := match.Start(m.Commands[p])
		if err != nil {
			return fmt.Errorf("player %d: %v", p, err)
		}
		bots[p] = bot{proc: proc, first: true}
	}
	m.replayLog = append(m.replayLog[:0], *initOf(ref, m.Seed))
	for !ref.Over {
		ref.BeginTurn()
		tl := traceLine{Type: "turn"}
		var played, late [2]bool
		for p := 0; p < 2; p++ {
			if !ref.Plays(p) {
				continue
			}
			played[p] = true
			in := ref.Input(p)
			tl.Inputs[p] = &in
			b := &bots[p]
			limit := m.Turn
			if b.first {
				limit, b.first = m.First, false
			}
			if b.proc == nil {
				late[p] = true
				continue
			}
			b.proc.Send(in...)
			out, err := b.proc.ReadLines(ref.ExpectedLines(p), limit)
			if err != nil {
				// A hung or crashed bot: CodinGame reports both as missing lines.
				late[p] = true
				b.proc.Kill()
				b.proc = nil
				continue
			}
			tl.Outputs[p] = &out
		}
		for p := 0; p < 2; p++ {
			switch {
			case !played[p]:
			case late[p]:
				ref.Timeout(p)
			default:
				ref.Output(p, *tl.Outputs[p])
			}
		}
		ref.EndTurn()
		m.replayLog = append(m.replayLog, turnRecord(ref, tl))
	}
	end := endRecord(ref)
	m.replayLog = append(m.replayLog, end)
	m.Result, m.Texts, m.Reasons = *end.Scores, *end.Texts, *end.Deactivated
	m.LastTurn = end.LastTurn
	if m.ReplayTo == "" {
		return nil
	}
	return atomicfile.WriteFunc(m.ReplayTo, 0o644, func(w io.Writer) error { return writeTrace(w, m.replayLog) })
}

// turnRecord completes a turn line (inputs and outputs filled) once the
// referee has closed the turn.
func turnRecord(ref *waterfight.Referee, tl traceLine) traceLine {
	tl.Turn = int(ref.State.Turn)
	tl.Summary = append([]string{}, ref.Summary...)
	tl.State = stateOf(ref)
	tl.Control = controlRows(&ref.State)
	return tl
}

// endRecord is the end line of a finished game.
func endRecord(ref *waterfight.Referee) traceLine {
	scores, texts := ref.Result()
	reasons := ref.Reason
	return traceLine{Type: "end", LastTurn: int(ref.State.Turn), Scores: &scores, Texts: &texts,
		Deactivated: &reasons, Summary: []string{}}
}

// writeTrace writes lines as JSON lines, the traces' format.
func writeTrace(w io.Writer, lines []traceLine) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for i := range lines {
		if err := enc.Encode(&lines[i]); err != nil {
			return err
		}
	}
	return nil
}

// runReferee is `cgbots waterfight referee`.
func runReferee(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("waterfight referee", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Int64("seed", 0, "game seed as on CodinGame (0: a random one)")
	league := fs.Int("league", 5, "league level: 1-4 wood (scripted boss), 5 Bronze and above")
	first := fs.Duration("first", time.Second, "time limit of each player's first turn")
	turn := fs.Duration("turn", 50*time.Millisecond, "time limit of the later turns")
	replay := fs.String("replay", "", "write the game as JSON lines (the traces' format) to this file")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cgbots waterfight referee [flags] CMD1 CMD2   (one command in wood leagues 1-4)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	need := 2
	if *league < 5 {
		need = 1
	}
	if *league < 1 || *league > 5 {
		return fmt.Errorf("-league must be 1..5, got %d", *league)
	}
	if fs.NArg() < need || fs.NArg() > 2 {
		fs.Usage()
		return fmt.Errorf("want %d bot command(s), got %d", need, fs.NArg())
	}
	if *first <= 0 || *turn <= 0 {
		return errors.New("-first and -turn must be positive")
	}
	for *seed == 0 {
		*seed = rand.New(rand.NewSource(time.Now().UnixNano())).Int63()
	}
	m := &Match{Seed: *seed, League: *league, First: *first, Turn: *turn, ReplayTo: *replay}
	copy(m.Commands[:], fs.Args())
	if err := m.Play(); err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "seed %d league %d: %d turns\n", m.Seed, m.League, m.LastTurn)
	for p := 0; p < 2; p++ {
		name := m.Commands[p]
		if m.League < 5 && p == 1 {
			name = "boss"
		}
		fmt.Fprintf(&b, "player %d (%s): score %d (%s)", p, name, m.Result[p], m.Texts[p])
		if m.Reasons[p] != "" {
			fmt.Fprintf(&b, ", deactivated: %s", m.Reasons[p])
		}
		b.WriteByte('\n')
	}
	switch {
	case m.Result[0] > m.Result[1]:
		b.WriteString("winner: player 0\n")
	case m.Result[1] > m.Result[0]:
		b.WriteString("winner: player 1\n")
	default:
		b.WriteString("draw\n")
	}
	_, err := stdout.Write(b.Bytes())
	return err
}
