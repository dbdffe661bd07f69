// Command samegame-beam is the CodinGame SameGame bot: it plans the whole game
// with the beam search during the first turn's 20 s, then plays the plan one
// move a turn, planning again (within the 50 ms turn) whenever the board it
// reads is not the one the plan expected.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"cgbots/internal/cgio"
	"cgbots/internal/clock"
	"cgbots/samegame"
)

const (
	firstTurn   = 20 * time.Second
	firstMargin = 2500 * time.Millisecond // answer by 17.5 s, well inside the limit
	laterTurn   = 50 * time.Millisecond
	laterMargin = 25 * time.Millisecond
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("samegame-beam", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "random seed")
	nodes := fs.Int64("nodes", 0, "node budget of the first plan (0: time; replans get a tenth)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	in := cgio.NewReader(stdin)
	out := bufio.NewWriter(stdout)
	bot := player{seed: *seed, nodes: *nodes}
	for turn := 0; ; turn++ {
		grid, err := samegame.ReadTurn(in)
		start := time.Now()
		if err == io.EOF || (err != nil && in.Err() != nil && in.Err() != cgio.ErrSyntax) {
			return 0
		}
		if in.Err() == cgio.ErrSyntax {
			// Garbage: resynchronise on the next line and still answer.
			in.ClearErr()
			in.Line()
		}
		x, y, note := bot.move(&grid, err, turn == 0, start)
		fmt.Fprintf(out, "%d %d %s\n", x, y, note)
		out.Flush()
	}
}

// player keeps the plan between turns.
type player struct {
	seed     uint64
	nodes    int64
	plan     []samegame.Move
	expected samegame.Board // the board the next planned move is for
	score    int
}

// move answers one turn; readErr is the error of reading the turn's board.
func (p *player) move(grid *samegame.Grid, readErr error, first bool, start time.Time) (int, int, string) {
	if readErr != nil {
		x, y := anyPair(grid)
		return x, y, "bad input"
	}
	b, err := samegame.FromGrid(grid)
	if err != nil {
		x, y := anyPair(grid)
		return x, y, "bad board"
	}
	if len(p.plan) == 0 || b != p.expected {
		budget := clock.Until(start, laterTurn, laterMargin)
		nodes := p.nodes / 10
		if first {
			budget = clock.Until(start, firstTurn, firstMargin)
			nodes = p.nodes
		}
		if p.nodes > 0 {
			budget = clock.Nodes(nodes + 1)
		}
		plan := samegame.Solve(b, budget, samegame.Options{Seed: p.seed})
		p.plan, p.score = plan.Moves, plan.Score
		if len(p.plan) == 0 {
			return 0, 0, "no move"
		}
	}
	m := p.plan[0]
	p.plan = p.plan[1:]
	p.expected = b
	if _, err := p.expected.Play(m); err != nil {
		p.plan = nil
	}
	return m.X, m.Y, fmt.Sprintf("plan %d", p.score)
}

// anyPair finds a cell with a neighbour of its colour in a grid that is not a
// proper board, so that the bot still answers something sensible.
func anyPair(g *samegame.Grid) (int, int) {
	for x := 0; x < samegame.Size; x++ {
		for y := 0; y < samegame.Size; y++ {
			c := g[x][y]
			if c < 0 {
				continue
			}
			if (x+1 < samegame.Size && g[x+1][y] == c) || (y+1 < samegame.Size && g[x][y+1] == c) {
				return x, y
			}
		}
	}
	return 0, 0
}
