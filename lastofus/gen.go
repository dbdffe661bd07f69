package lastofus

import (
	"fmt"

	"cgbots/internal/rng"
)

// Styles of generated areas.
var Styles = []string{"open", "maze", "corridors", "rooms"}

// GenOptions describes an area to generate.
type GenOptions struct {
	Rows, Cols, Clickers, Bricks int
	Seed                         uint64
	Style                        string
}

// layout is a generated floor plan before the clickers come: the grid of
// '#' and '.', Ellie's start, the exit, and guard posts (cells in front of
// lure pockets, where a clicker blocks the way until lured off).
type layout struct {
	rows, cols  int
	grid        []byte
	ellie, exit int
	posts       []int
}

// Generate makes an area in the input format together with a certificate: an
// answer valid under every reading, found by the generator's own planner
// (witness), which shares nothing with the solver's search. Clickers the
// planner cannot get past are moved elsewhere, and the whole area is drawn
// again (from a derived seed) when certification still fails.
func Generate(o GenOptions) (*Area, []Action, error) {
	if o.Rows < MinSide || o.Rows > MaxSide || o.Cols < MinSide || o.Cols > MaxSide {
		return nil, nil, fmt.Errorf("size %dx%d outside %d..%d", o.Rows, o.Cols, MinSide, MaxSide)
	}
	if o.Bricks < 0 || o.Bricks > MaxBricks {
		return nil, nil, fmt.Errorf("%d bricks outside 0..%d", o.Bricks, MaxBricks)
	}
	if o.Clickers < 0 || o.Clickers > o.Rows*o.Cols/10 {
		return nil, nil, fmt.Errorf("%d clickers outside 0..%d (a tenth of the cells)", o.Clickers, o.Rows*o.Cols/10)
	}
	var draw func(r *rng.Rand, rows, cols int) *layout
	switch o.Style {
	case "open", "":
		draw = drawOpen
	case "maze":
		draw = drawMaze
	case "corridors":
		draw = drawCorridors
	case "rooms":
		draw = drawRooms
	default:
		return nil, nil, fmt.Errorf("unknown style %q (one of %v)", o.Style, Styles)
	}
	name := fmt.Sprintf("gen-%s-%dx%d-c%d-b%d-s%d", styleName(o.Style), o.Rows, o.Cols, o.Clickers, o.Bricks, o.Seed)
	for attempt := uint64(0); attempt < 8; attempt++ {
		r := rng.New(o.Seed*1000003 + attempt)
		l := draw(r, o.Rows, o.Cols)
		l.keepReachable()
		a, witness := l.populate(r, name, o)
		if a != nil {
			return a, witness, nil
		}
	}
	return nil, nil, fmt.Errorf("could not certify an area for %+v", o)
}

func styleName(s string) string {
	if s == "" {
		return "open"
	}
	return s
}

func newLayout(rows, cols int, fill byte) *layout {
	l := &layout{rows: rows, cols: cols, grid: make([]byte, rows*cols)}
	for i := range l.grid {
		l.grid[i] = fill
	}
	return l
}

func (l *layout) set(r, c int, ch byte) {
	if r > 0 && c > 0 && r < l.rows-1 && c < l.cols-1 {
		l.grid[r*l.cols+c] = ch
	}
}

func (l *layout) open(r, c int) bool {
	return r >= 0 && c >= 0 && r < l.rows && c < l.cols && l.grid[r*l.cols+c] == '.'
}

// keepReachable walls off floor the exit cannot reach (the statement
// guarantees every walkable cell is reachable from the exit).
func (l *layout) keepReachable() {
	seen := make([]bool, len(l.grid))
	seen[l.exit] = true
	queue := []int{l.exit}
	for h := 0; h < len(queue); h++ {
		r, c := queue[h]/l.cols, queue[h]%l.cols
		for d := 0; d < 8; d++ {
			nr, nc := r+dirRow[d], c+dirCol[d]
			if l.open(nr, nc) && !seen[nr*l.cols+nc] {
				seen[nr*l.cols+nc] = true
				queue = append(queue, nr*l.cols+nc)
			}
		}
	}
	for i := range l.grid {
		if !seen[i] {
			l.grid[i] = '#'
		}
	}
}

// populate places the clickers and certifies the area. A few challengers
// stand within earshot of the shortest walk to the exit (guard posts first,
// then random cells near it); the other clickers are decoys placed out of
// earshot of that walk. A challenger the witness planner gets stuck on
// becomes a decoy, up to 64 times.
func (l *layout) populate(r *rng.Rand, name string, o GenOptions) (*Area, []Action) {
	if !l.open(l.ellie/l.cols, l.ellie%l.cols) || l.ellie == l.exit {
		return nil, nil
	}
	grid := append([]byte(nil), l.grid...)
	grid[l.ellie], grid[l.exit] = 'E', 'X'
	nearRoute := l.nearRoute()
	free := func(cell int) bool {
		return grid[cell] == '.' && chebyshev(cell, l.ellie, l.cols) >= 3
	}
	placeDecoy := func() bool {
		for tries := 0; tries < 2000; tries++ {
			if cell := r.Intn(len(grid)); free(cell) && !nearRoute[cell] {
				grid[cell] = 'C'
				return true
			}
		}
		return false
	}
	// Two bricks per challenger leave room for lures that take two throws.
	challengers := o.Clickers/3 + 1
	if challengers > o.Bricks/2+1 {
		challengers = o.Bricks/2 + 1
	}
	if challengers > o.Clickers {
		challengers = o.Clickers
	}
	placed := 0
	r.Shuffle(len(l.posts), func(i, j int) { l.posts[i], l.posts[j] = l.posts[j], l.posts[i] })
	for _, p := range l.posts {
		if placed < challengers && free(p) && nearRoute[p] {
			grid[p] = 'C'
			placed++
		}
	}
	for tries := 0; placed < challengers && tries < 100*challengers; tries++ {
		if cell := r.Intn(len(grid)); free(cell) && nearRoute[cell] {
			grid[cell] = 'C'
			placed++
		}
	}
	for ; placed < o.Clickers; placed++ {
		if !placeDecoy() {
			return nil, nil
		}
	}
	for round := 0; round < 64; round++ {
		a, err := NewArea(name, l.rows, l.cols, o.Bricks, grid)
		if err != nil {
			return nil, nil
		}
		witness, stuck := planWitness(a)
		if witness != nil && CheckAll(a, witness) == nil {
			return a, witness
		}
		if stuck < 0 {
			return nil, nil
		}
		grid[a.Clickers[stuck]] = '.'
		if !placeDecoy() {
			return nil, nil
		}
	}
	return nil, nil
}

// nearRoute marks the cells within earshot of the shortest walk from Ellie
// to the exit (ignoring clickers).
func (l *layout) nearRoute() []bool {
	near := make([]bool, len(l.grid))
	parent := make([]int, len(l.grid))
	for i := range parent {
		parent[i] = -1
	}
	parent[l.ellie] = l.ellie
	queue := []int{l.ellie}
	for h := 0; h < len(queue) && parent[l.exit] < 0; h++ {
		r, c := queue[h]/l.cols, queue[h]%l.cols
		for d := 0; d < 8; d++ {
			nr, nc := r+dirRow[d], c+dirCol[d]
			if n := nr*l.cols + nc; l.open(nr, nc) && parent[n] < 0 {
				parent[n] = queue[h]
				queue = append(queue, n)
			}
		}
	}
	for c := l.exit; parent[c] >= 0 && c != l.ellie; c = parent[c] {
		r0, c0 := c/l.cols, c%l.cols
		for r := r0 - AlertRange; r <= r0+AlertRange; r++ {
			for cc := c0 - AlertRange; cc <= c0+AlertRange; cc++ {
				if r >= 0 && cc >= 0 && r < l.rows && cc < l.cols {
					near[r*l.cols+cc] = true
				}
			}
		}
	}
	return near
}

func chebyshev(x, y, cols int) int {
	dr, dc := abs(x/cols-y/cols), abs(x%cols-y%cols)
	if dr > dc {
		return dr
	}
	return dc
}

// drawOpen: an open field with scattered rock clusters; Ellie and the exit
// in opposite corners.
func drawOpen(r *rng.Rand, rows, cols int) *layout {
	l := newLayout(rows, cols, '#')
	for i := 1; i < rows-1; i++ {
		for j := 1; j < cols-1; j++ {
			l.grid[i*cols+j] = '.'
		}
	}
	for k := rows * cols / 40; k > 0; k-- {
		i, j := 1+r.Intn(rows-2), 1+r.Intn(cols-2)
		for s := 1 + r.Intn(8); s > 0; s-- {
			l.set(i, j, '#')
			i, j = i+r.Intn(3)-1, j+r.Intn(3)-1
		}
	}
	l.ellie = l.corner(r, 0)
	l.exit = l.corner(r, 1)
	return l
}

// corner picks a cell in the top-left (which=0) or bottom-right (1) corner
// region and clears it.
func (l *layout) corner(r *rng.Rand, which int) int {
	h, w := 1+(l.rows-2)/5, 1+(l.cols-2)/5
	i, j := 1+r.Intn(h), 1+r.Intn(w)
	if which == 1 {
		i, j = l.rows-2-r.Intn(h), l.cols-2-r.Intn(w)
	}
	l.grid[i*l.cols+j] = '.'
	return i*l.cols + j
}

// drawMaze: a maze of 2-wide corridors and 2-thick walls (so a clicker in
// one corridor does not hear Ellie in the next), with a few loops.
func drawMaze(r *rng.Rand, rows, cols int) *layout {
	const pitch = 4
	l := newLayout(rows, cols, '#')
	mr, mc := (rows-2)/pitch, (cols-2)/pitch
	if mr < 1 || mc < 1 {
		return drawOpen(r, rows, cols)
	}
	carve := func(i, j int) { // maze cell (i,j) is the 2x2 block at 1+pitch*i
		for a := 0; a < 2; a++ {
			for b := 0; b < 2; b++ {
				l.set(1+pitch*i+a, 1+pitch*j+b, '.')
			}
		}
	}
	join := func(i, j, di, dj int) { // open the wall between (i,j) and (i+di,j+dj)
		for a := 0; a < 2; a++ {
			for k := 2; k < pitch; k++ {
				if di != 0 {
					l.set(1+pitch*i+k, 1+pitch*j+a, '.')
				} else {
					l.set(1+pitch*i+a, 1+pitch*j+k, '.')
				}
			}
		}
	}
	visited := make([]bool, mr*mc)
	stack := []int{0}
	visited[0] = true
	carve(0, 0)
	di := [4]int{-1, 0, 1, 0}
	dj := [4]int{0, 1, 0, -1}
	for len(stack) > 0 {
		cur := stack[len(stack)-1]
		i, j := cur/mc, cur%mc
		var opts [4]int
		n := 0
		for d := 0; d < 4; d++ {
			ni, nj := i+di[d], j+dj[d]
			if ni >= 0 && nj >= 0 && ni < mr && nj < mc && !visited[ni*mc+nj] {
				opts[n] = d
				n++
			}
		}
		if n == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		d := opts[r.Intn(n)]
		ni, nj := i+di[d], j+dj[d]
		visited[ni*mc+nj] = true
		carve(ni, nj)
		if di[d] < 0 || dj[d] < 0 {
			join(ni, nj, -di[d], -dj[d])
		} else {
			join(i, j, di[d], dj[d])
		}
		stack = append(stack, ni*mc+nj)
	}
	for k := mr * mc / 12; k > 0; k-- { // loops
		i, j := r.Intn(mr), r.Intn(mc)
		if r.Intn(2) == 0 && i+1 < mr {
			join(i, j, 1, 0)
		} else if j+1 < mc {
			join(i, j, 0, 1)
		}
	}
	l.ellie = 1*cols + 1
	l.exit = (1+pitch*(mr-1)+1)*cols + 1 + pitch*(mc-1) + 1
	for k := mr * mc / 6; k > 0; k-- { // posts at random junction blocks
		i, j := r.Intn(mr), r.Intn(mc)
		l.posts = append(l.posts, (1+pitch*i+r.Intn(2))*cols+1+pitch*j+r.Intn(2))
	}
	return l
}

// drawCorridors: a serpentine of 3-high corridors between 3-thick wall
// bands. Pockets two deep are cut into the band above a corridor; a guard
// post stands under each pocket (sometimes two posts share a 3-wide
// pocket, so one brick lures both). Posts in the top lane block the bottom
// lane's passage until lured up into the pocket.
func drawCorridors(r *rng.Rand, rows, cols int) *layout {
	l := newLayout(rows, cols, '#')
	var lanes []int // top row of each corridor
	for top := 1; top+3 <= rows-1; top += 6 {
		lanes = append(lanes, top)
		for i := top; i < top+3; i++ {
			for j := 1; j < cols-1; j++ {
				l.set(i, j, '.')
			}
		}
	}
	for k := 0; k+1 < len(lanes); k++ { // connectors at alternating ends
		j0 := cols - 4
		if k%2 == 1 {
			j0 = 1
		}
		for i := lanes[k] + 3; i < lanes[k+1]; i++ {
			for j := j0; j < j0+3; j++ {
				l.set(i, j, '.')
			}
		}
	}
	for k := 1; k < len(lanes); k++ {
		top := lanes[k]
		for j := 6 + r.Intn(8); j+6 < cols-1; j += 8 + r.Intn(12) {
			width := 1
			if r.Intn(3) == 0 {
				width = 3
			}
			for w := 0; w < width; w++ {
				l.set(top-1, j+w, '.')
				l.set(top-2, j+w, '.')
			}
			l.posts = append(l.posts, top*cols+j)
			if width == 3 {
				l.posts = append(l.posts, top*cols+j+2)
			}
		}
	}
	l.ellie = (lanes[0]+1)*cols + 1
	last := lanes[len(lanes)-1]
	if len(lanes)%2 == 1 {
		l.exit = (last+1)*cols + cols - 2
	} else {
		l.exit = (last+1)*cols + 1
	}
	return l
}

// drawRooms: a grid of rooms with 1-thick walls and 1-wide doors (a spanning
// tree of doors plus a few extra); guard posts stand beside the doors.
func drawRooms(r *rng.Rand, rows, cols int) *layout {
	l := newLayout(rows, cols, '#')
	size := 7 + r.Intn(5)
	nr, nc := (rows-1)/(size+1), (cols-1)/(size+1)
	if nr < 1 || nc < 1 {
		return drawOpen(r, rows, cols)
	}
	for i := 0; i < nr; i++ {
		for j := 0; j < nc; j++ {
			for a := 0; a < size; a++ {
				for b := 0; b < size; b++ {
					l.set(1+i*(size+1)+a, 1+j*(size+1)+b, '.')
				}
			}
		}
	}
	door := func(i, j int, down bool) {
		off := 1 + r.Intn(size-2)
		if down {
			dr, dc := (i+1)*(size+1), 1+j*(size+1)+off
			l.set(dr, dc, '.')
			l.posts = append(l.posts, (dr-1)*cols+dc+1-2*r.Intn(2), (dr+1)*cols+dc+1-2*r.Intn(2))
		} else {
			dr, dc := 1+i*(size+1)+off, (j+1)*(size+1)
			l.set(dr, dc, '.')
			l.posts = append(l.posts, (dr+1-2*r.Intn(2))*cols+dc-1, (dr+1-2*r.Intn(2))*cols+dc+1)
		}
	}
	// Random spanning tree over the rooms (randomised Prim), then extra doors.
	in := make([]bool, nr*nc)
	in[0] = true
	type edge struct {
		i, j int
		down bool
	}
	var frontier []edge
	add := func(i, j int) {
		if i+1 < nr && !in[(i+1)*nc+j] {
			frontier = append(frontier, edge{i, j, true})
		}
		if j+1 < nc && !in[i*nc+j+1] {
			frontier = append(frontier, edge{i, j, false})
		}
		if i > 0 && !in[(i-1)*nc+j] {
			frontier = append(frontier, edge{i - 1, j, true})
		}
		if j > 0 && !in[i*nc+j-1] {
			frontier = append(frontier, edge{i, j - 1, false})
		}
	}
	add(0, 0)
	for len(frontier) > 0 {
		k := r.Intn(len(frontier))
		e := frontier[k]
		frontier[k] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		ti, tj := e.i, e.j+1
		if e.down {
			ti, tj = e.i+1, e.j
		}
		fi, fj := e.i, e.j
		if in[ti*nc+tj] {
			ti, tj = fi, fj
		}
		if in[ti*nc+tj] {
			continue
		}
		in[ti*nc+tj] = true
		door(e.i, e.j, e.down)
		add(ti, tj)
	}
	for k := nr * nc / 5; k > 0; k-- {
		i, j := r.Intn(nr), r.Intn(nc)
		if i+1 < nr && r.Intn(2) == 0 {
			door(i, j, true)
		} else if j+1 < nc {
			door(i, j, false)
		}
	}
	l.ellie = 2*cols + 2
	l.exit = ((nr-1)*(size+1)+size-1)*cols + (nc-1)*(size+1) + size - 1
	return l
}
