package paintercli

import (
	"errors"
	"fmt"
	"io"
	"net"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"cgbots/internal/rng"
	"cgbots/painter"
)

// Team is one registered team; its number is its 1-based place in the list.
type Team struct{ Login, Pass string }

// ServerConfig holds every setting of the server (rules file, Part II).
type ServerConfig struct {
	Teams        []Team
	Params       painter.Params
	Layout       painter.Layout
	Turn         time.Duration // game turn length
	Break        time.Duration // break turn length
	Turns        int           // t, game turns per tournament
	Seed         uint64
	Tournaments  int // 0: until stopped
	Scoreboard   string
	CommandLimit int // per team per turn; 0: unlimited
	FullInterval int // GET_ARENAS 30-turn rule
	ArenaDelay   time.Duration
	Log          io.Writer
}

// DefaultServerConfig returns the project's defaults (rules file, section 19).
func DefaultServerConfig() ServerConfig {
	return ServerConfig{
		Params: painter.DefaultParams(), Layout: painter.DefaultLayout(),
		Turn: time.Second, Break: 3 * time.Second, Turns: 200,
		CommandLimit: 100, FullInterval: 30, Log: io.Discard,
	}
}

func (c *ServerConfig) validate() error {
	switch {
	case len(c.Teams) < 2:
		return errors.New("at least two teams are needed")
	case c.Params.R < 1 || c.Params.K < 1 || c.Params.F < 1 || c.Params.P < 1:
		return errors.New("r, k, f and p must be at least 1")
	case c.Layout.MinSize < 2*c.Params.R+3 || c.Layout.MaxSize < c.Layout.MinSize:
		return errors.New("board sizes too small for the pawns")
	case c.Layout.Density < 0 || c.Layout.Density >= 1:
		return errors.New("density must be in [0, 1)")
	case c.Turn <= 0 || c.Break <= 0 || c.Turns < 1:
		return errors.New("turn, break and turns must be positive")
	case c.CommandLimit < 0 || c.FullInterval < 0 || c.Tournaments < 0:
		return errors.New("limits must not be negative")
	}
	seen := map[string]bool{}
	for _, t := range c.Teams {
		if t.Login == "" || strings.ContainsAny(t.Login+t.Pass, " \t\r\n") || seen[t.Login] {
			return fmt.Errorf("bad or repeated team login %q", t.Login)
		}
		seen[t.Login] = true
	}
	return nil
}

// team is a registered team and its per-turn counters (guarded by Server.mu).
type team struct {
	Team
	conn     *session
	cmdSeq   int // turn sequence number of cmdCount
	cmdCount int
	pawnsSeq int // turn sequence number of the last successful GET_PAWNS
	diffsSeq int
	points   int // of the last finished tournament
}

// arena is one game of the tournament: teams lo < hi play sides A and B.
type arena struct {
	game     *painter.Game
	orders   []painter.Order
	view     [2][]byte // each side's visible board at the start of this turn
	prev     [2][]byte // ... and at the start of the previous turn
	lastFull [2]int    // game turn of the last counted GET_ARENAS, 0 if none
}

// TurnTiming records how one game turn was processed.
type TurnTiming struct {
	Tournament, Turn int
	Process          time.Duration // executing every game's orders (waiting for the lock included)
	Late             time.Duration // from the turn's deadline to the start of its processing
	Start            time.Time     // when the next turn started (its WAITs answered)
}

// Server runs tournaments back to back and answers the teams' commands.
type Server struct {
	cfg  ServerConfig
	rand *rng.Rand

	mu          sync.Mutex
	teams       []*team
	byLogin     map[string]int
	tournament  int
	active      bool // a game turn (not the break) is in progress
	turn        int  // current game turn, 0 during the break
	seq         int  // counts every turn, breaks included
	deadline    time.Time
	turnCh      chan struct{} // closed when the next turn starts
	arenas      [][]*arena    // arenas[lo][hi-lo-1]
	timings     []TurnTiming
	score       *Scoreboard
	firstScored int // tournaments on the scoreboard when this run began

	ln       net.Listener
	sessions map[*session]bool // every open connection, logged in or not
	stop     chan struct{}
	stopOnce sync.Once
	loopDone chan error
	conns    sync.WaitGroup
	testHook func(Command) // tests: called before each command runs
}

// NewServer checks the configuration and loads the overall scoreboard.
func NewServer(cfg ServerConfig) (*Server, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	score, err := LoadScoreboard(cfg.Scoreboard)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, rand: rng.New(cfg.Seed), byLogin: map[string]int{}, score: score, sessions: map[*session]bool{},
		turnCh: make(chan struct{}), stop: make(chan struct{}), loopDone: make(chan error, 1)}
	s.firstScored = score.Tournaments
	for i, t := range cfg.Teams {
		s.teams = append(s.teams, &team{Team: t})
		s.byLogin[t.Login] = i
	}
	return s, nil
}

// Start accepts connections on ln and starts the tournaments.
func (s *Server) Start(ln net.Listener) error {
	s.ln = ln
	prep, err := s.prepareTournament()
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.installTournament(prep, time.Now())
	s.mu.Unlock()
	s.logTournament(prep)
	go s.acceptLoop()
	go func() { s.loopDone <- s.loop() }()
	return nil
}

// Addr is the listening address.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Wait returns when the configured tournaments are over (or Close was called).
func (s *Server) Wait() error { return <-s.loopDone }

// Close stops the game loop and drops every connection.
func (s *Server) Close() {
	s.stopOnce.Do(func() {
		close(s.stop)
		s.ln.Close()
		s.mu.Lock()
		for c := range s.sessions {
			c.close()
		}
		s.mu.Unlock()
	})
	s.conns.Wait()
}

// Scoreboard returns a copy of the overall scoreboard.
func (s *Server) Scoreboard() Scoreboard {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.score.clone()
}

// Timings returns how every processed turn went so far.
func (s *Server) Timings() []TurnTiming {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]TurnTiming(nil), s.timings...)
}

func (s *Server) acceptLoop() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			select {
			case <-s.stop:
				return
			default:
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			time.Sleep(10 * time.Millisecond) // e.g. too many open files: retry later
			continue
		}
		s.conns.Add(1)
		go s.serveConn(c)
	}
}

// loop runs the turns: the break of the tournament installed by Start,
// its game turns, then the next tournament. It sleeps until each fixed
// deadline, so processing time does not shift the rhythm; processing a turn
// and starting the next one happen in one critical section.
func (s *Server) loop() error {
	for {
		s.mu.Lock()
		next := s.deadline
		s.mu.Unlock()
		if !s.sleepUntil(next) {
			return nil
		}
		next = next.Add(s.cfg.Turn)
		s.mu.Lock()
		s.active, s.turn, s.deadline = true, 1, next
		s.startTurn()
		s.mu.Unlock()
		for turn := 1; turn <= s.cfg.Turns; turn++ {
			last := turn == s.cfg.Turns
			var prep *tournamentSetup
			if last && (s.cfg.Tournaments == 0 || s.tournamentsPlayed()+1 < s.cfg.Tournaments) {
				var err error
				if prep, err = s.prepareTournament(); err != nil {
					return err
				}
			}
			if !s.sleepUntil(next) {
				return nil
			}
			woke := time.Now()
			late := woke.Sub(next)
			s.mu.Lock()
			s.process()
			took := time.Since(woke)
			timing := TurnTiming{Tournament: s.tournament, Turn: turn, Process: took, Late: late}
			if last {
				s.finishTournament()
				if prep != nil {
					s.installTournament(prep, time.Now())
				}
			} else {
				next = next.Add(s.cfg.Turn)
				s.turn, s.deadline = turn+1, next
				s.startTurn()
			}
			timing.Start = time.Now()
			s.timings = append(s.timings, timing)
			s.mu.Unlock()
			if last {
				if err := s.publishScore(); err != nil {
					fmt.Fprintf(s.cfg.Log, "painter: scoreboard: %v\n", err)
				}
				if prep == nil {
					return nil
				}
				s.logTournament(prep)
			}
		}
	}
}

// tournamentsPlayed counts the tournaments this run has finished.
func (s *Server) tournamentsPlayed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.score.Tournaments - s.firstScored
}

func (s *Server) sleepUntil(t time.Time) bool {
	timer := time.NewTimer(time.Until(t))
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-s.stop:
		return false
	}
}

// startTurn begins a new turn: per-turn limits reset (through seq) and
// every pending WAIT is released. Called with mu held.
func (s *Server) startTurn() {
	s.seq++
	close(s.turnCh)
	s.turnCh = make(chan struct{})
}

// tournamentSetup is a drawn board with every game of the pairing.
type tournamentSetup struct {
	initial *painter.Game
	arenas  [][]*arena
}

// prepareTournament draws the board and sets up every game (without mu).
func (s *Server) prepareTournament() (*tournamentSetup, error) {
	g := painter.Generate(s.cfg.Params, s.cfg.Layout, s.rand)
	if g == nil {
		return nil, errors.New("no board can be drawn with these settings")
	}
	d := len(s.cfg.Teams)
	arenas := make([][]*arena, d)
	for lo := 0; lo < d; lo++ {
		for hi := lo + 1; hi < d; hi++ {
			a := &arena{game: g.Clone(), orders: make([]painter.Order, len(g.Pawns))}
			for side := 0; side < 2; side++ {
				a.view[side] = make([]byte, g.Board.N*g.Board.M)
				a.game.ViewChars(painter.Colour(side+1), a.view[side])
				a.prev[side] = append([]byte(nil), a.view[side]...)
			}
			arenas[lo] = append(arenas[lo], a)
		}
	}
	return &tournamentSetup{initial: g, arenas: arenas}, nil
}

// installTournament starts the break turn of a prepared tournament.
// Called with mu held.
func (s *Server) installTournament(t *tournamentSetup, now time.Time) {
	s.tournament = s.score.Tournaments + 1
	s.arenas = t.arenas
	s.active, s.turn = false, 0
	s.deadline = now.Add(s.cfg.Break)
	s.startTurn()
}

func (s *Server) logTournament(t *tournamentSetup) {
	d := len(s.cfg.Teams)
	s.mu.Lock()
	number := s.tournament
	s.mu.Unlock()
	fmt.Fprintf(s.cfg.Log, "painter: tournament %d: board %dx%d, %d teams, %d games\n",
		number, t.initial.Board.N, t.initial.Board.M, d, d*(d-1)/2)
}

// process executes every game's orders, spread over the cores, then
// refreshes the views. Called with mu held.
func (s *Server) process() {
	var all []*arena
	for _, row := range s.arenas {
		all = append(all, row...)
	}
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(all); i += workers {
				all[i].applyTurn()
			}
		}(w)
	}
	wg.Wait()
}

func (a *arena) applyTurn() {
	a.game.ApplyTurn(a.orders)
	for i := range a.orders {
		a.orders[i] = painter.Order{}
	}
	for side := 0; side < 2; side++ {
		a.prev[side], a.view[side] = a.view[side], a.prev[side]
		a.game.ViewChars(painter.Colour(side+1), a.view[side])
	}
}

// finishTournament awards the points. Called with mu held.
func (s *Server) finishTournament() {
	points := make(map[string]int, len(s.teams))
	for i, t := range s.teams {
		t.points = s.currentPoints(i)
		points[t.Login] = t.points
	}
	s.score.add(points)
	s.active, s.turn = false, 0
	s.startTurn()
}

// publishScore writes the scoreboard file and logs the standings.
func (s *Server) publishScore() error {
	s.mu.Lock()
	sb := s.score.clone()
	s.mu.Unlock()
	fmt.Fprintln(s.cfg.Log, sb.Line())
	if s.cfg.Scoreboard == "" {
		return nil
	}
	return sb.Save(s.cfg.Scoreboard)
}

// arenaOf returns team ti's arena number a (1-based) and its side there.
func (s *Server) arenaOf(ti, a int) (*arena, painter.Colour) {
	j := a - 1
	if j >= ti {
		j++
	}
	if ti < j {
		return s.arenas[ti][j-ti-1], painter.SideA
	}
	return s.arenas[j][ti-j-1], painter.SideB
}

// currentPoints is team ti's points if the tournament ended now.
func (s *Server) currentPoints(ti int) int {
	sum := 0
	for a := 1; a < len(s.teams); a++ {
		ar, side := s.arenaOf(ti, a)
		sum += ar.game.Points(side)
	}
	return sum
}

// standings sorts logins by decreasing value, then by login.
func standings(m map[string]int) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if m[names[i]] != m[names[j]] {
			return m[names[i]] > m[names[j]]
		}
		return names[i] < names[j]
	})
	return names
}
