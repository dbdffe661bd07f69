package waterfight

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShotDamageCoverRangeHunker(t *testing.T) {
	rows := []string{
		"0000000000",
		"0000200000",
		"0000100000",
		"0000000000",
	}
	tests := []struct {
		name        string
		shooter     [2]int
		target      [2]int
		hunker      bool
		want        int
		wantInRange bool
	}{
		// The gunner (P 16, R 4) shoots agent 2.
		{"open floor at optimal range", [2]int{0, 0}, [2]int{3, 0}, false, 16, true},
		{"half damage beyond optimal range", [2]int{0, 3}, [2]int{6, 3}, false, 8, true},
		{"out of range beyond 2R", [2]int{0, 3}, [2]int{9, 3}, false, 0, false},
		{"high cover on the shooter's side", [2]int{1, 1}, [2]int{5, 1}, false, 4, true},
		{"low cover", [2]int{2, 2}, [2]int{5, 2}, false, 8, true},
		{"hunker on floor", [2]int{0, 0}, [2]int{3, 0}, true, 12, true},
		{"hunker behind high cover gives nothing", [2]int{1, 1}, [2]int{5, 1}, true, 0, true},
		{"cover next to the shooter does not count", [2]int{3, 1}, [2]int{5, 1}, false, 16, true},
		{"cover on the far side does not count", [2]int{8, 1}, [2]int{5, 1}, false, 16, true},
		{"best of both axes, at half range", [2]int{2, 3}, [2]int{5, 1}, false, 2, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, s := testGame(rows, [2][][2]int{{tc.shooter}, {tc.target}})
			if tc.hunker {
				s.Agents[1].Flags |= Hunkered
			}
			dmg, ok := s.ShotDamage(0, 1)
			assert.Equal(t, tc.wantInRange, ok)
			assert.Equal(t, tc.want, dmg)
		})
	}
}

func TestShootCooldownAndFriendlyFire(t *testing.T) {
	_, s := testGame(emptyRows(8, 4), [2][][2]int{{{0, 0}, {2, 0}}, {{7, 3}}})
	var acts Actions
	acts[0] = Action{Combat: Shoot, A: 2} // the gunner soaks its ally
	var log summaryLog
	s.StartTurn()
	s.Update(&acts, &log)
	assert.Equal(t, int16(16), s.Agents[1].Wetness)
	assert.Equal(t, int8(2), s.Agents[0].Cooldown, "cooldown is c+1 right after a shot")
	s.StartTurn()
	s.Update(&acts, &log)
	assert.Equal(t, int16(16), s.Agents[1].Wetness)
	assert.Equal(t, summaryLog{"¤RED¤$0 agent id 1 cannot shoot yet. Cooldown = 1§RED§"}, log)
	acts[0] = Action{Combat: Shoot, A: 1}
	s.StartTurn()
	s.Update(&acts, &log)
	assert.Equal(t, "¤RED¤$0 agent id 1 cannot shoot themselves§RED§", log[1])
}

func TestBombHitsEveryoneAroundIncludingThrower(t *testing.T) {
	_, s := testGame(emptyRows(8, 4), [2][][2]int{{{1, 1}, {0, 0}}, {{2, 2}, {3, 3}}})
	var acts Actions
	acts[0] = Action{Combat: Throw, A: 2, B: 1}
	s.StartTurn()
	s.Update(&acts, nil)
	assert.Equal(t, int16(30), s.Agents[0].Wetness, "thrower")
	assert.Equal(t, int16(0), s.Agents[1].Wetness, "ally two cells away")
	assert.Equal(t, int16(30), s.Agents[2].Wetness)
	assert.Equal(t, int16(0), s.Agents[3].Wetness)
	assert.Equal(t, int8(0), s.Agents[0].Bombs)
	assert.Equal(t, int8(0), s.Agents[0].Cooldown, "bombs do not touch the cooldown")
}

func TestDeathsAfterAllDamageAndRemovalNextTurn(t *testing.T) {
	_, s := testGame(emptyRows(8, 4), [2][][2]int{{{0, 0}}, {{4, 0}}})
	s.Agents[0].Wetness, s.Agents[1].Wetness = 90, 90
	var acts Actions
	acts[0] = Action{Combat: Shoot, A: 2}
	acts[1] = Action{Combat: Shoot, A: 1}
	s.StartTurn()
	s.Update(&acts, nil)
	assert.True(t, s.Agents[0].Flags&Dying != 0 && s.Agents[1].Flags&Dying != 0, "both die in the same turn")
	assert.Equal(t, int32(2), s.Teamless)
	assert.True(t, s.Cinematic())
	s.StartTurn()
	assert.Equal(t, 0, s.Listed(0)+s.Listed(1))
	scores, _ := s.Scores([2]bool{true, true})
	assert.Equal(t, [2]int{0, 0}, scores, "both wiped together keep their points")
}

func TestCollisions(t *testing.T) {
	tests := []struct {
		name   string
		agents [][2]int
		moves  [][2]int // target per agent; {-1,-1}: no move
		want   [][2]int
	}{
		{"into a static agent", [][2]int{{0, 0}, {1, 0}}, [][2]int{{1, 0}, {-1, -1}}, [][2]int{{0, 0}, {1, 0}}},
		{"two onto one cell", [][2]int{{0, 0}, {2, 0}}, [][2]int{{1, 0}, {1, 0}}, [][2]int{{0, 0}, {2, 0}}},
		{"swap", [][2]int{{0, 0}, {1, 0}}, [][2]int{{1, 0}, {0, 0}}, [][2]int{{0, 0}, {1, 0}}},
		{"chain follows a leaver", [][2]int{{0, 0}, {1, 0}}, [][2]int{{1, 0}, {2, 0}}, [][2]int{{1, 0}, {2, 0}}},
		{"cascade behind a blocked step", [][2]int{{0, 0}, {1, 0}, {2, 0}}, [][2]int{{1, 0}, {2, 0}, {-1, -1}}, [][2]int{{0, 0}, {1, 0}, {2, 0}}},
		{"cascade behind a conflict", [][2]int{{0, 0}, {1, 0}, {3, 0}}, [][2]int{{1, 0}, {2, 0}, {2, 0}}, [][2]int{{0, 0}, {1, 0}, {3, 0}}},
		{"rotation around a square", [][2]int{{0, 0}, {1, 0}, {1, 1}, {0, 1}}, [][2]int{{1, 0}, {1, 1}, {0, 1}, {0, 0}}, [][2]int{{1, 0}, {1, 1}, {0, 1}, {0, 0}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, s := testGame(emptyRows(6, 3), [2][][2]int{tc.agents, nil})
			var acts Actions
			for i, m := range tc.moves {
				if m[0] >= 0 {
					acts[i] = Action{HasMove: true, MoveX: int32(m[0]), MoveY: int32(m[1])}
				}
			}
			s.StartTurn()
			s.doMoves(&acts, nil)
			for i, w := range tc.want {
				assert.Equal(t, w, [2]int{int(s.Agents[i].X), int(s.Agents[i].Y)}, "agent %d", i)
			}
		})
	}
}

func TestTerritoryMatchesPlainRule(t *testing.T) {
	for seed := int64(1); seed <= 40; seed++ {
		g, s := newFullGame(newTestRand(seed))
		// scatter the agents and soak some of them
		for i := 0; i < g.N; i++ {
			a := &s.Agents[i]
			a.X = int8((int(seed)*7 + i*5) % g.W)
			a.Y = int8((int(seed)*3 + i*7) % g.H)
			a.Wetness = int16((i * 23 * int(seed)) % 120)
			if a.Wetness >= 100 {
				a.Flags |= Dying
			}
		}
		c0, c1 := s.territory()
		assert.Equal(t, plainTerritory(&s), [2]int32{c0, c1}, "seed %d", seed)
	}
}

// eightASide is a 15x12 game of eight agents a side, agent 3 wet.
func eightASide() State {
	var teams [2][][2]int
	for k := 0; k < 8; k++ {
		teams[0] = append(teams[0], [2]int{k % 3, k})
		teams[1] = append(teams[1], [2]int{14 - k%4, 11 - k})
	}
	_, s := testGame(emptyRows(15, 12), teams)
	s.Agents[3].Wetness = 60
	return s
}

func TestTerritoryOfLargeTeamsMatchesPlainRule(t *testing.T) {
	s := eightASide()
	s.Agents[9].Wetness = 70
	c0, c1 := s.territory()
	assert.Equal(t, plainTerritory(&s), [2]int32{c0, c1})
	assert.NotZero(t, c0)
}

func TestPathFirstStep(t *testing.T) {
	rows := []string{
		"00000000",
		"02222220",
		"02000020",
		"02222220",
	}
	g, _ := testGame(rows, [2][][2]int{{{0, 0}}, nil})
	var none CellSet
	tests := []struct {
		name     string
		from     [2]int
		target   [2]int32
		wantStep int
	}{
		{"own cell", [2]int{0, 0}, [2]int32{0, 0}, NoStep},
		{"adjacent floor", [2]int{0, 0}, [2]int32{1, 0}, g.Cell(1, 0)},
		{"straight corridor", [2]int{0, 0}, [2]int32{0, 3}, g.Cell(0, 1)},
		{"enclosed target: nearest reachable cell", [2]int{0, 2}, [2]int32{3, 2}, g.Cell(0, 1)},
		{"off the grid", [2]int{3, 0}, [2]int32{1000, 0}, g.Cell(4, 0)},
		{"already nearest", [2]int{7, 0}, [2]int32{1000, 0}, NoStep},
		// |dx|+|dy| wraps like Java's int: the nearest cell is then the one
		// with the largest x+y, (7, 3).
		{"huge target overflowing the distance", [2]int{3, 0}, [2]int32{2147483647, 2147483647}, g.Cell(4, 0)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.wantStep, g.FirstStep(g.Cell(tc.from[0], tc.from[1]), tc.target[0], tc.target[1], &none))
		})
	}
}

// plainTerritory counts each player's cells from ControlGrid.
func plainTerritory(s *State) [2]int32 {
	var n [2]int32
	for _, o := range s.ControlGrid() {
		if o >= 0 {
			n[o]++
		}
	}
	return n
}

// A wiped team owns nothing, and neither does anyone when both are wiped,
// cells past the last one of the distance words included (13x7: 91 cells).
func TestTerritoryWithWipedTeams(t *testing.T) {
	for _, tc := range []struct {
		name  string
		dying []int
		want  [2]int32
	}{
		{"player 1 wiped", []int{2, 3}, [2]int32{91, 0}},
		{"player 0 wiped", []int{0, 1}, [2]int32{0, 91}},
		{"both wiped", []int{0, 1, 2, 3}, [2]int32{0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, s := testGame(emptyRows(13, 7), [2][][2]int{{{0, 0}, {3, 4}}, {{12, 6}, {9, 2}}})
			for _, i := range tc.dying {
				s.Agents[i].Flags |= Dying
			}
			c0, c1 := s.territory()
			assert.Equal(t, tc.want, [2]int32{c0, c1})
			assert.Equal(t, plainTerritory(&s), [2]int32{c0, c1})
		})
	}
}

// The greedy's probe gives the territory balance of an agent on every cell,
// dry or wet, as the plain rule does, in teams of five and of eight.
func TestTerritoryProbeMatchesPlainRule(t *testing.T) {
	mid, _ := midGame(t)
	wet := mid
	wet.Agents[2].Wetness, wet.Agents[7].Wetness = 70, 55
	for name, s := range map[string]State{"mid-game": mid, "wet": wet, "eight a side": eightASide()} {
		g := s.G
		for p := 0; p < 2; p++ {
			var probe territoryProbe
			probe.init(&s, p)
			for i := g.First[p]; i < g.First[p+1]; i++ {
				if !s.Agents[i].Live() {
					continue
				}
				probe.focus(&s, i)
				work := s
				for c := 0; c < g.W*g.H; c++ {
					work.Agents[i].X, work.Agents[i].Y = int8(c%g.W), int8(c/g.W)
					n := plainTerritory(&work)
					require.Equal(t, int(n[p]-n[1-p]), probe.balance(g.Grid, c%g.W, c/g.W), "%s, agent %d on cell %d", name, i, c)
				}
				probe.place(g.Grid, int(s.Agents[i].X), int(s.Agents[i].Y))
			}
		}
	}
}
