package kutulu

import (
	"math/bits"

	"cgbots/internal/jrand"
)

// explorerView is what the minion and madness phases need of the
// explorers. The living list and the positions do not change from the end
// of the actions to the madness phase (an explorer spooked to 0 stays in
// the list until then), so it is built once. Slots past cnt hold no cell,
// the unreachable row and coordinates far apart off the map, so the chase
// and the company check read all four slots without a loop.
type explorerView struct {
	living   [Players]int8     // player of each living-list slot
	slotOf   [8]int8           // living-list slot of player t&7 (t = -1..3), -1 if none
	cells    [Players]int16    // cell of each slot, -1 past cnt
	rows     [Players]*distRow // distance row of each slot's cell
	spots    [Players]int      // packed coordinates x + 64y of each slot's cell (see near)
	cols     uint32            // bit x: a living explorer stands in column x
	lines    uint32            // bit y: a living explorer stands in row y
	cnt      int
	steps    *stepTable // the maze's steps in this turn's direction order
	recalled bool       // a wanderer run recalled a wanderer this turn
}

// fillExplorerView fills a zero view.
func (s *State) fillExplorerView(v *explorerView) {
	m := s.Maze
	cellX, cellY := m.cellX, m.cellY
	v.slotOf = [8]int8{-1, -1, -1, -1, -1, -1, -1, -1}
	v.steps = m.steps[s.Turn&3]
	k := 0
	for p := range s.Explorers {
		e := &s.Explorers[p]
		if !e.Alive {
			continue
		}
		c := int(e.Cell) & (MaxCells - 1)
		x, y := uint(cellX[c]), uint(cellY[c])
		v.living[k], v.slotOf[p], v.cells[k], v.rows[k] = int8(p), int8(k), int16(c), m.dist[c]
		v.spots[k] = int(x) + 64*int(y)
		v.cols |= 1 << (x & 31)
		v.lines |= 1 << (y & 31)
		k++
	}
	v.cnt = k
	for ; k < Players; k++ {
		v.cells[k], v.rows[k], v.spots[k] = -1, m.noRow, -1000*(k+1)
	}
}

// occupied tells whether a living explorer stands on cell c.
func (v *explorerView) occupied(c int16) bool {
	return c == v.cells[0] || c == v.cells[1] || c == v.cells[2] || c == v.cells[3]
}

// updateMinions runs every minion's update in creation order and reports
// whether a wanderer was recalled (slashers never are). Wandering
// wanderers, most of the phase, are updated in runs by wanderRun on turns
// without lights; updateMinion does the rest.
func (s *State) updateMinions(lit *lights, v *explorerView) (recalled bool) {
	ms := s.Minions[:s.NMinions]
	lifeTime := int16(s.Params.LifeTime)
	for i := 0; i < len(ms); i++ {
		if n := &ms[i]; lit.n == 0 && n.Kind == Wanderer && n.State != Spawning {
			var rec bool
			i, rec = s.wanderRun(ms, i, v)
			recalled = recalled || rec
			if i == len(ms) {
				break
			}
		}
		if n := &ms[i]; !countdown(n, lifeTime) && s.updateMinion(n, lit, v) {
			recalled = true
		}
	}
	return recalled
}

// cheapest is the lowest walking distance from cell c to a living
// explorer (noPath>>4 when none is reachable) and the slots at that
// distance (all four when none is reachable: empty slots are unreachable).
func (v *explorerView) cheapest(c int) (tied uint, low uint16) {
	k0, k1, k2, k3 := v.rows[0].at(c)>>4, v.rows[1].at(c)>>4, v.rows[2].at(c)>>4, v.rows[3].at(c)>>4
	low = k0
	if k1 < low {
		low = k1
	}
	if k2 < low {
		low = k2
	}
	if k3 < low {
		low = k3
	}
	if k0 == low {
		tied |= 1
	}
	if k1 == low {
		tied |= 2
	}
	if k2 == low {
		tied |= 4
	}
	if k3 == low {
		tied |= 8
	}
	return tied, low
}

// stepTo moves a chasing minion one step towards the explorer of slot k
// and makes it the target.
func (v *explorerView) stepTo(n *Minion, k int) {
	from := int(n.Cell)
	n.Target = v.living[k&3]
	n.Cell = v.steps[(from<<4|int(v.rows[k&3].at(from)&15))&(len(v.steps)-1)]
}

// reject3 is the lowest value of bits 16..47 of the generator state whose
// next(31) (bits 17..47) NextIntn(3) rejects: 2^31-2 and 2^31-1.
const reject3 = uint32(1<<31-2) << 1

// countdown runs the updates that only count down, a spawning minion or a
// stunned slasher, and reports false for any other. A recalled wanderer is
// not counted down.
func countdown(n *Minion, lifeTime int16) bool {
	switch {
	case n.State == Spawning && !(n.Recalled && n.Kind == Wanderer):
		n.Spawn--
		switch {
		case n.Spawn != 0:
		case n.Kind == Wanderer:
			n.State, n.Life = Wandering, lifeTime
		default:
			n.State = Rush
		}
	case n.State == Stunned && n.Kind != Wanderer:
		n.Stun--
		if n.Stun == 0 {
			n.State = Wandering
		}
	default:
		return false
	}
	return true
}

// skipShuffle steps a generator state (see wanderRun) past the shuffle's
// draws whose values do not matter: NextIntn(left), ..., NextIntn(2).
func skipShuffle(x uint64, left int) uint64 {
	switch left {
	case 4:
		x = x*jrand.Multiplier + jrand.Addend
		fallthrough
	case 3:
		x = x*jrand.Multiplier + jrand.Addend
		for uint32(x>>16) >= reject3 {
			x = x*jrand.Multiplier + jrand.Addend
		}
		fallthrough
	case 2:
		x = x*jrand.Multiplier + jrand.Addend
	}
	return x
}

// wanderRun updates the wandering wanderers from ms[i] on, on a turn
// without lights, and returns the index of the first minion it leaves,
// untouched, to updateMinion (other kinds and states, chases whose
// shuffled order matters, wanderers that reach an explorer and spook) and
// whether a wanderer was recalled this turn. A wanderer chases the
// cheapest living explorer to reach, the previous target first among the
// cheapest, and steps towards it. The shuffle only matters between
// explorers tied at the lowest cost when the previous target is not one of
// them; its draws are made anyway. The loop makes no call, so its values
// (the generator's state included) stay in registers; it keeps only the
// lowest cost and reads the rows again on the rare path where the
// previous target is not among the cheapest.
func (s *State) wanderRun(ms []Minion, i int, v *explorerView) (next int, recalled bool) {
	x := s.Rand.State() // stepped unmasked: the low 48 bits are exact
	r0, r1, r2, r3 := v.rows[0], v.rows[1], v.rows[2], v.rows[3]
	_, _, _, _ = r0[0], r1[0], r2[0], r3[0] // nil checks once, not per minion
	for ; i < len(ms); i++ {
		n := &ms[i]
		if n.Kind != Wanderer || n.State == Spawning || n.Recalled {
			break
		}
		from := int(n.Cell) & (MaxCells - 1)
		low := r0[from] >> 4
		if k := r1[from] >> 4; k < low {
			low = k
		}
		if k := r2[from] >> 4; k < low {
			low = k
		}
		if k := r3[from] >> 4; k < low {
			low = k
		}
		if low <= 1 {
			// A step along a shortest path lands on the explorer when one
			// step away (and no step reaches anyone from farther): it spooks.
			break
		}
		slot := int(v.slotOf[uint8(n.Target)&7])
		left := v.cnt            // the shuffle draws for slots start..cnt-2
		packed := uint16(noPath) // with nobody reachable, no step either way
		if slot >= 0 {
			left--
			packed = v.rows[slot&3][from]
		}
		if packed>>4 != low {
			tied := uint(0)
			for k, r := range &v.rows {
				if r[from]>>4 == low {
					tied |= 1 << uint(k)
				}
			}
			if tied&(tied-1) != 0 && low != noPath>>4 {
				break
			}
			slot = bits.TrailingZeros8(uint8(tied))
			packed = v.rows[slot&3][from]
			if low != noPath>>4 {
				n.Target = v.living[slot&3] // the previous target needs no write
			}
		}
		x = skipShuffle(x, left)
		if low != noPath>>4 {
			n.Cell = v.steps[(from<<4|int(packed&15))&(len(v.steps)-1)]
		}
		n.Life--
		if n.Life == 0 {
			n.Recalled, v.recalled = true, true
		}
	}
	s.Rand.SetState(x)
	return i, v.recalled
}

// updateMinion is a minion's update outside wanderRun and countdown:
// slashers on the move, recalled wanderers, chases on turns with lights and
// chases whose shuffled order matters. It reports whether the minion was
// recalled.
func (s *State) updateMinion(n *Minion, lit *lights, v *explorerView) (recalled bool) {
	wanderer := n.Kind == Wanderer
	switch {
	case wanderer && n.Recalled:
		return true
	case !wanderer && !s.updateSlasher(n, v):
		return false
	}
	prev := int(v.slotOf[uint8(n.Target)&7])
	if lit.n > 0 {
		s.chaseLit(n, lit, v, s.shuffle(v.cnt, prev))
	} else {
		// The previous target if among the cheapest, else the cheapest
		// explorer, the first in the shuffled order when several.
		tied, low := v.cheapest(int(n.Cell))
		best := bits.TrailingZeros8(uint8(tied))
		if prev >= 0 && tied&(1<<uint(prev)) != 0 {
			best = prev
		}
		if best != prev && tied&(tied-1) != 0 && low != noPath>>4 {
			for _, o := range s.shuffle(v.cnt, prev) {
				if tied&(1<<uint(o&3)) != 0 {
					best = o
					break
				}
			}
		} else {
			left := v.cnt
			if prev >= 0 {
				left--
			}
			s.Rand.SetState(skipShuffle(s.Rand.State(), left))
		}
		if low != noPath>>4 {
			v.stepTo(n, best)
		}
	}
	if !wanderer {
		return false
	}
	n.Life--
	if v.occupied(n.Cell) && s.spook(int(n.Cell)) || n.Life == 0 {
		n.Recalled = true
	}
	return n.Recalled
}

// updateSlasher runs the update of a slasher that is not counting down
// (see countdown) and reports whether it chases this turn (wandering with
// nobody in sight).
func (s *State) updateSlasher(n *Minion, v *explorerView) (chase bool) {
	switch n.State {
	case Stalking:
		n.Stun--
		s.acquireTarget(n, v)
		if n.Stun <= 0 {
			n.State = Rush
		}
	case Rush:
		if s.acquireTarget(n, v) {
			n.Cell = s.Explorers[n.Target].Cell
		} else if n.LastSeen >= 0 {
			n.Cell = n.LastSeen
		}
		s.spook(int(n.Cell))
		n.Target, n.LastSeen = -1, -1
		n.State = Stunned
		n.Stun = SlasherStunTime
	default:
		if !s.acquireTarget(n, v) {
			return true
		}
		n.Stun = SlasherStalkTime
		n.State = Stalking
	}
	return false
}

// spook frightens every living explorer on cell c and reports whether any.
func (s *State) spook(c int) bool {
	spooked := false
	for p := range s.Explorers {
		e := &s.Explorers[p]
		if e.Alive && int(e.Cell) == c {
			e.madden(SpookDamage)
			spooked = true
		}
	}
	return spooked
}

// acquireTarget is the slasher's line-of-sight check (see the rules, 10.2).
func (s *State) acquireTarget(n *Minion, v *explorerView) bool {
	if n.Target >= 0 && s.Explorers[n.Target&(Players-1)].Sanity <= 0 {
		n.Target, n.LastSeen = -1, -1
	}
	// Explorers out of a straight line are out of sight: usually all. A
	// target still kept is living, so it counts in the view's lines.
	c := n.Cell & (MaxCells - 1)
	if v.cols&(1<<uint(s.Maze.cellX[c]&31)) == 0 && v.lines&(1<<uint(s.Maze.cellY[c]&31)) == 0 {
		n.Target = -1
		return false
	}
	return s.lookAround(n)
}

// lookAround is acquireTarget for a slasher with explorers in line.
func (s *State) lookAround(n *Minion) bool {
	m := s.Maze
	fx, fy := m.cellX[n.Cell&(MaxCells-1)], m.cellY[n.Cell&(MaxCells-1)]
	if n.Target >= 0 {
		c := s.Explorers[n.Target].Cell
		if m.cellX[c] == fx || m.cellY[c] == fy {
			if d, _ := m.Sight(int(n.Cell), int(c)); d >= 0 {
				n.LastSeen = c
				return true
			}
		}
	}
	inLine := 0
	for p := range s.Explorers {
		c := s.Explorers[p].Cell
		if s.Explorers[p].Alive && (m.cellX[c] == fx || m.cellY[c] == fy) {
			inLine |= 1 << uint(p)
		}
	}
	if inLine == 0 {
		n.Target = -1
		return false
	}
	// The first occupied cell of each direction; the own cell (depth 0)
	// belongs to every direction. Explorers at the smallest depth win.
	var first [4]int
	var seen [4]uint8
	for d := range first {
		first[d] = MaxSide * 2
	}
	for p := range s.Explorers {
		if inLine&(1<<uint(p)) == 0 {
			continue
		}
		depth, dir := m.Sight(int(n.Cell), int(s.Explorers[p].Cell))
		switch {
		case depth < 0:
		case depth == 0:
			for d := range first {
				if first[d] > 0 {
					first[d], seen[d] = 0, 0
				}
				seen[d] |= 1 << uint(p)
			}
		case depth < first[dir]:
			first[dir], seen[dir] = depth, 1<<uint(p)
		case depth == first[dir]:
			seen[dir] |= 1 << uint(p)
		}
	}
	minDepth := MaxSide * 2
	var found uint8
	for d := range first {
		if seen[d] == 0 {
			continue
		}
		if first[d] < minDepth {
			minDepth, found = first[d], seen[d]
		} else if first[d] == minDepth {
			found |= seen[d]
		}
	}
	switch {
	case found == 0:
		n.Target = -1
		return false
	case found&(found-1) == 0:
		p := int8(0)
		for found&(1<<uint(p)) == 0 {
			p++
		}
		n.Target = p
		n.LastSeen = s.Explorers[p].Cell
		return true
	default:
		n.Target, n.LastSeen = -1, -1
		return false
	}
}

// shuffle is the referee's partial Fisher-Yates over the living list, the
// previous target's slot (prev >= 0) first and left in place. Slot i draws
// NextIntn(cnt-i), from 4 down to 2: powers of two take the top bits of
// one draw; for 3 a rejected draw (odds 2 in 2^31) is followed by fresh
// ones, as NextIntn(3) makes them. The generator is stepped in a register
// (see wanderRun).
func (s *State) shuffle(cnt, prev int) [Players]int {
	order := [Players]int{0, 1, 2, 3}
	i := 0
	if prev >= 0 {
		order[prev&3], order[0] = 0, prev
		i = 1
	}
	x := s.Rand.State()
	if cnt-i == 4 {
		x = x*jrand.Multiplier + jrand.Addend
		j := i + int(x>>46&3)
		order[i&3], order[j&3] = order[j&3], order[i&3]
		i++
	}
	if cnt-i == 3 {
		x = x*jrand.Multiplier + jrand.Addend
		for uint32(x>>16) >= reject3 {
			x = x*jrand.Multiplier + jrand.Addend
		}
		j := i + int(uint32(x>>17)&(1<<31-1)%3)
		order[i&3], order[j&3] = order[j&3], order[i&3]
		i++
	}
	if cnt-i == 2 {
		x = x*jrand.Multiplier + jrand.Addend
		j := i + int(x>>47&1)
		order[i&3], order[j&3] = order[j&3], order[i&3]
	}
	s.Rand.SetState(x)
	return order
}

// chaseLit is the chase on a turn with lights: unit costs still decide when
// no lit cell lies within reach of the cheapest explorer, else the search.
func (s *State) chaseLit(n *Minion, lit *lights, v *explorerView, order [Players]int) {
	cnt := v.cnt
	from := int(n.Cell)
	var res [Players]pathResult
	nearest := int32(Unreachable)
	for i := 0; i < cnt; i++ {
		packed := v.rows[i].at(from)
		res[i] = pathResult{cost: -1, step: -1}
		if packed == noPath {
			continue
		}
		d := int32(packed >> 4)
		res[i].cost = d
		if dir := firstDir[s.Turn&3][packed&15]; dir >= 0 {
			res[i].step = s.Maze.nb[from][dir]
		}
		if d < nearest {
			nearest = d
		}
	}
	m := s.Maze
	if lit.within(m, from, nearest) {
		var goals [Players]int16
		for i := 0; i < cnt; i++ {
			goals[i] = s.Explorers[v.living[i]].Cell
		}
		m.litSearch(from, s.Turn, &lit.set, goals[:cnt], res[:cnt], true)
	}
	best := -1
	for k := 0; k < cnt; k++ {
		i := order[k]
		r := res[i]
		if r.cost < 0 {
			continue
		}
		if best < 0 || r.cost < res[best].cost || (r.cost == res[best].cost && v.living[i] == n.Target) {
			best = i
		}
	}
	if best < 0 {
		return
	}
	n.Target = v.living[best]
	if res[best].step >= 0 {
		n.Cell = res[best].step
	}
}
