package kutulu

import "math/bits"

// explorerView is what minions need of the explorers. The living list and
// the positions do not change during the minion phase (an explorer spooked
// to 0 stays in the list until the madness phase), so it is built once.
// Slots past cnt hold no cell and the unreachable row, so the chase reads
// all four slots without a loop.
type explorerView struct {
	living [Players]int8     // player of each living-list slot
	slot   [Players]int8     // living-list slot of each player, -1 if out
	cells  [Players]int16    // cell of each slot, -1 past cnt
	rows   [Players]*distRow // distance row of each slot's cell
	cnt    int
}

func (s *State) fillExplorerView(v *explorerView) {
	m := s.Maze
	v.cnt = 0
	for p := range s.Explorers {
		v.slot[p], v.cells[p], v.rows[p] = -1, -1, m.noRow
		if s.Explorers[p].Alive {
			c := s.Explorers[p].Cell
			v.living[v.cnt], v.slot[p], v.cells[v.cnt] = int8(p), int8(v.cnt), c
			v.rows[v.cnt] = m.dist[c]
			v.cnt++
		}
	}
}

// occupied tells whether a living explorer stands on cell c.
func (v *explorerView) occupied(c int16) bool {
	return c == v.cells[0] || c == v.cells[1] || c == v.cells[2] || c == v.cells[3]
}

// updateMinions runs every minion's update in creation order.
func (s *State) updateMinions(lit *lights) {
	if s.NMinions == 0 {
		return
	}
	var v explorerView
	s.fillExplorerView(&v)
	for i := 0; i < s.NMinions; i++ {
		n := &s.Minions[i]
		if n.Kind == Wanderer {
			s.updateWanderer(n, lit, &v)
		} else {
			s.updateSlasher(n, lit, &v)
		}
	}
}

func (s *State) updateWanderer(n *Minion, lit *lights, v *explorerView) {
	if n.Recalled {
		return
	}
	if n.State == Spawning {
		n.Spawn--
		if n.Spawn == 0 {
			n.State = Wandering
			n.Life = int16(s.Params.LifeTime)
		}
		return
	}
	s.chase(n, lit, v)
	if v.occupied(n.Cell) && s.spook(int(n.Cell)) {
		n.Recalled = true
		return
	}
	n.Life--
	if n.Life == 0 {
		n.Recalled = true
	}
}

func (s *State) updateSlasher(n *Minion, lit *lights, v *explorerView) {
	switch n.State {
	case Spawning:
		n.Spawn--
		if n.Spawn == 0 {
			n.State = Rush
		}
	case Stalking:
		n.Stun--
		s.acquireTarget(n)
		if n.Stun <= 0 {
			n.State = Rush
		}
	case Rush:
		if s.acquireTarget(n) {
			n.Cell = s.Explorers[n.Target].Cell
		} else if n.LastSeen >= 0 {
			n.Cell = n.LastSeen
		}
		s.spook(int(n.Cell))
		n.Target, n.LastSeen = -1, -1
		n.State = Stunned
		n.Stun = SlasherStunTime
	case Stunned:
		n.Stun--
		if n.Stun == 0 {
			n.State = Wandering
		}
	default:
		if s.acquireTarget(n) {
			n.Stun = SlasherStalkTime
			n.State = Stalking
		} else {
			s.chase(n, lit, v)
		}
	}
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
func (s *State) acquireTarget(n *Minion) bool {
	if n.Target >= 0 && s.Explorers[n.Target].Sanity <= 0 {
		n.Target, n.LastSeen = -1, -1
	}
	m := s.Maze
	if n.Target >= 0 {
		if d, _ := m.Sight(int(n.Cell), int(s.Explorers[n.Target].Cell)); d >= 0 {
			n.LastSeen = s.Explorers[n.Target].Cell
			return true
		}
	}
	// The first occupied cell of each direction; the own cell (depth 0)
	// belongs to every direction. Explorers at the smallest depth win.
	var first [4]int
	var seen [4]uint8
	for d := range first {
		first[d] = MaxSide * 2
	}
	for p := range s.Explorers {
		if !s.Explorers[p].Alive {
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

// chase picks the cheapest living explorer to reach, trying them in the
// referee's shuffled order (previous target first), and steps towards it.
func (s *State) chase(n *Minion, lit *lights, v *explorerView) {
	cnt := v.cnt
	start, prev := 0, -1
	if t := n.Target; t >= 0 && v.slot[t&3] >= 0 {
		prev, start = int(v.slot[t&3]), 1
	}
	from := int(n.Cell)
	if lit.n > 0 {
		order := s.shuffle(cnt, prev, start)
		s.chaseLit(n, lit, v, &order)
		return
	}
	// The shuffle only matters between explorers tied at the lowest cost
	// when the previous target is not one of them; its draws are made
	// anyway. Unreachable entries (and empty slots) have the largest key.
	packed := [Players]uint16{v.rows[0].at(from), v.rows[1].at(from), v.rows[2].at(from), v.rows[3].at(from)}
	k0, k1, k2, k3 := packed[0]>>4, packed[1]>>4, packed[2]>>4, packed[3]>>4
	low := k0
	if k1 < low {
		low = k1
	}
	if k2 < low {
		low = k2
	}
	if k3 < low {
		low = k3
	}
	if low == noPath>>4 {
		s.skipShuffle(cnt, start)
		return
	}
	tied := 0
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
	best := bits.TrailingZeros8(uint8(tied))
	switch {
	case tied&(tied-1) == 0:
		s.skipShuffle(cnt, start)
	case prev >= 0 && tied&(1<<uint(prev)) != 0:
		best = prev
		s.skipShuffle(cnt, start)
	default:
		order := s.shuffle(cnt, prev, start)
		for k := 0; k < cnt; k++ {
			if tied&(1<<uint(order[k])) != 0 {
				best = order[k]
				break
			}
		}
	}
	best &= Players - 1
	n.Target = v.living[best]
	if d := firstDir[s.Turn&3][packed[best]&15]; d >= 0 {
		n.Cell = s.Maze.nb[from][d]
	}
}

// skipShuffle makes the draws of shuffle(cnt, _, start) whose order is not
// needed: bounds cnt-start down to 2.
func (s *State) skipShuffle(cnt, start int) {
	switch cnt - start {
	case 4:
		s.Rand.SkipIntn(4)
		s.Rand.SkipIntn(3)
		s.Rand.SkipIntn(2)
	case 3:
		s.Rand.SkipIntn(3)
		s.Rand.SkipIntn(2)
	case 2:
		s.Rand.SkipIntn(2)
	}
}

// shuffle is the referee's partial Fisher-Yates over the living list, the
// previous target's slot (prev, with start 1) first.
func (s *State) shuffle(cnt, prev, start int) [Players]int {
	order := [Players]int{0, 1, 2, 3}
	if prev >= 0 {
		order[prev], order[0] = 0, prev
	}
	for i := start; i < cnt-1; i++ {
		j := int(s.Rand.NextIntn(int32(cnt-i))) + i
		order[i], order[j] = order[j], order[i]
	}
	return order
}

// chaseLit is the chase on a turn with lights: unit costs still decide when
// no lit cell lies within reach of the cheapest explorer, else the search.
func (s *State) chaseLit(n *Minion, lit *lights, v *explorerView, order *[Players]int) {
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
