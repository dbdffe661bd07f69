package kutulu

import (
	"sort"
	"strings"
	"testing"

	"cgbots/internal/jrand"
	"cgbots/internal/rng"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testRows is a small symmetric maze of ours (not an official map).
var testRows = []string{
	"#########",
	"#S..w..S#",
	"#.#.#.#.#",
	"#...U...#",
	"#.#.#.#.#",
	"#S..w..S#",
	"#########",
}

func testState(t testing.TB, league int) State {
	m, err := ParseMaze("test", testRows)
	require.NoError(t, err)
	p, r := DrawParams(7, league)
	return NewState(m, p, r)
}

func TestSetupSeed42Bronze(t *testing.T) {
	p, name, _ := Setup(42, Bronze, "")
	assert.Equal(t, Params{League: Bronze, Lonely: 5, Group: 1, SpawnTime: 5, LifeTime: 35}, p)
	assert.Equal(t, "Slasher's hell", name)
	_, forced, _ := Setup(42, Wood3, "Slasher's hell") // not in the wood pool: drawn
	assert.Contains(t, WoodPool, forced)
	assert.Equal(t, Legend, NormalizeLeague(0))
}

func TestPoolIndexJavaAbs(t *testing.T) {
	assert.Equal(t, 0, PoolIndex(-1<<31, 16))
	assert.Equal(t, 0, PoolIndex(-1<<31, 6)) // the referee would crash; we take 0
	assert.Equal(t, 5, PoolIndex(-11, 6))
}

func TestParseMazeErrors(t *testing.T) {
	for _, rows := range [][]string{
		nil,
		{"###", "#.#"},
		{"#####", "#S.S#", "#S..#", "#####"},
		{"#####", "#S.S#", "#SxS#", "#####"},
		{"#####", "#S.S#", "#SS", "#####"},
	} {
		_, err := ParseMaze("bad", rows)
		assert.Error(t, err, "%q", rows)
	}
}

// The expected answers of TestParseAction were checked against the JVM's
// java.util.regex with the referee's two patterns.
func TestParseAction(t *testing.T) {
	tests := []struct {
		line string
		want Action
		bad  bool
	}{
		{line: "WAIT", want: Action{Kind: ActWait}},
		{line: "wait  some message ", want: Action{Kind: ActWait}},
		{line: "MOVE 3 1", want: Action{Kind: ActRight}},
		{line: "move 1 3 going down", want: Action{Kind: ActDown}},
		{line: "MOVE 1 1", want: Action{Kind: ActWait, Invalid: true}},  // own cell
		{line: "MOVE 2 2", want: Action{Kind: ActWait, Invalid: true}},  // wall
		{line: "MOVE -1 9", want: Action{Kind: ActWait, Invalid: true}}, // outside
		{line: "UP", want: Action{Kind: ActUp}},
		{line: "Light", want: Action{Kind: ActLight}},
		{line: "PLAN\t", want: Action{Kind: ActPlan}},
		{line: "YELL now", want: Action{Kind: ActYell}},
		{line: "", bad: true},
		{line: " WAIT", bad: true},
		{line: "MOVE 3", bad: true},
		{line: "MOVE  3 4", bad: true},
		{line: "MOVE 3 4x", bad: true},
		{line: "STAY", bad: true},
		{line: "MOVE 99999999999 1", bad: true},
		{line: "WAIT!", bad: true},
		{line: "MOVE 3 1 \u2028", want: Action{Kind: ActRight}},
		{line: "WAIT hi\u0085 there", bad: true},
		{line: "WAIT hi \u00e9\u0085", want: Action{Kind: ActWait}},
		{line: "WAIT \u00e9\u2029x", bad: true},
		{line: "WAIT\x0b", want: Action{Kind: ActWait}}, // Java's \s has the vertical tab
		{line: "MOVE 1 2\x0bmsg", want: Action{Kind: ActDown}},
		{line: "MOVE 1 2 \u0085\u0085", bad: true}, // one final terminator only
		{line: "MOVE 1 1 x\ny", bad: true},
		{line: "WAIT x\ry", bad: true},
	}
	s := testState(t, Bronze)
	for _, tc := range tests {
		a, err := s.ParseAction(0, tc.line)
		if tc.bad {
			assert.ErrorIs(t, err, ErrBadCommand, "%q", tc.line)
			continue
		}
		require.NoError(t, err, "%q", tc.line)
		assert.Equal(t, tc.want, a, "%q", tc.line)
	}
	wood := testState(t, Wood3)
	for _, line := range []string{"PLAN", "LIGHT", "YELL"} {
		a, err := wood.ParseAction(0, line)
		require.NoError(t, err)
		assert.Equal(t, Action{Kind: ActWait}, a, "%s is WAIT in Wood 3", line)
	}
}

// refSearch is the referee's search written plainly: an open list stably
// sorted by cost after every expansion, returning the path cost and the
// first step towards goal.
func refSearch(m *Maze, from, goal, offset int, lit *cellSet) pathResult {
	type item struct {
		cell, g, first int
	}
	open := []item{{from, 0, -1}}
	closed := map[int]bool{}
	for len(open) > 0 {
		it := open[0]
		open = open[1:]
		if it.cell == goal {
			return pathResult{cost: int32(it.g), step: int16(it.first)}
		}
		if closed[it.cell] {
			continue
		}
		closed[it.cell] = true
		for i := 0; i < 4; i++ {
			n := m.Neighbor(it.cell, (i+offset)%4)
			if n < 0 || closed[n] {
				continue
			}
			c := 1
			if lit != nil && lit.has(n) {
				c = litCost
			}
			first := it.first
			if first < 0 {
				first = n
			}
			open = append(open, item{n, it.g + c, first})
		}
		sort.SliceStable(open, func(a, b int) bool { return open[a].g < open[b].g })
	}
	return pathResult{cost: -1, step: -1}
}

func TestSearchesMatchTheReferee(t *testing.T) {
	s := testState(t, Bronze)
	m := s.Maze
	r := rng.New(3)
	var cells []int
	for c := 0; c < m.Cells(); c++ {
		if m.Walkable(c) {
			cells = append(cells, c)
		}
	}
	for round := 0; round < 300; round++ {
		var lit cellSet
		if round%2 == 1 {
			for _, c := range cells {
				if r.Intn(3) == 0 {
					lit.add(c)
				}
			}
		}
		from := cells[r.Intn(len(cells))]
		offset := r.Intn(8)
		goals := []int16{int16(cells[r.Intn(len(cells))]), int16(cells[r.Intn(len(cells))]), int16(from)}
		got := make([]pathResult, len(goals))
		m.litSearch(from, offset, &lit, goals, got, false)
		cheapest := make([]pathResult, len(goals))
		m.litSearch(from, offset, &lit, goals, cheapest, true)
		for i, g := range goals {
			want := refSearch(m, from, int(g), offset, &lit)
			require.Equal(t, want, got[i], "round %d from %d to %d", round, from, g)
			if cheapest[i].cost >= 0 {
				require.Equal(t, want, cheapest[i])
			}
			if lit.empty() {
				assert.Equal(t, int(want.step), m.FirstStep(from, int(g), offset))
				if want.cost >= 0 {
					assert.Equal(t, int(want.cost), m.Dist(from, int(g)))
				}
			}
		}
	}
}

func TestWanderersSpawnOnEveryTiedFurthestPoint(t *testing.T) {
	s := testState(t, Wood3)
	var acts [Players]Action
	s.ApplyTurn(&acts, nil)
	require.Equal(t, 2, s.NMinions)
	assert.Equal(t, int16(4), s.Minions[0].ID)
	assert.Equal(t, uint8(Spawning), s.Minions[0].State)
	assert.Equal(t, 2, s.Minions[0].Countdown(), "spawnTime-1 in the first input")
}

func TestYellStunsOncePerPairAndBlocksOwnCast(t *testing.T) {
	s := testState(t, Bronze)
	s.Explorers[1].Cell = int16(s.Maze.Cell(2, 1)) // next to explorer 0 at (1,1)
	acts := [Players]Action{{Kind: ActYell}, {Kind: ActRight}, {Kind: ActWait}, {Kind: ActWait}}
	var log Log
	s.ApplyTurn(&acts, &log)
	assert.Equal(t, []string{"$1 fooled by $0", "$1 is taken aback and won't act this turn"}, texts(log))
	assert.Equal(t, int16(s.Maze.Cell(2, 1)), s.Explorers[1].Cell, "stunned explorer did not move")
	assert.True(t, s.Stuck(1))
	log.Events = nil
	acts = [Players]Action{{Kind: ActPlan}, {Kind: ActWait}, {Kind: ActWait}, {Kind: ActWait}}
	s.ApplyTurn(&acts, &log)
	assert.Equal(t, []string{"$1 is taken aback and won't act this turn", "Invalid effect from $0"}, texts(log))
	assert.False(t, s.Stuck(1))
	log.Events = nil
	acts = [Players]Action{{Kind: ActYell}, {Kind: ActWait}, {Kind: ActWait}, {Kind: ActWait}}
	s.ApplyTurn(&acts, &log)
	assert.Empty(t, texts(log), "a pair yells once per game")
}

func TestLastExplorerLosesFiftyAndScoresItsDeathTurn(t *testing.T) {
	s := testState(t, Wood3)
	for p := 1; p < Players; p++ {
		s.Disqualify(p)
	}
	var acts [Players]Action
	for !s.Over {
		s.ApplyTurn(&acts, nil)
	}
	assert.Equal(t, [Players]int{4, -1, -1, -1}, s.Scores(), "250 sanity lasts 5 turns at 50 a turn")
}

func TestShelterRefillsEveryFiftyTurns(t *testing.T) {
	s := testState(t, Bronze)
	s.Turn = 50
	var acts [Players]Action
	s.ApplyTurn(&acts, nil)
	require.Equal(t, 1, s.NEffects)
	assert.Equal(t, Effect{Kind: EffectShelter, Tick: ShelterEnergy, Caster: -1, Victim: -1, Cell: int16(s.Maze.Cell(4, 3))}, s.Effects[0])
	var b []byte
	assert.Contains(t, string(s.AppendInput(b, 0)), "EFFECT_SHELTER -1 4 3 10 -1 -1")
}

func TestInputOrderStartsWithOwnExplorer(t *testing.T) {
	s := testState(t, Bronze)
	s.Disqualify(3)
	lines := strings.Split(strings.TrimSpace(string(s.AppendInput(nil, 2))), "\n")
	assert.Equal(t, []string{"3", "EXPLORER 2 1 5 250 2 3", "EXPLORER 0 1 1 250 2 3", "EXPLORER 1 7 1 250 2 3"}, lines)
	init := string(s.AppendInit(nil))
	assert.True(t, strings.HasPrefix(init, "9\n7\n#########\n#...w...#\n"), init)
}

func TestCloneIsIndependent(t *testing.T) {
	s := testState(t, Bronze)
	c := s.Clone()
	var acts [Players]Action
	for i := 0; i < 10; i++ {
		c.ApplyTurn(&acts, nil)
	}
	assert.Equal(t, 0, s.Turn)
	assert.Equal(t, jrand.New(7), jrand.New(7))
	assert.NotEqual(t, s.Explorers, c.Explorers)
}

func TestReadTurnRoundTrip(t *testing.T) {
	s := testState(t, Bronze)
	pols := [Players]Policy{HeuristicPolicy{}, HeuristicPolicy{}, RandomPolicy{R: rng.New(1)}, RandomPolicy{R: rng.New(2)}}
	var acts [Players]Action
	for i := 0; i < 30 && !s.Over; i++ {
		for p := range pols {
			if s.Active(p) {
				acts[p] = pols[p].Act(&s, p)
			}
		}
		s.ApplyTurn(&acts, nil)
		for p := 0; p < Players; p++ {
			if !s.Active(p) {
				continue
			}
			text := s.AppendInput(nil, p)
			v, me, err := ReadTurn(newReader(string(text)), s.Maze, s.Params, s.Turn)
			require.NoError(t, err)
			assert.Equal(t, p, me)
			assert.Equal(t, string(text), string(v.AppendInput(nil, p)), "turn %d player %d", s.Turn, p)
		}
	}
}

func texts(l Log) []string {
	var out []string
	for _, e := range l.Events {
		out = append(out, e.Text())
	}
	return out
}

func TestMoveToUnreachableCellIsInvalid(t *testing.T) {
	m, err := ParseMaze("pocket", []string{
		"#######",
		"#S.#..#",
		"#S.#..#",
		"#S.####",
		"#S....#",
		"#######",
	})
	require.NoError(t, err)
	p, r := DrawParams(1, Bronze)
	s := NewState(m, p, r)
	assert.Equal(t, -1, m.FirstStep(m.Cell(1, 1), m.Cell(4, 1), 0))
	assert.Equal(t, Unreachable, m.Dist(m.Cell(1, 1), m.Cell(4, 1)))
	a, err := s.ParseAction(0, "MOVE 4 1")
	require.NoError(t, err)
	assert.Equal(t, Action{Kind: ActWait, Invalid: true}, a)
	a, err = s.ParseAction(0, "MOVE 5 4")
	require.NoError(t, err)
	assert.Equal(t, Action{Kind: ActRight}, a)
}

// BenchmarkLitSearch: the referee's search with lit cells, from a corner of
// a 19x19 open-ish maze to the far explorers.
func BenchmarkLitSearch(b *testing.B) {
	rows := []string{"###################"}
	for y := 1; y < 18; y++ {
		row := "#"
		for x := 1; x < 18; x++ {
			if x%4 == 2 && y%4 == 2 {
				row += "#"
			} else {
				row += "."
			}
		}
		rows = append(rows, row+"#")
	}
	rows = append(rows, "###################")
	rows[1] = "#S...............S#"
	rows[17] = "#S...............S#"
	m, err := ParseMaze("bench", rows)
	require.NoError(b, err)
	var lit cellSet
	for c := 0; c < m.Cells(); c++ {
		if m.Dist(c, m.Cell(9, 9)) <= LightRadius {
			lit.add(c)
		}
	}
	goals := []int16{int16(m.Cell(17, 17)), int16(m.Cell(1, 17))}
	out := make([]pathResult, 2)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.litSearch(m.Cell(1, 1), i, &lit, goals, out, true)
	}
}

func TestCopyFromMatchesClone(t *testing.T) {
	s := testState(t, Bronze)
	pols := [Players]Policy{HeuristicPolicy{}, HeuristicPolicy{}, RandomPolicy{R: rng.New(5)}, RandomPolicy{R: rng.New(6)}}
	var acts [Players]Action
	var dst State
	for i := 0; i < 40 && !s.Over; i++ {
		for p := range pols {
			if s.Active(p) {
				acts[p] = pols[p].Act(&s, p)
			}
		}
		s.ApplyTurn(&acts, nil)
		dst.CopyFrom(&s)
		full := s.Clone()
		// Entries past the live counts are garbage in both; blank them.
		for k := full.NMinions; k < MaxMinions; k++ {
			full.Minions[k], dst.Minions[k] = Minion{}, Minion{}
		}
		for k := full.NEffects; k < MaxEffects; k++ {
			full.Effects[k], dst.Effects[k] = Effect{}, Effect{}
		}
		require.Equal(t, full, dst, "turn %d", s.Turn)
	}
}

// TestMCTSBenchSignature pins the search: at a fixed seed and node budget
// it plays exactly that many playouts and picks the same first actions.
func TestMCTSBenchSignature(t *testing.T) {
	s := testState(t, Bronze)
	var heur HeuristicPolicy
	var got []string
	var iters []int64
	for turn := 0; turn < 6; turn++ {
		var acts [Players]Action
		for p := 1; p < Players; p++ {
			acts[p] = heur.Act(&s, p)
		}
		m := NewMCTS(42, 300)
		acts[0] = m.Act(&s, 0)
		got = append(got, s.ActionText(0, acts[0]))
		iters = append(iters, m.Iterations())
		s.ApplyTurn(&acts, nil)
	}
	assert.Equal(t, []int64{300, 300, 300, 300, 300, 300}, iters)
	assert.Equal(t, []string{"LIGHT", "MOVE 1 2", "MOVE 1 1", "MOVE 2 1", "PLAN", "MOVE 1 1"}, got)
}

// A slasher appears on its explorer when it drops below 200, counts down
// 5..1 in the inputs, then rushes: it teleports onto its target if in line
// of sight, frightens it (-20) and is stunned for 6 turns.
func TestSlasherSpawnsRushesAndStuns(t *testing.T) {
	s := testState(t, Bronze)
	m := s.Maze
	s.Explorers[0].Sanity = 199
	wait := [Players]Action{}
	down := [Players]Action{{Kind: ActDown}}
	s.ApplyTurn(&down, nil)
	require.Equal(t, Slasher, int(s.Minions[0].Kind), "slashers are created before wanderers")
	sl := s.Minions[0]
	assert.Equal(t, uint8(Spawning), sl.State)
	assert.Equal(t, 5, sl.Countdown())
	assert.Equal(t, int8(0), sl.Target)
	assert.Equal(t, int16(m.Cell(1, 1)), sl.Cell, "spawned on the explorer's start-of-turn cell")
	s.ApplyTurn(&down, nil)
	for s.Minions[0].State != Rush {
		s.ApplyTurn(&wait, nil)
	}
	require.Equal(t, 6, s.Turn, "rush shown in the input of turn 6")
	before := s.Explorers[0].Sanity
	s.ApplyTurn(&wait, nil)
	sl = s.Minions[0]
	assert.Equal(t, int16(m.Cell(1, 3)), sl.Cell, "teleported along the column")
	assert.Equal(t, uint8(Stunned), sl.State)
	assert.Equal(t, SlasherStunTime, sl.Countdown())
	assert.Equal(t, int8(-1), sl.Target)
	assert.LessOrEqual(t, int(s.Explorers[0].Sanity), int(before)-SpookDamage)
}

// Two explorers first seen at the same depth confuse a rushing slasher: it
// stays and frightens only its own cell.
func TestConfusedSlasherStays(t *testing.T) {
	s := testState(t, Bronze)
	m := s.Maze
	s.NMinions = 1
	s.Minions[0] = Minion{ID: 9, Kind: Slasher, State: Rush, Cell: int16(m.Cell(3, 3)), Target: -1, LastSeen: int16(m.Cell(3, 3))}
	s.Explorers[0].Cell = int16(m.Cell(1, 3))
	s.Explorers[1].Cell = int16(m.Cell(5, 3))
	s.Turn = 1 // no wanderer spawn
	var acts [Players]Action
	s.ApplyTurn(&acts, nil)
	assert.Equal(t, int16(m.Cell(3, 3)), s.Minions[0].Cell)
	assert.Equal(t, int16(-1), s.Minions[0].LastSeen)
	assert.Equal(t, int16(MaxSanity-s.Params.Group), s.Explorers[0].Sanity, "not frightened (explorer 2 is within 2: group loss)")
}

func TestTurnIsPlayedWhenEveryoneIsDisqualified(t *testing.T) {
	s := testState(t, Bronze)
	s.Turn = 7
	for p := 0; p < Players; p++ {
		s.Disqualify(p)
	}
	require.False(t, s.Over)
	var acts [Players]Action
	s.ApplyTurn(&acts, nil)
	assert.True(t, s.Over)
	assert.Equal(t, 8, s.Turn, "turn 7 was the last one played")
	assert.Equal(t, [Players]int{-1, -1, -1, -1}, s.Scores())
}

// skipShuffle must leave the generator where NextIntn(left), ...,
// NextIntn(2) leave it, and shuffle must draw the referee's order with
// NextIntn, rejected draws included (states chosen so that a NextIntn(3)
// draw is one of the two largest 31-bit values).
func TestShuffleDrawsMatchNextIntn(t *testing.T) {
	inv := uint64(1) // multiplier^-1 mod 2^48 by Newton's iteration
	for i := 0; i < 6; i++ {
		inv *= 2 - jrand.Multiplier*inv
	}
	const mask = 1<<48 - 1
	before := func(next uint64) uint64 { return ((next - jrand.Addend) * inv) & mask }
	step := func(x uint64) uint64 { return (x*jrand.Multiplier + jrand.Addend) & mask }
	states := []uint64{before(0x7FFFFFFF << 17), before(0x7FFFFFFE << 17), before(0x7FFFFFFD << 17)}
	states = append(states, before(before(0x7FFFFFFE<<17)), before(step(before(0x7FFFFFFF<<17))))
	r := jrand.New(3)
	for i := 0; i < 100; i++ {
		r.NextInt()
		states = append(states, r.State())
	}
	rejected := 0
	for _, st := range states {
		for left := 0; left <= Players; left++ {
			var want jrand.Random
			want.SetState(st)
			for b := left; b >= 2; b-- {
				want.NextIntn(int32(b))
			}
			var got jrand.Random
			got.SetState(skipShuffle(st, left))
			require.Equal(t, want.State(), got.State(), "state %#x left %d", st, left)
			if left == 3 && want.State() != step(step(st)) {
				rejected++
			}
		}
		for cnt := 0; cnt <= Players; cnt++ {
			for prev := -1; prev < cnt; prev++ {
				var r jrand.Random
				r.SetState(st)
				want := [Players]int{0, 1, 2, 3}
				start := 0
				if prev >= 0 {
					want[0], want[prev] = want[prev], want[0]
					start = 1
				}
				for i := start; i < cnt-1; i++ {
					j := i + int(r.NextIntn(int32(cnt-i)))
					want[i], want[j] = want[j], want[i]
				}
				s := State{}
				s.Rand.SetState(st)
				require.Equal(t, want, s.shuffle(cnt, prev), "state %#x cnt %d prev %d", st, cnt, prev)
				require.Equal(t, r.State(), s.Rand.State(), "state %#x cnt %d prev %d", st, cnt, prev)
			}
		}
	}
	assert.Positive(t, rejected, "no rejected draw was tried")
}
