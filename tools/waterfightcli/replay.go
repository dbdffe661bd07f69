package waterfightcli

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"cgbots/internal/sha1prng"
	"cgbots/waterfight"
)

// Replay replays official traces through our referee and prints, per file,
// "ok" or the first difference; it fails unless every trace matches.
func Replay(traces []string, stdout, _ io.Writer) error {
	ok := 0
	for _, path := range traces {
		err := replayFile(path)
		if err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", filepath.Base(path), err)
			continue
		}
		ok++
		fmt.Fprintf(stdout, "%s: ok\n", filepath.Base(path))
	}
	fmt.Fprintf(stdout, "replay: %d/%d games match\n", ok, len(traces))
	if ok != len(traces) {
		return fmt.Errorf("%d of %d traces differ", len(traces)-ok, len(traces))
	}
	return nil
}

func replayFile(path string) error {
	lines, err := readTrace(path)
	if err != nil {
		return err
	}
	init := lines[0]
	if init.League < 1 || init.League > 5 {
		return fmt.Errorf("init: league %d is not 1..5", init.League)
	}
	ref := waterfight.NewReferee(init.League, sha1prng.New(init.Seed))
	if err := compareInit(&init, ref); err != nil {
		return fmt.Errorf("init: %v", err)
	}
	for _, tl := range lines[1 : len(lines)-1] {
		if tl.Type != "turn" {
			return fmt.Errorf("unexpected %q line", tl.Type)
		}
		if ref.Over {
			return fmt.Errorf("turn %d: expected the game to go on, got it over after turn %d", tl.Turn, ref.State.Turn)
		}
		if err := replayTurn(&tl, ref); err != nil {
			return fmt.Errorf("turn %d: %v", tl.Turn, err)
		}
	}
	end := lines[len(lines)-1]
	if !ref.Over {
		return fmt.Errorf("end: expected the game over after turn %d, got it going on", end.LastTurn)
	}
	if end.LastTurn != int(ref.State.Turn) {
		return fmt.Errorf("end: last turn: expected %d, got %d", end.LastTurn, ref.State.Turn)
	}
	scores, texts := ref.Result()
	if end.Scores != nil && *end.Scores != scores {
		return fmt.Errorf("end: scores: expected %v, got %v", *end.Scores, scores)
	}
	if end.Texts != nil && *end.Texts != texts {
		return fmt.Errorf("end: texts: expected %q, got %q", *end.Texts, texts)
	}
	if end.Deactivated != nil && *end.Deactivated != ref.Reason {
		return fmt.Errorf("end: deactivated: expected %q, got %q", *end.Deactivated, ref.Reason)
	}
	return nil
}

func compareInit(init *traceLine, ref *waterfight.Referee) error {
	have := initOf(ref, init.Seed)
	if init.Width != have.Width || init.Height != have.Height {
		return fmt.Errorf("size: expected %dx%d, got %dx%d", init.Width, init.Height, have.Width, have.Height)
	}
	if init.YSymmetry != have.YSymmetry {
		return fmt.Errorf("symmetry: expected %v, got %v", init.YSymmetry, have.YSymmetry)
	}
	got := have.Tiles
	for y := range init.Tiles {
		if y >= len(got) || init.Tiles[y] != got[y] {
			return fmt.Errorf("tiles row %d: expected %s, got %s", y, init.Tiles[y], at(got, y))
		}
	}
	if len(init.Agents) != len(have.Agents) {
		return fmt.Errorf("agents: expected %d, got %d", len(init.Agents), len(have.Agents))
	}
	for i, want := range init.Agents {
		if want != have.Agents[i] {
			return fmt.Errorf("agent %d: expected %+v, got %+v", i, want, have.Agents[i])
		}
	}
	return nil
}

// initOf is the game set-up in the traces' form.
func initOf(ref *waterfight.Referee, seed int64) *traceLine {
	g := ref.Game()
	l := &traceLine{Type: "init", Seed: seed, MaxTurns: g.MaxTurns, League: g.League, Width: g.W, Height: g.H,
		YSymmetry: g.PointSym, Tiles: tileRows(g), Summary: []string{}}
	for i := 0; i < g.N; i++ {
		in, a := g.Info[i], ref.State.Agents[i]
		l.Agents = append(l.Agents, traceAgent{ID: in.ID, Owner: in.Owner, Class: in.Class, X: int(a.X), Y: int(a.Y),
			ShootCooldown: in.ShootCooldown, OptimalRange: in.OptimalRange, SoakingPower: in.SoakingPower,
			SplashBombs: int(a.Bombs), Wetness: int(a.Wetness)})
	}
	return l
}

func tileRows(g *waterfight.Game) []string {
	rows := make([]string, g.H)
	for y := range rows {
		b := make([]byte, g.W)
		for x := range b {
			b[x] = byte('0' + g.Tile(x, y))
		}
		rows[y] = string(b)
	}
	return rows
}

func at(rows []string, i int) string {
	if i < len(rows) {
		return rows[i]
	}
	return "(none)"
}

func replayTurn(tl *traceLine, ref *waterfight.Referee) error {
	ref.BeginTurn()
	for p := 0; p < 2; p++ {
		want := tl.Inputs[p]
		if !ref.Plays(p) {
			if want != nil {
				return fmt.Errorf("player %d: expected input, got the player not playing", p)
			}
			continue
		}
		if want == nil {
			return fmt.Errorf("player %d: expected no input, got the player playing", p)
		}
		if err := compareLines("input", p, *want, ref.Input(p)); err != nil {
			return err
		}
	}
	for p := 0; p < 2; p++ {
		if !ref.Plays(p) {
			continue
		}
		if out := tl.Outputs[p]; out != nil {
			ref.Output(p, *out)
		} else {
			ref.Timeout(p)
		}
	}
	ref.EndTurn()
	if err := compareLines("summary", -1, tl.Summary, ref.Summary); err != nil {
		return err
	}
	if int(ref.State.Turn) != tl.Turn {
		return fmt.Errorf("turn number: expected %d, got %d", tl.Turn, ref.State.Turn)
	}
	if tl.State != nil {
		if err := compareState(tl.State, ref); err != nil {
			return err
		}
	}
	if tl.Control != nil {
		if err := compareLines("control", -1, tl.Control, controlRows(&ref.State)); err != nil {
			return err
		}
	}
	return nil
}

func compareLines(what string, p int, want, got []string) error {
	who := what
	if p >= 0 {
		who = fmt.Sprintf("player %d %s", p, what)
	}
	for i := 0; i < len(want) || i < len(got); i++ {
		if i >= len(want) {
			return fmt.Errorf("%s line %d: expected no line, got %q", who, i+1, got[i])
		}
		if i >= len(got) {
			return fmt.Errorf("%s line %d: expected %q, got no line", who, i+1, want[i])
		}
		if want[i] != got[i] {
			return fmt.Errorf("%s line %d: expected %q, got %q", who, i+1, want[i], got[i])
		}
	}
	return nil
}

// stateOf is the referee's state in the traces' form.
func stateOf(ref *waterfight.Referee) *traceState {
	s := &ref.State
	g := s.G
	st := &traceState{Agents: []stateAgent{}, Active: ref.Active, Teamless: int(s.Teamless),
		Points: [2]int{int(s.Points[0]), int(s.Points[1])}, Controlled: [2]int{int(s.Controlled[0]), int(s.Controlled[1])}}
	for i := 0; i < g.N; i++ {
		a := &s.Agents[i]
		if a.Flags&waterfight.Present == 0 {
			continue
		}
		st.Agents = append(st.Agents, stateAgent{ID: g.Info[i].ID, Owner: g.Info[i].Owner, X: int(a.X), Y: int(a.Y),
			Wetness: int(a.Wetness), Cooldown: int(a.Cooldown), SplashBombs: int(a.Bombs),
			Hunkered: a.Flags&waterfight.Hunkered != 0, Dying: a.Flags&waterfight.Dying != 0})
	}
	return st
}

func compareState(want *traceState, ref *waterfight.Referee) error {
	have := stateOf(ref)
	got := have.Agents
	for i := 0; i < len(want.Agents) || i < len(got); i++ {
		if i >= len(want.Agents) {
			return fmt.Errorf("state agent %d: expected none, got id %d", i, got[i].ID)
		}
		if i >= len(got) {
			return fmt.Errorf("state agent %d: expected id %d, got none", i, want.Agents[i].ID)
		}
		if want.Agents[i] != got[i] {
			return fmt.Errorf("state agent id %d: expected %+v, got %+v", want.Agents[i].ID, want.Agents[i], got[i])
		}
	}
	if want.Points != have.Points {
		return fmt.Errorf("points: expected %v, got %v", want.Points, have.Points)
	}
	if want.Controlled != have.Controlled {
		return fmt.Errorf("controlled: expected %v, got %v", want.Controlled, have.Controlled)
	}
	if want.Active != have.Active {
		return fmt.Errorf("active: expected %v, got %v", want.Active, have.Active)
	}
	if want.Teamless != have.Teamless {
		return fmt.Errorf("teamless: expected %d, got %d", want.Teamless, have.Teamless)
	}
	return nil
}

func controlRows(s *waterfight.State) []string {
	g := s.G
	ctl := s.ControlGrid()
	rows := make([]string, g.H)
	for y := range rows {
		var b strings.Builder
		for x := 0; x < g.W; x++ {
			switch ctl[g.Cell(x, y)] {
			case 0:
				b.WriteByte('0')
			case 1:
				b.WriteByte('1')
			default:
				b.WriteByte('.')
			}
		}
		rows[y] = b.String()
	}
	return rows
}
