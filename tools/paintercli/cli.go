// Package paintercli holds the painter (Malowanie) processes: the TCP game
// server, the client bot's network loop, and the tournament runner behind
// `cgbots painter serve | bot | tournament`.
package paintercli

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

// Run dispatches `cgbots painter SUBCOMMAND ARGS`.
func Run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("which subcommand? serve, bot or tournament")
	}
	switch args[0] {
	case "serve":
		return runServe(args[1:], stdout, stderr)
	case "bot":
		return runBot(args[1:], stdout, stderr)
	case "tournament":
		return runTournament(args[1:], stdout, stderr)
	}
	return fmt.Errorf("unknown subcommand %q: serve, bot or tournament", args[0])
}

// serverFlags registers the game and timing settings shared by serve and
// tournament; the returned function completes the configuration.
func serverFlags(fs *flag.FlagSet, turn time.Duration, turns, tournaments int) func() (ServerConfig, error) {
	cfg := DefaultServerConfig()
	fs.DurationVar(&cfg.Turn, "turn", turn, "game turn length")
	brk := fs.Duration("break", 0, "break turn length (default 3 x -turn)")
	fs.IntVar(&cfg.Turns, "turns", turns, "game turns per tournament (t)")
	seed := fs.Int64("seed", -1, "board generation seed (-1: random)")
	fs.IntVar(&cfg.Tournaments, "tournaments", tournaments, "tournaments to play (0: until stopped)")
	fs.IntVar(&cfg.Params.R, "r", cfg.Params.R, "pawn radius")
	fs.IntVar(&cfg.Params.K, "k", cfg.Params.K, "maximum strip length")
	fs.IntVar(&cfg.Params.F, "f", cfg.Params.F, "initial and maximum paint")
	fs.IntVar(&cfg.Params.P, "p", cfg.Params.P, "pawns per team per game")
	fs.IntVar(&cfg.Layout.MinSize, "min-size", cfg.Layout.MinSize, "smallest board side")
	fs.IntVar(&cfg.Layout.MaxSize, "max-size", cfg.Layout.MaxSize, "largest board side")
	fs.Float64Var(&cfg.Layout.Density, "density", cfg.Layout.Density, "blocked cell density")
	fs.IntVar(&cfg.CommandLimit, "limit", cfg.CommandLimit, "commands per team per turn (0: unlimited)")
	fs.IntVar(&cfg.FullInterval, "full-interval", cfg.FullInterval, "turns between GET_ARENAS of one game")
	fs.DurationVar(&cfg.ArenaDelay, "arena-delay", 0, "delay of GET_ARENAS answers in the break")
	return func() (ServerConfig, error) {
		c := cfg
		c.Break = *brk
		if c.Break == 0 {
			c.Break = 3 * c.Turn
		}
		c.Seed = uint64(*seed)
		if *seed < 0 {
			c.Seed = uint64(time.Now().UnixNano())
		}
		return c, nil
	}
}

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("painter serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:20000", "listen address")
	teamsFile := fs.String("teams", "", "teams file: one `login password` per line (default: demo teams)")
	scoreboard := fs.String("scoreboard", "painter-scoreboard.json", "overall scoreboard file, resumed at start")
	config := serverFlags(fs, time.Second, 200, 0)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	cfg, err := config()
	if err != nil {
		return err
	}
	cfg.Scoreboard, cfg.Log = *scoreboard, stdout
	if *teamsFile != "" {
		if cfg.Teams, err = ReadTeams(*teamsFile); err != nil {
			return err
		}
	} else {
		cfg.Teams = DemoTeams(3)
		for _, t := range cfg.Teams {
			fmt.Fprintf(stdout, "painter: demo team %s password %s\n", t.Login, t.Pass)
		}
	}
	s, err := NewServer(cfg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	if err := s.Start(ln); err != nil {
		ln.Close()
		return err
	}
	fmt.Fprintf(stdout, "painter: serving %d teams on %s (turn %v, %d turns, seed %d)\n",
		len(cfg.Teams), s.Addr(), cfg.Turn, cfg.Turns, cfg.Seed)
	interrupt, stop := interrupted()
	defer stop()
	done := make(chan error, 1)
	go func() { done <- s.Wait() }()
	select {
	case err = <-done:
	case <-interrupt:
	}
	s.Close()
	return err
}

// ReadTeams reads a teams file: `login password` per line; blank lines and
// lines starting with # are skipped.
func ReadTeams(path string) ([]Team, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var teams []Team
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("%s:%d: want `login password`", path, n)
		}
		teams = append(teams, Team{Login: f[0], Pass: f[1]})
	}
	return teams, sc.Err()
}

// DemoTeams returns n teams team1..teamN with fresh random passwords.
func DemoTeams(n int) []Team {
	teams := make([]Team, n)
	for i := range teams {
		teams[i] = Team{Login: fmt.Sprintf("team%d", i+1), Pass: randomPassword()}
	}
	return teams
}

func randomPassword() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return fmt.Sprintf("p%d", time.Now().UnixNano())
	}
	return hex.EncodeToString(b[:])
}

func runBot(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("painter bot", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := ClientConfig{Log: stderr}
	fs.StringVar(&cfg.Addr, "addr", "127.0.0.1:20000", "server address")
	fs.StringVar(&cfg.Login, "login", "", "team login")
	fs.StringVar(&cfg.Pass, "pass", "", "team password")
	fs.StringVar(&cfg.Strategy, "strategy", "search", "search, greedy or random")
	fs.Uint64Var(&cfg.Seed, "seed", 0, "seed of the random strategy (0: from the login)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if cfg.Login == "" {
		return fmt.Errorf("-login is required")
	}
	interrupt, stop := interrupted()
	defer stop()
	cfg.Stop = interrupt
	return RunClient(cfg)
}

// interrupted returns a channel closed on SIGINT or SIGTERM, and the
// function that stops listening for them.
func interrupted() (<-chan struct{}, func()) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	interrupt, done := make(chan struct{}), make(chan struct{})
	go func() {
		select {
		case <-sig:
			close(interrupt)
		case <-done:
		}
	}()
	return interrupt, func() {
		signal.Stop(sig)
		close(done)
	}
}
