package kutulu

import (
	"errors"
	"strconv"
	"unicode/utf8"
)

var entityNames = [...]string{"EXPLORER", "WANDERER", "SLASHER", "EFFECT_SHELTER", "EFFECT_PLAN", "EFFECT_LIGHT", "EFFECT_YELL"}

// AppendInit appends the initial input (identical for every player).
func (s *State) AppendInit(buf []byte) []byte {
	m := s.Maze
	buf = strconv.AppendInt(buf, int64(m.W), 10)
	buf = append(buf, '\n')
	buf = strconv.AppendInt(buf, int64(m.H), 10)
	buf = append(buf, '\n')
	for y := 0; y < m.H; y++ {
		buf = append(buf, m.PlayerRow(y, s.Params.HasWood1())...)
		buf = append(buf, '\n')
	}
	p := s.Params
	return appendInts(buf, p.Lonely, p.Group, p.SpawnTime, p.LifeTime)
}

// AppendInput appends player p's input of the current turn: the entity
// count, then the explorers (p first, then p+1.. cyclically), the minions
// and the effects, one line each.
func (s *State) AppendInput(buf []byte, p int) []byte {
	m := s.Maze
	count := 0
	for i := range s.Explorers {
		if s.Explorers[i].Alive {
			count++
		}
	}
	count += s.NMinions
	for i := 0; i < s.NEffects; i++ {
		if s.effectShown(&s.Effects[i]) {
			count++
		}
	}
	buf = strconv.AppendInt(buf, int64(count), 10)
	buf = append(buf, '\n')
	for k := 0; k < Players; k++ {
		id := (p + k) % Players
		e := &s.Explorers[id]
		if !e.Alive {
			continue
		}
		x, y := m.XY(int(e.Cell))
		buf = append(buf, "EXPLORER "...)
		buf = appendInts(buf, id, x, y, int(e.Sanity), int(e.Plans), int(e.Lights))
	}
	for i := 0; i < s.NMinions; i++ {
		n := &s.Minions[i]
		x, y := m.XY(int(n.Cell))
		target := int(n.Target)
		if target >= 0 && s.Explorers[target].Sanity <= 0 {
			target = -1
		}
		buf = append(buf, entityNames[n.Kind]...)
		buf = append(buf, ' ')
		buf = appendInts(buf, int(n.ID), x, y, n.Countdown(), int(n.State), target)
	}
	for i := 0; i < s.NEffects; i++ {
		f := &s.Effects[i]
		if !s.effectShown(f) {
			continue
		}
		buf = append(buf, entityNames[f.Kind]...)
		buf = append(buf, ' ')
		switch f.Kind {
		case EffectShelter:
			x, y := m.XY(int(f.Cell))
			buf = appendInts(buf, -1, x, y, int(f.Tick), -1, -1)
		case EffectYell:
			buf = appendInts(buf, -1, -1, -1, int(f.Tick), int(f.Caster), int(f.Victim))
		default:
			x, y := m.XY(int(s.Explorers[f.Caster].Cell))
			buf = appendInts(buf, -1, x, y, int(f.Tick), int(f.Caster), -1)
		}
	}
	return buf
}

// effectShown: a YELL line is left out once its victim has no sanity.
func (s *State) effectShown(f *Effect) bool {
	return f.Kind != EffectYell || s.Explorers[f.Victim].Sanity > 0
}

func appendInts(buf []byte, vs ...int) []byte {
	for i, v := range vs {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = strconv.AppendInt(buf, int64(v), 10)
	}
	return append(buf, '\n')
}

// ErrBadCommand is returned for an answer the referee cannot parse; the
// player is then disqualified.
var ErrBadCommand = errors.New("invalid command")

var actionWords = [...]struct {
	word string
	kind ActionKind
}{{"WAIT", ActWait}, {"UP", ActUp}, {"RIGHT", ActRight}, {"DOWN", ActDown}, {"LEFT", ActLeft},
	{"PLAN", ActPlan}, {"LIGHT", ActLight}, {"YELL", ActYell}}

// parseWord matches an action word, any ASCII case.
func parseWord(w string) (ActionKind, bool) {
	for _, a := range actionWords {
		if len(a.word) == len(w) && equalFoldASCII(w, a.word) {
			return a.kind, true
		}
	}
	return 0, false
}

// ParseAction reads player p's answer exactly as the referee does: first
// `MOVE x y [message]` (case-insensitive), else one word among WAIT, PLAN,
// LIGHT, YELL, UP, DOWN, LEFT, RIGHT (any case) and an optional message.
// A MOVE becomes one step from the explorer's current cell. Actions the
// league lacks become WAIT.
func (s *State) ParseAction(p int, line string) (Action, error) {
	if x, y, ok := parseMove(line); ok {
		if x < -1<<31 || x >= 1<<31 || y < -1<<31 || y >= 1<<31 {
			return Action{}, ErrBadCommand
		}
		return s.moveAction(p, int(x), int(y)), nil
	}
	w := 0
	for w < len(line) && isWordByte(line[w]) {
		w++
	}
	if w == 0 || !restMatches(line[w:]) {
		return Action{}, ErrBadCommand
	}
	k, ok := parseWord(line[:w])
	if !ok {
		return Action{}, ErrBadCommand
	}
	switch {
	case (k == ActPlan || k == ActLight) && !s.Params.HasPlanLight():
		k = ActWait
	case k == ActYell && !s.Params.HasWood1():
		k = ActWait
	}
	return Action{Kind: k}, nil
}

// moveAction turns MOVE x y into one step (offset-0 search, unit costs).
func (s *State) moveAction(p, x, y int) Action {
	m := s.Maze
	to := m.Cell(x, y)
	if to < 0 || !m.Walkable(to) {
		return Action{Kind: ActWait, Invalid: true}
	}
	from := int(s.Explorers[p].Cell)
	step := m.FirstStep(from, to, 0)
	if step < 0 {
		return Action{Kind: ActWait, Invalid: true}
	}
	for d := 0; d < 4; d++ {
		if m.Neighbor(from, d) == step {
			return Action{Kind: ActUp + ActionKind(d)}
		}
	}
	return Action{Kind: ActWait, Invalid: true}
}

// parseMove matches `MOVE <int> <int>` then the optional message, with
// Java's regex rules; coordinates come back as int64 for the overflow check.
func parseMove(line string) (x, y int64, ok bool) {
	if len(line) < 5 || !equalFoldASCII(line[:4], "MOVE") || line[4] != ' ' {
		return 0, 0, false
	}
	rest := line[5:]
	x, rest, ok = parseJavaInt(rest)
	if !ok || len(rest) == 0 || rest[0] != ' ' {
		return 0, 0, false
	}
	y, rest, ok = parseJavaInt(rest[1:])
	if !ok || !restMatches(rest) {
		return 0, 0, false
	}
	return x, y, true
}

// parseJavaInt reads -?\d+; values beyond int64 saturate (they overflow int32 anyway).
func parseJavaInt(s string) (int64, string, bool) {
	i := 0
	neg := false
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	start := i
	var v int64
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if v < 1<<40 {
			v = v*10 + int64(s[i]-'0')
		}
		i++
	}
	if i == start {
		return 0, s, false
	}
	if neg {
		v = -v
	}
	return v, s[i:], true
}

func equalFoldASCII(a, b string) bool {
	for i := 0; i < len(a); i++ {
		c := a[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != b[i] {
			return false
		}
	}
	return true
}

func isWordByte(c byte) bool {
	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isJavaSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\x0B' || r == '\f' || r == '\r'
}

// isJavaDot: Java's '.' matches anything but line terminators.
func isJavaDot(r rune) bool {
	return r != '\n' && r != '\r' && r != '\u0085' && r != '\u2028' && r != '\u2029'
}

// restMatches tells whether what follows the command matches Java's
// `(?:\s+.+)?\s*$`, where $ may stand before one final line terminator.
func restMatches(rest string) bool {
	if restBody(rest) {
		return true
	}
	for _, t := range []string{"\r\n", "\n", "\r", "\u0085", "\u2028", "\u2029"} {
		if len(rest) >= len(t) && rest[len(rest)-len(t):] == t && restBody(rest[:len(rest)-len(t)]) {
			return true
		}
	}
	return false
}

// restBody: all whitespace, or whitespace, then a message of non-terminator
// characters, then whitespace.
func restBody(s string) bool {
	first, end := -1, -1
	for i := 0; i < len(s); {
		r, w := utf8.DecodeRuneInString(s[i:])
		if !isJavaSpace(r) {
			if first < 0 {
				first = i
			}
			end = i + w
		}
		i += w
	}
	if first < 0 {
		return true
	}
	if first == 0 {
		return false
	}
	for _, r := range s[first:end] {
		if !isJavaDot(r) {
			return false
		}
	}
	return true
}
