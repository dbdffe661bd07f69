package waterfight

import (
	"strconv"
	"strings"
)

func itoa(v int) string { return strconv.Itoa(v) }

// InitInput is the block player p reads once, before its first turn input:
// its id, every agent's fixed data, the grid (one line per row).
func (s *State) InitInput(p int) []string {
	g := s.G
	lines := []string{itoa(p)}
	n := 0
	for i := 0; i < g.N; i++ {
		if s.Agents[i].Flags&Present != 0 {
			n++
		}
	}
	lines = append(lines, itoa(n))
	for i := 0; i < g.N; i++ {
		a := &s.Agents[i]
		if a.Flags&Present == 0 {
			continue
		}
		in := &g.Info[i]
		lines = append(lines, itoa(in.ID)+" "+itoa(in.Owner)+" "+itoa(in.ShootCooldown)+" "+itoa(in.OptimalRange)+" "+itoa(in.SoakingPower)+" "+itoa(int(a.Bombs)))
	}
	lines = append(lines, itoa(g.W)+" "+itoa(g.H))
	var b strings.Builder
	for y := 0; y < g.H; y++ {
		b.Reset()
		for x := 0; x < g.W; x++ {
			if x > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(itoa(x) + " " + itoa(y) + " " + itoa(g.Tile(x, y)))
		}
		lines = append(lines, b.String())
	}
	return lines
}

// TurnInput is what player p reads every turn: every listed agent, then the
// number of its own.
func (s *State) TurnInput(p int) []string {
	g := s.G
	lines := []string{""}
	mine := 0
	for i := 0; i < g.N; i++ {
		a := &s.Agents[i]
		if a.Flags&Present == 0 {
			continue
		}
		if g.Info[i].Owner == p {
			mine++
		}
		lines = append(lines, itoa(g.Info[i].ID)+" "+itoa(int(a.X))+" "+itoa(int(a.Y))+" "+itoa(int(a.Cooldown))+" "+itoa(int(a.Bombs))+" "+itoa(int(a.Wetness)))
	}
	lines[0] = itoa(len(lines) - 1)
	return append(lines, itoa(mine))
}
