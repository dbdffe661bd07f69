package waterfight

import (
	"bufio"
	"errors"
	"io"
	"strings"

	"cgbots/internal/cgio"
)

// ErrBadInput reports input that does not describe a water fight.
var ErrBadInput = errors.New("waterfight: malformed input")

// ReadInit reads the init block a bot gets before its first turn and
// returns the game (full-game rules) and the bot's player index.
func ReadInit(r *cgio.Reader) (*Game, int, error) {
	me := r.Int()
	n := r.Int()
	if r.Err() != nil {
		return nil, 0, r.Err()
	}
	if me < 0 || me > 1 || n < 0 || n > MaxAgents {
		return nil, 0, ErrBadInput
	}
	g := &Game{League: 5, MaxTurns: 100}
	g.N = n
	count := [2]int{}
	for i := 0; i < n; i++ {
		in := AgentInfo{ID: r.Int(), Owner: r.Int(), ShootCooldown: r.Int(), OptimalRange: r.Int(), SoakingPower: r.Int()}
		r.Int() // bombs: read every turn
		if in.Owner < 0 || in.Owner > 1 || in.ID < 0 || in.ID > MaxAgents || (i > 0 && in.Owner < g.Info[i-1].Owner) {
			return nil, 0, ErrBadInput
		}
		in.Class = "?"
		g.Info[i] = in
		count[in.Owner]++
	}
	w, h := r.Int(), r.Int()
	if r.Err() != nil {
		return nil, 0, r.Err()
	}
	if w <= 0 || h <= 0 || w > MaxW || h > MaxH {
		return nil, 0, ErrBadInput
	}
	tiles := make([]uint8, w*h)
	for c := 0; c < w*h; c++ {
		x, y, t := r.Int(), r.Int(), r.Int()
		if x >= 0 && y >= 0 && x < w && y < h && t >= 0 && t <= HighCover {
			tiles[y*w+x] = uint8(t)
		}
	}
	if r.Err() != nil {
		return nil, 0, r.Err()
	}
	g.Grid = NewGrid(w, h, tiles)
	g.First = [3]int{0, count[0], n}
	g.index()
	return g, me, nil
}

// ReadTurn reads one turn's input into s: listed agents are present, the
// others gone. Points are not in the input: the bot adds those of the last
// update itself, computed from what it reads.
func ReadTurn(r *cgio.Reader, s *State) error {
	n := r.Int()
	if r.Err() != nil {
		return r.Err()
	}
	if n < 0 || n > MaxAgents {
		return ErrBadInput
	}
	g := s.G
	var seen [MaxAgents]bool
	for i := 0; i < n; i++ {
		id, x, y, cd, bombs, wet := r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int()
		sl := g.SlotOf(id)
		if sl < 0 || !g.In(x, y) {
			continue
		}
		seen[sl] = true
		s.Agents[sl] = Agent{X: int8(x), Y: int8(y), Cooldown: int8(cd), Bombs: int8(bombs), Wetness: int16(wet), Flags: Present}
	}
	r.Int() // my agent count
	if r.Err() != nil {
		return r.Err()
	}
	for i := 0; i < g.N; i++ {
		if !seen[i] {
			s.Agents[i] = Agent{}
		}
	}
	if s.Turn > 0 {
		c0, c1 := s.territory()
		s.Controlled = [2]int32{c0, c1}
		if c0 > c1 {
			s.Points[0] += c0 - c1
		} else if c1 > c0 {
			s.Points[1] += c1 - c0
		}
	}
	s.Turn++
	s.countTeamless()
	return nil
}

// CommandLines formats player p's actions, one line per listed agent. An
// agent without any action hunkers: a line needs a command, and hunkering
// never hurts.
func CommandLines(s *State, p int, acts *Actions) []string {
	g := s.G
	var lines []string
	for i := g.First[p]; i < g.First[p+1]; i++ {
		if s.Agents[i].Flags&Present == 0 {
			continue
		}
		var b strings.Builder
		b.WriteString(itoa(g.Info[i].ID))
		a := &acts[i]
		if a.HasMove {
			b.WriteString(";MOVE " + itoa(int(a.MoveX)) + " " + itoa(int(a.MoveY)))
		}
		switch a.Combat {
		case Shoot:
			b.WriteString(";SHOOT " + itoa(int(a.A)))
		case Throw:
			b.WriteString(";THROW " + itoa(int(a.A)) + " " + itoa(int(a.B)))
		case Hunker:
			b.WriteString(";HUNKER_DOWN")
		}
		if !a.HasMove && a.Combat == NoCombat {
			b.WriteString(";HUNKER_DOWN")
		}
		lines = append(lines, b.String())
	}
	return lines
}

// Policy chooses the actions of player me's agents for this turn.
type Policy func(s *State, me int, acts *Actions)

// RunBot is the loop of a CodinGame bot: read the init block, then each
// turn's input, answer with the policy's commands. It returns nil at the end
// of the input and ErrBadInput (or the read error) on malformed input.
func RunBot(in io.Reader, out io.Writer, policy Policy) error {
	r := cgio.NewReader(in)
	g, me, err := ReadInit(r)
	if err == io.EOF {
		return nil
	}
	if err != nil {
		return err
	}
	s := State{G: g}
	w := bufio.NewWriter(out)
	var acts Actions
	for {
		err := ReadTurn(r, &s)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		acts = Actions{}
		policy(&s, me, &acts)
		for _, l := range CommandLines(&s, me, &acts) {
			w.WriteString(l)
			w.WriteByte('\n')
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}
