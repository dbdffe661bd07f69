package paintercli

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"time"

	"cgbots/painter"
)

// Replies of the framework errors (rules file, section 14).
var (
	replyUnknownCommand = []byte("FAILED 2 unknown command\n")
	replyBadFormat      = []byte("FAILED 3 bad format\n")
	replyTooManyArgs    = []byte("FAILED 4 too many arguments\n")
	replyInternal       = []byte("FAILED 5 internal error, sorry...\n")
	replyLimit          = []byte("FAILED 6 commands limit reached, forced waiting activated\n")
)

// gameError is a 2xx error of the rules file, section 8.
type gameError int

const (
	errNotActive      gameError = 201
	errArenasRepeated gameError = 202
	errArenaNumber    gameError = 203
	errDirection      gameError = 204
	errHasOrder       gameError = 205
	errRange          gameError = 206
	errPaint          gameError = 207
	errPawnID         gameError = 208
	errNotYours       gameError = 209
	errArenaTooSoon   gameError = 210
	errDiffTooSoon    gameError = 211
	errPawnsTooSoon   gameError = 212
)

var gameErrorText = map[gameError]string{
	errNotActive:      "Tournament is not active",
	errArenasRepeated: "Arena numbers must be unique",
	errArenaNumber:    "Invalid arena number",
	errDirection:      "Invalid direction",
	errHasOrder:       "Pawn already has an order",
	errRange:          "Invalid shooting range",
	errPaint:          "Not enough paint",
	errPawnID:         "Invalid pawn id",
	errNotYours:       "Pawn not under your control",
	errArenaTooSoon:   "Arena queried too recently",
	errDiffTooSoon:    "Diff queried too recently",
	errPawnsTooSoon:   "Pawns queried too recently",
}

func (e gameError) reply() []byte {
	return []byte(fmt.Sprintf("FAILED %d %s\n", int(e), gameErrorText[e]))
}

// Command is one parsed command line.
type Command struct {
	Name string // upper-case
	Args []string
}

// ParseCommand splits a line into its command name and arguments: tokens
// separated by spaces, tabs or '\r'. ok is false for an empty line.
func ParseCommand(line []byte) (cmd Command, ok bool) {
	fields := strings.FieldsFunc(string(line), func(r rune) bool { return r == ' ' || r == '\t' || r == '\r' })
	if len(fields) == 0 {
		return Command{}, false
	}
	return Command{Name: strings.ToUpper(fields[0]), Args: fields[1:]}, true
}

// IntArgs reads every argument as a signed 32-bit decimal integer.
func (c Command) IntArgs() ([]int, bool) {
	out := make([]int, len(c.Args))
	for i, a := range c.Args {
		v, err := strconv.ParseInt(a, 10, 32)
		if err != nil {
			return nil, false
		}
		out[i] = int(v)
	}
	return out, true
}

// countedFailure counts a command that fails before being parsed (an
// over-long line) against the limit.
func (s *Server) countedFailure(ti int, reply []byte) ([]byte, <-chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.overLimit(ti) {
		return replyLimit, s.turnCh
	}
	return reply, nil
}

// overLimit counts one command of team ti and reports whether it exceeds
// the per-turn limit. Called with mu held.
func (s *Server) overLimit(ti int) bool {
	t := s.teams[ti]
	if t.cmdSeq != s.seq {
		t.cmdSeq, t.cmdCount = s.seq, 0
	}
	t.cmdCount++
	return s.cfg.CommandLimit > 0 && t.cmdCount > s.cfg.CommandLimit
}

// execute runs one command line of team ti. It returns the reply (nil for
// an empty line), a channel to wait on before the second OK (WAIT, forced
// waiting) and a delay before replying (GET_ARENAS in the break).
func (s *Server) execute(ti int, line []byte) (reply []byte, release <-chan struct{}, delay time.Duration) {
	cmd, ok := ParseCommand(line)
	if !ok {
		return nil, nil, 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			reply, release, delay = replyInternal, nil, 0
		}
	}()
	if s.overLimit(ti) {
		return replyLimit, s.turnCh, 0
	}
	if s.testHook != nil {
		s.testHook(cmd)
	}
	var out bytes.Buffer
	switch cmd.Name {
	case "GET_CONSTANTS", "GET_STATUS", "WAIT":
		if len(cmd.Args) > 0 {
			return replyTooManyArgs, nil, 0
		}
		out.WriteString("OK\n")
		switch cmd.Name {
		case "GET_CONSTANTS":
			p := s.cfg.Params
			fmt.Fprintf(&out, "%d %d %d %d\n", len(s.teams), p.R, p.K, p.F)
		case "GET_STATUS":
			s.writeStatus(ti, &out)
		case "WAIT":
			release = s.turnCh
		}
	case "GET_ARENAS", "GET_PAWNS", "GET_DIFFS":
		arenas, failure := s.arenaList(ti, cmd)
		if failure != nil {
			return failure, nil, 0
		}
		out.WriteString("OK\n")
		fmt.Fprintf(&out, "%d\n", len(arenas))
		for _, a := range arenas {
			ar, side := s.arenaOf(ti, a)
			switch cmd.Name {
			case "GET_ARENAS":
				writeArena(&out, ar, side)
			case "GET_PAWNS":
				writePawns(&out, ar, side)
			default:
				writeDiffs(&out, ar, side)
			}
		}
		if cmd.Name == "GET_ARENAS" && !s.active {
			delay = s.cfg.ArenaDelay
		}
	case "MOVE", "SHOOT":
		if failure := s.order(ti, cmd); failure != nil {
			return failure, nil, 0
		}
		out.WriteString("OK\n")
	default:
		return replyUnknownCommand, nil, 0
	}
	return out.Bytes(), release, delay
}

func (s *Server) writeStatus(ti int, out *bytes.Buffer) {
	left := time.Until(s.deadline).Milliseconds()
	if left < 0 {
		left = 0
	}
	if s.active {
		fmt.Fprintf(out, "1 %d %d %d\n", s.cfg.Turns-s.turn+1, s.currentPoints(ti), left)
		return
	}
	fmt.Fprintf(out, "0 1 %d %d\n", s.teams[ti].points, left)
}

// arenaList checks a GET_ARENAS / GET_PAWNS / GET_DIFFS command in the order
// of the rules file (section 17) and, on success, records the query.
func (s *Server) arenaList(ti int, cmd Command) ([]int, []byte) {
	nums, ok := cmd.IntArgs()
	if !ok {
		return nil, replyBadFormat
	}
	d := len(s.teams)
	if len(nums) > d-1 {
		return nil, replyTooManyArgs
	}
	if cmd.Name == "GET_DIFFS" && !s.active {
		return nil, errNotActive.reply()
	}
	if len(nums) == 0 {
		for a := 1; a < d; a++ {
			nums = append(nums, a)
		}
	}
	seen := make(map[int]bool, len(nums))
	for _, a := range nums {
		if a < 1 || a > d-1 {
			return nil, errArenaNumber.reply()
		}
	}
	for _, a := range nums {
		if seen[a] {
			return nil, errArenasRepeated.reply()
		}
		seen[a] = true
	}
	t := s.teams[ti]
	switch cmd.Name {
	case "GET_PAWNS":
		if t.pawnsSeq == s.seq {
			return nil, errPawnsTooSoon.reply()
		}
		t.pawnsSeq = s.seq
	case "GET_DIFFS":
		if t.diffsSeq == s.seq {
			return nil, errDiffTooSoon.reply()
		}
		t.diffsSeq = s.seq
	case "GET_ARENAS":
		if !s.active {
			break
		}
		iv := s.cfg.FullInterval
		for _, a := range nums {
			ar, side := s.arenaOf(ti, a)
			last := ar.lastFull[side-1]
			if s.turn < iv+1 || (last != 0 && s.turn-last < iv) {
				return nil, errArenaTooSoon.reply()
			}
		}
		for _, a := range nums {
			ar, side := s.arenaOf(ti, a)
			ar.lastFull[side-1] = s.turn
		}
	}
	return nums, nil
}

func writeArena(out *bytes.Buffer, ar *arena, side painter.Colour) {
	b := ar.game.Board
	fmt.Fprintf(out, "%d %d\n", b.N, b.M)
	view := ar.view[side-1]
	for i := 0; i < b.N; i++ {
		out.Write(view[i*b.M : (i+1)*b.M])
		out.WriteByte('\n')
	}
}

func writePawns(out *bytes.Buffer, ar *arena, side painter.Colour) {
	g := ar.game
	n := 0
	for _, p := range g.Pawns {
		if p.Owner == side {
			n++
		}
	}
	fmt.Fprintf(out, "%d\n", n)
	w := g.P.Side()
	for i, p := range g.Pawns { // kept in increasing id order
		if p.Owner != side {
			continue
		}
		fmt.Fprintf(out, "%d %d %d %d\n", p.ID, p.Paint, p.Row, p.Col)
		surf := g.SurfaceOf(i)
		for r := 0; r < w; r++ {
			for c := 0; c < w; c++ {
				if surf[r*w+c] == side {
					out.WriteByte('1')
				} else {
					out.WriteByte('2')
				}
			}
			out.WriteByte('\n')
		}
	}
}

func writeDiffs(out *bytes.Buffer, ar *arena, side painter.Colour) {
	prev, cur := ar.prev[side-1], ar.view[side-1]
	m := ar.game.Board.M
	n := 0
	for c := range cur {
		if cur[c] != prev[c] {
			n++
		}
	}
	fmt.Fprintf(out, "%d\n", n)
	for c := range cur {
		if cur[c] != prev[c] {
			fmt.Fprintf(out, "%d %d %c\n", c/m, c%m, cur[c])
		}
	}
}

// order checks a MOVE / SHOOT command in the order of the rules file
// (section 17) and records its orders only if every group is valid.
func (s *Server) order(ti int, cmd Command) []byte {
	group := 3
	if cmd.Name == "SHOOT" {
		group = 4
	}
	nums, ok := cmd.IntArgs()
	if !ok || len(nums) == 0 || len(nums)%group != 0 {
		return replyBadFormat
	}
	if !s.active {
		return errNotActive.reply()
	}
	type pending struct {
		ar    *arena
		pawn  int
		order painter.Order
	}
	var orders []pending
	d, p := len(s.teams), s.cfg.Params
	for i := 0; i < len(nums); i += group {
		a, id, dir := nums[i], nums[i+1], nums[i+2]
		if a < 1 || a > d-1 {
			return errArenaNumber.reply()
		}
		ar, side := s.arenaOf(ti, a)
		pi := ar.game.PawnIndex(id)
		if pi < 0 {
			return errPawnID.reply()
		}
		pawn := ar.game.Pawns[pi]
		if pawn.Owner != side {
			return errNotYours.reply()
		}
		if dir < int(painter.Up) || dir > int(painter.Left) {
			return errDirection.reply()
		}
		o := painter.Order{Kind: painter.Move, Dir: painter.Dir(dir)}
		if group == 4 {
			z := nums[i+3]
			if z < 1 || z > p.K {
				return errRange.reply()
			}
			if z > pawn.Paint {
				return errPaint.reply()
			}
			o = painter.Order{Kind: painter.Shoot, Dir: painter.Dir(dir), Range: z}
		}
		if ar.orders[pi].Kind != painter.NoOrder {
			return errHasOrder.reply()
		}
		for _, q := range orders {
			if q.ar == ar && q.pawn == pi {
				return errHasOrder.reply()
			}
		}
		orders = append(orders, pending{ar, pi, o})
	}
	for _, q := range orders {
		q.ar.orders[q.pawn] = q.order
	}
	return nil
}
