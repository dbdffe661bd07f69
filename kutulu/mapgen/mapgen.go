// Package mapgen makes Code of Kutulu maps in the style of the official ones:
// walled border, four-fold mirror symmetry, four starts, four wanderer spawns
// and zero or four shelters, everything connected. The referee uses it when
// no map folder is given, so a fresh clone plays without outside files.
package mapgen

import (
	"fmt"

	"cgbots/internal/rng"
	"cgbots/kutulu"
)

// Generate returns the map of a seed (deterministic).
func Generate(seed uint64) *kutulu.Maze {
	r := rng.New(seed)
	for {
		if m := try(r, seed); m != nil {
			return m
		}
	}
}

func try(r *rng.Rand, seed uint64) *kutulu.Maze {
	w := 13 + 2*r.Intn(5) // 13..21, odd like most official maps
	h := 13 + 2*r.Intn(4) // 13..19
	g := make([][]byte, h)
	for y := range g {
		g[y] = make([]byte, w)
		for x := range g[y] {
			g[y][x] = '.'
			if x == 0 || y == 0 || x == w-1 || y == h-1 {
				g[y][x] = '#'
			}
		}
	}
	mirror := func(x, y int, c byte) {
		g[y][x], g[y][w-1-x], g[h-1-y][x], g[h-1-y][w-1-x] = c, c, c, c
	}
	density := 0.25 + 0.15*r.Float64()
	for y := 1; y <= h/2; y++ {
		for x := 1; x <= w/2; x++ {
			// Walls on even-even cells give the pillar look of the official
			// mazes; others are rarer so corridors stay open.
			p := density / 2
			if x%2 == 0 && y%2 == 0 {
				p = density * 2
			}
			if r.Float64() < p {
				mirror(x, y, '#')
			}
		}
	}
	if !keepLargestComponent(g) {
		return nil
	}
	// Starts, spawns and shelters in the top-left quadrant, strictly off the
	// middle lines so that the four mirror images are distinct cells.
	var free [][2]int
	for y := 1; y < h/2; y++ {
		for x := 1; x < w/2; x++ {
			if g[y][x] == '.' {
				free = append(free, [2]int{x, y})
			}
		}
	}
	shelters := 0
	if r.Intn(3) > 0 {
		shelters = 1
	}
	if len(free) < 3+shelters {
		return nil
	}
	r.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	marks := []byte{'S', 'w', 'U'}[:2+shelters]
	for i, c := range marks {
		mirror(free[i][0], free[i][1], c)
	}
	rows := make([]string, h)
	for y := range g {
		rows[y] = string(g[y])
	}
	m, err := kutulu.ParseMaze(fmt.Sprintf("Generated %d", seed), rows)
	if err != nil {
		return nil
	}
	// A wanderer spawn right next to a start makes a dull game.
	if m.Dist(int(m.Starts[0]), int(m.Spawns[0])) < 4 {
		return nil
	}
	return m
}

// keepLargestComponent walls off every open cell outside the largest
// connected area; it fails when that area is too small to play on.
func keepLargestComponent(g [][]byte) bool {
	h, w := len(g), len(g[0])
	comp := make([]int, w*h)
	for i := range comp {
		comp[i] = -1
	}
	sizes := []int{}
	for start := 0; start < w*h; start++ {
		if g[start/w][start%w] == '#' || comp[start] >= 0 {
			continue
		}
		id := len(sizes)
		size := 0
		stack := []int{start}
		comp[start] = id
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			x, y := c%w, c/w
			for _, n := range [4][2]int{{x, y - 1}, {x + 1, y}, {x, y + 1}, {x - 1, y}} {
				nc := n[1]*w + n[0]
				if g[n[1]][n[0]] != '#' && comp[nc] < 0 {
					comp[nc] = id
					stack = append(stack, nc)
				}
			}
		}
		sizes = append(sizes, size)
	}
	best := -1
	for i, s := range sizes {
		if best < 0 || s > sizes[best] {
			best = i
		}
	}
	if best < 0 || sizes[best] < w*h/3 {
		return false
	}
	for c, id := range comp {
		if id >= 0 && id != best {
			g[c/w][c%w] = '#'
		}
	}
	return true
}
