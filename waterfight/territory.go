package waterfight

import "math/bits"

const (
	lanes = 0x0101010101010101
	highs = 0x8080808080808080
	// far is above any control distance (at most 2*(19+11) = 60).
	far = 0x7f * lanes
)

// minBytes is the byte-wise minimum of two words whose bytes are all < 128.
func minBytes(a, b uint64) uint64 {
	d := (a | highs) - b // per byte 0x80 + a - b: no borrow between bytes
	ge := d & highs      // high bit set where a >= b
	m := ge - ge>>7      // 0x7f where a >= b
	return a - d&m       // there a - (a - b) = b
}

// distanceRows lists where the live agents' rows start in g.dist (wetness
// doubling included), player 0's first, skipping slot skip; it returns how
// many belong to player 0 and in all.
func (s *State) distanceRows(src *[MaxAgents]int, skip int) (n0, n int) {
	g := s.G
	for i := 0; i < g.N; i++ {
		a := &s.Agents[i]
		if !a.Live() || i == skip {
			continue
		}
		row := int(a.Y)*g.W + int(a.X)
		if a.Wetness >= wetWetness {
			row += g.W * g.H
		}
		src[n] = row * g.words
		n++
		if g.Info[i].Owner == 0 {
			n0 = n
		}
	}
	return n0, n
}

// territory counts the cells each player controls: a cell belongs to the
// player owning every agent at the minimum control distance (Manhattan
// distance, doubled at wetness >= 50; dying agents ignored). It works on the
// grid as bytes, eight cells per word, from each agent's precomputed
// distance words.
func (s *State) territory() (int32, int32) {
	g := s.G
	var src [MaxAgents]int
	n0, n := s.distanceRows(&src, -1)
	if n0 > teamRows || n-n0 > teamRows {
		return s.territoryLoop(&src, n0, n)
	}
	a, b := s.G.padRows(&src, n0, n)
	dist := g.dist
	var c0, c1 int
	for k := 0; k < g.words; k++ {
		valid := uint64(highs)
		if k == g.words-1 {
			valid = g.last
		}
		// minOf5 written out: too big for the inliner, and this loop is the hot one
		m0 := minBytes(minBytes(minBytes(dist[a[0]+k], dist[a[1]+k]), minBytes(dist[a[2]+k], dist[a[3]+k])), dist[a[4]+k])
		m1 := minBytes(minBytes(minBytes(dist[b[0]+k], dist[b[1]+k]), minBytes(dist[b[2]+k], dist[b[3]+k])), dist[b[4]+k])
		w0, w1 := owned(m0, m1, valid)
		c0, c1 = c0+w0, c1+w1
	}
	return int32(c0), int32(c1)
}

// padRows splits the distance rows of teams of at most five into two
// groups of exactly five, missing agents reading a row of far distances.
func (g *Grid) padRows(src *[MaxAgents]int, n0, n int) (a, b [teamRows]int) {
	far := g.farRow()
	for j := 0; j < teamRows; j++ {
		a[j], b[j] = far, far
	}
	copy(a[:], src[:n0])
	copy(b[:], src[n0:n])
	return a, b
}

// minOf5 is the byte-wise minimum of word k of five distance rows, as a
// short tree.
func minOf5(dist []uint64, r *[teamRows]int, k int) uint64 {
	return minBytes(minBytes(minBytes(dist[r[0]+k], dist[r[1]+k]), minBytes(dist[r[2]+k], dist[r[3]+k])), dist[r[4]+k])
}

// teamRows is the team size the territory count unrolls for.
const teamRows = 5

// territoryLoop is territory for teams of any size (wood league 4).
func (s *State) territoryLoop(src *[MaxAgents]int, n0, n int) (int32, int32) {
	g := s.G
	dist := g.dist
	var c0, c1 int
	for k := 0; k < g.words; k++ {
		b0, b1 := uint64(far), uint64(far)
		for j := 0; j < n0; j++ {
			b0 = minBytes(b0, dist[src[j]+k])
		}
		for j := n0; j < n; j++ {
			b1 = minBytes(b1, dist[src[j]+k])
		}
		valid := uint64(highs)
		if k == g.words-1 {
			valid = g.last
		}
		w0, w1 := owned(b0, b1, valid)
		c0, c1 = c0+w0, c1+w1
	}
	return int32(c0), int32(c1)
}

func popcount(x uint64) int { return bits.OnesCount64(x) }

// owned counts the cells (high bits of valid) where m0 is below m1 and
// where m1 is below m0, byte by byte.
func owned(m0, m1, valid uint64) (int, int) {
	return popcount(^(((m0 | highs) - m1) & highs) & valid), popcount(^(((m1 | highs) - m0) & highs) & valid)
}

// ControlGrid returns the owner of each cell after the last update: 0, 1 or
// -1 (neutral), in the plain form of the rules. The wood leagues control
// nothing.
func (s *State) ControlGrid() []int8 {
	g := s.G
	out := make([]int8, g.W*g.H)
	for c := range out {
		out[c] = -1
		if g.Rules.NoControl || s.EmptyTurn {
			continue
		}
		x, y := c%g.W, c/g.W
		bestDist, owner := -1, -1
		for i := 0; i < g.N; i++ {
			a := &s.Agents[i]
			if !a.Live() {
				continue
			}
			d := abs(int(a.X)-x) + abs(int(a.Y)-y)
			if a.Wetness >= wetWetness {
				d *= 2
			}
			switch {
			case bestDist < 0 || d < bestDist:
				bestDist, owner = d, g.Info[i].Owner
			case d == bestDist && owner != g.Info[i].Owner:
				owner = -1
			}
		}
		out[c] = int8(owner)
	}
	return out
}

// maxWords is the most distance words of a grid.
const maxWords = MaxCells / 8

// territoryProbe answers "what would the territory be with agent i on cell
// c" quickly: the other agents' minima are computed once.
type territoryProbe struct {
	s     *State
	owner int
	wet   bool
	best  [2][maxWords]uint64
}

func (t *territoryProbe) init(s *State, i int) {
	t.s, t.owner, t.wet = s, s.G.Info[i].Owner, s.Agents[i].Wetness >= wetWetness
	g := s.G
	var src [MaxAgents]int
	n0, n := s.distanceRows(&src, i)
	if n0 <= teamRows && n-n0 <= teamRows {
		a, b := g.padRows(&src, n0, n)
		for k := 0; k < g.words; k++ {
			t.best[0][k], t.best[1][k] = minOf5(g.dist, &a, k), minOf5(g.dist, &b, k)
		}
		return
	}
	for k := 0; k < g.words; k++ {
		b0, b1 := uint64(far), uint64(far)
		for j := 0; j < n0; j++ {
			b0 = minBytes(b0, g.dist[src[j]+k])
		}
		for j := n0; j < n; j++ {
			b1 = minBytes(b1, g.dist[src[j]+k])
		}
		t.best[0][k], t.best[1][k] = b0, b1
	}
}

// balance is the owner's cells minus the opponent's with the agent at (x, y).
func (t *territoryProbe) balance(x, y int) int {
	g := t.s.G
	row := y*g.W + x
	if t.wet {
		row += g.W * g.H
	}
	row *= g.words
	mine, theirs := &t.best[t.owner], &t.best[1-t.owner]
	bal := 0
	for k := 0; k < g.words; k++ {
		a := minBytes(mine[k], g.dist[row+k])
		b := theirs[k]
		valid := uint64(highs)
		if k == g.words-1 {
			valid = g.last
		}
		mineCells, theirCells := owned(a, b, valid)
		bal += mineCells - theirCells
	}
	return bal
}
