package kutulucli

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// trace is one game recorded from the official referee (format
// `# kutulu-trace v1`, see ../shared/data/kutulu/traces/README.md).
type trace struct {
	seed    int64
	league  int
	mapName string
	init    []string // INIT, ROW, PARAMS as the lines sent to players
	rows    []string
	turns   []traceTurn
	end     string
	deact   []string // "p reason"
}

type traceTurn struct {
	turn      int
	rng       string // "" when not recorded
	inputs    []traceInput
	summaries []string
	hidden    []string // H lines without the "H " prefix
}

type traceInput struct {
	player int
	lines  []string // count line then entity lines
	out    string
}

func parseTrace(r io.Reader) (*trace, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	t := &trace{}
	var cur *traceTurn
	var in *traceInput
	lineNo := 0
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if lineNo == 1 {
			if line != "# kutulu-trace v1" {
				return nil, fmt.Errorf("line 1: not a kutulu trace (%q)", line)
			}
			continue
		}
		tag, rest := line, ""
		if i := strings.IndexByte(line, ' '); i >= 0 {
			tag, rest = line[:i], line[i+1:]
		}
		bad := func(msg string) error { return fmt.Errorf("line %d: %s: %q", lineNo, msg, line) }
		switch tag {
		case "GAME":
			for _, f := range strings.Fields(rest) {
				var err error
				switch {
				case strings.HasPrefix(f, "seed="):
					t.seed, err = strconv.ParseInt(f[5:], 10, 64)
				case strings.HasPrefix(f, "league="):
					t.league, err = strconv.Atoi(f[7:])
				}
				if err != nil {
					return nil, bad("bad GAME field")
				}
			}
		case "MAP":
			t.mapName = rest
		case "INIT":
			f := strings.Fields(rest)
			if len(f) != 2 {
				return nil, bad("bad INIT")
			}
			t.init = append(t.init, f[0], f[1])
		case "ROW":
			t.rows = append(t.rows, rest)
			t.init = append(t.init, rest)
		case "PARAMS":
			t.init = append(t.init, rest)
		case "TURN":
			f := strings.Fields(rest)
			if len(f) == 0 {
				return nil, bad("bad TURN")
			}
			n, err := strconv.Atoi(f[0])
			if err != nil {
				return nil, bad("bad TURN")
			}
			t.turns = append(t.turns, traceTurn{turn: n})
			cur = &t.turns[len(t.turns)-1]
			if len(f) > 1 && strings.HasPrefix(f[1], "rng=") {
				cur.rng = f[1][4:]
			}
			in = nil
		case "IN":
			f := strings.Fields(rest)
			if cur == nil || len(f) != 2 {
				return nil, bad("IN outside a turn")
			}
			p, err := strconv.Atoi(f[0])
			if err != nil || p < 0 || p > 3 {
				return nil, bad("bad player")
			}
			cur.inputs = append(cur.inputs, traceInput{player: p, lines: []string{f[1]}})
			in = &cur.inputs[len(cur.inputs)-1]
		case "E":
			if in == nil {
				return nil, bad("E outside an input")
			}
			in.lines = append(in.lines, rest)
		case "OUT":
			i := strings.IndexByte(rest, ' ')
			if in == nil || i < 0 {
				if in == nil || rest == "" {
					return nil, bad("OUT outside an input")
				}
				i = len(rest)
			}
			if p, err := strconv.Atoi(rest[:i]); err != nil || p != in.player {
				return nil, bad("OUT for another player")
			}
			if i < len(rest) {
				in.out = rest[i+1:]
			}
		case "SUMMARY":
			if cur == nil {
				return nil, bad("SUMMARY outside a turn")
			}
			i := strings.IndexByte(rest, ' ')
			if i < 0 {
				return nil, bad("bad SUMMARY")
			}
			cur.summaries = append(cur.summaries, rest[i+1:])
		case "H":
			if cur == nil {
				return nil, bad("H outside a turn")
			}
			cur.hidden = append(cur.hidden, rest)
		case "END":
			t.end = rest
		case "DEACTIVATED":
			t.deact = append(t.deact, rest)
		default:
			return nil, bad("unknown line")
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(t.rows) == 0 || len(t.turns) == 0 || t.end == "" {
		return nil, fmt.Errorf("incomplete trace (no map, turns or END)")
	}
	return t, nil
}
