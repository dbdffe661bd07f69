// Command cgbots is the one entry point of the toolkit: every tool is a
// subcommand. Each game or tool adds its subcommands, tour step, trace
// replayer and benchmark from its own file in this folder, through the
// register functions below, so that adding a game touches no shared file.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand: run gets the arguments after the subcommand's name.
type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) error
}

// step is one part of a group subcommand (tour, replay -game, bench).
type step struct {
	name string
	run  func(args []string, stdout, stderr io.Writer) error
}

var (
	commands  = map[string]command{}
	tourSteps = map[string]step{}
	replayers = map[string]step{}
	benches   = map[string]step{}
)

func registerCommand(c command) { commands[c.name] = c }

// registerTour adds a game's tour step: one embedded default instance played
// or solved by our bot, its outcome printed; no files from outside the repo.
func registerTour(game string, run func(stdout io.Writer) error) {
	tourSteps[game] = step{name: game, run: func(_ []string, stdout, _ io.Writer) error { return run(stdout) }}
}

// registerReplay adds the trace replayer of `cgbots replay -game GAME TRACE...`.
func registerReplay(game string, run func(traces []string, stdout, stderr io.Writer) error) {
	replayers[game] = step{name: game, run: run}
}

// registerBench adds `cgbots bench NAME [ARGS]`.
func registerBench(name string, run func(args []string, stdout, stderr io.Writer) error) {
	benches[name] = step{name: name, run: run}
}

// errUsage makes main print the usage line of the failing subcommand's flags
// without repeating the error.
var errUsage = errors.New("usage")

// tourOrder lists the games in the order the tour plays them; games not yet
// registered are skipped.
var tourOrder = []string{"samegame", "kutulu", "waterfight", "lastofus", "painter"}

func init() {
	registerCommand(command{name: "help", summary: "list the subcommands", run: runHelp})
	registerCommand(command{name: "tour", summary: "play or solve one embedded default instance of every game", run: runTour})
	registerCommand(command{name: "replay", summary: "replay official traces through our referee: replay -game GAME TRACE...", run: runReplay})
	registerCommand(command{name: "bench", summary: "run a benchmark suite: bench NAME", run: runBench})
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		runHelp(nil, stderr, stderr)
		return 2
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "cgbots: unknown subcommand %q (cgbots help lists them)\n", args[0])
		return 2
	}
	if err := c.run(args[1:], stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		if !errors.Is(err, errUsage) {
			fmt.Fprintf(stderr, "cgbots %s: %v\n", c.name, err)
		}
		return 1
	}
	return 0
}

func runHelp(_ []string, stdout, _ io.Writer) error {
	fmt.Fprintln(stdout, "usage: cgbots SUBCOMMAND [ARGS]")
	fmt.Fprintln(stdout)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(stdout, "  %-12s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(stdout, "\nreplay games: %s\nbenches: %s\n", keys(replayers), keys(benches))
	return nil
}

func keys(m map[string]step) string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "(none yet)"
	}
	return strings.Join(names, ", ")
}

func runTour(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("tour takes no arguments")
	}
	failed := 0
	for _, game := range tourOrder {
		s, ok := tourSteps[game]
		if !ok {
			continue
		}
		fmt.Fprintf(stdout, "== %s\n", game)
		if err := s.run(nil, stdout, stderr); err != nil {
			fmt.Fprintf(stdout, "%s: FAILED: %v\n", game, err)
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d game(s) failed", failed)
	}
	return nil
}

func runReplay(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	game := fs.String("game", "", "game of the traces: "+keys(replayers))
	if err := fs.Parse(args); err != nil {
		return err
	}
	r, ok := replayers[*game]
	if !ok {
		return fmt.Errorf("-game must be one of: %s", keys(replayers))
	}
	if fs.NArg() == 0 {
		return fmt.Errorf("no trace files given")
	}
	return r.run(fs.Args(), stdout, stderr)
}

func runBench(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("which bench? one of: %s", keys(benches))
	}
	b, ok := benches[args[0]]
	if !ok {
		return fmt.Errorf("unknown bench %q; one of: %s", args[0], keys(benches))
	}
	return b.run(args[1:], stdout, stderr)
}
