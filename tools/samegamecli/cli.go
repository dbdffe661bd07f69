// Package samegamecli holds the `cgbots samegame` subcommands: solve boards
// from a data file, replay a move list, and the tour step.
package samegamecli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"cgbots/internal/clock"
	"cgbots/samegame"
)

// Run dispatches `cgbots samegame SUBCOMMAND ...`.
func Run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("which subcommand? solve or replay")
	}
	switch args[0] {
	case "solve":
		return solve(args[1:], stdout, stderr)
	case "replay":
		return replay(args[1:], stdout)
	}
	return fmt.Errorf("unknown subcommand %q (solve or replay)", args[0])
}

// loadBoards reads a data file and picks the 1-based indices given (all when none).
func loadBoards(path string, indices []string) ([]samegame.Board, []int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	boards, err := samegame.ParseBoards(string(data))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %v", path, err)
	}
	var picked []int
	for _, s := range indices {
		i, err := strconv.Atoi(s)
		if err != nil || i < 1 || i > len(boards) {
			return nil, nil, fmt.Errorf("board index %q is not 1..%d", s, len(boards))
		}
		picked = append(picked, i)
	}
	if len(picked) == 0 {
		for i := range boards {
			picked = append(picked, i+1)
		}
	}
	return boards, picked, nil
}

func solve(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("samegame solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	limit := fs.Duration("time", 20*time.Second, "search time per board")
	nodes := fs.Int64("nodes", 0, "node budget per board (replaces -time; reproducible)")
	threads := fs.Int("threads", 1, "search threads")
	seed := fs.Uint64("seed", 1, "random seed")
	width := fs.Int("width", 0, "first beam width (0: default)")
	maxWidth := fs.Int("maxwidth", 0, "largest beam width; long runs repeat beams at this width (0: default 200000, about 1 KB a slot)")
	evalFlag := fs.String("eval", "", "evaluation weights to try instead of the tuned ones: Score,Groups,TabuGroups,TabuCount,Others,Adjacent,Parts,TabuParts,Lonely,TabuBreak,Single,ClearHope,Noise")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() < 1 {
		return errors.New("usage: samegame solve [-time D | -nodes N] [-threads T] [-seed S] FILE [INDEX...]")
	}
	if *threads < 1 {
		return errors.New("-threads must be at least 1")
	}
	boards, picked, err := loadBoards(fs.Arg(0), fs.Args()[1:])
	if err != nil {
		return err
	}
	var eval samegame.Eval
	if *evalFlag != "" {
		e := &eval
		if n, _ := fmt.Sscanf(*evalFlag, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d", &e.Score, &e.Groups, &e.TabuGroups, &e.TabuCount, &e.Others, &e.Adjacent, &e.Parts, &e.TabuParts, &e.Lonely, &e.TabuBreak, &e.Single, &e.ClearHope, &e.Noise); n != 13 {
			return fmt.Errorf("-eval %q: want 13 comma-separated integers", *evalFlag)
		}
	}
	start := time.Now()
	total := 0
	for n, i := range picked {
		budget := clock.For(*limit)
		if *nodes > 0 {
			budget = clock.Nodes(*nodes)
		}
		opt := samegame.Options{Seed: *seed, Threads: *threads, Width: *width, MaxWidth: *maxWidth, Eval: eval}
		boardStart := time.Now()
		opt.Log = func(w, score int, count int64) {
			if time.Since(start) > 3*time.Second { // progress only for long runs
				fmt.Fprintf(stderr, "board %d (%d/%d): width %d best %d nodes %d %.1fs\n", i, n+1, len(picked), w, score, count, time.Since(boardStart).Seconds())
			}
		}
		plan := samegame.Solve(boards[i-1], budget, opt)
		score, err := samegame.Replay(boards[i-1], plan.Moves)
		if err != nil {
			return fmt.Errorf("board %d: our own solution does not replay: %v", i, err)
		}
		if score != plan.Score {
			return fmt.Errorf("board %d: search claims %d, replay gives %d", i, plan.Score, score)
		}
		total += score
		fmt.Fprintf(stdout, "board %d score %d moves %d\n", i, score, len(plan.Moves))
		fmt.Fprintln(stdout, formatMoves(plan.Moves))
	}
	fmt.Fprintf(stdout, "total %d\n", total)
	if d := time.Since(start); d > 3*time.Second {
		fmt.Fprintf(stderr, "solved %d board(s) in %.1fs\n", len(picked), d.Seconds())
	}
	return nil
}

func formatMoves(ms []samegame.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, " ")
}

func replay(args []string, stdout io.Writer) error {
	if len(args) != 3 {
		return errors.New("usage: samegame replay FILE INDEX 'x,y x,y ...'")
	}
	boards, picked, err := loadBoards(args[0], args[1:2])
	if err != nil {
		return err
	}
	moves, err := samegame.ParseMoves(args[2])
	if err != nil {
		return err
	}
	score, err := samegame.Replay(boards[picked[0]-1], moves)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "score %d\n", score)
	return nil
}

// Tour solves a board generated from a fixed seed for a few seconds.
func Tour(stdout io.Writer) error {
	b := samegame.RandomBoard(2026)
	plan := samegame.Solve(b, clock.For(3*time.Second), samegame.Options{Seed: 1})
	score, err := samegame.Replay(b, plan.Moves)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "samegame: random board (seed 2026), 3 s beam search: score %d in %d moves (replay-checked)\n", score, len(plan.Moves))
	return nil
}
