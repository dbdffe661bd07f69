package samegamecli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"

	"cgbots/samegame"
	"cgbots/tools/internal/atomicfile"
)

// solutions are the best known solutions by 1-based board index: the file
// behind `solve -best`, in the same format as solve's output, so that a run's
// output is also a valid best file.
type solutions map[int]samegame.Plan

// parseSolutions reads `board <i> score <s> moves <m>` lines, each followed
// by its moves line; the `total` line and blank lines are ignored. Scores are
// taken as written: check them against the boards before trusting them.
func parseSolutions(text string) (solutions, error) {
	sols := make(solutions)
	lines := strings.Split(text, "\n")
	for n := 0; n < len(lines); n++ {
		line := strings.TrimSpace(lines[n])
		if line == "" || strings.HasPrefix(line, "total ") {
			continue
		}
		var index, score, count int
		var rest string
		if k, _ := fmt.Sscanf(line, "board %d score %d moves %d%s", &index, &score, &count, &rest); k != 3 {
			return nil, fmt.Errorf("line %d: want `board I score S moves M`, got %q", n+1, line)
		}
		if n+1 >= len(lines) {
			return nil, fmt.Errorf("line %d: board %d has no moves line", n+1, index)
		}
		n++
		moves, err := samegame.ParseMoves(lines[n])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		if len(moves) != count {
			return nil, fmt.Errorf("line %d: board %d has %d moves, its header says %d", n+1, index, len(moves), count)
		}
		if _, dup := sols[index]; dup {
			return nil, fmt.Errorf("line %d: board %d appears twice", n, index)
		}
		sols[index] = samegame.Plan{Moves: moves, Score: score}
	}
	return sols, nil
}

// readSolutions reads a best file; a missing file is an empty one.
func readSolutions(path string) (solutions, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return make(solutions), nil
	}
	if err != nil {
		return nil, err
	}
	sols, err := parseSolutions(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return sols, nil
}

// readCheckedSolutions reads a best file and replays each of its solutions on boards.
func readCheckedSolutions(path string, boards []samegame.Board) (solutions, error) {
	sols, err := readSolutions(path)
	if err != nil {
		return nil, err
	}
	if err := sols.check(boards); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return sols, nil
}

// check replays every solution on its board and reports the first that
// does not give its score.
func (sols solutions) check(boards []samegame.Board) error {
	for _, i := range sols.indices() {
		if i < 1 || i > len(boards) {
			return fmt.Errorf("board %d: no such board (1..%d)", i, len(boards))
		}
		score, err := samegame.Replay(boards[i-1], sols[i].Moves)
		if err != nil {
			return fmt.Errorf("board %d: %v", i, err)
		}
		if score != sols[i].Score {
			return fmt.Errorf("board %d: the moves score %d, not %d", i, score, sols[i].Score)
		}
	}
	return nil
}

func (sols solutions) indices() []int {
	var is []int
	for i := range sols {
		is = append(is, i)
	}
	sort.Ints(is)
	return is
}

// write prints every solution and the total, in solve's output format.
func (sols solutions) write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, i := range sols.indices() {
		writePlan(bw, i, sols[i])
	}
	fmt.Fprintf(bw, "total %d\n", sols.total())
	return bw.Flush()
}

func (sols solutions) total() int {
	total := 0
	for _, p := range sols {
		total += p.Score
	}
	return total
}

// save replaces the file at path with sols, atomically: an interrupted run
// leaves the previous file or the new one, never a partial one. Solutions
// that another run saved there meanwhile are first taken into sols where
// they score more, so that runs sharing a best file keep each other's finds
// (only a save landing between this read and the rename can be lost).
func (sols solutions) save(path string, boards []samegame.Board) error {
	onDisk, err := readCheckedSolutions(path, boards)
	if err != nil {
		return fmt.Errorf("%v (the file changed during the run and no longer fits the boards; it is left as it is)", err)
	}
	sols.absorb(onDisk)
	return atomicfile.WriteFunc(path, 0o644, sols.write)
}

// absorb takes into sols every solution of other that beats sols' own for
// its board (or that sols lacks) and returns those boards, in order.
func (sols solutions) absorb(other solutions) []int {
	var raised []int
	for _, i := range other.indices() {
		if known, ok := sols[i]; !ok || other[i].Score > known.Score {
			sols[i] = other[i]
			raised = append(raised, i)
		}
	}
	return raised
}

func writePlan(w io.Writer, index int, p samegame.Plan) {
	fmt.Fprintf(w, "board %d score %d moves %d\n", index, p.Score, len(p.Moves))
	fmt.Fprintln(w, formatMoves(p.Moves))
}
