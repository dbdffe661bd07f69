// Command lastofus-solver is the Last of Us submission: it reads one area on
// stdin and prints the answer (K, then K actions), verified under every
// reading of the rules before it is printed. It is an offline judge program:
// with no answer (or no area: empty or malformed input) it prints nothing on
// stdout, says why in one line on stderr and exits 1.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"cgbots/internal/clock"
	"cgbots/lastofus"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole program; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	start := time.Now()
	fs := flag.NewFlagSet("lastofus-solver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	limit := fs.Duration("time", 850*time.Millisecond, "time limit from the start")
	nodes := fs.Int64("nodes", 0, "node budget instead of the time limit (deterministic output)")
	fs.Uint64("seed", 1, "accepted for the bot contract; the solver uses no randomness")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	a, err := lastofus.Parse(bufio.NewReader(stdin))
	if err != nil {
		fmt.Fprintln(stderr, "lastofus-solver:", err)
		return 1
	}
	budget := clock.Until(start, *limit, 0)
	if *nodes > 0 {
		budget = clock.Nodes(*nodes)
	}
	sol, err := lastofus.Solve(a, budget)
	if err != nil {
		fmt.Fprintln(stderr, "lastofus-solver:", err)
		return 1
	}
	w := bufio.NewWriter(stdout)
	w.WriteString(lastofus.FormatAnswer(sol.Actions))
	if err := w.Flush(); err != nil {
		fmt.Fprintln(stderr, "lastofus-solver:", err)
		return 1
	}
	return 0
}
