package lastofus

import (
	"errors"
	"fmt"
)

// Rules picks a reading for each open point of the rules file (section 8).
type Rules struct {
	SilentWait      bool // reading B of open point 1: "w 0 0" makes no sound
	ForbidSelfThrow bool // strict reading of open point 2: "b 0 0" is invalid
}

// Readings lists every combination of the open readings; an answer the
// project submits must be valid under all of them.
var Readings = []Rules{{}, {SilentWait: true}, {ForbidSelfThrow: true}, {SilentWait: true, ForbidSelfThrow: true}}

func (r Rules) String() string {
	wait, throw := "w00-sound", "b00-allowed"
	if r.SilentWait {
		wait = "w00-silent"
	}
	if r.ForbidSelfThrow {
		throw = "b00-forbidden"
	}
	return wait + "," + throw
}

// Clicker is a clicker that has heard a sound. Clickers not listed in a
// State stand on their start cell with no target; a clicker resting on its
// target at its start cell behaves exactly the same, so it is not listed.
type Clicker struct {
	ID, Pos, Target int32
}

// State is what changes during a game.
type State struct {
	Ellie   int
	Bricks  int
	Awake   []Clicker
	Escaped bool
}

// NewState is the start of the game on a.
func NewState(a *Area) *State {
	return &State{Ellie: a.Ellie, Bricks: a.Bricks}
}

// Clone copies s; the copy shares nothing with s.
func (s *State) Clone() *State {
	c := *s
	c.Awake = append([]Clicker(nil), s.Awake...)
	return &c
}

// Outcome of one Step.
type Outcome int

const (
	Alive Outcome = iota
	Escaped
	Killed
)

// ErrAfterEscape is the error of any action after the escape.
var ErrAfterEscape = errors.New("Ellie has already escaped; nothing may follow the escape")

// Sim plays actions on states of one area under one reading. It owns scratch
// arrays, so one Sim serves one goroutine; states are plain values.
type Sim struct {
	A      *Area
	Rules  Rules
	Killer int // after Killed: the cell of the clicker that killed Ellie

	gen        uint32
	occStamp   []uint32 // cell holds a listed clicker when == gen
	occIdx     []int32  // its index in State.Awake
	awakeStamp []uint32 // clicker ID is listed when == gen
	distGen    uint32
	distStamp  []uint32
	srcStamp   []uint32
	planStamp  []uint32 // target already searched this phase when == gen
	dist       []int32
	queue      []int32
	movers     []int32
	uncached   []int32
	stepCache  map[uint64][8]int32 // (cell, target) -> steps, see moveClickers
	steps      [][8]int32          // per mover: cells to try in order, -1 ends
}

// NewSim prepares a simulator of a under rules.
func NewSim(a *Area, rules Rules) *Sim {
	n := a.Rows * a.Cols
	return &Sim{
		A: a, Rules: rules,
		occStamp: make([]uint32, n), occIdx: make([]int32, n),
		awakeStamp: make([]uint32, len(a.Clickers)),
		stepCache:  make(map[uint64][8]int32),
		distStamp:  make([]uint32, n), srcStamp: make([]uint32, n), planStamp: make([]uint32, n), dist: make([]int32, n),
	}
}

// occupied reports whether a clicker stands on cell (valid after begin).
func (sm *Sim) occupied(cell int) bool {
	if sm.occStamp[cell] == sm.gen {
		return true
	}
	id := sm.A.clickerAt[cell]
	return id >= 0 && sm.awakeStamp[id] != sm.gen
}

// begin indexes the listed clickers of s by cell.
func (sm *Sim) begin(s *State) {
	sm.gen++
	for i, c := range s.Awake {
		sm.occStamp[c.Pos] = sm.gen
		sm.occIdx[c.Pos] = int32(i)
		sm.awakeStamp[c.ID] = sm.gen
	}
}

// Occupied reports whether a clicker stands on cell in s.
func (sm *Sim) Occupied(s *State, cell int) bool {
	sm.begin(s)
	return sm.occupied(cell)
}

// Resting reports whether no clicker of s will move unless it hears a sound.
func (sm *Sim) Resting(s *State) bool {
	for _, c := range s.Awake {
		if c.Pos != c.Target && sm.A.pathComp[c.Pos] == sm.A.pathComp[c.Target] {
			return false
		}
	}
	return true
}

// waitUntilResting stands Ellie still ("w 0 0", only while no clicker can
// hear it, so that both readings agree) until no clicker moves any more,
// appending the waits to actions; false when that takes more than limit
// waits or a clicker comes within earshot.
func waitUntilResting(sm *Sim, s *State, limit int, actions *[]Action) bool {
	for waits := 0; !sm.Resting(s); waits++ {
		if waits == limit || sm.ClickerNear(s, s.Ellie, AlertRange) {
			return false
		}
		before := stateKey(s)
		if out, err := sm.Step(s, Walk(0, 0)); err != nil || out != Alive {
			return false
		}
		if stateKey(s) == before {
			return true // the rest are blocked for good: this wait changed nothing
		}
		*actions = append(*actions, Walk(0, 0))
	}
	return true
}

// ClickerNear reports whether a clicker of s stands within Chebyshev distance
// radius of cell.
func (sm *Sim) ClickerNear(s *State, cell, radius int) bool {
	sm.begin(s)
	return sm.clickerWithin(cell, radius)
}

func (sm *Sim) clickerWithin(cell, radius int) bool {
	a := sm.A
	r0, c0 := cell/a.Cols, cell%a.Cols
	for r := r0 - radius; r <= r0+radius; r++ {
		for c := c0 - radius; c <= c0+radius; c++ {
			if n := a.Cell(r, c); n >= 0 && n != cell && sm.occupied(n) {
				return true
			}
		}
	}
	return false
}

// Step plays Ellie's action and, unless she escapes, the clickers' phase. An
// invalid action returns an error and leaves s in an unspecified state.
func (sm *Sim) Step(s *State, act Action) (Outcome, error) {
	if s.Escaped {
		return Escaped, ErrAfterEscape
	}
	a := sm.A
	sm.begin(s)
	er, ec := s.Ellie/a.Cols, s.Ellie%a.Cols
	target := a.Cell(er-act.DY, ec+act.DX)
	sound := -1
	if !act.Throw {
		if abs(act.DX) > 1 || abs(act.DY) > 1 {
			return Alive, fmt.Errorf("walk offset (%d,%d) is longer than one step", act.DX, act.DY)
		}
		if target == a.Exit {
			s.Ellie, s.Escaped = target, true
			return Escaped, nil
		}
		if act.DX == 0 && act.DY == 0 {
			if !sm.Rules.SilentWait {
				sound = s.Ellie
			}
		} else {
			if err := sm.checkEmpty(target, "walk into"); err != nil {
				return Alive, err
			}
			s.Ellie, sound = target, target
		}
	} else {
		if abs(act.DX) > ThrowRange || abs(act.DY) > ThrowRange {
			return Alive, fmt.Errorf("throw offset (%d,%d) is beyond %d", act.DX, act.DY, ThrowRange)
		}
		if s.Bricks <= 0 {
			return Alive, errors.New("throw with no brick left")
		}
		if act.DX == 0 && act.DY == 0 && sm.Rules.ForbidSelfThrow {
			return Alive, errors.New("throw onto Ellie's own cell (forbidden by the strict reading)")
		}
		if target == a.Exit {
			return Alive, errors.New("throw at the exit")
		}
		if err := sm.checkEmpty(target, "throw at"); err != nil {
			return Alive, err
		}
		s.Bricks--
		sound = target
	}
	if sound >= 0 {
		sm.alert(s, sound)
	}
	if sm.killer(s.Ellie) {
		return Killed, nil
	}
	sm.moveClickers(s)
	return Alive, nil
}

func (sm *Sim) checkEmpty(cell int, verb string) error {
	switch {
	case cell < 0:
		return fmt.Errorf("%s a cell outside the grid", verb)
	case !sm.A.Walkable[cell]:
		return fmt.Errorf("%s the wall at %s", verb, sm.A.CellString(cell))
	case sm.occupied(cell):
		return fmt.Errorf("%s the clicker at %s", verb, sm.A.CellString(cell))
	}
	return nil
}

// alert gives every clicker within AlertRange of the sound the sound as target.
func (sm *Sim) alert(s *State, sound int) {
	a := sm.A
	sr, sc := sound/a.Cols, sound%a.Cols
	for r := sr - AlertRange; r <= sr+AlertRange; r++ {
		for c := sc - AlertRange; c <= sc+AlertRange; c++ {
			cell := a.Cell(r, c)
			if cell < 0 {
				continue
			}
			if sm.occStamp[cell] == sm.gen {
				s.Awake[sm.occIdx[cell]].Target = int32(sound)
			} else if id := a.clickerAt[cell]; id >= 0 && sm.awakeStamp[id] != sm.gen {
				sm.awakeStamp[id] = sm.gen
				sm.occStamp[cell] = sm.gen
				sm.occIdx[cell] = int32(len(s.Awake))
				s.Awake = append(s.Awake, Clicker{ID: id, Pos: int32(cell), Target: int32(sound)})
			}
		}
	}
}

// killer reports whether a clicker stands next to Ellie's cell, and where.
func (sm *Sim) killer(ellie int) bool {
	a := sm.A
	er, ec := ellie/a.Cols, ellie%a.Cols
	for d := 0; d < 8; d++ {
		if n := a.Cell(er+dirRow[d], ec+dirCol[d]); n >= 0 && sm.occupied(n) {
			sm.Killer = n
			return true
		}
	}
	return false
}

// moveClickers steps every targeted clicker once, top-then-left by position
// at the start of the phase, then drops the ones back at rest on their start.
func (sm *Sim) moveClickers(s *State) {
	a := sm.A
	aw := s.Awake
	for i := 1; i < len(aw); i++ {
		for j := i; j > 0 && aw[j].Pos < aw[j-1].Pos; j-- {
			aw[j], aw[j-1] = aw[j-1], aw[j]
		}
	}
	sm.movers = sm.movers[:0]
	for i, c := range aw {
		sm.occIdx[c.Pos] = int32(i)
		if c.Pos != c.Target && a.pathComp[c.Pos] == a.pathComp[c.Target] {
			sm.movers = append(sm.movers, int32(i))
		}
	}
	if cap(sm.steps) < len(aw) {
		sm.steps = make([][8]int32, len(aw))
	}
	sm.steps = sm.steps[:len(aw)]
	// A clicker's steps depend only on the static grid, its cell and its
	// target, so they are cached: blocked clickers and replays ask again.
	uncached := sm.uncached[:0]
	for _, i := range sm.movers {
		if st, ok := sm.stepCache[stepKey(aw[i])]; ok {
			sm.steps[i] = st
		} else {
			uncached = append(uncached, i)
		}
	}
	sm.uncached = uncached
	if len(sm.stepCache)+len(uncached) > stepCacheSize {
		sm.stepCache = make(map[uint64][8]int32)
	}
	for k, i := range uncached {
		if t := aw[i].Target; sm.planStamp[t] != sm.gen { // one search per distinct target
			sm.planStamp[t] = sm.gen
			sm.planSteps(aw, uncached[k:], t)
		}
		sm.stepCache[stepKey(aw[i])] = sm.steps[i]
	}
	for _, i := range sm.movers {
		c := &aw[i]
		for _, n := range sm.steps[i] {
			if n < 0 {
				break
			}
			if int(n) != s.Ellie && !sm.occupied(int(n)) {
				sm.occStamp[c.Pos] = 0
				sm.occStamp[n] = sm.gen
				sm.occIdx[n] = i
				c.Pos = n
				break
			}
		}
	}
	kept := aw[:0]
	for _, c := range aw {
		if c.Pos != c.Target || int(c.Pos) != a.Clickers[c.ID] {
			kept = append(kept, c)
		}
	}
	s.Awake = kept
}

// stepCacheSize bounds the step cache (it is emptied when full).
const stepCacheSize = 1 << 18

func stepKey(c Clicker) uint64 { return uint64(c.Pos)<<32 | uint64(uint32(c.Target)) }

// planSteps runs one breadth-first search from target, stopped once every
// mover heading there is reached, and lists each such mover's steps on a
// shortest path: smallest absolute offset to the target first, then
// clockwise from the top.
func (sm *Sim) planSteps(aw []Clicker, movers []int32, target int32) {
	a := sm.A
	sm.distGen++
	g := sm.distGen
	left := 0
	for _, i := range movers {
		if aw[i].Target == target {
			sm.srcStamp[aw[i].Pos] = g
			left++
		}
	}
	sm.distStamp[target], sm.dist[target] = g, 0
	q := append(sm.queue[:0], target)
	for h := 0; h < len(q) && left > 0; h++ {
		cell := int(q[h])
		r, c := cell/a.Cols, cell%a.Cols
		for d := 0; d < 8; d++ {
			n := a.Cell(r+dirRow[d], c+dirCol[d])
			if n < 0 || !a.Walkable[n] || n == a.Exit || sm.distStamp[n] == g {
				continue
			}
			sm.distStamp[n], sm.dist[n] = g, sm.dist[cell]+1
			q = append(q, int32(n))
			if sm.srcStamp[n] == g {
				left--
			}
		}
	}
	sm.queue = q
	for _, i := range movers {
		if aw[i].Target != target {
			continue
		}
		sm.steps[i] = sm.orderedSteps(int(aw[i].Pos), int(target), g)
	}
}

// orderedSteps lists the neighbours of p one step closer to t, in preference order.
func (sm *Sim) orderedSteps(p, t int, g uint32) [8]int32 {
	a := sm.A
	var out [8]int32
	var keys [8]int
	k := 0
	if sm.distStamp[p] != g {
		p = -1 // unreachable: no step (cannot happen within one component)
	}
	want, r, c := int32(0), 0, 0
	if p >= 0 {
		want, r, c = sm.dist[p]-1, p/a.Cols, p%a.Cols
	}
	for d := 0; d < 8 && p >= 0; d++ {
		n := a.Cell(r+dirRow[d], c+dirCol[d])
		if n < 0 || sm.distStamp[n] != g || sm.dist[n] != want {
			continue
		}
		key := a.Manhattan(n, t)
		j := k
		for j > 0 && keys[j-1] > key {
			out[j], keys[j] = out[j-1], keys[j-1]
			j--
		}
		out[j], keys[j] = int32(n), key
		k++
	}
	for ; k < 8; k++ {
		out[k] = -1
	}
	return out
}
