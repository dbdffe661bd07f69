package waterfight

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

// below has the low bit of each byte set where a < b (all bytes < 128):
// summed over at most maxWords words, each byte still counts cells.
func below(a, b uint64) uint64 { return (highs &^ ((a | highs) - b)) >> 7 }

// cells is the number of cells counted in the bytes of a sum of below
// words (at most 8*maxWords < 256, so the total fits the top byte).
func cells(sum uint64) int { return int(sum * lanes >> 56) }

// teamRows is the team size the minima unroll for.
const teamRows = 5

// agentRows lists, per player, where its live agents' rows start in g.dist
// (wetness doubling included). The first teamRows entries of each player
// start as the row of far distances, so that a team of at most teamRows
// always reads exactly teamRows rows.
type agentRows struct {
	start [2][MaxAgents]int16 // below (2*MaxCells+1)*maxWords
	n     [2]int
}

func (r *agentRows) reset(g *Game) {
	far := int16(g.farRow())
	for j := 0; j < teamRows; j++ {
		r.start[0][j], r.start[1][j] = far, far
	}
	r.n = [2]int{}
}

// add lists the agent of slot i, standing on cell c.
func (r *agentRows) add(g *Game, i, c int, wet bool) {
	if wet {
		c += g.W * g.H
	}
	p := g.Info[i].Owner
	r.start[p][r.n[p]&(MaxAgents-1)] = int16(c * g.words)
	r.n[p]++
}

// listLive lists the live agents but slot skip.
func (s *State) listLive(r *agentRows, skip int) {
	g := s.G
	r.reset(g)
	for i := 0; i < g.N; i++ {
		a := &s.Agents[i]
		if a.Live() && i != skip {
			r.add(g, i, int(a.Y)*g.W+int(a.X), a.Wetness >= wetWetness)
		}
	}
}

// rows5 views the first five rows of player p as words of length w.
func (g *Grid) rows5(r *agentRows, p, w int) (r0, r1, r2, r3, r4 []uint64) {
	d, rows := g.dist, &r.start[p]
	r0, r1, r2, r3, r4 = d[rows[0]:], d[rows[1]:], d[rows[2]:], d[rows[3]:], d[rows[4]:]
	return r0[:w], r1[:w], r2[:w], r3[:w], r4[:w]
}

// teamMin stores in m[k] the byte-wise minimum of word k of player p's rows.
func (g *Grid) teamMin(r *agentRows, p int, m *[maxWords]uint64) {
	out := m[:g.words]
	if r.n[p] <= teamRows {
		r0, r1, r2, r3, r4 := g.rows5(r, p, len(out))
		for k := range out {
			out[k] = minBytes(minBytes(minBytes(r0[k], r1[k]), minBytes(r2[k], r3[k])), r4[k])
		}
		return
	}
	copy(out, g.dist[g.farRow():])
	for j := 0; j < r.n[p]; j++ {
		row := g.dist[r.start[p][j]:]
		row = row[:len(out)]
		for k := range out {
			out[k] = minBytes(out[k], row[k])
		}
	}
}

// territory counts the cells each player controls: a cell belongs to the
// player owning every agent at the minimum control distance (Manhattan
// distance, doubled at wetness >= 50; dying agents ignored). It works on the
// grid as bytes, eight cells per word, from each agent's precomputed
// distance words.
func (s *State) territory() (int32, int32) {
	var r agentRows
	s.listLive(&r, -1)
	return s.G.control(&r)
}

// control is territory for the listed agents.
func (g *Grid) control(r *agentRows) (int32, int32) {
	var m1 [maxWords]uint64
	g.teamMin(r, 1, &m1)
	b := m1[:g.words]
	var c0, c1 uint64
	if r.n[0] <= teamRows {
		// Player 0's rows compared with player 1's minimum one by one, the
		// hot loop of the turn update: a byte of notOwn keeps its high bit
		// while every row is at or above the minimum (player 0 does not own
		// the cell), a byte of reach gets it once a row is at or below it
		// (player 1 does not own the cell).
		a0, a1, a2, a3, a4 := g.rows5(r, 0, len(b))
		for k, m := range b {
			mh := m | highs
			x := a0[k]
			notOwn, reach := (x|highs)-m, mh-x
			x = a1[k]
			notOwn, reach = notOwn&((x|highs)-m), reach|(mh-x)
			x = a2[k]
			notOwn, reach = notOwn&((x|highs)-m), reach|(mh-x)
			x = a3[k]
			notOwn, reach = notOwn&((x|highs)-m), reach|(mh-x)
			x = a4[k]
			notOwn, reach = notOwn&((x|highs)-m), reach|(mh-x)
			c0 += (highs &^ notOwn) >> 7
			c1 += (highs &^ reach) >> 7
		}
		return int32(cells(c0)), int32(cells(c1))
	}
	var m0 [maxWords]uint64
	g.teamMin(r, 0, &m0)
	a := m0[:len(b)]
	for k := range b {
		c0 += below(a[k], b[k])
		c1 += below(b[k], a[k])
	}
	return int32(cells(c0)), int32(cells(c1))
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

// territoryProbe answers "what would player p's territory balance be with
// its agent i on cell c" quickly, for p's live agents in slot order, each
// placed before the next is asked about: the enemies' minima are computed
// once, the allies' come from the minima of the agents already placed and
// of the agents still to come, both kept as they go.
type territoryProbe struct {
	owner  int
	wet    bool
	next   int // how many of the player's live agents were placed
	theirs [maxWords]uint64
	placed [maxWords]uint64
	// rest(j): the minima of the player's live agents j, j+1, ... at their
	// cells when the probe started; on the heap for larger teams only.
	small [teamRows + 1][maxWords]uint64
	big   [][maxWords]uint64
	// High bits of the cells where, without the agent, the allies are
	// nearer than the enemies (won) and the enemies nearer than the allies
	// (lost).
	won, lost [maxWords]uint64
}

func (t *territoryProbe) init(s *State, p int) {
	g := s.G
	t.owner, t.next = p, 0
	var r agentRows
	s.listLive(&r, -1)
	g.teamMin(&r, 1-p, &t.theirs)
	w := g.words
	far := g.dist[g.farRow():]
	far = far[:w]
	copy(t.placed[:w], far)
	n := r.n[p]
	t.big = nil
	if n > teamRows {
		t.big = make([][maxWords]uint64, n+1)
	}
	copy(t.rest(n)[:w], far)
	for j := n - 1; j >= 0; j-- {
		row := g.dist[r.start[p][j]:]
		row = row[:w]
		out, after := t.rest(j)[:w], t.rest(j + 1)[:w]
		for k := range out {
			out[k] = minBytes(row[k], after[k])
		}
	}
}

func (t *territoryProbe) rest(j int) *[maxWords]uint64 {
	if t.big != nil {
		return &t.big[j]
	}
	return &t.small[j]
}

// focus readies the probe for agent i, the next live agent of its player.
func (t *territoryProbe) focus(s *State, i int) {
	t.wet = s.Agents[i].Wetness >= wetWetness
	w := s.G.words
	placed, rest := t.placed[:w], t.rest(t.next + 1)[:w]
	theirs, won, lost := t.theirs[:w], t.won[:w], t.lost[:w]
	for k, a := range placed {
		a = minBytes(a, rest[k])
		won[k] = highs &^ ((a | highs) - theirs[k])
		lost[k] = highs &^ ((theirs[k] | highs) - a)
	}
}

// place puts the focused agent on (x, y) for good.
func (t *territoryProbe) place(g *Grid, x, y int) {
	d := g.dist[t.row(g, x, y):]
	placed := t.placed[:g.words]
	d = d[:len(placed)]
	for k, a := range d {
		placed[k] = minBytes(placed[k], a)
	}
	t.next++
}

// row is where the focused agent's distance row from (x, y) starts.
func (t *territoryProbe) row(g *Grid, x, y int) int {
	row := y*g.W + x
	if t.wet {
		row += g.W * g.H
	}
	return row * g.words
}

// balance is the owner's cells minus the opponent's with the focused agent
// at (x, y): a cell is won where the allies or the agent are nearer than
// the enemies, lost where the enemies are nearer than both.
func (t *territoryProbe) balance(g *Grid, x, y int) int {
	d := g.dist[t.row(g, x, y):]
	d = d[:g.words]
	theirs, won, lost := t.theirs[:len(d)], t.won[:len(d)], t.lost[:len(d)]
	var nWon, nLost uint64
	for k, a := range d {
		e := theirs[k]
		nWon += (won[k] | highs&^((a|highs)-e)) >> 7
		nLost += (lost[k] &^ ((e | highs) - a)) >> 7
	}
	return cells(nWon) - cells(nLost)
}
