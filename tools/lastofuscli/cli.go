// Package lastofuscli holds the `cgbots lastofus` subcommands (check, solve,
// gen), the Last of Us bench suite and its tour step.
package lastofuscli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"cgbots/internal/clock"
	"cgbots/lastofus"
	"cgbots/tools/internal/atomicfile"
)

// Summary is the one-line description of the command.
const Summary = "Last of Us puzzle: check AREA ACTIONS | solve [AREA] | gen -rows R -cols C ..."

// Stdin is where solve reads an area given no file (a variable for tests).
var Stdin io.Reader = os.Stdin

// Run dispatches `cgbots lastofus SUB ...`.
func Run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("which subcommand? check AREA ACTIONS | solve [AREA] | gen ...")
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdout, stderr)
	case "solve":
		return runSolve(args[1:], stdout, stderr)
	case "gen":
		return runGen(args[1:], stdout, stderr)
	}
	return fmt.Errorf("unknown subcommand %q (check, solve, gen)", args[0])
}

func readArea(path string) (*lastofus.Area, error) {
	var r io.Reader = Stdin
	if path == "" || path == "-" {
		path = "(stdin)"
	} else {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		r = bytes.NewReader(data)
	}
	a, err := lastofus.Parse(r)
	if err != nil {
		return nil, fmt.Errorf("area %s: %w", path, err)
	}
	return a, nil
}

// ErrRejected is returned by check when the answer fails.
var ErrRejected = errors.New("answer rejected")

func runCheck(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("lastofus check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	wait := fs.String("wait", "all", `reading of "w 0 0": sound, silent, or all (both must pass)`)
	self := fs.String("selfthrow", "all", `reading of "b 0 0": allow, forbid, or all (both must pass)`)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cgbots lastofus check [-wait all|sound|silent] [-selfthrow all|allow|forbid] AREA ACTIONS")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return errors.New("check needs AREA and ACTIONS files")
	}
	readings, err := pickReadings(*wait, *self)
	if err != nil {
		return err
	}
	a, err := readArea(fs.Arg(0))
	if err != nil {
		return err
	}
	data, err := os.ReadFile(fs.Arg(1))
	if err != nil {
		return err
	}
	actions, err := lastofus.ParseAnswer(bytes.NewReader(data))
	if err == nil {
		err = lastofus.CheckReadings(a, actions, readings)
	}
	if err != nil {
		fmt.Fprintf(stdout, "FAIL %v\n", err)
		return ErrRejected
	}
	fmt.Fprintf(stdout, "OK %d\n", len(actions))
	return nil
}

func pickReadings(wait, self string) ([]lastofus.Rules, error) {
	var out []lastofus.Rules
	for _, r := range lastofus.Readings {
		okWait := wait == "all" || (wait == "sound" && !r.SilentWait) || (wait == "silent" && r.SilentWait)
		okSelf := self == "all" || (self == "allow" && !r.ForbidSelfThrow) || (self == "forbid" && r.ForbidSelfThrow)
		if okWait && okSelf {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("bad reading -wait %q -selfthrow %q", wait, self)
	}
	return out, nil
}

func runSolve(args []string, stdout, stderr io.Writer) error {
	start := time.Now()
	fs := flag.NewFlagSet("lastofus solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	limit := fs.Duration("time", 850*time.Millisecond, "time limit from the start of the command")
	nodes := fs.Int64("nodes", 0, "node budget instead of a time limit (deterministic)")
	quiet := fs.Bool("q", false, "no summary on stderr")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cgbots lastofus solve [-time D | -nodes N] [AREA] (stdin when no AREA)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		fs.Usage()
		return errors.New("solve takes at most one AREA file")
	}
	a, err := readArea(fs.Arg(0))
	if err != nil {
		return err
	}
	budget := clock.Until(start, *limit, 0)
	if *nodes > 0 {
		budget = clock.Nodes(*nodes)
	}
	sol, err := lastofus.Solve(a, budget)
	if err != nil {
		return fmt.Errorf("%s: %w", a.Name, err)
	}
	if _, err := io.WriteString(stdout, lastofus.FormatAnswer(sol.Actions)); err != nil {
		return err
	}
	if !*quiet {
		fmt.Fprintf(stderr, "%s: %d actions by %s, %d nodes, %v\n", a.Name, len(sol.Actions), sol.Method, sol.Nodes, time.Since(start).Round(time.Millisecond))
	}
	return nil
}

func runGen(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("lastofus gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o lastofus.GenOptions
	fs.IntVar(&o.Rows, "rows", 20, "rows (10..500)")
	fs.IntVar(&o.Cols, "cols", 20, "columns (10..500)")
	fs.IntVar(&o.Clickers, "clickers", 5, "clickers")
	fs.IntVar(&o.Bricks, "bricks", 5, "bricks (0..140)")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed")
	fs.StringVar(&o.Style, "style", "open", "open, maze, corridors or rooms")
	out := fs.String("o", "", "write the area to this file instead of stdout")
	witness := fs.String("witness", "", "also write the certificate (a valid answer) to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	a, cert, err := lastofus.Generate(o)
	if err != nil {
		return err
	}
	if *witness != "" {
		if err := atomicfile.Write(*witness, []byte(lastofus.FormatAnswer(cert)), 0o644); err != nil {
			return err
		}
	}
	if *out != "" {
		return atomicfile.Write(*out, []byte(a.String()), 0o644)
	}
	_, err = io.WriteString(stdout, a.String())
	return err
}
