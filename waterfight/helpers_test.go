package waterfight

// testGame builds a full-game (league 5) game from tile rows ('0', '1', '2')
// and agents given as player 0's then player 1's positions; agent k gets id
// k+1 and class k mod 5.
func testGame(rows []string, agents [2][][2]int) (*Game, State) {
	h, w := len(rows), len(rows[0])
	tiles := make([]uint8, 0, w*h)
	for _, r := range rows {
		for _, c := range r {
			tiles = append(tiles, uint8(c-'0'))
		}
	}
	g := &Game{League: 5, MaxTurns: 100, Grid: NewGrid(w, h, tiles)}
	s := State{G: g}
	n := 0
	for p := 0; p < 2; p++ {
		g.First[p] = n
		for k, xy := range agents[p] {
			c := Classes[k%5]
			g.Info[n] = AgentInfo{ID: n + 1, Owner: p, Class: c.Name, ShootCooldown: c.ShootCooldown, SoakingPower: c.SoakingPower, OptimalRange: c.Range}
			s.Agents[n] = Agent{X: int8(xy[0]), Y: int8(xy[1]), Bombs: int8(c.Bombs), Flags: Present}
			n++
		}
	}
	g.First[2] = n
	g.N = n
	g.index()
	return g, s
}

func emptyRows(w, h int) []string {
	rows := make([]string, h)
	for y := range rows {
		b := make([]byte, w)
		for x := range b {
			b[x] = '0'
		}
		rows[y] = string(b)
	}
	return rows
}

type summaryLog []string

func (l *summaryLog) Summary(line string) { *l = append(*l, line) }
