package waterfight

import "strings"

// ExpectedCommands is the referee's "expected" text of an invalid command.
const ExpectedCommands = "MOVE x y | SHOOT id | THROW x y | HUNKER_DOWN | MESSAGE text"

// InvalidInput is the referee's message for a disqualifying piece.
func InvalidInput(expected, got string) string {
	return "Invalid Input: Expected " + expected + " but got '" + got + "'"
}

// parsed is the per-turn record of what each agent already holds.
type parsed struct {
	message [MaxAgents]bool
}

// ParseCommands applies player p's output lines to acts like the referee's
// command manager: each line is split on ';', may start with an agent id,
// and each piece must be a whole command. It returns one message per line
// that disqualifies the player (empty when all lines are valid); the actions
// parsed before and after a bad line are kept.
func ParseCommands(s *State, p int, lines []string, acts *Actions, held *parsed) []string {
	var errs []string
	g := s.G
	var listed [MaxAgents]int
	n := 0
	for i := g.First[p]; i < g.First[p+1]; i++ {
		if s.Agents[i].Flags&Present != 0 {
			listed[n] = i
			n++
		}
	}
	for idx, line := range lines {
		pieces := javaSplit(line)
		start := 0
		var slot int
		id, ok := 0, false
		if len(pieces) > 1 {
			id, ok = javaParseInt(pieces[0])
		}
		if ok {
			start = 1
			slot = s.ByID(id)
			if slot >= 0 && g.Info[slot].Owner != p {
				slot = -1
			}
		} else if idx < n {
			slot = listed[idx]
			id = g.Info[slot].ID
		} else {
			slot = -1
		}
		for _, piece := range pieces[start:] {
			cmd := javaTrim(piece)
			if slot < 0 {
				errs = append(errs, InvalidInput("a valid agent id", itoa(id)))
				break
			}
			a := &acts[slot]
			found, valid := parseCommand(cmd, a, &held.message[slot])
			if !valid {
				errs = append(errs, InvalidInput(ExpectedCommands, cmd))
				break
			}
			if a.HasMove && a.Combat != NoCombat && held.message[slot] {
				break
			}
			if !found {
				errs = append(errs, InvalidInput(ExpectedCommands, cmd))
				break
			}
		}
	}
	return errs
}

// parseCommand matches one trimmed piece against the command patterns and
// stores what it finds. found: a pattern matched; valid: false when a number
// overflowed an int (the referee then disqualifies).
func parseCommand(cmd string, a *Action, message *bool) (found, valid bool) {
	word, rest := cmd, ""
	if i := strings.IndexByte(cmd, ' '); i >= 0 {
		word, rest = cmd[:i], cmd[i+1:]
	}
	switch {
	case asciiEqualFold(word, "MOVE"):
		x, y, ok, fits := twoInts(rest, false)
		if !ok {
			return false, true
		}
		if !fits {
			return false, false
		}
		a.HasMove, a.MoveX, a.MoveY = true, x, y
	case asciiEqualFold(word, "SHOOT"):
		if !digits(rest) {
			return false, true
		}
		v, fits := atoi32(rest)
		if !fits {
			return false, false
		}
		a.Combat, a.A, a.B = Shoot, v, 0
	case asciiEqualFold(word, "THROW"):
		x, y, ok, fits := twoInts(rest, true)
		if !ok {
			return false, true
		}
		if !fits {
			return false, false
		}
		a.Combat, a.A, a.B = Throw, x, y
	case asciiEqualFold(cmd, "WAIT") || asciiEqualFold(cmd, "HUNKER_DOWN"):
		a.Combat, a.A, a.B = Hunker, 0, 0
	case asciiEqualFold(word, "MESSAGE") && len(cmd) > len(word):
		*message = true // any text: a piece holds no semicolon
	default:
		return false, true
	}
	return true, true
}

// twoInts matches "<int> <int>" (a minus sign allowed when signed).
func twoInts(s string, signed bool) (x, y int32, ok, fits bool) {
	i := strings.IndexByte(s, ' ')
	if i < 0 {
		return 0, 0, false, true
	}
	a, b := s[:i], s[i+1:]
	if signed {
		a, b = strings.TrimPrefix(a, "-"), strings.TrimPrefix(b, "-")
	}
	if !digits(a) || !digits(b) {
		return 0, 0, false, true
	}
	x, fx := atoi32(s[:i])
	y, fy := atoi32(s[i+1:])
	return x, y, true, fx && fy
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// atoi32 parses an optionally negative ASCII decimal, reporting overflow.
func atoi32(s string) (int32, bool) {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var v int64
	for i := 0; i < len(s); i++ {
		v = v*10 + int64(s[i]-'0')
		if v > 1<<31 {
			return 0, false
		}
	}
	if neg {
		v = -v
	}
	if v > 1<<31-1 || v < -1<<31 {
		return 0, false
	}
	return int32(v), true
}

// javaSplit is Java's String.split(";"): trailing empty pieces are dropped,
// and a line without ';' is one piece even when empty.
func javaSplit(line string) []string {
	if !strings.Contains(line, ";") {
		return []string{line}
	}
	pieces := strings.Split(line, ";")
	for len(pieces) > 0 && pieces[len(pieces)-1] == "" {
		pieces = pieces[:len(pieces)-1]
	}
	return pieces
}

// javaTrim is Java's String.trim: characters up to U+0020 at both ends.
func javaTrim(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// javaParseInt is Integer.parseInt: an optional sign then decimal digits
// (any Unicode decimal digit, as Java's Character.digit accepts), no overflow.
func javaParseInt(s string) (int, bool) {
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	var v int64
	for _, r := range s {
		d := decimalDigit(r)
		if d < 0 {
			return 0, false
		}
		v = v*10 + int64(d)
		if v > 1<<31 {
			return 0, false
		}
	}
	if neg {
		v = -v
	}
	if v > 1<<31-1 {
		return 0, false
	}
	return int(v), true
}

func asciiEqualFold(s, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		a, b := s[i], t[i]
		if 'a' <= a && a <= 'z' {
			a -= 'a' - 'A'
		}
		if 'a' <= b && b <= 'z' {
			b -= 'a' - 'A'
		}
		if a != b {
			return false
		}
	}
	return true
}
