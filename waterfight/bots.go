package waterfight

import "cgbots/internal/rng"

// dirs are the four steps N, E, S, W.
var dirs = [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// RandomActions gives each of player p's agents a random legal-looking
// action: a step to a random free neighbour (or none), then a shot at a
// random enemy in range, a bomb on a random enemy nearby, or a hunker.
func RandomActions(s *State, p int, r *rng.Rand, acts *Actions) {
	g := s.G
	for i := g.First[p]; i < g.First[p+1]; i++ {
		a := &s.Agents[i]
		acts[i] = Action{}
		if !a.Live() {
			continue
		}
		act := &acts[i]
		if d := r.Intn(5); d < 4 {
			x, y := int(a.X)+dirs[d][0], int(a.Y)+dirs[d][1]
			if g.In(x, y) && g.Tile(x, y) == Floor {
				act.HasMove, act.MoveX, act.MoveY = true, int32(x), int32(y)
			}
		}
		var targets [MaxAgents]int
		n := 0
		for j := g.First[1-p]; j < g.First[2-p]; j++ {
			if s.Agents[j].Live() {
				targets[n] = j
				n++
			}
		}
		if n == 0 {
			act.Combat = Hunker
			continue
		}
		t := targets[r.Intn(n)]
		b := &s.Agents[t]
		dist := abs(int(b.X)-int(a.X)) + abs(int(b.Y)-int(a.Y))
		switch {
		case a.Cooldown == 0 && dist <= 2*g.Info[i].OptimalRange:
			act.Combat, act.A = Shoot, int32(g.Info[t].ID)
		case a.Bombs > 0 && dist <= throwRange:
			act.Combat, act.A, act.B = Throw, int32(b.X), int32(b.Y)
		default:
			act.Combat = Hunker
		}
	}
}

// Greedy weights: a point of wetness dealt, a kill, a cell of territory.
const (
	greedyKill      = 60
	greedyCell      = 3
	greedyFriendHit = 2 // bombing an ally costs twice the wetness
)

// GreedyActions picks for each of player p's agents, one after the other,
// the step (or none) and the combat action with the best immediate value:
// wetness dealt, kills, and the territory balance after the step. Allies
// decided earlier keep their chosen cells.
func GreedyActions(s *State, p int, acts *Actions) {
	g := s.G
	work := *s
	var probe territoryProbe
	probe.init(&work, p)
	for i := g.First[p]; i < g.First[p+1]; i++ {
		acts[i] = Action{}
		a := &work.Agents[i]
		if !a.Live() {
			continue
		}
		ox, oy := a.X, a.Y
		probe.focus(&work, i)
		best, bestVal := Action{Combat: Hunker}, -1<<30
		for d := -1; d < 4; d++ {
			x, y := int(ox), int(oy)
			if d >= 0 {
				x, y = x+dirs[d][0], y+dirs[d][1]
				if !g.In(x, y) || g.Tile(x, y) != Floor || work.occupied(x, y) {
					continue
				}
			}
			a.X, a.Y = int8(x), int8(y)
			act, val := work.bestCombat(i)
			val += greedyCell * probe.balance(g.Grid, x, y)
			if val > bestVal {
				best, bestVal = act, val
				if d >= 0 {
					best.HasMove, best.MoveX, best.MoveY = true, int32(x), int32(y)
				}
			}
		}
		if best.HasMove {
			a.X, a.Y = int8(best.MoveX), int8(best.MoveY)
		} else {
			a.X, a.Y = ox, oy
		}
		probe.place(g.Grid, int(a.X), int(a.Y))
		acts[i] = best
	}
}

func (s *State) occupied(x, y int) bool {
	for j := 0; j < s.G.N; j++ {
		b := &s.Agents[j]
		if b.Flags&Present != 0 && int(b.X) == x && int(b.Y) == y {
			return true
		}
	}
	return false
}

// bestCombat is agent i's best combat action from where it stands.
func (s *State) bestCombat(i int) (Action, int) {
	g := s.G
	a := &s.Agents[i]
	me := g.Info[i].Owner
	best, bestVal := Action{Combat: Hunker}, 1
	if a.Cooldown == 0 {
		for t := g.First[1-me]; t < g.First[2-me]; t++ {
			if !s.Agents[t].Live() {
				continue
			}
			dmg, ok := s.ShotDamage(i, t)
			if !ok {
				continue
			}
			val := dmg
			if int(s.Agents[t].Wetness)+dmg >= deathWetness {
				val += greedyKill
			}
			if val > bestVal {
				best, bestVal = Action{Combat: Shoot, A: int32(g.Info[t].ID)}, val
			}
		}
	}
	if a.Bombs > 0 {
		// a useful bomb lands next to an enemy, so within 6 of the thrower
		for e := g.First[1-me]; e < g.First[2-me]; e++ {
			en := &s.Agents[e]
			if !en.Live() || abs(int(en.X)-int(a.X))+abs(int(en.Y)-int(a.Y)) > throwRange+2 {
				continue
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := int(en.X)+dx, int(en.Y)+dy
					if !g.In(x, y) || abs(x-int(a.X))+abs(y-int(a.Y)) > throwRange {
						continue
					}
					if val := s.bombValue(x, y, me); val > bestVal {
						best, bestVal = Action{Combat: Throw, A: int32(x), B: int32(y)}, val
					}
				}
			}
		}
	}
	return best, bestVal
}

// RandomPolicy is RandomActions as a Policy drawing from r.
func RandomPolicy(r *rng.Rand) Policy {
	return func(s *State, me int, acts *Actions) { RandomActions(s, me, r, acts) }
}

// PlayGame plays a full game from s between two policies in-process and
// returns the number of turns played.
func PlayGame(s *State, p0, p1 Policy) int {
	PlayTurns(s, 1<<30, p0, p1)
	return int(s.Turn)
}

// PlayTurns plays up to n full-game turns between two policies and tells
// whether the game is over.
func PlayTurns(s *State, n int, p0, p1 Policy) bool {
	var acts Actions
	for k := 0; k < n; k++ {
		s.StartTurn()
		acts = Actions{}
		if !s.Cinematic() {
			p0(s, 0, &acts)
			p1(s, 1, &acts)
		}
		if s.Step(&acts) {
			return true
		}
	}
	return false
}

// bombValue is what a bomb on (x, y) is worth to player me: wetness and
// kills dealt to enemies, minus twice that for allies.
func (s *State) bombValue(x, y, me int) int {
	g := s.G
	val := 0
	for t := 0; t < g.N; t++ {
		b := &s.Agents[t]
		if !b.Live() || abs(int(b.X)-x) > 1 || abs(int(b.Y)-y) > 1 {
			continue
		}
		hit := throwDamage
		if int(b.Wetness)+throwDamage >= deathWetness {
			hit += greedyKill
		}
		if g.Info[t].Owner == me {
			val -= greedyFriendHit * hit
		} else {
			val += hit
		}
	}
	return val
}
