package paintercli

import (
	"bufio"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"net"
	"strconv"
	"strings"
	"time"

	"cgbots/internal/clock"
	"cgbots/internal/rng"
	"cgbots/painter"
)

// ClientConfig says where and how a client bot plays.
type ClientConfig struct {
	Addr, Login, Pass string
	Strategy          string // search, greedy or random
	Seed              uint64
	Log               io.Writer
	Stop              <-chan struct{} // closing it ends RunClient
	Retry             time.Duration   // first pause before reconnecting; doubles while connecting fails
}

// maxRetry bounds the pause between reconnection attempts.
const maxRetry = 5 * time.Second

// ErrLoginRefused ends a client: retrying the same password is pointless.
var ErrLoginRefused = errors.New("login refused")

// Strategies lists the strategy names a client accepts.
var Strategies = []string{"search", "greedy", "random"}

func newStrategy(name string, seed uint64) (painter.Strategy, error) {
	switch name {
	case "search", "bot":
		return painter.NewPlanner(), nil
	case "greedy":
		return &painter.Greedy{}, nil
	case "random":
		return &painter.Random{R: rng.New(seed)}, nil
	}
	return nil, fmt.Errorf("unknown strategy %q (one of %s)", name, strings.Join(Strategies, ", "))
}

// replyError is a FAILED reply.
type replyError struct {
	Code int
	Line string
}

func (e *replyError) Error() string { return e.Line }

func isCode(err error, code int) bool {
	var re *replyError
	return errors.As(err, &re) && re.Code == code
}

// player is a client's state; it survives reconnections.
type player struct {
	cfg       ClientConfig
	conn      net.Conn
	r         *bufio.Reader
	w         *bufio.Writer
	params    painter.Params
	arenas    int
	trackers  []*painter.Tracker
	plans     []painter.Strategy
	ready     bool   // trackers describe the current tournament
	loggedIn  bool   // the current session got past the login
	lastLeft  int    // turns left seen in the previous game turn, 0 if none
	stale     []bool // diffs of the game were missed: refresh it when allowed
	sinceFull []int  // game turns since the game's last full board
}

// fullInterval is the protocol's spacing of GET_ARENAS for one game: the
// bot refreshes every game's board that often, to recover from anything.
const fullInterval = 30

// RunClient plays every game of every tournament until cfg.Stop is closed,
// reconnecting after errors. It returns only ErrLoginRefused or nil.
func RunClient(cfg ClientConfig) error {
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.Retry == 0 {
		cfg.Retry = 200 * time.Millisecond
	}
	if cfg.Seed == 0 {
		h := fnv.New64a()
		h.Write([]byte(cfg.Login))
		cfg.Seed = h.Sum64()
	}
	if _, err := newStrategy(cfg.Strategy, 1); err != nil {
		return err
	}
	p := &player{cfg: cfg}
	wait := cfg.Retry
	for {
		p.loggedIn = false
		err := p.session()
		if p.conn != nil {
			p.conn.Close()
		}
		if p.loggedIn {
			wait = cfg.Retry
		} else if wait *= 2; wait > maxRetry {
			wait = maxRetry
		}
		if errors.Is(err, ErrLoginRefused) {
			return err
		}
		select {
		case <-cfg.Stop:
			return nil
		default:
		}
		fmt.Fprintf(cfg.Log, "%s: %v; reconnecting in %v\n", cfg.Login, err, wait)
		select {
		case <-cfg.Stop:
			return nil
		case <-time.After(wait):
		}
	}
}

func (p *player) session() error {
	conn, err := net.DialTimeout("tcp", p.cfg.Addr, 2*time.Second)
	if err != nil {
		return err
	}
	p.conn, p.r, p.w = conn, bufio.NewReader(conn), bufio.NewWriter(conn)
	stopped := make(chan struct{})
	defer close(stopped)
	go func() {
		select {
		case <-p.cfg.Stop:
			conn.Close()
		case <-stopped:
		}
	}()
	for _, step := range []struct{ expect, send string }{{"LOGIN", p.cfg.Login}, {"PASS", p.cfg.Pass}} {
		line, err := p.readLine()
		if err != nil {
			return err
		}
		if line != step.expect {
			return fmt.Errorf("expected %s, got %q", step.expect, line)
		}
		if err := p.send(step.send); err != nil {
			return err
		}
	}
	if err := p.expectOK(); err != nil {
		if isCode(err, 1) {
			return ErrLoginRefused
		}
		return err
	}
	p.loggedIn = true
	nums, err := p.query("GET_CONSTANTS", 1)
	if err != nil {
		return err
	}
	d, consts, err := ints4(nums[0])
	if err != nil {
		return err
	}
	p.params = painter.Params{R: consts[0], K: consts[1], F: consts[2]}
	p.arenas = d - 1
	for i := range p.stale {
		p.stale[i] = true // diffs may have been missed while disconnected
	}
	for {
		st, err := p.status()
		if err != nil {
			return err
		}
		if st.active {
			err = p.playTurn(st)
		} else {
			err = p.prepare()
		}
		if err != nil {
			return err
		}
		if err := p.wait(); err != nil {
			return err
		}
	}
}

func ints4(line string) (int, [3]int, error) {
	var v [4]int
	f := strings.Fields(line)
	if len(f) != 4 {
		return 0, [3]int{}, fmt.Errorf("bad constants %q", line)
	}
	for i := range f {
		x, err := strconv.Atoi(f[i])
		if err != nil || x < 1 || x > 1<<20 {
			return 0, [3]int{}, fmt.Errorf("bad constants %q", line)
		}
		v[i] = x
	}
	return v[0], [3]int{v[1], v[2], v[3]}, nil
}

type status struct {
	active        bool
	left, points  int
	msLeft        int
	receivedAfter time.Time
}

func (p *player) status() (status, error) {
	at := time.Now()
	lines, err := p.query("GET_STATUS", 1)
	if err != nil {
		return status{}, err
	}
	f := strings.Fields(lines[0])
	var v [4]int
	if len(f) != 4 {
		return status{}, fmt.Errorf("bad status %q", lines[0])
	}
	for i := range f {
		if v[i], err = strconv.Atoi(f[i]); err != nil {
			return status{}, fmt.Errorf("bad status %q", lines[0])
		}
	}
	return status{active: v[0] == 1, left: v[1], points: v[2], msLeft: v[3], receivedAfter: at}, nil
}

// prepare reads the upcoming tournament's boards and pawns in the break.
func (p *player) prepare() error {
	if p.ready || p.arenas < 1 {
		return nil
	}
	boards, err := p.getArenas(nil)
	if err != nil {
		return ignoreReply(err)
	}
	pawns, err := p.getPawns()
	if err != nil {
		return ignoreReply(err) // e.g. already asked before a reconnection
	}
	p.params.P = len(pawns[0])
	p.build(boards, pawns, true)
	p.ready, p.lastLeft = true, 0
	return nil
}

// build starts a tracker and a strategy for every game.
func (p *player) build(boards [][]string, pawns [][]painter.PawnInfo, atStart bool) {
	p.trackers = make([]*painter.Tracker, p.arenas)
	p.plans = make([]painter.Strategy, p.arenas)
	p.stale = make([]bool, p.arenas)
	p.sinceFull = make([]int, p.arenas)
	for a := range p.trackers {
		p.trackers[a] = painter.NewTracker(p.params, boards[a], pawns[a], atStart)
		p.plans[a], _ = newStrategy(p.cfg.Strategy, p.cfg.Seed+uint64(a))
	}
}

// playTurn brings the trackers up to date and sends every game's orders.
func (p *player) playTurn(st status) error {
	if p.lastLeft != 0 && st.left > p.lastLeft { // a new tournament we missed the break of
		p.trackers = nil
	}
	missed := p.lastLeft != 0 && st.left != p.lastLeft-1
	p.ready, p.lastLeft = false, st.left
	if p.trackers == nil {
		return p.join()
	}
	pawns, err := p.getPawns()
	if err == nil {
		var diffs [][]diff
		if diffs, err = p.getDiffs(); err == nil {
			return p.play(st, pawns, diffs, missed)
		}
	}
	if isReply(err) { // asked already this turn, before a reconnection
		for a := range p.stale {
			p.stale[a] = true
		}
		return nil
	}
	return err
}

func (p *player) play(st status, pawns [][]painter.PawnInfo, diffs [][]diff, missed bool) error {
	var stale []int
	for a := range p.trackers {
		for _, d := range diffs[a] {
			p.trackers[a].ApplyDiff(d.row, d.col, d.ch)
		}
		p.stale[a] = p.stale[a] || missed
		p.sinceFull[a]++
		if p.stale[a] || p.sinceFull[a] >= fullInterval {
			stale = append(stale, a+1)
		}
	}
	if len(stale) > 0 {
		boards, err := p.getArenas(stale)
		if err == nil {
			for i, a := range stale {
				p.trackers[a-1].SetView(boards[i])
				p.stale[a-1], p.sinceFull[a-1] = false, 0
			}
		} else if !isCode(err, 210) {
			return err
		}
	}
	// Plan with about half the time left, split between the games.
	spend := time.Duration(st.msLeft)*time.Millisecond/2 - time.Since(st.receivedAfter)
	var lines []string
	for a, t := range p.trackers {
		t.SetPawns(pawns[a])
		t.Infer()
		share := spend / time.Duration(len(p.trackers)-a)
		start := time.Now()
		orders := p.plans[a].Decide(t, clock.Until(start, share, 0))
		spend -= time.Since(start)
		lines = append(lines, orderLines(a+1, orders)...)
	}
	for _, l := range lines {
		if err := p.write(l); err != nil {
			return err
		}
	}
	if err := p.w.Flush(); err != nil {
		return err
	}
	for range lines {
		if err := p.expectOK(); err != nil && !isReply(err) {
			return err
		}
	}
	return nil
}

// join starts playing a tournament already under way: it needs the full
// boards, which the 30-turn rule may refuse for now.
func (p *player) join() error {
	boards, err := p.getArenas(nil)
	if err != nil {
		return ignoreReply(err)
	}
	pawns, err := p.getPawns()
	if err != nil {
		return ignoreReply(err)
	}
	p.build(boards, pawns, false)
	return nil
}

// ignoreReply drops FAILED replies (the turn is skipped) but keeps
// connection errors.
func ignoreReply(err error) error {
	if isReply(err) {
		return nil
	}
	return err
}

func isReply(err error) bool {
	var re *replyError
	return errors.As(err, &re)
}

// orderLines writes one MOVE and one SHOOT line for an arena, so that one
// refused order cannot void the others games' orders.
func orderLines(arena int, orders []painter.PawnOrder) []string {
	var moves, shots strings.Builder
	for _, o := range orders {
		switch o.Order.Kind {
		case painter.Move:
			fmt.Fprintf(&moves, " %d %d %d", arena, o.ID, o.Order.Dir)
		case painter.Shoot:
			fmt.Fprintf(&shots, " %d %d %d %d", arena, o.ID, o.Order.Dir, o.Order.Range)
		}
	}
	var out []string
	if moves.Len() > 0 {
		out = append(out, "MOVE"+moves.String())
	}
	if shots.Len() > 0 {
		out = append(out, "SHOOT"+shots.String())
	}
	return out
}

func (p *player) wait() error {
	if err := p.send("WAIT"); err != nil {
		return err
	}
	if err := p.expectOK(); err != nil {
		return err
	}
	return p.expectOK()
}

type diff struct {
	row, col int
	ch       byte
}

func arenaArgs(cmd string, arenas []int) string {
	var b strings.Builder
	b.WriteString(cmd)
	for _, a := range arenas {
		fmt.Fprintf(&b, " %d", a)
	}
	return b.String()
}

func (p *player) getArenas(arenas []int) ([][]string, error) {
	if err := p.send(arenaArgs("GET_ARENAS", arenas)); err != nil {
		return nil, err
	}
	if err := p.expectOK(); err != nil {
		return nil, err
	}
	count, err := p.readInt()
	if err != nil {
		return nil, err
	}
	want := len(arenas)
	if want == 0 {
		want = p.arenas
	}
	if count != want {
		return nil, fmt.Errorf("GET_ARENAS: %d boards, expected %d", count, want)
	}
	boards := make([][]string, count)
	for i := range boards {
		line, err := p.readLine()
		if err != nil {
			return nil, err
		}
		var n, m int
		if _, err := fmt.Sscanf(line, "%d %d", &n, &m); err != nil || n < 3 || m < 3 || n > 1000 || m > 1000 {
			return nil, fmt.Errorf("bad board size %q", line)
		}
		for r := 0; r < n; r++ {
			row, err := p.readLine()
			if err != nil {
				return nil, err
			}
			if len(row) != m {
				return nil, fmt.Errorf("board row of %d characters, expected %d", len(row), m)
			}
			boards[i] = append(boards[i], row)
		}
	}
	return boards, nil
}

func (p *player) getPawns() ([][]painter.PawnInfo, error) {
	if err := p.send("GET_PAWNS"); err != nil {
		return nil, err
	}
	if err := p.expectOK(); err != nil {
		return nil, err
	}
	count, err := p.readInt()
	if err != nil || count != p.arenas {
		return nil, fmt.Errorf("GET_PAWNS: bad game count (%v)", err)
	}
	side := p.params.Side()
	out := make([][]painter.PawnInfo, count)
	for a := range out {
		n, err := p.readInt()
		if err != nil || n < 0 || n > 1000 {
			return nil, fmt.Errorf("GET_PAWNS: bad pawn count (%v)", err)
		}
		for k := 0; k < n; k++ {
			line, err := p.readLine()
			if err != nil {
				return nil, err
			}
			var q painter.PawnInfo
			if _, err := fmt.Sscanf(line, "%d %d %d %d", &q.ID, &q.Paint, &q.Row, &q.Col); err != nil {
				return nil, fmt.Errorf("bad pawn %q", line)
			}
			for r := 0; r < side; r++ {
				row, err := p.readLine()
				if err != nil {
					return nil, err
				}
				if len(row) != side {
					return nil, fmt.Errorf("bad surface row %q", row)
				}
				for _, ch := range []byte(row) {
					q.Surface = append(q.Surface, painter.CharColour(ch, painter.Mine))
				}
			}
			out[a] = append(out[a], q)
		}
	}
	return out, nil
}

func (p *player) getDiffs() ([][]diff, error) {
	if err := p.send("GET_DIFFS"); err != nil {
		return nil, err
	}
	if err := p.expectOK(); err != nil {
		return nil, err
	}
	count, err := p.readInt()
	if err != nil || count != p.arenas {
		return nil, fmt.Errorf("GET_DIFFS: bad game count (%v)", err)
	}
	out := make([][]diff, count)
	for a := range out {
		n, err := p.readInt()
		if err != nil || n < 0 || n > 1<<20 {
			return nil, fmt.Errorf("GET_DIFFS: bad cell count (%v)", err)
		}
		for k := 0; k < n; k++ {
			line, err := p.readLine()
			if err != nil {
				return nil, err
			}
			f := strings.Fields(line)
			if len(f) != 3 || len(f[2]) != 1 {
				return nil, fmt.Errorf("bad diff %q", line)
			}
			row, err1 := strconv.Atoi(f[0])
			col, err2 := strconv.Atoi(f[1])
			if err1 != nil || err2 != nil {
				return nil, fmt.Errorf("bad diff %q", line)
			}
			out[a] = append(out[a], diff{row, col, f[2][0]})
		}
	}
	return out, nil
}

// query sends a command and reads its status and n data lines.
func (p *player) query(cmd string, n int) ([]string, error) {
	if err := p.send(cmd); err != nil {
		return nil, err
	}
	if err := p.expectOK(); err != nil {
		return nil, err
	}
	lines := make([]string, n)
	for i := range lines {
		var err error
		if lines[i], err = p.readLine(); err != nil {
			return nil, err
		}
	}
	return lines, nil
}

func (p *player) write(line string) error {
	_, err := p.w.WriteString(line + "\n")
	return err
}

func (p *player) send(line string) error {
	if err := p.write(line); err != nil {
		return err
	}
	p.conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
	return p.w.Flush()
}

// readLine reads one reply line; the server may stay silent for a whole
// break turn, hence the generous deadline.
func (p *player) readLine() (string, error) {
	p.conn.SetReadDeadline(time.Now().Add(time.Minute))
	line, err := p.r.ReadString('\n')
	if err != nil {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

func (p *player) readInt() (int, error) {
	line, err := p.readLine()
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(line))
}

// expectOK reads a status line: nil for OK, a *replyError for FAILED.
func (p *player) expectOK() error {
	line, err := p.readLine()
	if err != nil {
		return err
	}
	if line == "OK" {
		return nil
	}
	f := strings.Fields(line)
	if len(f) >= 2 && f[0] == "FAILED" {
		code, _ := strconv.Atoi(f[1])
		return &replyError{Code: code, Line: line}
	}
	return fmt.Errorf("unexpected reply %q", line)
}
