package paintercli

import (
	"flag"
	"fmt"
	"io"
	"net"
	"sort"
	"strings"
	"sync"
	"time"

	"cgbots/tools/internal/match"
)

// BotSpec is one team of a local tournament: its name and either a command
// (given -addr, -login and -pass) or builtin:STRATEGY, played in-process.
type BotSpec struct{ Name, Cmd string }

const builtinPrefix = "builtin:"

// ParseBots reads NAME=CMD,NAME=CMD,...
func ParseBots(s string) ([]BotSpec, error) {
	var bots []BotSpec
	seen := map[string]bool{}
	for _, item := range strings.Split(s, ",") {
		name, cmd, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok || name == "" || cmd == "" || strings.ContainsAny(name, " \t") {
			return nil, fmt.Errorf("bad bot %q: want NAME=CMD or NAME=builtin:STRATEGY", item)
		}
		if seen[name] {
			return nil, fmt.Errorf("bot name %q given twice", name)
		}
		seen[name] = true
		if strategy, builtin := strings.CutPrefix(cmd, builtinPrefix); builtin {
			if _, err := newStrategy(strategy, 1); err != nil {
				return nil, err
			}
		}
		bots = append(bots, BotSpec{Name: name, Cmd: cmd})
	}
	if len(bots) < 2 {
		return nil, fmt.Errorf("a tournament needs at least two bots")
	}
	return bots, nil
}

// TournamentResult is what a local tournament run measured.
type TournamentResult struct {
	Scoreboard Scoreboard
	Timings    []TurnTiming
}

// RunTournament starts a server on loopback with one team per bot, starts
// the bots, plays cfg.Tournaments tournaments (or until interrupt is
// closed) and stops everything, bot processes included.
func RunTournament(cfg ServerConfig, bots []BotSpec, log io.Writer, interrupt <-chan struct{}) (TournamentResult, error) {
	if cfg.Tournaments < 1 {
		return TournamentResult{}, fmt.Errorf("a local tournament needs -tournaments >= 1")
	}
	cfg.Teams = DemoTeams(len(bots))
	for i := range bots {
		cfg.Teams[i].Login = bots[i].Name
	}
	s, err := NewServer(cfg)
	if err != nil {
		return TournamentResult{}, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return TournamentResult{}, err
	}
	if err := s.Start(ln); err != nil {
		ln.Close()
		return TournamentResult{}, err
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var procs []*match.Process
	for i, b := range bots {
		team := cfg.Teams[i]
		if strategy, builtin := strings.CutPrefix(b.Cmd, builtinPrefix); builtin {
			wg.Add(1)
			go func(team Team, strategy string) {
				defer wg.Done()
				RunClient(ClientConfig{Addr: s.Addr(), Login: team.Login, Pass: team.Pass, Strategy: strategy, Log: log, Stop: stop})
			}(team, strategy)
			continue
		}
		p, err := match.Start(fmt.Sprintf("%s -addr %s -login %s -pass %s", b.Cmd, s.Addr(), team.Login, team.Pass))
		if err != nil {
			fmt.Fprintf(log, "painter: bot %s: %v\n", b.Name, err)
			continue
		}
		procs = append(procs, p)
	}
	go func() {
		select {
		case <-interrupt:
			s.Close()
		case <-stop:
		}
	}()
	err = s.Wait()
	close(stop)
	s.Close()
	wg.Wait()
	for _, p := range procs {
		p.Kill()
	}
	return TournamentResult{Scoreboard: s.Scoreboard(), Timings: s.Timings()}, err
}

// WriteReport prints the standings and the server's turn timings.
func (r TournamentResult) WriteReport(w io.Writer) {
	sb := r.Scoreboard
	wins := sb.Wins()
	fmt.Fprintf(w, "%-12s %8s %6s  per tournament\n", "team", "total", "wins")
	for _, login := range standings(sb.Overall) {
		var per []string
		for _, h := range sb.History {
			per = append(per, fmt.Sprint(h[login]))
		}
		fmt.Fprintf(w, "%-12s %8d %6d  %s\n", login, sb.Overall[login], wins[login], strings.Join(per, " "))
	}
	if len(r.Timings) > 0 {
		st := summarize(r.Timings)
		fmt.Fprintf(w, "server: %d turns processed, processing mean %v, p99 %v, max %v\n",
			len(r.Timings), st.mean, st.p99, st.max)
	}
}

type timingSummary struct{ mean, p99, max time.Duration }

func summarize(ts []TurnTiming) timingSummary {
	d := make([]time.Duration, len(ts))
	var sum time.Duration
	for i, t := range ts {
		d[i] = t.Process
		sum += t.Process
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return timingSummary{mean: sum / time.Duration(len(d)), p99: d[(len(d)*99)/100], max: d[len(d)-1]}
}

func runTournament(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("painter tournament", flag.ContinueOnError)
	fs.SetOutput(stderr)
	botsFlag := fs.String("bots", "", "NAME=CMD,... (CMD gets -addr -login -pass appended) or NAME=builtin:search|greedy|random")
	config := serverFlags(fs, 100*time.Millisecond, 200, 1)
	if err := fs.Parse(args); err != nil {
		return err
	}
	bots, err := ParseBots(*botsFlag)
	if err != nil {
		return err
	}
	cfg, err := config()
	if err != nil {
		return err
	}
	cfg.Log = stdout
	interrupt, stop := interrupted()
	defer stop()
	res, err := RunTournament(cfg, bots, stderr, interrupt)
	if err != nil {
		return err
	}
	res.WriteReport(stdout)
	return nil
}
