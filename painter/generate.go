package painter

import "cgbots/internal/rng"

// Layout says how the server draws a tournament's board (rules section 21).
type Layout struct {
	MinSize, MaxSize int     // n and m are each uniform in MinSize..MaxSize
	Density          float64 // chance that an interior cell (and its mirror) is blocked
}

// DefaultLayout returns the project's default board drawing.
func DefaultLayout() Layout { return Layout{MinSize: 20, MaxSize: 40, Density: 0.08} }

// maxLayoutTries bounds the redraws, so that impossible settings (a board
// too small for the pawns) end instead of looping.
const maxLayoutTries = 10000

// Generate draws a point-symmetric board with side A's pawns (ids 1..P) in
// the top half and side B's pawn P+q the mirror of pawn q. It returns nil
// when no board could be drawn in maxLayoutTries attempts.
func Generate(p Params, l Layout, r *rng.Rand) *Game {
	for try := 0; try < maxLayoutTries; try++ {
		n := l.MinSize + r.Intn(l.MaxSize-l.MinSize+1)
		m := l.MinSize + r.Intn(l.MaxSize-l.MinSize+1)
		blocked := make([]bool, n*m)
		decided := make([]bool, n*m)
		for i := 1; i < n-1; i++ {
			for j := 1; j < m-1; j++ {
				c, mirror := i*m+j, (n-1-i)*m+m-1-j
				if decided[c] {
					continue
				}
				blocked[c] = r.Float64() < l.Density
				blocked[mirror] = blocked[c]
				decided[c], decided[mirror] = true, true
			}
		}
		b := NewBoard(n, m, p.R, blocked)
		if b.Free == 0 || !connected(b) {
			continue
		}
		if pawns := placePawns(p, b, r); pawns != nil {
			return NewGame(p, b, pawns)
		}
	}
	return nil
}

// connected reports whether the free cells are all 4-connected.
func connected(b *Board) bool {
	seen := make([]bool, b.N*b.M)
	stack := []int{}
	for c := range b.Blocked {
		if !b.Blocked[c] {
			stack = append(stack, c)
			seen[c] = true
			break
		}
	}
	count := 0
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		count++
		for d := Up; d <= Left; d++ {
			dr, dc := d.Step()
			nc := c + dr*b.M + dc // the border is blocked, so neighbours stay inside
			if !b.Blocked[nc] && !seen[nc] {
				seen[nc] = true
				stack = append(stack, nc)
			}
		}
	}
	return count == b.Free
}

// placePawns draws side A's pawns uniformly among the allowed centres and
// mirrors them for side B; nil when some pawn has no room.
func placePawns(p Params, b *Board, r *rng.Rand) []Pawn {
	pawns := make([]Pawn, 2*p.P)
	placed := pawns[:0:0]
	for q := 0; q < p.P; q++ {
		var options []int
		for i := 0; 2*i < b.N; i++ {
			for j := 0; j < b.M; j++ {
				if allowedCentre(p, b, placed, i, j) {
					options = append(options, i*b.M+j)
				}
			}
		}
		if len(options) == 0 {
			return nil
		}
		c := options[r.Intn(len(options))]
		i, j := c/b.M, c%b.M
		pawns[q] = Pawn{ID: q + 1, Row: i, Col: j, Owner: SideA}
		pawns[p.P+q] = Pawn{ID: p.P + q + 1, Row: b.N - 1 - i, Col: b.M - 1 - j, Owner: SideB}
		placed = append(placed, pawns[q], pawns[p.P+q])
	}
	return pawns
}

func allowedCentre(p Params, b *Board, placed []Pawn, i, j int) bool {
	if !b.Fits(i, j) {
		return false
	}
	d := 2 * p.R
	mi, mj := b.N-1-i, b.M-1-j
	if abs(i-mi) <= d && abs(j-mj) <= d {
		return false
	}
	for _, q := range placed {
		if abs(q.Row-i) <= d && abs(q.Col-j) <= d {
			return false
		}
	}
	return true
}
