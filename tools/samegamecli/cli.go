// Package samegamecli holds the `cgbots samegame` subcommands: solve boards
// from a data file, replay a move list, and the tour step.
package samegamecli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"cgbots/internal/clock"
	"cgbots/samegame"
)

// Run dispatches `cgbots samegame SUBCOMMAND ...`.
func Run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New("which subcommand? solve, replay or merge")
	}
	switch args[0] {
	case "solve":
		return solve(args[1:], stdout, stderr)
	case "replay":
		return replay(args[1:], stdout)
	case "merge":
		return merge(args[1:], stdout)
	}
	return fmt.Errorf("unknown subcommand %q (solve, replay or merge)", args[0])
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
	maxWidth := fs.Int("maxwidth", 0, "largest beam width (0: what -mem allows)")
	memGiB := fs.Float64("mem", 4, "memory for the beams, in GiB: it caps the beam width; long runs then restart beams along the best line")
	bestPath := fs.String("best", "", "best-solutions file: the search starts from its solutions, and it is rewritten (atomically) on every improvement, so runs add up and an interrupted run keeps what it found")
	improve := fs.Bool("improve", false, "spend the budget on improving the -best file's solutions (walks along them, or with -wide the exact endgame, then beams restarted along them before the move from which it found no better tail, then the exact endgame again) rather than on new searches; boards without one are searched as usual")
	wide := fs.Bool("wide", false, "spend the budget on one portfolio whose beams widen up to the width cap (-mem, -maxwidth), then on beams restarted along its best line, rather than on many narrower searches and walks: for long runs with much memory")
	tabu := fs.Int("tabu", -1, "colour (0-4, as in FILE) kept for the final big group; -1 tries every colour")
	openings := fs.Int("openings", 0, "keep this many openings alive in every beam: at most width/N nodes of a layer share their ancestor in layer -openingdepth (0: no cap)")
	openingDepth := fs.Int("openingdepth", 8, "the layer (moves played) whose nodes are the openings of -openings")
	evalFlag := fs.String("eval", "", "evaluation weights to try instead of the tuned ones: Score,Groups,TabuGroups,TabuCount,Others,Adjacent,Parts,TabuParts,Lonely,TabuBreak,Single,ClearHope,Noise[,TabuLate] (TabuLate 0 when left out)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() < 1 {
		return errors.New("usage: samegame solve [-time D | -nodes N] [-threads T] [-seed S] [-best FILE [-improve]] [-wide] [-openings N [-openingdepth D]] FILE [INDEX...]")
	}
	if *threads < 1 {
		return errors.New("-threads must be at least 1")
	}
	if *tabu < -1 || *tabu >= samegame.Colors {
		return fmt.Errorf("-tabu %d: want a colour 0..%d, or -1 for every colour", *tabu, samegame.Colors-1)
	}
	if *openings < 0 || *openingDepth < 1 {
		return errors.New("-openings must be at least 0 and -openingdepth at least 1")
	}
	if *improve && *bestPath == "" {
		return errors.New("-improve needs -best: it improves that file's solutions")
	}
	if *maxWidth == 0 {
		*maxWidth = int(*memGiB * (1 << 30) / float64(samegame.SlotBytes(*threads)))
	}
	if *memGiB > 0 {
		// The garbage collector works harder near the limit instead of letting the heap double.
		debug.SetMemoryLimit(int64(*memGiB * (1 << 30)))
	}
	if *maxWidth < 1 {
		return errors.New("-mem or -maxwidth leaves no room for a beam")
	}
	boards, picked, err := loadBoards(fs.Arg(0), fs.Args()[1:])
	if err != nil {
		return err
	}
	best := make(solutions)
	if *bestPath != "" {
		if best, err = readCheckedSolutions(*bestPath, boards); err != nil {
			return err
		}
	}
	var eval samegame.Eval
	if *evalFlag != "" {
		if eval, err = parseEval(*evalFlag); err != nil {
			return err
		}
	}
	start := time.Now()
	total := 0
	for n, i := range picked {
		budget := clock.For(*limit)
		if *nodes > 0 {
			budget = clock.Nodes(*nodes)
		}
		opt := samegame.Options{Seed: *seed, Threads: *threads, Width: *width, MaxWidth: *maxWidth, Eval: eval, Tabu: *tabu + 1, Start: best[i], ImproveStart: *improve, Wide: *wide,
			Openings: *openings, OpeningDepth: *openingDepth}
		boardStart := time.Now()
		var saveErr error
		keep := func(p samegame.Plan) {
			if known, ok := best[i]; saveErr != nil || ok && p.Score <= known.Score {
				return
			}
			if score, err := samegame.Replay(boards[i-1], p.Moves); err != nil || score != p.Score {
				saveErr = fmt.Errorf("board %d: the search's solution does not replay to %d (%v)", i, p.Score, err)
				return
			}
			best[i] = p
			if *bestPath != "" {
				saveErr = best.save(*bestPath, boards)
			}
		}
		opt.Log = func(p samegame.Progress) {
			keep(p.Best)
			if time.Since(start) > 3*time.Second { // progress only for long runs
				phase := fmt.Sprintf("width %d", p.Width)
				if p.Walk {
					phase = fmt.Sprintf("walk width %d", p.Width)
				}
				if p.Width == 0 {
					phase = fmt.Sprintf("exact endgame (no better tail after move %d)", p.ProvenFrom)
				}
				fmt.Fprintf(stderr, "board %d (%d/%d): %s best %d nodes %d %.1fs\n", i, n+1, len(picked), phase, p.Best.Score, p.Nodes, time.Since(boardStart).Seconds())
			}
		}
		keep(samegame.Solve(boards[i-1], budget, opt))
		if saveErr != nil {
			return saveErr
		}
		plan := best[i]
		score, err := samegame.Replay(boards[i-1], plan.Moves)
		if err != nil {
			return fmt.Errorf("board %d: our own solution does not replay: %v", i, err)
		}
		if score != plan.Score {
			return fmt.Errorf("board %d: search claims %d, replay gives %d", i, plan.Score, score)
		}
		total += score
		writePlan(stdout, i, plan)
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

// merge keeps in a best file the best solution of each board among it and
// other solution files (solve's output or other best files, from runs on
// other machines for instance). Every solution is replayed first: a file
// that does not fit the boards is an error and nothing is written.
func merge(args []string, stdout io.Writer) error {
	if len(args) < 3 {
		return errors.New("usage: samegame merge FILE BEST OTHER... (BEST is rewritten with the best solution of each board)")
	}
	boards, _, err := loadBoards(args[0], nil)
	if err != nil {
		return err
	}
	best, err := readCheckedSolutions(args[1], boards)
	if err != nil {
		return err
	}
	improved := 0
	for _, path := range args[2:] {
		if _, err := os.Stat(path); err != nil {
			return err // unlike a best file, a missing one is a mistake
		}
		other, err := readCheckedSolutions(path, boards)
		if err != nil {
			return err
		}
		before := make(solutions, len(best))
		for i, p := range best {
			before[i] = p
		}
		for _, i := range best.absorb(other) {
			fmt.Fprintf(stdout, "board %d: %d -> %d (%s)\n", i, before[i].Score, best[i].Score, path)
			improved++
		}
	}
	if improved > 0 {
		if err := best.save(args[1], boards); err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "%d board(s) improved; total %d over %d board(s)\n", improved, best.total(), len(best))
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

// parseEval reads -eval's weights, in the order of its help text; TabuLate,
// added last, may be left out (0), so that older weight lists keep their meaning.
func parseEval(s string) (samegame.Eval, error) {
	var e samegame.Eval
	weights := []*int64{&e.Score, &e.Groups, &e.TabuGroups, &e.TabuCount, &e.Others, &e.Adjacent, &e.Parts, &e.TabuParts, &e.Lonely, &e.TabuBreak, &e.Single, &e.ClearHope, &e.Noise, &e.TabuLate}
	fields := strings.Split(s, ",")
	if len(fields) != len(weights) && len(fields) != len(weights)-1 {
		return e, fmt.Errorf("-eval %q: want %d or %d comma-separated integers, got %d", s, len(weights)-1, len(weights), len(fields))
	}
	for i, f := range fields {
		v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return e, fmt.Errorf("-eval %q: weight %d: %q is not an integer", s, i+1, f)
		}
		*weights[i] = v
	}
	return e, nil
}
