package kutulu

import (
	"math/bits"
	"strconv"
)

// ActionKind is what an explorer does this turn.
type ActionKind uint8

// Actions. Up..Left are the direction index plus one.
const (
	ActWait ActionKind = iota
	ActUp
	ActRight
	ActDown
	ActLeft
	ActPlan
	ActLight
	ActYell
)

// Action is a parsed answer. Invalid marks a MOVE that found no step (the
// explorer waits and the referee reports an invalid move).
type Action struct {
	Kind    ActionKind
	Invalid bool
}

// EventKind names the referee's game-summary messages.
type EventKind uint8

// Summary events, in the referee's wording (see Event.Text).
const (
	EvTakenAback EventKind = iota + 1
	EvFooled
	EvInvalidMove
	EvInvalidEffect
	EvMad
)

// Event is one summary message: P is the player, Q the yeller of EvFooled.
type Event struct {
	Kind EventKind
	P, Q int8
}

// Log collects the events of a turn when the caller wants them.
type Log struct {
	Events []Event
}

func (l *Log) add(k EventKind, p, q int) {
	if l != nil {
		l.Events = append(l.Events, Event{Kind: k, P: int8(p), Q: int8(q)})
	}
}

// ApplyTurn plays the update of the current turn with the parsed actions
// of the active players (others are ignored), then the end check, and
// advances the turn counter. log may be nil.
func (s *State) ApplyTurn(acts *[Players]Action, log *Log) {
	if s.Over {
		return
	}
	var lit lights
	var v explorerView
	s.spawnMinions()
	s.doActions(acts, log)
	s.doEffects(&lit)
	s.fillExplorerView(&v)
	if s.NMinions > 0 && s.updateMinions(&lit, &v) {
		s.recallMinions()
	}
	living := s.spreadMadness(&v, log)
	if s.Params.HasWood1() && s.Turn != 0 && s.Turn%ShelterInterval == 0 {
		s.refillShelters()
	}
	s.endCheck(living)
	s.Turn++
}

func (s *State) spawnMinions() {
	m := s.Maze
	if s.Params.HasWood1() {
		for pending := ^uint(s.Slashered) & (1<<Players - 1); pending != 0; pending &= pending - 1 {
			p := bits.TrailingZeros(pending) & (Players - 1)
			e := &s.Explorers[p]
			if e.Alive && e.Sanity < SlasherThreshold {
				s.Slashered |= 1 << uint(p)
				s.newMinion(Minion{Kind: Slasher, Cell: e.Cell, Spawn: SlasherSpawnTime, Target: int8(p), LastSeen: e.Cell})
			}
		}
	}
	if s.Turn%WandererInterval != 0 || len(m.Spawns) == 0 {
		return
	}
	// The spawn points furthest (Manhattan) from the nearest living
	// explorer, read from the maze's spawn distance table. Empty slots
	// repeat a living explorer's cell; with nobody living every spawn
	// point ties.
	var cells [Players]int
	living := 0
	for p := range s.Explorers {
		if s.Explorers[p].Alive {
			cells[living&3] = int(s.Explorers[p].Cell) & (MaxCells - 1)
			living++
		}
	}
	for k := living; k < Players; k++ {
		cells[k&3] = cells[0]
	}
	var mins [MaxSpawns]uint8
	best := uint8(0)
	for i := range m.Spawns {
		row := &m.spawnDist[i&(MaxSpawns-1)]
		d := row[cells[0]]
		if v := row[cells[1]]; v < d {
			d = v
		}
		if v := row[cells[2]]; v < d {
			d = v
		}
		if v := row[cells[3]]; v < d {
			d = v
		}
		if living == 0 {
			d = 0
		}
		mins[i&(MaxSpawns-1)] = d
		if d > best {
			best = d
		}
	}
	for i, sp := range m.Spawns {
		if mins[i&(MaxSpawns-1)] == best {
			s.newMinion(Minion{Kind: Wanderer, Cell: sp, Spawn: int8(s.Params.SpawnTime), Target: -1, LastSeen: -1})
		}
	}
}

// newMinion appends a minion; its constructor draws one unused nextInt(4).
func (s *State) newMinion(n Minion) {
	s.Rand.NextIntn(4)
	n.ID = s.NextID
	s.NextID++
	n.Life = int16(s.Params.LifeTime)
	if s.NMinions < MaxMinions {
		s.Minions[s.NMinions] = n
		s.NMinions++
	}
}

func (s *State) doActions(acts *[Players]Action, log *Log) {
	waitForced := s.resetStuck(0, log) // bit p: p's action became WAIT
	if s.Params.HasWood1() && (acts[0].Kind == ActYell || acts[1].Kind == ActYell || acts[2].Kind == ActYell || acts[3].Kind == ActYell) {
		for p := range s.Explorers {
			if !s.Explorers[p].Alive || waitForced&(1<<uint(p)) != 0 || acts[p].Kind != ActYell {
				continue
			}
			s.yell(p, log)
		}
		waitForced = s.resetStuck(waitForced, log) // only new YELLs can add victims
	}
	nb := s.Maze.nb
	for p := range s.Explorers {
		e := &s.Explorers[p]
		if !e.Alive || waitForced&(1<<uint(p)) != 0 {
			continue
		}
		a := acts[p]
		switch {
		case a.Invalid:
			log.add(EvInvalidMove, p, 0)
		case a.Kind >= ActUp && a.Kind <= ActLeft:
			if c := nb[e.Cell][(a.Kind-ActUp)&3]; c >= 0 {
				e.Cell = c
			} else {
				log.add(EvInvalidMove, p, 0)
			}
		case a.Kind == ActPlan || a.Kind == ActLight:
			s.cast(p, a.Kind, log)
		}
	}
}

// cast is player p's PLAN or LIGHT, refused while any effect it cast is
// alive or with no charge left.
func (s *State) cast(p int, k ActionKind, log *Log) {
	e := &s.Explorers[p]
	if s.hasEffectFrom(p) {
		log.add(EvInvalidEffect, p, 0)
		return
	}
	switch {
	case k == ActPlan && e.Plans > 0:
		e.Plans--
		s.addEffect(Effect{Kind: EffectPlan, Tick: PlanTicks, Caster: int8(p), Victim: -1, Cell: -1})
	case k == ActLight && e.Lights > 0:
		e.Lights--
		s.addEffect(Effect{Kind: EffectLight, Tick: LightTicks, Caster: int8(p), Victim: -1, Cell: -1})
	default:
		log.add(EvInvalidEffect, p, 0)
	}
}

// resetStuck turns the action of every stuck explorer into the referee's
// shared WAIT: it adds their bits to waitForced, reporting each the first
// time.
func (s *State) resetStuck(waitForced uint, log *Log) uint {
	stuck := uint(0)
	for i := 0; i < s.NEffects; i++ {
		if s.Effects[i].Kind == EffectYell {
			stuck |= 1 << (uint(s.Effects[i].Victim) & (Players - 1))
		}
	}
	if stuck == 0 {
		return waitForced
	}
	for p := range s.Explorers {
		if bit := uint(1) << uint(p); s.Explorers[p].Alive && waitForced&bit == 0 && stuck&bit != 0 {
			waitForced |= bit
			log.add(EvTakenAback, p, 0)
		}
	}
	return waitForced
}

func (s *State) yell(p int, log *Log) {
	me := &s.Explorers[p]
	for q := range s.Explorers {
		o := &s.Explorers[q]
		if q == p || !o.Alive || s.Maze.Manhattan(int(me.Cell), int(o.Cell)) > 1 || o.yelledBy(int8(p)) {
			continue
		}
		o.YellsBy[o.NYells] = int8(p)
		o.NYells++
		s.addEffect(Effect{Kind: EffectYell, Tick: YellTicks, Caster: int8(p), Victim: int8(q), Cell: -1})
		log.add(EvFooled, q, p)
	}
}

// doEffects applies the effect list in order, ticks the timed effects and
// drops the finished ones. It marks the lit cells.
func (s *State) doEffects(lit *lights) {
	m := s.Maze
	k := 0
	for i := 0; i < s.NEffects; i++ {
		f := &s.Effects[i]
		if f.Tick > 0 {
			switch f.Kind {
			case EffectPlan:
				s.applyPlan(int(f.Caster))
				f.Tick--
			case EffectLight:
				c := int(s.Explorers[f.Caster].Cell)
				cx, cy := m.XY(c)
				row := m.dist[c]
				x0, x1, y0, y1 := cx-LightRadius, cx+LightRadius, cy-LightRadius, cy+LightRadius
				if x0 < 0 {
					x0 = 0
				}
				if y0 < 0 {
					y0 = 0
				}
				if x1 >= m.W {
					x1 = m.W - 1
				}
				if y1 >= m.H {
					y1 = m.H - 1
				}
				for y := y0; y <= y1; y++ {
					for o := y*m.W + x0; o <= y*m.W+x1; o++ {
						if row.at(o)>>4 <= LightRadius { // walls are unreachable
							lit.set.add(o)
						}
					}
				}
				if lit.n < Players {
					lit.centers[lit.n] = int16(c)
					lit.n++
				}
				f.Tick--
			case EffectYell:
				f.Tick--
			case EffectShelter:
				healed := int8(0)
				for p := range s.Explorers {
					e := &s.Explorers[p]
					if e.Alive && e.Cell == f.Cell {
						e.heal(ShelterHeal)
						healed++
					}
				}
				f.Tick -= healed
				if f.Tick < 0 {
					f.Tick = 0
				}
			}
		}
		if f.Tick > 0 {
			s.Effects[k] = *f
			k++
		}
	}
	s.NEffects = k
}

func (s *State) applyPlan(caster int) {
	c := &s.Explorers[caster]
	c.heal(PlanHeal)
	for p := range s.Explorers {
		o := &s.Explorers[p]
		if p != caster && o.Alive && s.Maze.Dist(int(c.Cell), int(o.Cell)) <= PlanRadius {
			o.heal(PlanHeal)
			c.heal(PlanHeal)
		}
	}
}

func (s *State) recallMinions() {
	k := 0
	for k < s.NMinions && !s.Minions[k].Recalled {
		k++
	}
	for i := k; i < s.NMinions; i++ {
		if !s.Minions[i].Recalled {
			s.Minions[k] = s.Minions[i]
			k++
		}
	}
	s.NMinions = k
}

// spreadMadness returns the size of the living list left.
func (s *State) spreadMadness(v *explorerView, log *Log) (living int) {
	// Company is decided before anyone's sanity changes; each explorer
	// then loses sanity and leaves the living list at 0, in player order.
	// Empty slots stand far apart off the map: no company for them.
	sp := &v.spots
	n01, n02, n03 := near(sp[0], sp[1]), near(sp[0], sp[2]), near(sp[0], sp[3])
	n12, n13, n23 := near(sp[1], sp[2]), near(sp[1], sp[3]), near(sp[2], sp[3])
	company := [Players]bool{n01 || n02 || n03, n01 || n12 || n13, n02 || n12 || n23, n03 || n13 || n23}
	loss := int16(s.Params.Lonely)
	if v.cnt == 1 {
		loss = KutuluLoss
	}
	living = v.cnt
	for k := 0; k < v.cnt; k++ {
		p := int(v.living[k&3]) & (Players - 1)
		e := &s.Explorers[p]
		if company[k&3] {
			e.madden(int16(s.Params.Group))
		} else {
			e.madden(loss)
		}
		if e.Sanity <= 0 {
			s.removeExplorer(p)
			e.Score = int16(s.Turn)
			log.add(EvMad, p, 0)
			living--
		}
	}
	return living
}

// near tells whether two explorers keep each other company, from their
// packed coordinates x + 64y: columns are below 64-NotAloneRange, so a
// difference of packed coordinates is one (dx, dy) only.
func near(a, b int) bool {
	d := a - b + nearBias
	return uint(d) < uint(len(nearby)) && nearby[d]
}

// nearby[d+nearBias] tells whether a difference d of packed coordinates is
// within Manhattan distance NotAloneRange.
const nearBias = NotAloneRange*64 + NotAloneRange

var nearby = func() (t [2*nearBias + 1]bool) {
	for dy := -NotAloneRange; dy <= NotAloneRange; dy++ {
		for dx := -NotAloneRange; dx <= NotAloneRange; dx++ {
			if abs(dx)+abs(dy) <= NotAloneRange {
				t[dx+64*dy+nearBias] = true
			}
		}
	}
	return t
}()

func (s *State) refillShelters() {
	k := 0
	for i := 0; i < s.NEffects; i++ {
		if s.Effects[i].Kind != EffectShelter {
			s.Effects[k] = s.Effects[i]
			k++
		}
	}
	s.NEffects = k
	for _, c := range s.Maze.Shelters {
		s.addEffect(Effect{Kind: EffectShelter, Tick: ShelterEnergy, Caster: -1, Victim: -1, Cell: c})
	}
}

// endCheck ends the game after the last turn or when nobody is living.
func (s *State) endCheck(living int) {
	if s.Turn >= MaxTurn {
		for p := range s.Explorers {
			e := &s.Explorers[p]
			if e.Alive {
				e.Score = MaxTurn + e.Sanity
			}
		}
		s.Over = true
	}
	if living == 0 {
		s.Over = true
	}
}

// Text is the referee's game-summary message ($N = player N). EvMad is a
// deactivation message, not a summary.
func (e Event) Text() string {
	switch e.Kind {
	case EvTakenAback:
		return "$" + itoa(int(e.P)) + " is taken aback and won't act this turn"
	case EvFooled:
		return "$" + itoa(int(e.P)) + " fooled by $" + itoa(int(e.Q))
	case EvInvalidMove:
		return "Invalid move from $" + itoa(int(e.P))
	case EvInvalidEffect:
		return "Invalid effect from $" + itoa(int(e.P))
	case EvMad:
		return "$" + itoa(int(e.P)) + "  frightened to death"
	}
	return "?"
}

func itoa(v int) string { return strconv.Itoa(v) }
