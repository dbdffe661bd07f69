package waterfight

import (
	"cgbots/internal/clock"
	"cgbots/internal/rng"
)

// Genetic search: a genome holds, for each of our agents and each of the
// next gaDepth turns, a step direction and a combat choice. A genome is
// scored by playing those turns on a clone against an opponent model (the
// greedy bot's first turn, then standing still and shooting or bombing the
// best target); a steady-state genetic algorithm improves the population
// until the budget is spent, and the best genome's first turn is played.
// The population starts from the best genome of the last turn shifted by a
// turn, and from our own greedy move.
const (
	gaDepth    = 3
	gaAgents   = 5 // our agents: at most 5 in every league
	gaPop      = 24
	gaMutation = 4 // expected mutated genes per child, out of gaDepth*agents*2
)

type gene struct{ dir, combat uint8 }

type genome struct {
	genes [gaDepth][gaAgents]gene
	score int
}

// Genetic is the search's memory between turns.
type Genetic struct {
	r    *rng.Rand
	pop  [gaPop]genome
	prev genome
	warm bool
	// per-turn context
	root    *State
	me      int
	mine    [gaAgents]int // our slots
	nMine   int
	enemies [MaxAgents]int
	nEnemy  int
	reply   Actions // the opponent's first turn
}

// NewGenetic returns a search drawing from seed.
func NewGenetic(seed uint64) *Genetic { return &Genetic{r: rng.New(seed)} }

// Choose fills acts for player me's agents with the best first turn found
// within the budget; it returns the number of genomes scored.
func (ga *Genetic) Choose(s *State, me int, budget *clock.Budget, acts *Actions) int64 {
	g := s.G
	ga.root, ga.me, ga.nMine, ga.nEnemy = s, me, 0, 0
	for i := g.First[me]; i < g.First[me+1] && ga.nMine < gaAgents; i++ {
		if s.Agents[i].Live() {
			ga.mine[ga.nMine] = i
			ga.nMine++
		}
	}
	for i := g.First[1-me]; i < g.First[2-me]; i++ {
		if s.Agents[i].Live() {
			ga.enemies[ga.nEnemy] = i
			ga.nEnemy++
		}
	}
	if ga.nMine == 0 {
		return 0
	}
	ga.reply = Actions{}
	GreedyActions(s, 1-me, &ga.reply)
	var greedy Actions
	GreedyActions(s, me, &greedy)
	var evals int64
	for k := range ga.pop {
		p := &ga.pop[k]
		switch {
		case k == 0 && ga.warm:
			*p = ga.prev
			copy(p.genes[:], p.genes[1:])
			ga.randomTurn(&p.genes[gaDepth-1])
		case k == 1:
			ga.encode(s, &greedy, &p.genes[0])
			for t := 1; t < gaDepth; t++ {
				ga.randomTurn(&p.genes[t])
			}
		case k == 2:
			*p = genome{} // everyone stays and hunkers
			for t := range p.genes {
				for a := range p.genes[t] {
					p.genes[t][a].dir = 4
				}
			}
		default:
			for t := range p.genes {
				ga.randomTurn(&p.genes[t])
			}
		}
		p.score = ga.evaluate(p)
		evals++
		budget.Done()
	}
	for !budget.Spent() {
		a, b := ga.pick(), ga.pick()
		var child genome
		for t := range child.genes {
			for k := 0; k < ga.nMine; k++ {
				src := &ga.pop[a]
				if ga.r.Intn(2) == 1 {
					src = &ga.pop[b]
				}
				child.genes[t][k] = src.genes[t][k]
				if ga.r.Intn(gaDepth*ga.nMine*2) < gaMutation {
					child.genes[t][k].dir = uint8(ga.r.Intn(5))
				}
				if ga.r.Intn(gaDepth*ga.nMine*2) < gaMutation {
					child.genes[t][k].combat = uint8(ga.r.Intn(256))
				}
			}
		}
		child.score = ga.evaluate(&child)
		evals++
		worst := 0
		for k := 1; k < gaPop; k++ {
			if ga.pop[k].score < ga.pop[worst].score {
				worst = k
			}
		}
		if child.score > ga.pop[worst].score {
			ga.pop[worst] = child
		}
		budget.Done()
	}
	best := 0
	for k := 1; k < gaPop; k++ {
		if ga.pop[k].score > ga.pop[best].score {
			best = k
		}
	}
	ga.prev, ga.warm = ga.pop[best], true
	ga.decode(s, &ga.pop[best].genes[0], acts)
	return evals
}

func (ga *Genetic) randomTurn(t *[gaAgents]gene) {
	for a := range t {
		t[a] = gene{dir: uint8(ga.r.Intn(5)), combat: uint8(ga.r.Intn(256))}
	}
}

// pick is a binary tournament.
func (ga *Genetic) pick() int {
	a, b := ga.r.Intn(gaPop), ga.r.Intn(gaPop)
	if ga.pop[b].score > ga.pop[a].score {
		return b
	}
	return a
}

// decode turns one turn of genes into actions on state s.
func (ga *Genetic) decode(s *State, t *[gaAgents]gene, acts *Actions) {
	g := s.G
	for k := 0; k < ga.nMine; k++ {
		i := ga.mine[k]
		a := &s.Agents[i]
		act := &acts[i]
		*act = Action{Combat: Hunker}
		if !a.Live() {
			continue
		}
		x, y := int(a.X), int(a.Y)
		if d := t[k].dir; d < 4 {
			nx, ny := x+dirs[d][0], y+dirs[d][1]
			if g.In(nx, ny) && g.Tiles[ny*g.W+nx] == Floor {
				act.HasMove, act.MoveX, act.MoveY = true, int32(nx), int32(ny)
				x, y = nx, ny
			}
		}
		if ga.nEnemy == 0 {
			continue
		}
		c := int(t[k].combat) % (1 + 10*ga.nEnemy)
		switch {
		case c == 0:
		case c <= ga.nEnemy:
			e := ga.enemies[c-1]
			if a.Cooldown == 0 && s.Agents[e].Live() {
				act.Combat, act.A = Shoot, int32(g.Info[e].ID)
			}
		default:
			// a bomb on an enemy's cell or one of its 8 neighbours
			c -= 1 + ga.nEnemy
			e := &s.Agents[ga.enemies[c/9]]
			tx, ty := int(e.X)+c%9%3-1, int(e.Y)+c%9/3-1
			if a.Bombs > 0 && e.Live() && g.In(tx, ty) && abs(tx-x)+abs(ty-y) <= throwRange {
				act.Combat, act.A, act.B = Throw, int32(tx), int32(ty)
			}
		}
	}
}

// encode writes actions as one turn of genes (what decode reads back).
func (ga *Genetic) encode(s *State, acts *Actions, t *[gaAgents]gene) {
	g := s.G
	for k := 0; k < ga.nMine; k++ {
		i := ga.mine[k]
		a, act := &s.Agents[i], &acts[i]
		t[k] = gene{dir: 4}
		if act.HasMove {
			for d := range dirs {
				if int(a.X)+dirs[d][0] == int(act.MoveX) && int(a.Y)+dirs[d][1] == int(act.MoveY) {
					t[k].dir = uint8(d)
				}
			}
		}
		for j := 0; j < ga.nEnemy; j++ {
			e := &s.Agents[ga.enemies[j]]
			switch {
			case act.Combat == Shoot && int(act.A) == g.Info[ga.enemies[j]].ID:
				t[k].combat = uint8(1 + j)
			case act.Combat == Throw && abs(int(act.A)-int(e.X)) <= 1 && abs(int(act.B)-int(e.Y)) <= 1:
				t[k].combat = uint8(1 + ga.nEnemy + 9*j + int(act.A) - int(e.X) + 1 + 3*(int(act.B)-int(e.Y)+1))
			}
		}
	}
}

// opponent is the model of the other side: no move, the most damaging shot
// if it can shoot, else a bomb on one of our agents it reaches without
// soaking its own, else hunker.
func (ga *Genetic) opponent(s *State, acts *Actions) {
	g := s.G
	for k := 0; k < ga.nEnemy; k++ {
		i := ga.enemies[k]
		a := &s.Agents[i]
		act := &acts[i]
		*act = Action{Combat: Hunker}
		if !a.Live() {
			continue
		}
		if a.Cooldown == 0 {
			best := 0
			for j := 0; j < ga.nMine; j++ {
				t := ga.mine[j]
				if !s.Agents[t].Live() {
					continue
				}
				if dmg, ok := s.ShotDamage(i, t); ok && dmg > best {
					best = dmg
					act.Combat, act.A = Shoot, int32(g.Info[t].ID)
				}
			}
			if best > 0 {
				continue
			}
		}
		if a.Bombs > 0 {
			for j := 0; j < ga.nMine; j++ {
				t := &s.Agents[ga.mine[j]]
				if t.Live() && abs(int(t.X)-int(a.X))+abs(int(t.Y)-int(a.Y)) <= throwRange && s.bombValue(int(t.X), int(t.Y), 1-ga.me) > 0 {
					act.Combat, act.A, act.B = Throw, int32(t.X), int32(t.Y)
					break
				}
			}
		}
	}
}

// Evaluation weights, in points of score.
const (
	gaWet      = 2   // per point of wetness, enemies' minus ours
	gaKill     = 250 // per dead agent, enemies' minus ours
	gaCell     = 4   // per cell of territory balance at the end
	gaPointWin = 3   // per point of score gained
)

func (ga *Genetic) evaluate(p *genome) int {
	s := *ga.root
	me := ga.me
	var acts Actions
	start := s.Points[me] - s.Points[1-me]
	for t := 0; t < gaDepth; t++ {
		if t > 0 {
			s.StartTurn()
		}
		if s.Cinematic() {
			break
		}
		ga.decode(&s, &p.genes[t], &acts)
		if t == 0 {
			for k := 0; k < ga.nEnemy; k++ {
				acts[ga.enemies[k]] = ga.reply[ga.enemies[k]]
			}
		} else {
			ga.opponent(&s, &acts)
		}
		s.Update(&acts, nil)
	}
	score := gaPointWin * int(s.Points[me]-s.Points[1-me]-start)
	c0, c1 := s.territory()
	bal := int(c0 - c1)
	if me == 1 {
		bal = -bal
	}
	score += gaCell * bal
	for i := 0; i < s.G.N; i++ {
		a := &s.Agents[i]
		if ga.root.Agents[i].Flags&Present == 0 {
			continue
		}
		v := int(a.Wetness) * gaWet
		if !a.Live() { // dying, or gone since (a removed agent reads as zero)
			v = deathWetness*gaWet + gaKill
		}
		if s.G.Info[i].Owner == me {
			score -= v + v/5
		} else {
			score += v
		}
	}
	return score
}
