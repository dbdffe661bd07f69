package waterfight

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGeneratedMapsAreSymmetricConnectedAndFair(t *testing.T) {
	for seed := int64(1); seed <= 400; seed++ {
		g, s := newFullGame(newTestRand(seed))
		assert.Equal(t, 2*g.H, g.W)
		assert.True(t, g.H >= 6 && g.H <= 10)
		n := g.N / 2
		assert.True(t, n >= 3 && n <= 5)
		tiles := make([]uint8, g.W*g.H)
		copy(tiles, g.Tiles[:g.W*g.H])
		label := make([]int, len(tiles))
		assert.Equal(t, 1, detectIslands(g.W, g.H, tiles, label), "seed %d: floor must be connected", seed)
		for y := 0; y < g.H; y++ {
			for x := 0; x < g.W; x++ {
				ox, oy := g.Opposite(x, y)
				assert.Equal(t, g.Tile(x, y), g.Tile(ox, oy), "seed %d (%d,%d)", seed, x, y)
			}
		}
		for i := 0; i < n; i++ {
			a, b := s.Agents[i], s.Agents[n+i]
			ox, oy := g.Opposite(int(a.X), int(a.Y))
			assert.Equal(t, [2]int{ox, oy}, [2]int{int(b.X), int(b.Y)})
			assert.Equal(t, g.Info[i].Class, g.Info[n+i].Class)
			assert.Equal(t, 0, int(a.X))
		}
	}
}

func TestFixIslands(t *testing.T) {
	tests := []struct {
		name      string
		pointSym  bool
		rows      string // 6x3
		wantWalls int
	}{
		// Walls two deep: no single wall touches two areas, so the first
		// wall next to floor opens with its twin, then the areas are recounted.
		{"no bridge: a wall pair next to floor", false, "001100" + "001100" + "001100", 4},
		// Three areas split by two columns of high cover: two bridges, each
		// opened with its twin; the first twin is not counted as joining.
		{"bridges", true, "020020" + "020020" + "020020", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := &Game{Grid: &Grid{W: 6, H: 3}, PointSym: tc.pointSym}
			tiles := make([]uint8, 18)
			for i, c := range tc.rows {
				tiles[i] = uint8(c - '0')
			}
			fixIslands(g, tiles, newTestRand(1))
			label := make([]int, len(tiles))
			assert.Equal(t, 1, detectIslands(6, 3, tiles, label))
			walls := 0
			for _, t := range tiles {
				if t != Floor {
					walls++
				}
			}
			assert.Equal(t, tc.wantWalls, walls)
		})
	}
}
