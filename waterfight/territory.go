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
	ge := ((a | highs) - b) & highs // high bit set where a >= b
	m := (ge >> 7) * 0xff
	return b&m | a&^m
}

// territory counts the cells each player controls: a cell belongs to the
// player owning every agent at the minimum control distance (Manhattan
// distance, doubled at wetness >= 50; dying agents ignored). It works on
// rows of one byte per cell, eight cells per word.
func (s *State) territory() (int32, int32) {
	g := s.G
	var best [2][MaxH * rowWords]uint64
	nw := g.words
	cells := g.H * nw
	for p := 0; p < 2; p++ {
		row := &best[p]
		for k := 0; k < cells; k++ {
			row[k] = far
		}
		for i := g.First[p]; i < g.First[p+1]; i++ {
			a := &s.Agents[i]
			if !a.Live() {
				continue
			}
			m := 1
			if a.Wetness >= wetWetness {
				m = 2
			}
			pat := &g.xPat[m-1][a.X]
			ay := int(a.Y)
			for y := 0; y < g.H; y++ {
				dy := uint64(abs(y-ay)*m) * lanes
				base := y * nw
				for k := 0; k < nw; k++ {
					row[base+k] = minBytes(row[base+k], pat[k]+dy)
				}
			}
		}
	}
	var c0, c1 int32
	for y := 0; y < g.H; y++ {
		for k := 0; k < nw; k++ {
			a, b := best[0][y*nw+k], best[1][y*nw+k]
			aGE := ((a | highs) - b) & highs
			bGE := ((b | highs) - a) & highs
			c0 += int32(popcount(^aGE & g.valid[k]))
			c1 += int32(popcount(^bGE & g.valid[k]))
		}
	}
	return c0, c1
}

func popcount(x uint64) int { return bits.OnesCount64(x) }

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
