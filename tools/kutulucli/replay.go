package kutulucli

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"cgbots/kutulu"
)

// replayFiles replays every trace, prints `ok` or the first mismatch per
// file and the tally, and fails unless all match.
func replayFiles(paths []string, stdout io.Writer) error {
	if len(paths) == 0 {
		return fmt.Errorf("no trace given")
	}
	ok := 0
	for _, p := range paths {
		err := replayFile(p)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", p, err)
			continue
		}
		ok++
		fmt.Fprintf(stdout, "%s: ok\n", p)
	}
	fmt.Fprintf(stdout, "replay: %d/%d games match\n", ok, len(paths))
	if ok != len(paths) {
		return fmt.Errorf("%d of %d games do not match", len(paths)-ok, len(paths))
	}
	return nil
}

func replayFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	t, err := parseTrace(f)
	if err != nil {
		return err
	}
	return replayTrace(t)
}

// mismatch is the first difference between the trace and our referee.
type mismatch struct {
	turn, player int
	what         string
	want, got    string
}

func (m *mismatch) Error() string {
	who := ""
	if m.player >= 0 {
		who = fmt.Sprintf(" player %d", m.player)
	}
	return fmt.Sprintf("mismatch: kutulu turn %d%s: %s: expected %q, got %q", m.turn, who, m.what, m.want, m.got)
}

// replayTrace sets the game up from the trace and plays the recorded
// answers. The trace does not say whether its map was forced or drawn; a
// recorded generator state settles it, else both readings are tried when
// the draw happens to give the recorded map.
func replayTrace(t *trace) error {
	maze, err := traceMaze(t)
	if err != nil {
		return err
	}
	if _, drawn, _ := kutulu.Setup(t.seed, t.league, ""); drawn != t.mapName {
		return replayWith(t, maze, t.mapName)
	}
	err = replayWith(t, maze, "")
	if err == nil {
		return nil
	}
	if err2 := replayWith(t, maze, t.mapName); err2 == nil {
		return nil
	}
	return err
}

// traceMaze rebuilds the referee's map from the rows sent to the players
// and the explorers' turn-0 cells (the starts, sent as '.'). Shelters are
// sent as '.' below Wood 1, where they play no part.
func traceMaze(t *trace) (*kutulu.Maze, error) {
	rows := make([]byte, 0)
	w := len(t.rows[0])
	for _, r := range t.rows {
		if len(r) != w {
			return nil, fmt.Errorf("ragged map rows")
		}
		rows = append(rows, r...)
	}
	if len(t.turns[0].inputs) == 0 {
		return nil, fmt.Errorf("turn 0 has no input")
	}
	starts := 0
	for _, l := range t.turns[0].inputs[0].lines[1:] {
		f := strings.Fields(l)
		if len(f) == 7 && f[0] == "EXPLORER" {
			x, _ := strconv.Atoi(f[2])
			y, _ := strconv.Atoi(f[3])
			if x < 0 || x >= w || y < 0 || y >= len(t.rows) {
				return nil, fmt.Errorf("explorer outside the map at turn 0")
			}
			rows[y*w+x] = 'S'
			starts++
		}
	}
	if starts != kutulu.Players {
		return nil, fmt.Errorf("turn 0 shows %d explorers, want 4", starts)
	}
	lines := make([]string, len(t.rows))
	for y := range lines {
		lines[y] = string(rows[y*w : (y+1)*w])
	}
	return kutulu.ParseMaze(t.mapName, lines)
}

func replayWith(t *trace, maze *kutulu.Maze, forced string) error {
	params, name, r := kutulu.Setup(t.seed, t.league, forced)
	if name != t.mapName {
		return &mismatch{turn: 0, player: -1, what: "map", want: t.mapName, got: name}
	}
	s := kutulu.NewState(maze, params, r)
	if first := t.turns[0].turn; first == 1 {
		s.Turn = first // a driver numbering turns from 1, as later SDKs do
	}
	if err := compareLines(0, -1, "init", t.init, splitLines(s.AppendInit(nil))); err != nil {
		return err
	}
	var reasons [kutulu.Players]string
	var log kutulu.Log
	var buf []byte
	for i := range t.turns {
		tt := &t.turns[i]
		if tt.turn != s.Turn || s.Over {
			return &mismatch{turn: tt.turn, player: -1, what: "turn", want: strconv.Itoa(tt.turn), got: fmt.Sprintf("%d over=%v", s.Turn, s.Over)}
		}
		if tt.rng != "" && tt.rng != strconv.FormatUint(s.Rand.State(), 10) {
			return &mismatch{turn: tt.turn, player: -1, what: "rng", want: tt.rng, got: strconv.FormatUint(s.Rand.State(), 10)}
		}
		var active []string
		for p := 0; p < kutulu.Players; p++ {
			if s.Active(p) {
				active = append(active, strconv.Itoa(p))
			}
		}
		var seen []string
		for _, in := range tt.inputs {
			seen = append(seen, strconv.Itoa(in.player))
		}
		if strings.Join(active, ",") != strings.Join(seen, ",") {
			return &mismatch{turn: tt.turn, player: -1, what: "active players", want: strings.Join(seen, ","), got: strings.Join(active, ",")}
		}
		for _, in := range tt.inputs {
			buf = s.AppendInput(buf[:0], in.player)
			if err := compareLines(tt.turn, in.player, "input", in.lines, splitLines(buf)); err != nil {
				return err
			}
		}
		var summaries []string
		var acts [kutulu.Players]kutulu.Action
		for _, in := range tt.inputs {
			judgeAnswer(&s, in.player, in.out, in.out == "<TIMEOUT>", &acts, &reasons, &summaries)
		}
		finishTurn(&s, &acts, &log, &reasons, &summaries)
		if err := compareLines(tt.turn, -1, "summary", tt.summaries, summaries); err != nil {
			return err
		}
		if len(tt.hidden) > 0 {
			if err := compareLines(tt.turn, -1, "hidden state", tt.hidden, hiddenLines(&s)); err != nil {
				return err
			}
		}
	}
	if !s.Over {
		return &mismatch{turn: s.Turn, player: -1, what: "end", want: "game over", got: "game goes on"}
	}
	sc := s.Scores()
	end := fmt.Sprintf("lastTurn=%d scores=%d,%d,%d,%d sanity=%d,%d,%d,%d", s.Turn-1, sc[0], sc[1], sc[2], sc[3],
		s.Explorers[0].Sanity, s.Explorers[1].Sanity, s.Explorers[2].Sanity, s.Explorers[3].Sanity)
	if end != t.end {
		return &mismatch{turn: s.Turn - 1, player: -1, what: "END", want: t.end, got: end}
	}
	var deact []string
	for p, r := range reasons {
		if r != "" {
			deact = append(deact, fmt.Sprintf("%d %s", p, r))
		}
	}
	return compareLines(s.Turn-1, -1, "DEACTIVATED", t.deact, deact)
}

// judgeAnswer applies the referee's rules to player p's answer: a missing
// one (timeout, dead bot) or an unparsable line disqualifies at once. It
// reports whether p is still in the game.
func judgeAnswer(s *kutulu.State, p int, line string, missing bool, acts *[kutulu.Players]kutulu.Action, reasons *[kutulu.Players]string, summary *[]string) bool {
	if missing {
		s.Disqualify(p)
		reasons[p] = fmt.Sprintf("$%d timeout!", p)
		return false
	}
	a, err := s.ParseAction(p, line)
	if err != nil {
		s.Disqualify(p)
		reasons[p] = "Invalid Input: '" + line + "'"
		*summary = append(*summary, fmt.Sprintf("Invalid command by $%d.", p))
		return false
	}
	acts[p] = a
	return true
}

// finishTurn plays the update with the parsed actions, appends the summary
// messages and records madness; it returns the players who went mad.
func finishTurn(s *kutulu.State, acts *[kutulu.Players]kutulu.Action, log *kutulu.Log, reasons *[kutulu.Players]string, summary *[]string) []int {
	log.Events = log.Events[:0]
	s.ApplyTurn(acts, log)
	var mad []int
	for _, e := range log.Events {
		if e.Kind == kutulu.EvMad {
			reasons[e.P] = e.Text()
			mad = append(mad, int(e.P))
			continue
		}
		*summary = append(*summary, e.Text())
	}
	return mad
}

func splitLines(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func compareLines(turn, player int, what string, want, got []string) error {
	for i := 0; i < len(want) || i < len(got); i++ {
		w, g := "<none>", "<none>"
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			return &mismatch{turn: turn, player: player, what: fmt.Sprintf("%s line %d", what, i+1), want: w, got: g}
		}
	}
	return nil
}

var minionStateNames = [...]string{"SPAWNING", "WANDERING", "STALKING", "RUSH", "STUNNED"}

// hiddenLines prints our state like the trace's H lines.
func hiddenLines(s *kutulu.State) []string {
	m := s.Maze
	out := []string{"rngAfter=" + strconv.FormatUint(s.Rand.State(), 10)}
	for p := range s.Explorers {
		e := &s.Explorers[p]
		if !e.Alive {
			continue
		}
		x, y := m.XY(int(e.Cell))
		by := make([]string, e.NYells)
		for i := range by {
			by[i] = strconv.Itoa(int(e.YellsBy[i]))
		}
		out = append(out, fmt.Sprintf("EXPLORER %d %d %d sanity=%d yellsBy=[%s] stuck=%v", p, x, y, e.Sanity, strings.Join(by, ", "), s.Stuck(p)))
	}
	for i := 0; i < s.NMinions; i++ {
		n := &s.Minions[i]
		x, y := m.XY(int(n.Cell))
		kind, stun := "MinionWanderer", "null"
		if n.Kind == kutulu.Slasher {
			kind, stun = "MinionSlasher", strconv.Itoa(int(n.Stun))
		}
		seen := "-"
		if n.LastSeen >= 0 {
			sx, sy := m.XY(int(n.LastSeen))
			seen = fmt.Sprintf("%d,%d", sx, sy)
		}
		out = append(out, fmt.Sprintf("%s %d %d %d state=%s spawn=%d life=%d stun=%s target=%d lastSeen=%s",
			kind, n.ID, x, y, minionStateNames[n.State], n.Spawn, n.Life, stun, n.Target, seen))
	}
	names := map[uint8]string{kutulu.EffectShelter: "ShelterEffect", kutulu.EffectPlan: "PlanEffect", kutulu.EffectLight: "RepulseEffect", kutulu.EffectYell: "YellEffect"}
	for i := 0; i < s.NEffects; i++ {
		f := &s.Effects[i]
		out = append(out, fmt.Sprintf("%s tick=%d caster=%d", names[f.Kind], f.Tick, f.Caster))
	}
	return out
}
