package waterfight

// NewGame sets up a game of the given league (1-4 wood, 5 full game) with
// the referee's generator, drawing exactly what the referee draws.
func NewGame(league int, rnd Rand) (*Game, State, *Boss) {
	if league >= 5 {
		g, s := newFullGame(rnd)
		return g, s, &Boss{league: 5}
	}
	return newWoodGame(league, rnd)
}

// Boss is the scripted opponent of the wood leagues (levels 1-4): it sets
// its agents' actions at the start of each update and judges the objective.
type Boss struct {
	league  int
	rnd     Rand
	hitList [MaxAgents]bool // league 4: boss agents to soak
}

type woodAgent struct {
	id, owner, power, rng, cooldown, bombs, wetness, x, y int
}

func newWoodGame(league int, rnd Rand) (*Game, State, *Boss) {
	g := &Game{League: league}
	b := &Boss{league: league, rnd: rnd}
	var agents []woodAgent
	sniper := Classes[1]
	var w, h int
	var tiles []uint8
	switch league {
	case 1:
		g.MaxTurns = 20
		g.Rules = Rules{OnePlayer: true, NoControl: true, NoShoot: true, NoHunker: true, NoThrow: true}
		w, h = 8, 5
		tiles = make([]uint8, w*h)
		agents = []woodAgent{
			{id: 1, power: sniper.SoakingPower, rng: sniper.Range, x: 0, y: 0},
			{id: 2, power: sniper.SoakingPower, rng: sniper.Range, x: 0, y: 4},
		}
	case 2:
		g.MaxTurns = 20
		g.Rules = Rules{NoControl: true, NoHunker: true, NoThrow: true, NoMove: true}
		w, h = 8, 5
		tiles = make([]uint8, w*h)
		agents = []woodAgent{
			{id: 1, power: 50, rng: sniper.Range, x: 3, y: 2},
			{id: 2, power: 50, rng: sniper.Range, x: 4, y: 2},
		}
		boss := []int{3, 4, 5, 6}
		rnd.Shuffle(4, func(i, j int) { boss[i], boss[j] = boss[j], boss[i] })
		spawn := [4][2]int{{2, 1}, {2, 3}, {5, 1}, {5, 3}}
		for i, id := range boss {
			agents = append(agents, woodAgent{id: id, owner: 1, power: 100, rng: sniper.Range, x: spawn[i][0], y: spawn[i][1], wetness: 90 - 10*i})
		}
	case 3:
		g.MaxTurns = 1
		g.Rules = Rules{NoControl: true, NoThrow: true, NoHunker: true}
		w, h = 13, 5
		tiles = make([]uint8, w*h)
		agents = []woodAgent{
			{id: 1, power: 50, rng: 6, x: 0, y: 2},
			{id: 2, power: 50, rng: 6, x: w - 1, y: 2},
		}
		for i, c := range [4][2]int{{4, 1}, {4, 3}, {w - 5, 1}, {w - 5, 3}} {
			agents = append(agents, woodAgent{id: 3 + i, owner: 1, power: 100, rng: sniper.Range, x: c[0], y: c[1]})
		}
		set := func(x, y int, t uint8) { tiles[y*w+x] = t }
		pair := func(x1, y1, x2, y2 int, yes, no uint8) {
			if rnd.NextBoolean() {
				set(x1, y1, yes)
				set(x2, y2, no)
			} else {
				set(x1, y1, no)
				set(x2, y2, yes)
			}
		}
		pair(1, 1, 1, 3, LowCover, HighCover)
		pair(w-2, 1, w-2, 3, LowCover, HighCover)
		foe := uint8(Floor)
		if rnd.NextBoolean() {
			foe = LowCover
		}
		pair(3, 1, 3, 3, foe, HighCover)
		pair(w-4, 1, w-4, 3, foe, HighCover)
		if rnd.NextBoolean() {
			set(w/2, 1, HighCover)
			set(w/2, 3, HighCover)
		}
		for _, row := range []int{2, 0, 4} {
			if rnd.NextBoolean() {
				pair(4, row, w-5, row, LowCover, HighCover)
			}
		}
	case 4:
		g.MaxTurns = 40
		g.Rules = Rules{NoControl: true, NoHunker: true}
		w, h = 15, 12
		if !rnd.NextBoolean() {
			w = 17
		}
		tiles = make([]uint8, w*h)
		agents = []woodAgent{
			{id: 1, power: 10, rng: 1, bombs: 3, wetness: 70, x: w / 2, y: h / 2},
			{id: 2, power: 10, rng: 1, bombs: 1, wetness: 70, x: w / 2, y: h/2 - 1},
		}
		if rnd.NextBoolean() {
			agents[0].id, agents[1].id = 2, 1
		}
		counts := []int{rnd.Intn(3) + 5, rnd.Intn(3) + 4, 7, rnd.Intn(4) + 7}
		rnd.Shuffle(4, func(i, j int) { counts[i], counts[j] = counts[j], counts[i] })
		trapped := 0
		for i := 1; i < 4; i++ {
			if !(counts[trapped] < counts[i]) {
				trapped = i
			}
		}
		nextID := 3
		var hit []int
		for i := 0; i < 4; i++ {
			count := counts[i]
			cx, cy := 2+(w-5)*(i/2), 2+(h-5)*(i%2)
			xs := []int{-2, -1, 0, 1, 2}
			ys := []int{-2, -1, 0, 1, 2}
			rnd.Shuffle(5, func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
			rnd.Shuffle(5, func(i, j int) { ys[i], ys[j] = ys[j], ys[i] })
			placed := false
			for _, dx := range xs {
				for _, dy := range ys {
					x, y := cx+dx, cy+dy
					switch {
					case abs(dx) == 2 || abs(dy) == 2:
						tiles[y*w+x] = HighCover
					case count <= 0:
					case i == trapped && !placed:
						agents[1].x, agents[1].y = x, y
						placed = true
					default:
						agents = append(agents, woodAgent{id: nextID, owner: 1, power: 200, rng: 64, wetness: 70, x: x, y: y})
						if i != trapped {
							hit = append(hit, len(agents)-1)
						}
						nextID++
						count--
					}
				}
			}
		}
		for _, sl := range hit {
			b.hitList[sl] = true
		}
	}
	g.Grid = NewGrid(w, h, tiles)
	var s State
	s.G = g
	g.N = len(agents)
	g.First = [3]int{0, 2, len(agents)}
	for i, a := range agents {
		g.Info[i] = AgentInfo{ID: a.id, Owner: a.owner, Class: sniper.Name, ShootCooldown: a.cooldown, SoakingPower: a.power, OptimalRange: a.rng}
		s.Agents[i] = Agent{X: int8(a.x), Y: int8(a.y), Bombs: int8(a.bombs), Wetness: int16(a.wetness), Flags: Present}
	}
	g.index()
	s.countTeamless()
	return g, s, b
}

// Act sets the boss agents' actions at the start of the update, from the
// player's parsed actions and the positions before the moves.
func (b *Boss) Act(s *State, acts *Actions) {
	g := s.G
	switch b.league {
	case 2:
		wettest := -1
		for i := g.First[1]; i < g.First[2]; i++ {
			if s.Agents[i].Live() && (wettest < 0 || s.Agents[i].Wetness > s.Agents[wettest].Wetness) {
				wettest = i
			}
		}
		all := true
		for i := 0; i < g.First[1]; i++ {
			if s.Agents[i].Flags&Present == 0 {
				continue
			}
			if acts[i].Combat != Shoot || wettest < 0 || int(acts[i].A) != g.Info[wettest].ID {
				all = false
			}
		}
		if all {
			return
		}
		var mine []int
		for i := 0; i < g.First[1]; i++ {
			if s.Agents[i].Flags&Present != 0 {
				mine = append(mine, i)
			}
		}
		k := 0
		for i := g.First[1]; i < g.First[2]; i++ {
			if s.Agents[i].Flags&Present != 0 && len(mine) > 0 {
				acts[i] = Action{Combat: Shoot, A: int32(g.Info[mine[k%len(mine)]].ID)}
				k++
			}
		}
	case 3:
		if b.league3Objective(s, acts, nil) {
			return
		}
		for i := g.First[1]; i < g.First[2]; i++ {
			target := int32(1)
			if g.Info[i].ID >= 5 {
				target = 2
			}
			acts[i] = Action{Combat: Shoot, A: target}
		}
	case 4:
		if b.league4Objective(s) {
			return
		}
		anyShoot := false
		for i := 0; i < g.First[1]; i++ {
			if s.Agents[i].Flags&Present != 0 && acts[i].Combat == Shoot {
				anyShoot = true
			}
		}
		first := -1
		for i := 0; i < g.First[1]; i++ {
			if s.Agents[i].Flags&Present != 0 {
				first = i
				break
			}
		}
		noBombs := first < 0 || s.Agents[first].Bombs == 0
		if !anyShoot && s.Live(0) == 2 && !noBombs {
			return
		}
		var exec []int
		for i := g.First[1]; i < g.First[2]; i++ {
			if s.Agents[i].Flags&Present != 0 {
				exec = append(exec, i)
			}
		}
		b.rnd.Shuffle(len(exec), func(i, j int) { exec[i], exec[j] = exec[j], exec[i] })
		for k := 0; k < 2 && k < len(exec); k++ {
			acts[exec[k]] = Action{Combat: Shoot, A: int32(k + 1)}
		}
	}
}

// league3Run is where each agent must step (behind high cover) and the
// cells of the bosses each must shoot.
func league3Run(g *Game) (run [2]int, gun [2]int) {
	w := g.W
	run[0], run[1] = g.Cell(0, 3), g.Cell(w-1, 3)
	if g.Tile(1, 1) == HighCover {
		run[0] = g.Cell(0, 1)
	}
	if g.Tile(w-2, 1) == HighCover {
		run[1] = g.Cell(w-1, 1)
	}
	gun[0], gun[1] = g.Cell(4, 1), g.Cell(w-5, 1)
	if g.Tile(3, 1) == HighCover {
		gun[0] = g.Cell(4, 3)
	}
	if g.Tile(w-4, 1) == HighCover {
		gun[1] = g.Cell(w-5, 3)
	}
	return
}

// league3Objective is the run-and-gun test: both agents' first steps (with
// the given restricted cells) or both positions on the run cells, and both
// shooting the right boss agents.
func (b *Boss) league3Objective(s *State, acts *Actions, restricted *CellSet) bool {
	g := s.G
	if restricted == nil {
		restricted = &CellSet{}
	}
	run, gun := league3Run(g)
	var step, at [2]int
	for k := 0; k < 2; k++ {
		a := &s.Agents[k]
		if !acts[k].HasMove {
			return false
		}
		at[k] = g.Cell(int(a.X), int(a.Y))
		step[k] = g.FirstStep(at[k], acts[k].MoveX, acts[k].MoveY, restricted)
	}
	if step != run && at != run {
		return false
	}
	for k := 0; k < 2; k++ {
		if acts[k].Combat != Shoot {
			return false
		}
		t := s.ByID(int(acts[k].A))
		if t < 0 || g.Cell(int(s.Agents[t].X), int(s.Agents[t].Y)) != gun[k] {
			return false
		}
	}
	return true
}

func (b *Boss) league4Objective(s *State) bool {
	for i := 0; i < s.G.N; i++ {
		if b.hitList[i] && s.Agents[i].Wetness < deathWetness {
			return false
		}
	}
	return true
}

func (b *Boss) league1Objective(s *State) bool {
	g := s.G
	p, q := &s.Agents[0], &s.Agents[1]
	c1, c2 := g.Cell(int(p.X), int(p.Y)), g.Cell(int(q.X), int(q.Y))
	a, c := g.Cell(6, 1), g.Cell(6, 3)
	return c1 == c && c2 == a || c1 == a && c2 == c
}
