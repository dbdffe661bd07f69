package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"cgbots/samegame"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "regenerate testdata/input.txt by playing the bot against the simulator")

func turnInput(b *samegame.Board) string {
	var sb strings.Builder
	for y := samegame.Size - 1; y >= 0; y-- {
		for x := 0; x < samegame.Size; x++ {
			if x > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprint(&sb, b.At(x, y))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func runBot(t *testing.T, args []string, input string) []string {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run(args, strings.NewReader(input), &out, &errOut), errOut.String())
	return strings.Split(strings.TrimSpace(out.String()), "\n")
}

func readArgs(t *testing.T) []string {
	data, err := os.ReadFile("testdata/args.txt")
	require.NoError(t, err)
	return strings.Fields(string(data))
}

// playGame plays the bot against the simulator on b, one process run per
// turn as the referee would feed it, and returns the input it saw and its score.
func playGame(t *testing.T, args []string, b samegame.Board) (string, int) {
	input, score := "", 0
	for b.HasMove() {
		input += turnInput(&b)
		lines := runBot(t, args, input)
		var m samegame.Move
		_, err := fmt.Sscanf(lines[len(lines)-1], "%d %d", &m.X, &m.Y)
		require.NoError(t, err)
		p, err := b.Play(m)
		require.NoError(t, err, "turn %d", len(lines))
		score += p
	}
	return input, score
}

// The recorded game: the bot's moves on it are legal, follow its plan (the
// board sequence was recorded from its own play) and are deterministic.
func TestRecordedGame(t *testing.T) {
	args := readArgs(t)
	if *update {
		input, score := playGame(t, args, samegame.RandomBoard(7))
		require.NoError(t, os.WriteFile("testdata/input.txt", []byte(input), 0o644))
		t.Logf("recorded %d turns, score %d", strings.Count(input, "\n")/samegame.Size, score)
	}
	data, err := os.ReadFile("testdata/input.txt")
	require.NoError(t, err)
	lines := runBot(t, args, string(data))
	assert.Equal(t, strings.Count(string(data), "\n")/samegame.Size, len(lines), "one answer per turn")
	assert.Equal(t, lines, runBot(t, args, string(data)), "deterministic")
	b := samegame.RandomBoard(7)
	for i, line := range lines {
		var m samegame.Move
		_, err := fmt.Sscanf(line, "%d %d", &m.X, &m.Y)
		require.NoError(t, err)
		_, err = b.Play(m)
		require.NoError(t, err, "turn %d: %s (after a deliberate search change, re-record with -update)", i+1, line)
	}
	assert.False(t, b.HasMove(), "the game is over")
}

func TestReplansOnUnexpectedBoard(t *testing.T) {
	a, b := samegame.RandomBoard(1), samegame.RandomBoard(2)
	lines := runBot(t, []string{"-nodes", "3000"}, turnInput(&a)+turnInput(&b))
	require.Len(t, lines, 2)
	var m samegame.Move
	_, err := fmt.Sscanf(lines[1], "%d %d", &m.X, &m.Y)
	require.NoError(t, err)
	_, err = b.Play(m)
	assert.NoError(t, err, "the second move is legal on the unexpected board")
}

func TestSurvivesGarbage(t *testing.T) {
	full := samegame.RandomBoard(3)
	for _, input := range []string{
		"",
		"hello\n",
		"1 2 3",
		strings.Repeat("9 ", 225),
		strings.Repeat("-1 ", 224) + "0\n",
		strings.Repeat("-1 ", 225),
		"x y z\n" + turnInput(&full),
	} {
		var out, errOut bytes.Buffer
		assert.Equal(t, 0, run([]string{"-nodes", "500"}, strings.NewReader(input), &out, &errOut), "input %.20q", input)
	}
}
