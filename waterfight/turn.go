package waterfight

import (
	"math/bits"
	"strconv"
)

// Combat action kinds.
const (
	NoCombat = iota
	Shoot
	Throw
	Hunker
)

// Action is what one agent does in a turn: at most one move, at most one
// combat action.
type Action struct {
	HasMove      bool
	Combat       uint8
	MoveX, MoveY int32 // MOVE target, any non-negative int
	A, B         int32 // SHOOT: A = target id; THROW: A, B = target cell
}

// Actions holds every agent's action by slot.
type Actions [MaxAgents]Action

// Logger receives the referee's game-summary lines; nil in searches.
type Logger interface{ Summary(line string) }

const (
	throwDamage  = 30
	throwRange   = 4
	deathWetness = 100
	wetWetness   = 50
	maxPointDiff = 600
)

// Update plays the update phase of a turn (moves, hunkers, shots, bombs,
// deaths, territory, points) with the given actions. The turn must have been
// opened with StartTurn. It does not decide the end of the game. log may be
// nil.
func (s *State) Update(acts *Actions, log Logger) {
	s.Turn++
	s.Controlled = [2]int32{}
	s.EmptyTurn = s.Cinematic()
	if s.EmptyTurn {
		s.countTeamless()
		return
	}
	shooters, throwers := s.doMoves(acts, log)
	g := s.G
	agents := s.Agents[:g.N]
	for ; shooters != 0; shooters &= shooters - 1 {
		i := bits.TrailingZeros32(shooters)
		s.shoot(i, int(acts[i].A), log)
	}
	for ; throwers != 0; throwers &= throwers - 1 {
		i := bits.TrailingZeros32(throwers)
		s.throw(i, acts[i].A, acts[i].B, log)
	}
	// deaths, and the live agents' distance rows for the territory
	var live agentRows
	live.reset(g)
	for i := range agents {
		a := &agents[i]
		if a.Flags&Present == 0 {
			continue
		}
		if a.Wetness >= deathWetness {
			a.Flags |= Dying
		} else {
			live.add(g, i, int(a.Y)*g.W+int(a.X), a.Wetness >= wetWetness)
		}
	}
	if !g.Rules.NoControl {
		c0, c1 := g.control(&live)
		s.Controlled[0], s.Controlled[1] = c0, c1
		if c0 > c1 {
			s.Points[0] += c0 - c1
		} else if c1 > c0 {
			s.Points[1] += c1 - c0
		}
	}
	s.Teamless = 0
	for p := 0; p < 2; p++ {
		if live.n[p] == 0 {
			s.Teamless++
		}
	}
}

func (s *State) countTeamless() {
	s.Teamless = 0
	for p := 0; p < 2; p++ {
		if s.Live(p) == 0 {
			s.Teamless++
		}
	}
}

// Step plays a full-game turn (StartTurn must have opened it) and tells
// whether the game is over: a lead of more than 600 points, the empty turn
// after a wipe, or the last turn.
func (s *State) Step(acts *Actions) bool {
	teamless := s.Teamless
	s.Update(acts, nil)
	return s.LeadWin() || teamless > 0 || int(s.Turn) >= s.G.MaxTurns
}

// Scores are the final scores and end-screen texts of a full game: the
// points, or -1 for a deactivated player and for a player without a live
// agent (unless both teams were wiped together).
func (s *State) Scores(active [2]bool) (scores [2]int, texts [2]string) {
	bothWiped := s.Live(0) == 0 && s.Live(1) == 0
	for p := 0; p < 2; p++ {
		if !active[p] || s.Live(p) == 0 && !bothWiped {
			scores[p], texts[p] = -1, "-"
			continue
		}
		pts := int(s.Points[p])
		scores[p] = pts
		texts[p] = itoa(pts) + " point"
		if pts > 1 {
			texts[p] += "s"
		}
	}
	return scores, texts
}

// LeadWin tells whether a player leads by more than 600 points.
func (s *State) LeadWin() bool {
	return s.Points[0] > s.Points[1]+maxPointDiff || s.Points[1] > s.Points[0]+maxPointDiff
}

func token(p int) string { return "$" + strconv.Itoa(p) }

func red(log Logger, msg string) { log.Summary("¤RED¤" + msg + "§RED§") }

type step struct {
	slot     int8
	x, y     int8 // the cell stepped to
	from, to int16
}

// doMoves plays the moves and sets the hunker flags in the same pass over
// the agents; it returns the slots shooting and throwing, in list order.
func (s *State) doMoves(acts *Actions, log Logger) (shooters, throwers uint32) {
	g := s.G
	hunker := uint8(Hunkered)
	if g.Rules.NoHunker {
		hunker = 0
	}
	// One pass: combat kinds, the agents' cells, and the direct steps to a
	// floor neighbour (what searches ask), which need no path search (see
	// firstStep); the other moves wait for the full set of cells.
	var occupied CellSet
	var steps [MaxAgents]step
	var searches uint32
	ns := 0
	agents := s.Agents[:g.N]
	as := acts[:len(agents)]
	for i := range agents {
		a := &agents[i]
		if a.Flags&Present == 0 {
			continue
		}
		act := &as[i]
		switch act.Combat {
		case Hunker:
			a.Flags |= hunker
		case Shoot:
			shooters |= 1 << uint(i)
		case Throw:
			throwers |= 1 << uint(i)
		}
		from := int(a.Y)*g.W + int(a.X)
		occupied.Add(from)
		if !act.HasMove {
			continue
		}
		if g.Rules.NoMove {
			if log != nil {
				red(log, token(g.Info[i].Owner)+" moving is not allowed")
			}
			continue
		}
		x, y := act.MoveX, act.MoveY
		dx, dy := x-int32(a.X), y-int32(a.Y)
		to := int(y)*g.W + int(x)
		if dx*dx+dy*dy == 1 && uint32(x) < uint32(g.W) && uint32(y) < uint32(g.H) && g.Tiles[to] == Floor {
			steps[ns] = step{slot: int8(i), x: int8(x), y: int8(y), from: int16(from), to: int16(to)}
			ns++
		} else {
			searches |= 1 << uint(i)
		}
	}
	for ; searches != 0; searches &= searches - 1 {
		i := bits.TrailingZeros32(searches)
		a := &s.Agents[i]
		to := g.firstStep(int(a.X), int(a.Y), acts[i].MoveX, acts[i].MoveY, &occupied)
		if to != NoStep {
			steps[ns] = step{slot: int8(i), x: int8(to % g.W), y: int8(to / g.W), from: int16(int(a.Y)*g.W + int(a.X)), to: int16(to)}
			ns++
		}
	}
	// Only a step onto an agent's cell or onto another step's target can be
	// cancelled.
	var c collisions
	clash := false
	for k := 0; k < ns; k++ {
		to, from := int(steps[k].to), int(steps[k].from)
		if c.targets.Has(to) {
			c.shared.Add(to)
			clash = true
		}
		c.targets.Add(to)
		c.froms.Add(from)
		clash = clash || occupied.Has(to)
	}
	var cancelled uint32
	if clash {
		cancelled = c.cancelled(&steps, ns, &occupied)
	}
	for k := 0; k < ns; k++ {
		if cancelled&(1<<uint(k)) == 0 {
			a := &s.Agents[steps[k].slot]
			a.X, a.Y = steps[k].x, steps[k].y
		}
	}
	return shooters, throwers
}

// collisions are the cells of a turn's steps: all targets, targets of
// more than one step, and start cells.
type collisions struct{ targets, shared, froms CellSet }

// cancelled is the set of the steps that collisions cancel, given the
// start-of-turn cells of all agents.
func (c *collisions) cancelled(steps *[MaxAgents]step, ns int, occupied *CellSet) uint32 {
	// Round one: steps into a static agent (an agent's cell no step leaves),
	// then, among the others, steps onto the same cell as another step or
	// swapping with another step. A shared target is never a static cell
	// unless every step onto it dies there, so sharing among all steps is
	// sharing among the living ones.
	var dead uint32
	for i := 0; i < ns; i++ {
		to := int(steps[i].to)
		if occupied.Has(to) && !c.froms.Has(to) {
			dead |= 1 << uint(i)
		}
	}
	cancel := dead
	for i := 0; i < ns; i++ {
		m := &steps[i]
		if dead&(1<<uint(i)) != 0 {
			continue
		}
		if c.shared.Has(int(m.to)) {
			cancel |= 1 << uint(i)
			continue
		}
		if c.froms.Has(int(m.to)) {
			for j := 0; j < ns; j++ {
				if o := &steps[j]; j != i && dead&(1<<uint(j)) == 0 && o.from == m.to && o.to == m.from {
					cancel |= 1 << uint(i)
				}
			}
		}
	}
	// Cascade: a step into the cell of an agent whose step was just cancelled.
	for cancel != 0 {
		dead |= cancel
		next := uint32(0)
		for ; cancel != 0; cancel &= cancel - 1 {
			left := steps[bits.TrailingZeros32(cancel)].from
			for j := 0; j < ns; j++ {
				if steps[j].to == left && dead&(1<<uint(j)) == 0 {
					next |= 1 << uint(j)
				}
			}
		}
		cancel = next
	}
	return dead
}

// ShotDamage is the damage a shot from slot i at slot t does with the
// current positions and hunker flags, and whether t is within range.
func (s *State) ShotDamage(i, t int) (int, bool) {
	g := s.G
	a, b := &s.Agents[i], &s.Agents[t]
	dx, dy := int(b.X)-int(a.X), int(b.Y)-int(a.Y)
	dist := abs(dx) + abs(dy)
	r := g.Info[i].OptimalRange
	rangeHalves := 2
	if dist > r {
		if dist > 2*r {
			return 0, false
		}
		rangeHalves = 1
	}
	cover := 4 // in quarters
	if dx > 1 || dx < -1 {
		cx := int(b.X) - sign(dx)
		if abs(cx-int(a.X)) > 1 || abs(int(b.Y)-int(a.Y)) > 1 {
			cover = coverQuarters(g.Tiles[int(b.Y)*g.W+cx])
		}
	}
	if dy > 1 || dy < -1 {
		cy := int(b.Y) - sign(dy)
		if abs(int(b.X)-int(a.X)) > 1 || abs(cy-int(a.Y)) > 1 {
			if c := coverQuarters(g.Tiles[cy*g.W+int(b.X)]); c < cover {
				cover = c
			}
		}
	}
	if b.Flags&Hunkered != 0 {
		cover--
	}
	// power * range * (cover - hunker), rounded half up, in eighths.
	num := g.Info[i].SoakingPower * rangeHalves * cover
	return (num + 4) >> 3, true
}

func sign(v int) int {
	if v > 0 {
		return 1
	}
	if v < 0 {
		return -1
	}
	return 0
}

func coverQuarters(tile uint8) int {
	switch tile {
	case LowCover:
		return 2
	case HighCover:
		return 1
	}
	return 4
}

func (s *State) shoot(i, targetID int, log Logger) {
	g := s.G
	a := &s.Agents[i]
	if g.Rules.NoShoot {
		if log != nil {
			red(log, token(g.Info[i].Owner)+" shooting is not allowed")
		}
		return
	}
	id := g.Info[i].ID
	if a.Cooldown > 0 {
		if log != nil {
			red(log, token(g.Info[i].Owner)+" agent id "+strconv.Itoa(id)+" cannot shoot yet. Cooldown = "+strconv.Itoa(int(a.Cooldown)))
		}
		return
	}
	t := s.ByID(targetID)
	if t < 0 {
		if log != nil {
			red(log, token(g.Info[i].Owner)+" agent id "+strconv.Itoa(id)+" cannot shoot agent id "+strconv.Itoa(targetID)+", they do not exist")
		}
		return
	}
	if t == i {
		if log != nil {
			red(log, token(g.Info[i].Owner)+" agent id "+strconv.Itoa(targetID)+" cannot shoot themselves")
		}
		return
	}
	dmg, ok := s.ShotDamage(i, t)
	if !ok {
		if log != nil {
			red(log, token(g.Info[i].Owner)+" agent id "+strconv.Itoa(id)+" cannot shoot id "+strconv.Itoa(targetID)+", they are too far away")
		}
		return
	}
	s.Agents[t].Wetness += int16(dmg)
	a.Cooldown = int8(g.Info[i].ShootCooldown + 1)
}

func (s *State) throw(i int, x, y int32, log Logger) {
	g := s.G
	a := &s.Agents[i]
	if g.Rules.NoThrow {
		if log != nil {
			red(log, token(g.Info[i].Owner)+" bombs are not allowed")
		}
		return
	}
	if x < 0 || y < 0 || x >= int32(g.W) || y >= int32(g.H) {
		if log != nil {
			red(log, token(g.Info[i].Owner)+" cannot throw splash bombs to "+xyString(x, y)+".")
		}
		return
	}
	if abs(int(x)-int(a.X))+abs(int(y)-int(a.Y)) > throwRange {
		if log != nil {
			red(log, token(g.Info[i].Owner)+" cannot throw splash bomb to "+xyString(x, y)+", it is too far away from agent "+strconv.Itoa(g.Info[i].ID)+".")
		}
		return
	}
	if a.Bombs <= 0 {
		if log != nil {
			red(log, token(g.Info[i].Owner)+" agent "+strconv.Itoa(g.Info[i].ID)+" has no splash bomb to throw.")
		}
		return
	}
	for j := 0; j < g.N; j++ {
		b := &s.Agents[j]
		if b.Flags&Present != 0 && abs(int(b.X)-int(x)) <= 1 && abs(int(b.Y)-int(y)) <= 1 {
			b.Wetness += throwDamage
		}
	}
	a.Bombs--
}

func xyString(x, y int32) string { return strconv.Itoa(int(x)) + " " + strconv.Itoa(int(y)) }
