// Command lastofus-solver is the Last of Us submission: it reads one area on
// stdin and prints the answer (K, then K actions), verified under every
// reading of the rules before it is printed. With no answer it prints
// nothing on stdout, says so on stderr and exits 1.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"time"

	"cgbots/internal/clock"
	"cgbots/lastofus"
)

func main() {
	start := time.Now()
	limit := flag.Duration("time", 850*time.Millisecond, "time limit from the start")
	nodes := flag.Int64("nodes", 0, "node budget instead of the time limit (deterministic output)")
	flag.Uint64("seed", 1, "accepted for the bot contract; the solver uses no randomness")
	flag.Parse()
	a, err := lastofus.Parse(bufio.NewReader(os.Stdin))
	if err != nil {
		fmt.Fprintln(os.Stderr, "lastofus-solver:", err)
		os.Exit(1)
	}
	budget := clock.Until(start, *limit, 0)
	if *nodes > 0 {
		budget = clock.Nodes(*nodes)
	}
	sol, err := lastofus.Solve(a, budget)
	if err != nil {
		fmt.Fprintln(os.Stderr, "lastofus-solver:", err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	w.WriteString(lastofus.FormatAnswer(sol.Actions))
	w.Flush()
}
