package lastofuscli

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"syscall"
	"time"

	"cgbots/internal/clock"
	"cgbots/lastofus"
)

// Suite is the bench's fixed list of generated areas, from 10x10 to 500x500
// in every style; areas are generated on the fly, never stored.
var Suite = []lastofus.GenOptions{
	{Rows: 10, Cols: 10, Clickers: 3, Bricks: 2, Style: "open"},
	{Rows: 20, Cols: 20, Clickers: 10, Bricks: 3, Style: "open"},
	{Rows: 20, Cols: 20, Clickers: 6, Bricks: 3, Style: "maze"},
	{Rows: 20, Cols: 30, Clickers: 6, Bricks: 4, Style: "corridors"},
	{Rows: 30, Cols: 30, Clickers: 10, Bricks: 4, Style: "rooms"},
	{Rows: 50, Cols: 50, Clickers: 60, Bricks: 5, Style: "open"},
	{Rows: 50, Cols: 50, Clickers: 30, Bricks: 5, Style: "maze"},
	{Rows: 50, Cols: 50, Clickers: 20, Bricks: 8, Style: "corridors"},
	{Rows: 60, Cols: 60, Clickers: 30, Bricks: 8, Style: "rooms"},
	{Rows: 100, Cols: 100, Clickers: 300, Bricks: 10, Style: "open"},
	{Rows: 100, Cols: 100, Clickers: 120, Bricks: 10, Style: "maze"},
	{Rows: 100, Cols: 100, Clickers: 60, Bricks: 15, Style: "corridors"},
	{Rows: 100, Cols: 100, Clickers: 80, Bricks: 15, Style: "rooms"},
	{Rows: 200, Cols: 200, Clickers: 1000, Bricks: 20, Style: "open"},
	{Rows: 200, Cols: 200, Clickers: 400, Bricks: 20, Style: "maze"},
	{Rows: 200, Cols: 200, Clickers: 200, Bricks: 40, Style: "corridors"},
	{Rows: 200, Cols: 200, Clickers: 250, Bricks: 30, Style: "rooms"},
	{Rows: 500, Cols: 500, Clickers: 5000, Bricks: 50, Style: "open"},
	{Rows: 500, Cols: 500, Clickers: 2000, Bricks: 60, Style: "maze"},
	{Rows: 500, Cols: 500, Clickers: 600, Bricks: 140, Style: "corridors"},
	{Rows: 500, Cols: 500, Clickers: 1500, Bricks: 100, Style: "rooms"},
}

// Bench runs `cgbots bench lastofus`: every suite area is generated, solved
// within the time limit and checked under every reading.
func Bench(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench lastofus", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the suite (another seed gives areas nobody tuned on)")
	limit := fs.Duration("time", 850*time.Millisecond, "solver time limit per area (wall clock)")
	maxSide := fs.Int("max", lastofus.MaxSide, "skip areas with a side larger than this")
	style := fs.String("style", "", "only this style")
	if err := fs.Parse(args); err != nil {
		return err
	}
	solved, total := 0, 0
	for i, o := range Suite {
		if o.Rows > *maxSide || o.Cols > *maxSide || (*style != "" && o.Style != *style) {
			continue
		}
		o.Seed = *seed*100 + uint64(i)
		total++
		a, witness, err := lastofus.Generate(o)
		if err != nil {
			fmt.Fprintf(stdout, "%-44s gen error: %v\n", fmt.Sprintf("%s-%dx%d", o.Style, o.Rows, o.Cols), err)
			continue
		}
		start, cpuStart := time.Now(), cpuTime()
		sol, err := lastofus.Solve(a, clock.Until(start, *limit, 0))
		took, cpu := time.Since(start), cpuTime()-cpuStart
		status, actions, method, first := "UNSOLVED", "-", "", "-"
		if err == nil && lastofus.CheckAll(a, sol.Actions) == nil {
			status, actions, method, first = "solved", fmt.Sprint(len(sol.Actions)), sol.Method, fmt.Sprint(sol.First.Milliseconds())
			solved++
		}
		fmt.Fprintf(stdout, "%-44s %-8s actions %6s (witness %6d) first %4sms %5dms wall %5dms cpu  %s\n", a.Name, status, actions, len(witness), first, took.Milliseconds(), cpu.Milliseconds(), method)
	}
	fmt.Fprintf(stdout, "solved %d/%d\n", solved, total)
	if solved < total {
		return fmt.Errorf("%d of %d areas unsolved", total-solved, total)
	}
	return nil
}

// cpuTime is the processor time the process has used so far: on a loaded
// machine the wall time of a solve says little about its cost.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Tour solves the statement's sample and checks the answer.
func Tour(stdout io.Writer) error {
	a, err := lastofus.Parse(strings.NewReader(lastofus.SampleArea))
	if err != nil {
		return err
	}
	start := time.Now()
	sol, err := lastofus.Solve(a, clock.For(time.Second))
	if err != nil {
		return err
	}
	if err := lastofus.CheckAll(a, sol.Actions); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: escaped in %d actions (statement's answer: 14) by %s in %v, valid under every reading\n",
		a.Name, len(sol.Actions), sol.Method, time.Since(start).Round(time.Millisecond))
	return nil
}
