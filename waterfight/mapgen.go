package waterfight

// Rand is the referee's random generator as the game uses it: Java's
// java.util.Random methods. The official one is cgbots/internal/sha1prng;
// the full game draws only while making the map, so bots never need one.
type Rand interface {
	Intn(bound int) int             // nextInt(bound)
	IntRange(origin, bound int) int // nextInt(origin, bound)
	NextBoolean() bool
	Shuffle(n int, swap func(i, j int)) // Collections.shuffle
}

// Opposite is the cell mirroring (x, y) for player 1.
func (g *Game) Opposite(x, y int) (int, int) {
	if g.PointSym {
		return g.W - 1 - x, g.H - 1 - y
	}
	return g.W - 1 - x, y
}

// newFullGame draws the map and teams of the full game (league 5), in the
// referee's call order.
func newFullGame(rnd Rand) (*Game, State) {
	h := rnd.IntRange(6, 11)
	w := 2 * h
	g := &Game{League: 5, MaxTurns: 100}
	g.PointSym = rnd.NextBoolean() || rnd.NextBoolean()
	tiles := make([]uint8, w*h)
	g.Grid = &Grid{W: w, H: h}
	for y := 1; y < h-1; y++ {
		for x := 1; x < w/2-1; x++ {
			t := uint8(Floor)
			switch rnd.Intn(10) {
			case 0:
				t = HighCover
			case 1:
				t = LowCover
			}
			ox, oy := g.Opposite(x, y)
			tiles[y*w+x], tiles[oy*w+ox] = t, t
		}
	}
	left := make([]int, h)
	for y := range left {
		left[y] = y
	}
	n := rnd.IntRange(3, 6)
	rnd.Shuffle(h, func(i, j int) { left[i], left[j] = left[j], left[i] })
	if n == 5 && rnd.NextBoolean() {
		n--
	}
	if n == 4 && rnd.NextBoolean() {
		n--
	}
	for i := 0; i < n; i++ {
		ox, oy := g.Opposite(0, left[i])
		tiles[left[i]*w], tiles[oy*w+ox] = Floor, Floor
	}
	fixIslands(g, tiles, rnd)
	g.Grid = NewGrid(w, h, tiles)

	var s State
	s.G = g
	g.N = 2 * n
	g.First = [3]int{0, n, 2 * n}
	for p := 0; p < 2; p++ {
		for i := 0; i < n; i++ {
			c := Classes[i]
			slot := p*n + i
			g.Info[slot] = AgentInfo{ID: slot + 1, Owner: p, Class: c.Name, ShootCooldown: c.ShootCooldown, SoakingPower: c.SoakingPower, OptimalRange: c.Range}
			x, y := 0, left[i]
			if p == 1 {
				x, y = g.Opposite(x, y)
			}
			s.Agents[slot] = Agent{X: int8(x), Y: int8(y), Bombs: int8(c.Bombs), Flags: Present}
		}
	}
	g.index()
	return g, s
}

func isCover(t uint8) bool { return t == LowCover || t == HighCover }

// fixIslands opens cover cells (with their twins) until the floor is one
// 4-connected area, like the referee: first walls bridging two islands, in
// the order of a shuffled wall list.
func fixIslands(g *Game, tiles []uint8, rnd Rand) {
	w, h := g.W, g.H
	var walls []int
	for c, t := range tiles {
		if isCover(t) {
			walls = append(walls, c)
		}
	}
	rnd.Shuffle(len(walls), func(i, j int) { walls[i], walls[j] = walls[j], walls[i] })
	label := make([]int, w*h)
	count := detectIslands(w, h, tiles, label)
	neighbours := func(c int, f func(n int)) {
		x, y := c%w, c/w
		if y > 0 {
			f(c - w)
		}
		if x < w-1 {
			f(c + 1)
		}
		if y < h-1 {
			f(c + w)
		}
		if x > 0 {
			f(c - 1)
		}
	}
	open := func(c int) {
		ox, oy := g.Opposite(c%w, c/w)
		o := oy*w + ox
		tiles[c], tiles[o] = Floor, Floor
		kept := walls[:0]
		for _, v := range walls {
			if v != c && v != o {
				kept = append(kept, v)
			}
		}
		walls = kept
	}
	for count > 1 {
		bridged := false
		for _, c := range walls {
			var touched []int
			neighbours(c, func(n int) {
				l := label[n]
				if l < 0 {
					return
				}
				for _, t := range touched {
					if t == l {
						return
					}
				}
				touched = append(touched, l)
			})
			if len(touched) < 2 {
				continue
			}
			open(c)
			for i := range label {
				for _, t := range touched[1:] {
					if label[i] == t {
						label[i] = touched[0]
					}
				}
			}
			count -= len(touched) - 1
			bridged = true
			break
		}
		if bridged {
			continue
		}
		opened := false
		for _, c := range walls {
			free := false
			neighbours(c, func(n int) {
				if !isCover(tiles[n]) {
					free = true
				}
			})
			if free {
				open(c)
				opened = true
				break
			}
		}
		if !opened {
			return // the referee would loop forever; no seed is known to get here
		}
		count = detectIslands(w, h, tiles, label)
	}
}

// detectIslands labels the 4-connected floor areas and counts them; cover
// cells get -1.
func detectIslands(w, h int, tiles []uint8, label []int) int {
	t := tablesFor(w, h)
	for i := range label {
		label[i] = -1
	}
	count := 0
	var queue [MaxCells]int16
	for c := range tiles {
		if isCover(tiles[c]) || label[c] >= 0 {
			continue
		}
		label[c] = count
		queue[0] = int16(c)
		for head, tail := 0, 1; head < tail; head++ {
			e := queue[head]
			for _, n := range t.nbr[e][:t.nnbr[e]] {
				if !isCover(tiles[n]) && label[n] < 0 {
					label[n] = count
					queue[tail] = n
					tail++
				}
			}
		}
		count++
	}
	return count
}
