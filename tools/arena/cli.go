package arena

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"cgbots/tools/internal/atomicfile"
)

// botList is the -bots flag; it may be given more than once.
type botList []string

func (b *botList) String() string     { return strings.Join(*b, ",") }
func (b *botList) Set(s string) error { *b = append(*b, s); return nil }

// Main is `cgbots arena`: Run with Ctrl-C (or SIGTERM) wired to stop, a
// second one to abandon the games in flight.
func Main(args []string, stdout, stderr io.Writer) error {
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	stop, abandon := make(chan struct{}), make(chan struct{})
	go func() {
		if _, ok := <-sig; !ok {
			return
		}
		fmt.Fprintln(stderr, "arena: interrupted: finishing the games in flight (interrupt again to drop them)")
		close(stop)
		if _, ok := <-sig; ok {
			close(abandon)
		}
	}()
	err := Run(args, stdout, stderr, stop, abandon)
	signal.Stop(sig)
	close(sig)
	return err
}

// Run parses the arguments, builds builtin bots, checks that every bot
// starts, plays the games and prints the table (and writes -out).
func Run(args []string, stdout, stderr io.Writer, stop, abandon <-chan struct{}) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "game: "+gameNames())
	var botArgs botList
	fs.Var(&botArgs, "bots", "contestants NAME=CMD,NAME=CMD,...: CMD is a shell command with its arguments (write a comma inside CMD as \\,);\n"+
		"builtin:GAME-BOT [ARGS] builds the repo's GAME/cmd/GAME-BOT once and runs it")
	n := fs.Int("games", 10, "number of games")
	seed := fs.Int64("seed", 1, "arena seed: the games' seeds derive from it")
	parallel := fs.Int("parallel", 1, "games played at once (each game's bots need their CPU)")
	league := fs.Int("league", 0, "league level (0: the game's Bronze rules; waterfight needs 5)")
	first := fs.Duration("first", time.Second, "time limit of a bot's first answer")
	turn := fs.Duration("turn", 50*time.Millisecond, "time limit of later answers")
	out := fs.String("out", "", "write the results as JSON to this file")
	replays := fs.String("replays", "", "write each game's replay (JSON lines) into this folder")
	maps := fs.String("maps", "", "kutulu: official maps folder (with index.json); default generated maps")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cgbots arena -game GAME -bots NAME=CMD,NAME=CMD[,...] [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := configure(fs, *game, botArgs)
	if err != nil {
		return err
	}
	cfg.Games, cfg.Seed, cfg.Parallel, cfg.First, cfg.Turn = *n, *seed, *parallel, *first, *turn
	cfg.MapsDir, cfg.ReplayDir, cfg.Progress = *maps, *replays, stderr
	spec := games[cfg.Game]
	switch {
	case *n < 1:
		return errors.New("-games must be at least 1")
	case *parallel < 1:
		return errors.New("-parallel must be at least 1")
	case *first <= 0 || *turn <= 0:
		return errors.New("-first and -turn must be positive")
	case *league == 0:
		cfg.League = spec.fixed
	case *league < spec.minLeague || *league > spec.maxLeague:
		return fmt.Errorf("-league must be in %d..%d for %s", spec.minLeague, spec.maxLeague, cfg.Game)
	default:
		cfg.League = *league
	}
	if *maps != "" && cfg.Game != "kutulu" {
		return errors.New("-maps is for kutulu only")
	}
	if *replays != "" {
		if err := os.MkdirAll(*replays, 0o755); err != nil {
			return err
		}
	}
	var b builder
	b.built = map[string]string{}
	defer b.cleanup()
	for i := range cfg.Bots {
		run, err := b.resolve(cfg.Game, cfg.Bots[i].Cmd)
		if err != nil {
			return fmt.Errorf("bot %s: %v", cfg.Bots[i].Name, err)
		}
		cfg.Bots[i].run = run
	}
	if err := checkStart(cfg.Bots); err != nil {
		return err
	}
	if block := newSchedule(len(cfg.Bots), spec.seats).blockLen(); cfg.Games%block != 0 {
		fmt.Fprintf(stderr, "arena: note: seats are balanced over blocks of %d games; %d games leave the last block short\n", block, cfg.Games)
	}
	r := Play(cfg, stop, abandon)
	printTable(stdout, r)
	for _, s := range r.Standings {
		if s.Seats > 0 && s.Disqualified == s.Seats {
			fmt.Fprintf(stderr, "arena: warning: bot %s was disqualified in all its %d seats: does its command work?\n", s.Bot, s.Seats)
		}
	}
	if *out != "" {
		data, err := json.MarshalIndent(r, "", "  ")
		if err != nil {
			return err
		}
		if err := atomicfile.Write(*out, append(data, '\n'), 0o644); err != nil {
			return err
		}
	}
	if r.Interrupted {
		return fmt.Errorf("interrupted after %d of %d games", r.Played+r.Failed, r.Planned)
	}
	return nil
}

// configure checks the game and the bots.
func configure(fs *flag.FlagSet, game string, botArgs botList) (Config, error) {
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("unexpected argument %q (bots go in -bots NAME=CMD,...)", fs.Arg(0))
	}
	if _, ok := games[game]; !ok {
		return Config{}, fmt.Errorf("-game must be one of: %s (got %q)", gameNames(), game)
	}
	if len(botArgs) == 0 {
		return Config{}, errors.New("no bots: give -bots NAME=CMD,NAME=CMD")
	}
	bots, err := parseBots(strings.Join(botArgs, ","))
	if err != nil {
		return Config{}, err
	}
	if len(bots) < 2 {
		return Config{}, fmt.Errorf("an arena needs at least two bots, got %d", len(bots))
	}
	return Config{Game: game, Bots: bots}, nil
}
