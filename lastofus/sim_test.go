package lastofus

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustParse(t testing.TB, text string) *Area {
	t.Helper()
	a, err := Parse(strings.NewReader(text))
	require.NoError(t, err)
	return a
}

// clickerCells lists every clicker's (row,col) in top-then-left order.
func clickerCells(sim *Sim, s *State) []string {
	a := sim.A
	var cells []int
	for cell := range a.Walkable {
		if sim.Occupied(s, cell) {
			cells = append(cells, cell)
		}
	}
	sort.Ints(cells)
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = a.CellString(c)
	}
	return out
}

// TestSampleReplay replays the statement's sample turn by turn, exactly as
// section 7 of the rules file shows it, under every reading.
func TestSampleReplay(t *testing.T) {
	a := mustParse(t, SampleArea)
	actions, err := ParseAnswer(strings.NewReader(SampleAnswer))
	require.NoError(t, err)
	require.Len(t, actions, 14)
	steps := []struct {
		ellie    string
		clickers string // "" means unchanged
	}{
		{"(8,1)", "(2,6) (3,3) (4,2) (6,7) (7,8)"},
		{"(8,2)", "(2,6) (3,2) (4,2) (6,7) (7,8)"},
		{"(8,3)", ""},
		{"(7,4)", ""},
		{"(6,5)", "(2,6) (3,2) (4,2) (7,7) (7,8)"},
		{"(6,5)", "(1,7) (3,2) (4,2) (7,8) (8,6)"},
		{"(5,5)", "(1,8) (3,2) (4,2) (7,8) (8,5)"},
		{"(4,5)", "(1,8) (3,2) (4,2) (7,4) (7,8)"},
		{"(3,5)", "(1,8) (3,2) (4,2) (6,5) (7,8)"},
		{"(2,5)", ""},
		{"(1,4)", "(1,8) (3,2) (3,3) (6,5) (7,8)"},
		{"(1,3)", "(1,8) (2,4) (3,2) (6,5) (7,8)"},
		{"(1,2)", "(1,3) (1,8) (3,3) (6,5) (7,8)"},
	}
	for _, rules := range Readings {
		sim := NewSim(a, rules)
		s := NewState(a)
		assert.Equal(t, strings.Fields("(2,6) (3,4) (5,1) (6,7) (7,8)"), clickerCells(sim, s))
		prev := clickerCells(sim, s)
		for i, want := range steps {
			out, err := sim.Step(s, actions[i])
			require.NoError(t, err, "action %d", i+1)
			require.Equal(t, Alive, out, "action %d", i+1)
			assert.Equal(t, want.ellie, a.CellString(s.Ellie), "Ellie after action %d", i+1)
			got := clickerCells(sim, s)
			if want.clickers == "" {
				assert.Equal(t, prev, got, "clickers after action %d", i+1)
			} else {
				assert.Equal(t, strings.Fields(want.clickers), got, "clickers after action %d", i+1)
			}
			prev = got
		}
		assert.Equal(t, 0, s.Bricks)
		out, err := sim.Step(s, actions[13])
		require.NoError(t, err)
		assert.Equal(t, Escaped, out)
		assert.Equal(t, a.Exit, s.Ellie)
		_, err = sim.Step(s, Walk(1, 0))
		assert.ErrorIs(t, err, ErrAfterEscape)
	}
	assert.NoError(t, CheckAll(a, actions))
}

func TestCheckRejects(t *testing.T) {
	a := mustParse(t, SampleArea)
	cases := []struct {
		name, answer string
		action       int
		reason       string
	}{
		{"long walk", "1\nw 2 0", 1, "longer than one step"},
		{"walk into wall", "1\nw -1 0", 1, "wall at (8,0)"},
		{"throw too far", "1\nb 8 0", 1, "beyond 7"},
		{"throw at wall", "1\nb -1 0", 1, "wall at (8,0)"},
		{"throw at clicker", "1\nb 0 3", 1, "clicker at (5,1)"},
		{"throw at exit", "1\nb 0 7", 1, "throw at the exit"},
		{"no brick", "4\nb 1 0\nb 2 0\nb 3 0\nw 1 0", 3, "no brick left"},
		{"outside", "1\nb -2 0", 1, "outside the grid"},
		{"ends early", "2\nw 1 0\nw 1 0", 2, "not at the exit"},
		{"after escape", "15\n" + strings.TrimPrefix(SampleAnswer, "14\n") + "w 1 0\n", 15, "already escaped"},
		{"killed", "2\nw 0 1\nw 1 0", 2, "killed by the clicker at (6,1)"},
		{"bad letter", "1\nx 1 0", 1, "unknown action"},
		{"bad count", "two\nw 1 0", 0, "not a non-negative number"},
		{"missing", "3\nw 1 0", 2, "missing"},
		{"trailing", "1\nw 1 0 w", 2, "unexpected text"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			actions, err := ParseAnswer(strings.NewReader(tc.answer))
			if err == nil {
				err = Check(a, actions, Rules{})
			}
			require.Error(t, err)
			ae, ok := err.(*AnswerError)
			require.True(t, ok, "%v", err)
			assert.Equal(t, tc.action, ae.Action)
			assert.Contains(t, ae.Reason, tc.reason)
		})
	}
}
