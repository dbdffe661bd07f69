package lastofus

import (
	"strings"
	"testing"
	"time"

	"cgbots/internal/clock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSolveSample(t *testing.T) {
	a := mustParse(t, SampleArea)
	sol, err := Solve(a, clock.For(time.Second))
	require.NoError(t, err)
	assert.NoError(t, CheckAll(a, sol.Actions))
	assert.LessOrEqual(t, len(sol.Actions), 14, "the statement's answer has 14 actions")
}

// TestSolveSignature pins the search: at a fixed node budget the answer's
// length, the rung that found it and the nodes spent are exact.
func TestSolveSignature(t *testing.T) {
	a := mustParse(t, SampleArea)
	sol, err := Solve(a, clock.Nodes(40000))
	require.NoError(t, err)
	assert.Equal(t, 13, len(sol.Actions))
	assert.Equal(t, "A* weight 3.0", sol.Method)
	assert.Equal(t, int64(28157), sol.Nodes)
}

func TestQuietRouteIsShortestWhenNoClickerMatters(t *testing.T) {
	a := mustParse(t, openArea)
	sol, err := Solve(a, clock.For(time.Second))
	require.NoError(t, err)
	assert.Equal(t, int(a.EllieDistances()[a.Ellie]), len(sol.Actions))
	assert.Equal(t, "quiet route", sol.Method)
}

func TestNoSolution(t *testing.T) {
	// The exit is walled in.
	a := mustParse(t, "sealed\n10 10 0\n##########\n#X#......#\n###......#\n#........#\n#........#\n#....E...#\n#........#\n#........#\n#........#\n##########\n")
	_, err := Solve(a, clock.For(100*time.Millisecond))
	assert.ErrorIs(t, err, ErrNoSolution)
}

// TestSolveFreshAreas: areas of every style from seeds the solver was never
// tuned on are solved within the time limit.
func TestSolveFreshAreas(t *testing.T) {
	forEachStyle(t, GenOptions{Rows: 40, Cols: 50, Clickers: 20, Bricks: 8}, 1001, 1003, func(t *testing.T, o GenOptions) {
		a, _, err := Generate(o)
		require.NoError(t, err)
		sol, err := Solve(a, clock.For(time.Second))
		require.NoError(t, err)
		assert.NoError(t, CheckAll(a, sol.Actions))
	})
}

func BenchmarkStep(b *testing.B) {
	a := mustParse(b, SampleArea)
	actions := []Action{ThrowAt(1, 5), Walk(1, 0), Walk(1, 0), Walk(1, 1), Walk(1, 1), ThrowAt(3, 5), Walk(0, 1), Walk(0, 1)}
	sim := NewSim(a, Rules{})
	steps := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := NewState(a)
		for _, act := range actions {
			sim.Step(s, act)
			steps++
		}
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
}

func BenchmarkSolveRooms(b *testing.B) {
	a, _, err := Generate(GenOptions{Rows: 100, Cols: 100, Clickers: 80, Bricks: 15, Seed: 112, Style: "rooms"})
	require.NoError(b, err)
	var nodes int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sol, err := Solve(a, clock.Nodes(2000))
		require.NoError(b, err)
		nodes += sol.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// FuzzSolve: on any area that parses, Solve never panics and what it returns
// is valid under every reading.
func FuzzSolve(f *testing.F) {
	f.Add(SampleArea)
	f.Add(openArea)
	f.Fuzz(func(t *testing.T, text string) {
		a, err := Parse(strings.NewReader(text))
		if err != nil {
			return
		}
		sol, err := Solve(a, clock.Nodes(3000))
		if err == nil {
			assert.NoError(t, CheckAll(a, sol.Actions))
		}
	})
}
