package kutulu

// updateMinions runs every minion's update in creation order.
func (s *State) updateMinions(lit *cellSet, anyLight bool) {
	for i := 0; i < s.NMinions; i++ {
		n := &s.Minions[i]
		if n.Kind == Wanderer {
			s.updateWanderer(n, lit, anyLight)
		} else {
			s.updateSlasher(n, lit, anyLight)
		}
	}
}

func (s *State) updateWanderer(n *Minion, lit *cellSet, anyLight bool) {
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
	s.chase(n, lit, anyLight)
	if s.spook(int(n.Cell)) {
		n.Recalled = true
		return
	}
	n.Life--
	if n.Life == 0 {
		n.Recalled = true
	}
}

func (s *State) updateSlasher(n *Minion, lit *cellSet, anyLight bool) {
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
			s.chase(n, lit, anyLight)
		}
	}
}

// spook frightens every living explorer on cell c and reports whether any.
func (s *State) spook(c int) bool {
	any := false
	for p := range s.Explorers {
		e := &s.Explorers[p]
		if e.Alive && int(e.Cell) == c {
			e.madden(SpookDamage)
			any = true
		}
	}
	return any
}

// acquireTarget is the slasher's line-of-sight check (see the rules, 10.2).
func (s *State) acquireTarget(n *Minion) bool {
	if n.Target >= 0 && s.Explorers[n.Target].Sanity <= 0 {
		n.Target, n.LastSeen = -1, -1
	}
	if n.Target >= 0 && s.inSight(n, int(n.Target)) {
		n.LastSeen = s.Explorers[n.Target].Cell
		return true
	}
	m := s.Maze
	minDepth := MaxSide * 2
	var found uint8
	for d := 0; d < 4; d++ {
		depth := 0
		for c := int(n.Cell); c >= 0; c = m.Neighbor(c, d) {
			here := s.livingOn(c)
			if here == 0 {
				depth++
				continue
			}
			if depth < minDepth {
				found, minDepth = here, depth
			} else if depth == minDepth {
				found |= here
			}
			break
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

// livingOn is the set (bit per player) of living explorers on cell c.
func (s *State) livingOn(c int) uint8 {
	var set uint8
	for p := range s.Explorers {
		if s.Explorers[p].Alive && int(s.Explorers[p].Cell) == c {
			set |= 1 << uint(p)
		}
	}
	return set
}

// inSight tells whether explorer p stands on a cell scanned from the slasher.
func (s *State) inSight(n *Minion, p int) bool {
	return inLine(s.Maze, int(n.Cell), int(s.Explorers[p].Cell))
}

// chase picks the cheapest living explorer to reach, trying them in the
// referee's shuffled order (previous target first), and steps towards it.
func (s *State) chase(n *Minion, lit *cellSet, anyLight bool) {
	var living [Players]int8
	cnt := 0
	prev := -1
	for p := range s.Explorers {
		if s.Explorers[p].Alive {
			if int8(p) == n.Target {
				prev = cnt
			}
			living[cnt] = int8(p)
			cnt++
		}
	}
	order := [Players]int{0, 1, 2, 3}
	start := 0
	if prev >= 0 {
		order[prev], order[0] = 0, prev
		start = 1
	}
	for i := start; i < cnt-1; i++ {
		j := int(s.Rand.NextIntn(int32(cnt-i))) + i
		order[i], order[j] = order[j], order[i]
	}
	var res [Players]pathResult
	m := s.Maze
	if anyLight {
		var goals [Players]int16
		for i := 0; i < cnt; i++ {
			goals[i] = s.Explorers[living[i]].Cell
		}
		m.litSearch(int(n.Cell), s.Turn, lit, goals[:cnt], res[:cnt])
	} else {
		for i := 0; i < cnt; i++ {
			to := int(s.Explorers[living[i]].Cell)
			d := m.Dist(int(n.Cell), to)
			if d == Unreachable {
				res[i] = pathResult{cost: -1, step: -1}
				continue
			}
			res[i] = pathResult{cost: int32(d), step: int16(m.FirstStep(int(n.Cell), to, s.Turn))}
		}
	}
	best := -1
	for k := 0; k < cnt; k++ {
		i := order[k]
		r := res[i]
		if r.cost < 0 {
			continue
		}
		if best < 0 || r.cost < res[best].cost || (r.cost == res[best].cost && living[i] == n.Target) {
			best = i
		}
	}
	if best < 0 {
		return
	}
	n.Target = living[best]
	if res[best].step >= 0 {
		n.Cell = res[best].step
	}
}
