package kutulu

import "cgbots/internal/jrand"

// Rules and constants of the arena referee.
const (
	MaxSanity        = 250
	MaxTurn          = 200
	StartPlans       = 2
	StartLights      = 3
	SpookDamage      = 20
	KutuluLoss       = 50
	NotAloneRange    = 2
	WandererInterval = 5
	SlasherThreshold = 200
	SlasherSpawnTime = 6
	SlasherStalkTime = 2
	SlasherStunTime  = 6
	PlanTicks        = 4
	PlanHeal         = 3
	PlanRadius       = 2
	LightTicks       = 2
	LightRadius      = 5
	YellTicks        = 2
	ShelterEnergy    = 10
	ShelterHeal      = 5
	ShelterInterval  = 50
	MaxMinions       = 96
	MaxEffects       = 32
)

// Leagues (the referee's level numbers).
const (
	Wood3  = 1
	Wood2  = 2
	Wood1  = 3
	Bronze = 4
	Legend = 7
)

// Params are the per-game parameters sent in the initial input.
type Params struct {
	League    int // 1..7; anything else is played as Legend
	Lonely    int // sanity lost when isolated
	Group     int // sanity lost when near another explorer
	SpawnTime int // wanderer spawn countdown
	LifeTime  int // wanderer life
}

// HasPlanLight and HasWood1 tell which rules the league plays (pointer
// receivers: a check in the turn update copies nothing).
func (p *Params) HasPlanLight() bool { return p.League >= Wood2 }

// HasWood1 tells whether slashers, YELL and shelters are in play.
func (p *Params) HasWood1() bool { return p.League >= Wood1 }

// NormalizeLeague maps an unknown level to Legend, as the referee does.
func NormalizeLeague(level int) int {
	if level < Wood3 || level > Legend {
		return Legend
	}
	return level
}

// Minion kinds and states (state numbers as sent to the players).
const (
	Wanderer = 1
	Slasher  = 2

	Spawning  = 0
	Wandering = 1
	Stalking  = 2
	Rush      = 3
	Stunned   = 4
)

// Effect kinds.
const (
	EffectShelter = 3
	EffectPlan    = 4
	EffectLight   = 5
	EffectYell    = 6
)

// Explorer is one player's unit.
type Explorer struct {
	Cell    int16
	Sanity  int16
	Score   int16 // final score once inactive (or at the end)
	Plans   int8
	Lights  int8
	Alive   bool // in the living list: not mad, not disqualified (survivors stay in it at the end)
	NYells  int8
	YellsBy [Players - 1]int8 // explorers that yelled at it, in order
}

func (e *Explorer) yelledBy(p int8) bool {
	for i := int8(0); i < e.NYells; i++ {
		if e.YellsBy[i] == p {
			return true
		}
	}
	return false
}

func (e *Explorer) heal(v int16) {
	e.Sanity += v
	if e.Sanity > MaxSanity {
		e.Sanity = MaxSanity
	}
}

func (e *Explorer) madden(v int16) {
	e.Sanity -= v
	if e.Sanity <= 0 {
		e.Sanity = 0
	}
}

// Minion is a wanderer or a slasher.
type Minion struct {
	ID       int16
	Cell     int16
	LastSeen int16 // slasher's remembered cell, -1 none
	Life     int16
	Kind     uint8
	State    uint8
	Spawn    int8
	Stun     int8 // slasher stalk/stun countdown
	Target   int8 // explorer id, -1 none (kept even when it died)
	Recalled bool
}

// Countdown is param0 of the minion's input line.
func (n *Minion) Countdown() int {
	switch {
	case n.State == Spawning:
		return int(n.Spawn)
	case n.Kind == Slasher && (n.State == Stalking || n.State == Stunned):
		return int(n.Stun)
	}
	return int(n.Life)
}

// Effect is a PLAN, LIGHT, YELL or shelter in the effect list.
type Effect struct {
	Kind   uint8
	Tick   int8 // ticks left; energy for shelters
	Caster int8 // -1 for shelters
	Victim int8 // YELL only
	Cell   int16
}

// State is a whole game position. It holds no pointers but the shared maze,
// so a plain value copy is a clone.
type State struct {
	Maze      *Maze
	Params    Params
	Turn      int
	Rand      jrand.Random
	Explorers [Players]Explorer
	NMinions  int
	NEffects  int
	NextID    int16
	Slashered uint8 // bit p: a slasher was created for explorer p
	Over      bool
	Minions   [MaxMinions]Minion
	Effects   [MaxEffects]Effect
}

// NewState places the explorers on their starts. r is the referee's generator
// after the parameter and map draws. Turns count from 0 as in the referee's
// SDK; set Turn to 1 before the first update to count as later SDKs do (the
// spawn, refill and direction turns, death scores and length follow).
func NewState(m *Maze, p Params, r jrand.Random) State {
	p.League = NormalizeLeague(p.League)
	s := State{Maze: m, Params: p, Rand: r, NextID: Players}
	for i := range s.Explorers {
		s.Explorers[i] = Explorer{Cell: m.Starts[i], Sanity: MaxSanity, Plans: StartPlans, Lights: StartLights, Alive: true}
	}
	return s
}

// Clone returns an independent copy.
func (s *State) Clone() State { return *s }

// CopyFrom makes s a copy of o, copying only the live minions and effects:
// the cheap clone for searches that reuse one State.
func (s *State) CopyFrom(o *State) {
	s.Maze, s.Params, s.Turn, s.Rand = o.Maze, o.Params, o.Turn, o.Rand
	s.Explorers = o.Explorers
	s.NMinions, s.NEffects, s.NextID, s.Slashered, s.Over = o.NMinions, o.NEffects, o.NextID, o.Slashered, o.Over
	copy(s.Minions[:o.NMinions], o.Minions[:o.NMinions])
	copy(s.Effects[:o.NEffects], o.Effects[:o.NEffects])
}

// Active tells whether player p still plays: alive and the game not over.
func (s *State) Active(p int) bool { return s.Explorers[p].Alive && !s.Over }

// LivingCount is the size of the living list.
func (s *State) LivingCount() int {
	n := 0
	for i := range s.Explorers {
		if s.Explorers[i].Alive {
			n++
		}
	}
	return n
}

// Scores returns the referee's scores (valid once the game is over).
func (s *State) Scores() [Players]int {
	var out [Players]int
	for i := range s.Explorers {
		out[i] = int(s.Explorers[i].Score)
	}
	return out
}

// Disqualify removes player p for a bad or missing answer: score -1, sanity
// 0, and its effects removed except its YELLs. The turn is still played,
// even with nobody left, and ends the game.
func (s *State) Disqualify(p int) {
	if !s.Explorers[p].Alive {
		return
	}
	s.removeExplorer(p)
	s.Explorers[p].Sanity = 0
	s.Explorers[p].Score = -1
}

func (s *State) removeExplorer(p int) {
	e := &s.Explorers[p]
	e.Alive = false
	k := 0
	for i := 0; i < s.NEffects; i++ {
		f := s.Effects[i]
		if int(f.Caster) == p && f.Kind != EffectYell {
			continue
		}
		s.Effects[k] = f
		k++
	}
	s.NEffects = k
}

func (s *State) hasEffectFrom(p int) bool {
	for i := 0; i < s.NEffects; i++ {
		if int(s.Effects[i].Caster) == p {
			return true
		}
	}
	return false
}

// Stuck tells whether a YELL effect names player p.
func (s *State) Stuck(p int) bool {
	for i := 0; i < s.NEffects; i++ {
		if s.Effects[i].Kind == EffectYell && int(s.Effects[i].Victim) == p {
			return true
		}
	}
	return false
}

func (s *State) addEffect(f Effect) {
	if s.NEffects < MaxEffects {
		s.Effects[s.NEffects] = f
		s.NEffects++
	}
}
