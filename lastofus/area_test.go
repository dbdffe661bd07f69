package lastofus

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// openArea is a 10x10 room with Ellie at (5,5), a clicker at (5,7) and the exit at (1,1).
const openArea = `open
10 10 2
##########
#X.......#
#........#
#........#
#........#
#....E.C.#
#........#
#........#
#........#
##########
`

func TestParseSample(t *testing.T) {
	a := mustParse(t, SampleArea)
	assert.Equal(t, "area-0-sample", a.Name)
	assert.Equal(t, 10, a.Rows)
	assert.Equal(t, 10, a.Cols)
	assert.Equal(t, 2, a.Bricks)
	assert.Equal(t, "(8,1)", a.CellString(a.Ellie))
	assert.Equal(t, "(1,1)", a.CellString(a.Exit))
	assert.Len(t, a.Clickers, 5)
	assert.Equal(t, SampleArea, a.String())
}

func TestParseErrors(t *testing.T) {
	rows := strings.Split(strings.TrimSpace(SampleArea), "\n")
	with := func(i int, line string) string {
		c := append([]string(nil), rows...)
		c[i] = line
		return strings.Join(c, "\n")
	}
	cases := []struct{ name, text, want string }{
		{"empty", "", "empty input: want an area"},
		{"blank lines only", "\n \n\t\n", "empty input"},
		{"name only", "area-1\n", "missing area name or size line"},
		{"bad size line", with(1, "10 10"), `want "R C B"`},
		{"size not a number", with(1, "10 x 2"), `"x" is not a number`},
		{"too small", with(1, "9 10 2"), "size 9x10 outside 10..500"},
		{"too large", with(1, "10 501 2"), "outside 10..500"},
		{"too many bricks", with(1, "10 10 141"), "141 bricks outside 0..140"},
		{"missing row", strings.Join(rows[:11], "\n"), "9 grid rows, want 10"},
		{"short row", with(3, "####..C.#"), "row 1 has 9 characters, want 10"},
		{"bad character", with(3, "####..Z..#"), `bad character 'Z' at (1,6)`},
		{"no Ellie", with(10, "#........#"), "no Ellie"},
		{"no exit", with(3, "#........#"), "no exit"},
		{"two exits", with(4, "####X.C..#"), "two X cells: (1,1) and (2,4)"},
		{"two Ellies", with(4, "####E.C..#"), "two E cells"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.text))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestWaitSoundReadings(t *testing.T) {
	a := mustParse(t, openArea)
	clicker := a.Cell(5, 7)
	for _, silent := range []bool{false, true} {
		sim := NewSim(a, Rules{SilentWait: silent})
		s := NewState(a)
		out, err := sim.Step(s, Walk(0, 0))
		require.NoError(t, err)
		require.Equal(t, Alive, out)
		if silent {
			assert.Empty(t, s.Awake, "reading B: nobody hears w 0 0")
			out, _ = sim.Step(s, Walk(0, 0))
			assert.Equal(t, Alive, out)
		} else {
			require.Len(t, s.Awake, 1, "reading A: the clicker at distance 2 hears w 0 0")
			assert.Equal(t, int32(a.Cell(5, 6)), s.Awake[0].Pos)
			assert.Equal(t, int32(a.Ellie), s.Awake[0].Target)
			out, _ = sim.Step(s, Walk(0, 0))
			assert.Equal(t, Killed, out)
			assert.Equal(t, a.Cell(5, 6), sim.Killer)
		}
		assert.True(t, sim.Occupied(NewState(a), clicker))
	}
}

func TestSelfThrowReadings(t *testing.T) {
	a := mustParse(t, openArea)
	s := NewState(a)
	out, err := NewSim(a, Rules{}).Step(s, ThrowAt(0, 0))
	require.NoError(t, err)
	assert.Equal(t, Alive, out)
	require.Len(t, s.Awake, 1)
	assert.Equal(t, int32(a.Ellie), s.Awake[0].Target)
	_, err = NewSim(a, Rules{ForbidSelfThrow: true}).Step(NewState(a), ThrowAt(0, 0))
	assert.ErrorContains(t, err, "forbidden")
}

// TestLuredClickerRests: a lured clicker walks to the brick and stays there;
// one lured back to its start is again an idle clicker.
func TestLuredClickerRests(t *testing.T) {
	a := mustParse(t, openArea)
	sim := NewSim(a, Rules{})
	s := NewState(a)
	_, err := sim.Step(s, ThrowAt(3, 3)) // (2,8), distance 3 from the clicker: nobody hears
	require.NoError(t, err)
	assert.Empty(t, s.Awake)
	_, err = sim.Step(s, ThrowAt(3, 2)) // (3,8)
	require.NoError(t, err)
	assert.Equal(t, []Clicker{{ID: 0, Pos: int32(a.Cell(4, 8)), Target: int32(a.Cell(3, 8))}}, s.Awake)
	_, err = sim.Step(s, Walk(-1, 0)) // (5,4): distance 4, nobody hears
	require.NoError(t, err)
	assert.Equal(t, []Clicker{{ID: 0, Pos: int32(a.Cell(3, 8)), Target: int32(a.Cell(3, 8))}}, s.Awake)
}

func FuzzParse(f *testing.F) {
	f.Add(SampleArea)
	f.Add(openArea)
	f.Add("x\n10 10 0\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := Parse(strings.NewReader(text))
		if err != nil {
			return
		}
		again, err := Parse(strings.NewReader(a.String()))
		require.NoError(t, err)
		assert.Equal(t, a.String(), again.String())
		_, _ = ParseAnswer(strings.NewReader(text))
	})
}

func FuzzAnswer(f *testing.F) {
	f.Add(SampleAnswer)
	f.Add("3\nw 1 1\nb 7 -7\nw 0 0")
	a, err := Parse(strings.NewReader(SampleArea))
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, text string) {
		actions, err := ParseAnswer(strings.NewReader(text))
		if err != nil {
			return
		}
		_ = CheckAll(a, actions)
	})
}
