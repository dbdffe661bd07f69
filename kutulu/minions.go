package kutulu

import "math/bits"

// explorerView is what minions need of the explorers. The living list and
// the positions do not change during the minion phase (an explorer spooked
// to 0 stays in the list until the madness phase), so it is built once.
// Slots past cnt hold no cell and the unreachable row, so the chase reads
// all four slots without a loop.
type explorerView struct {
	living  [Players]int8     // player of each living-list slot
	slotOf  [8]int8           // living-list slot of player t&7 (t = -1..3), -1 if none
	slotBit [8]uint8          // 1<<slotOf, 0 if none
	cells   [Players]int16    // cell of each slot, -1 past cnt
	rows    [Players]*distRow // distance row of each slot's cell
	cnt     int
	steps   *stepTable // the maze's steps in this turn's direction order
}

func (s *State) fillExplorerView(v *explorerView) {
	m := s.Maze
	v.slotOf = [8]int8{-1, -1, -1, -1, -1, -1, -1, -1}
	v.slotBit = [8]uint8{}
	v.steps = m.steps[s.Turn&3]
	v.cells = [Players]int16{-1, -1, -1, -1}
	v.rows = [Players]*distRow{m.noRow, m.noRow, m.noRow, m.noRow}
	k := 0
	for p := range s.Explorers {
		if s.Explorers[p].Alive {
			c := s.Explorers[p].Cell
			v.living[k&3], v.slotOf[p], v.cells[k&3], v.rows[k&3] = int8(p), int8(k), c, m.dist[c]
			v.slotBit[p] = 1 << uint(k)
			k++
		}
	}
	v.cnt = k
}

// occupied tells whether a living explorer stands on cell c.
func (v *explorerView) occupied(c int16) bool {
	return c == v.cells[0] || c == v.cells[1] || c == v.cells[2] || c == v.cells[3]
}

// updateMinions runs every minion's update in creation order and reports
// whether a wanderer was recalled (slashers never are). The chase, most of
// the phase, is inline: one copy for wanderers and wandering slashers.
// It picks the cheapest living explorer to reach, trying them in the
// referee's shuffled order (previous target first), and steps towards it.
func (s *State) updateMinions(lit *lights) (recalled bool) {
	if s.NMinions == 0 {
		return false
	}
	var v explorerView
	s.fillExplorerView(&v)
	ms := s.Minions[:s.NMinions]
	for i := range ms {
		n := &ms[i]
		wanderer := n.Kind == Wanderer
		switch {
		case !wanderer:
			if !s.updateSlasher(n) {
				continue
			}
		case n.Recalled:
			recalled = true
			continue
		case n.State == Spawning:
			n.Spawn--
			if n.Spawn == 0 {
				n.State = Wandering
				n.Life = int16(s.Params.LifeTime)
			}
			continue
		}
		prev, prevBit := int(v.slotOf[uint8(n.Target)&7]), uint(v.slotBit[uint8(n.Target)&7])
		var onExplorer bool // a living explorer stands on the new cell
		if lit.n > 0 {
			s.chaseLit(n, lit, &v, s.shuffle(v.cnt, prev))
			onExplorer = v.occupied(n.Cell)
		} else {
			// The shuffle only matters between explorers tied at the
			// lowest cost when the previous target is not one of them; its
			// draws are made anyway. Unreachable entries (and empty slots)
			// have the largest key.
			from := int(n.Cell)
			k0, k1, k2, k3 := v.rows[0].at(from)>>4, v.rows[1].at(from)>>4, v.rows[2].at(from)>>4, v.rows[3].at(from)>>4
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
			tied := uint(0)
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
			best := bits.TrailingZeros8(uint8(tied)) // tied is never 0
			if tied&prevBit != 0 {
				best = prev
			}
			reachable := low != noPath>>4
			if tied&(tied-1) != 0 && tied&prevBit == 0 && reachable {
				order := s.shuffle(v.cnt, prev)
				for k := 0; k < Players; k++ {
					if tied&(1<<uint(order[k]&3)) != 0 {
						best = order[k]
						break
					}
				}
			} else {
				start := 0
				if prevBit != 0 {
					start = 1
				}
				switch v.cnt - start {
				case 3:
					s.Rand.SkipIntn(3)
					s.Rand.SkipIntn(2)
				case 4:
					s.Rand.SkipIntn(4)
					s.Rand.SkipIntn(3)
					s.Rand.SkipIntn(2)
				case 2:
					s.Rand.SkipIntn(2)
				}
			}
			if reachable {
				best &= Players - 1
				n.Target = v.living[best]
				n.Cell = v.steps[(from<<4|int(v.rows[best].at(from)&15))&(len(v.steps)-1)]
			}
			// A step along a shortest path lands on the explorer when one
			// step away, and no step reaches anyone from farther.
			onExplorer = low <= 1
		}
		if wanderer {
			n.Life--
			if onExplorer && s.spook(int(n.Cell)) || n.Life == 0 {
				n.Recalled, recalled = true, true
			}
		}
	}
	return recalled
}

// updateSlasher runs a slasher's update and reports whether it chases this
// turn (wandering with nobody in sight).
func (s *State) updateSlasher(n *Minion) (chase bool) {
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
		if !s.acquireTarget(n) {
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
func (s *State) acquireTarget(n *Minion) bool {
	if n.Target >= 0 && s.Explorers[n.Target].Sanity <= 0 {
		n.Target, n.LastSeen = -1, -1
	}
	m := s.Maze
	// Explorers out of a straight line are out of sight: usually all.
	fx, fy := m.cellX[n.Cell], m.cellY[n.Cell]
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
// previous target's slot (prev >= 0) first and left in place.
func (s *State) shuffle(cnt, prev int) [Players]int {
	order := [Players]int{0, 1, 2, 3}
	start := 0
	if prev >= 0 {
		order[prev&3], order[0] = 0, prev
		start = 1
	}
	// NextIntn with the bound known, from 4 down to 2 (cnt-i draws for
	// slot i): powers of two take the top bits of one draw; for 3 a
	// rejected draw (odds 2 in 2^31) is followed by fresh ones, as
	// NextIntn(3) makes them.
	i := start
	if cnt-i == 4 {
		j := i + int(s.Rand.Next(31)>>29)
		order[i], order[j&3] = order[j&3], order[i]
		i++
	}
	if cnt-i == 3 {
		u := s.Rand.Next(31)
		k := u % 3
		if u-k+2 < 0 {
			k = s.Rand.NextIntn(3)
		}
		j := i + int(k)
		order[i&3], order[j&3] = order[j&3], order[i&3]
		i++
	}
	if cnt-i == 2 {
		j := i + int(s.Rand.Next(31)>>30)
		order[i&3], order[j&3] = order[j&3], order[i&3]
	}
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
