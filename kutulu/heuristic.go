package kutulu

// HeuristicPolicy scores each reachable cell by the threat of the minions,
// the company of other explorers and shelters, and casts PLAN, LIGHT or
// YELL when they pay. It looks one step ahead only; it is the baseline that
// searches must beat and the playout policy of the MCTS.
type HeuristicPolicy struct{}

// Act returns the best-scored action for player p.
func (HeuristicPolicy) Act(s *State, p int) Action {
	m := s.Maze
	me := &s.Explorers[p]
	here := int(me.Cell)
	best, bestScore := Action{Kind: ActWait}, cellScore(s, p, here)
	for d := 0; d < 4; d++ {
		c := m.Neighbor(here, d)
		if c < 0 {
			continue
		}
		if sc := cellScore(s, p, c); sc > bestScore {
			best, bestScore = Action{Kind: ActUp + ActionKind(d)}, sc
		}
	}
	if best.Kind != ActWait || s.hasEffectFrom(p) {
		return best
	}
	// Staying put is best: use the turn for an effect when it helps.
	friends, threat := 0, false
	for q := range s.Explorers {
		if q != p && s.Explorers[q].Alive && m.Dist(here, int(s.Explorers[q].Cell)) <= PlanRadius {
			friends++
		}
	}
	for i := 0; i < s.NMinions; i++ {
		n := &s.Minions[i]
		if n.Kind == Wanderer && n.State == Wandering && m.Dist(int(n.Cell), here) <= 4 {
			threat = true
		}
	}
	switch {
	case me.Plans > 0 && me.Sanity < 220 && friends > 0:
		return Action{Kind: ActPlan}
	case me.Lights > 0 && threat:
		return Action{Kind: ActLight}
	case me.Plans > 0 && me.Sanity < 150:
		return Action{Kind: ActPlan}
	}
	return best
}

// cellScore rates standing on cell c after this turn's move.
func cellScore(s *State, p, c int) int {
	m := s.Maze
	row := m.dist[c] // symmetric: distances from c
	score := 0
	for i := 0; i < s.NMinions; i++ {
		n := &s.Minions[i]
		switch n.Kind {
		case Wanderer:
			if n.State == Spawning && n.Spawn > 1 {
				continue
			}
			d := unpackDist(row.at(int(n.Cell)))
			switch {
			case d <= 1:
				score -= 300
			case d == 2:
				score -= 60
			case d < 8:
				score -= 16 / d
			}
		case Slasher:
			dangerous := n.State == Stalking || n.State == Rush || n.State == Wandering ||
				(n.State == Stunned && n.Stun <= 2) || (n.State == Spawning && n.Spawn <= 1)
			if d, _ := m.Sight(int(n.Cell), c); dangerous && d >= 0 {
				score -= 200
			}
		}
	}
	me := &s.Explorers[p]
	company := 0
	for q := range s.Explorers {
		o := &s.Explorers[q]
		if q != p && o.Alive && m.Manhattan(c, int(o.Cell)) <= NotAloneRange {
			company++
		}
	}
	if company > 0 {
		score += 25
	}
	for i := 0; i < s.NEffects; i++ {
		f := &s.Effects[i]
		if f.Kind == EffectShelter && int(f.Cell) == c && me.Sanity < 240 {
			score += 30
		}
	}
	// Head for the others from afar: the nearest explorer's distance.
	nearest := Unreachable
	for q := range s.Explorers {
		if q != p && s.Explorers[q].Alive {
			if d := unpackDist(row.at(int(s.Explorers[q].Cell))); d < nearest {
				nearest = d
			}
		}
	}
	if nearest != Unreachable {
		score -= nearest
	}
	for d := 0; d < 4; d++ {
		if m.Neighbor(c, d) >= 0 {
			score++
		}
	}
	return score
}
