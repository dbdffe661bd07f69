package painter

import "sort"

// PawnInfo is one of our pawns as GET_PAWNS describes it; Surface uses
// Mine / Theirs.
type PawnInfo struct {
	ID, Paint, Row, Col int
	Surface             []Colour
}

// Tracker is what a team knows of one game: the board it sees (kept up to
// date from diffs and full refreshes), its own pawns, and for each enemy pawn
// the set of centres it may stand on. Colours are relative: Mine / Theirs.
type Tracker struct {
	P     Params
	Board *Board
	View  []byte // 'X', '.', '1', '2' per cell
	Mine  []PawnInfo

	enemies   map[int][]int  // enemy pawn id -> candidate centre cells
	estimate  map[int]int    // enemy pawn id -> its likeliest centre
	pattern   map[int][]byte // enemy pawn id -> the view under its estimate: its surface
	lastMine  map[int]int    // our pawn id -> its centre cell last turn
	marks     []int          // scratch for candidate deduplication
	markStamp int
}

// NewTracker starts tracking a game from its full view (rows of 'X', '.',
// '1', '2') and our pawns. Seen at the start of a game (the break), the
// pawn ids tell the layout: our ids are 1..p or p+1..2p and every enemy
// pawn stands on the point mirror of our pawn with the matching id.
func NewTracker(p Params, rows []string, mine []PawnInfo, atStart bool) *Tracker {
	n, m := len(rows), 0
	if n > 0 {
		m = len(rows[0])
	}
	blocked := make([]bool, n*m)
	view := make([]byte, n*m)
	for i, row := range rows {
		for j := 0; j < m; j++ {
			ch := byte('X')
			if j < len(row) {
				ch = row[j]
			}
			view[i*m+j] = ch
			blocked[i*m+j] = ch == 'X'
		}
	}
	t := &Tracker{P: p, Board: NewBoard(n, m, p.R, blocked), View: view,
		enemies: map[int][]int{}, estimate: map[int]int{}, pattern: map[int][]byte{}, lastMine: map[int]int{}, marks: make([]int, n*m)}
	t.SetPawns(mine)
	if atStart {
		np := len(mine)
		for _, q := range mine {
			id := q.ID + np
			if q.ID > np {
				id = q.ID - np
			}
			c := (n-1-q.Row)*m + m - 1 - q.Col
			t.enemies[id], t.estimate[id] = []int{c}, c
		}
	}
	return t
}

// SetView replaces the view by a full board (GET_ARENAS).
func (t *Tracker) SetView(rows []string) {
	m := t.Board.M
	for i := 0; i < t.Board.N && i < len(rows); i++ {
		for j := 0; j < m && j < len(rows[i]); j++ {
			t.View[i*m+j] = rows[i][j]
		}
	}
}

// ApplyDiff records one changed cell of GET_DIFFS.
func (t *Tracker) ApplyDiff(row, col int, ch byte) {
	if t.Board.Inside(row, col) && !t.Board.Blocked[row*t.Board.M+col] {
		t.View[row*t.Board.M+col] = ch
	}
}

// SetPawns records our pawns for this turn. A pawn we no longer control
// became an enemy pawn where we last saw it; one we gained is no enemy.
func (t *Tracker) SetPawns(mine []PawnInfo) {
	now := map[int]bool{}
	for _, q := range mine {
		now[q.ID] = true
		delete(t.enemies, q.ID)
		delete(t.estimate, q.ID)
	}
	for id, c := range t.lastMine {
		if !now[id] {
			t.enemies[id], t.estimate[id] = []int{c}, c
		}
	}
	t.lastMine = map[int]int{}
	for _, q := range mine {
		t.lastMine[q.ID] = q.Row*t.Board.M + q.Col
	}
	t.Mine = mine
}

// Infer moves every enemy pawn's candidate set one turn on: it may have
// stood still, moved one cell, or two with the hiding bonus. Candidates
// must fit the board, miss our pawns and show no blank cell (an enemy
// pawn's surface is never blank). Call it after the turn's diffs and pawns.
func (t *Tracker) Infer() {
	b := t.Board
	for id, cands := range t.enemies {
		t.markStamp++
		var next []int
		add := func(c int) {
			if t.marks[c] != t.markStamp && t.plausible(c) {
				t.marks[c] = t.markStamp
				next = append(next, c)
			}
		}
		for _, c := range cands {
			add(c)
			row, col := c/b.M, c%b.M
			for d := Up; d <= Left; d++ {
				dr, dc := d.Step()
				if b.Fits(row+dr, col+dc) {
					add(c + dr*b.M + dc)
					if b.Fits(row+2*dr, col+2*dc) {
						add(c + 2*(dr*b.M+dc))
					}
				}
			}
		}
		if len(next) == 0 { // lost track: anywhere plausible
			for c := range t.View {
				add(c)
			}
		}
		t.enemies[id] = next
		t.estimate[id] = t.likeliest(next, t.estimate[id], t.pattern[id])
		t.pattern[id] = t.viewUnder(t.estimate[id], t.pattern[id][:0])
	}
}

// viewUnder appends the view of the square centred on c to buf.
func (t *Tracker) viewUnder(c int, buf []byte) []byte {
	b, r := t.Board, t.P.R
	row, col := c/b.M, c%b.M
	for i := row - r; i <= row+r; i++ {
		buf = append(buf, t.View[i*b.M+col-r:i*b.M+col+r+1]...)
	}
	return buf
}

// likeliest picks the candidate whose view looks most like the pawn's
// surface (its last seen pattern, else the enemy's colour), nearest to the
// previous estimate on ties.
func (t *Tracker) likeliest(cands []int, prev int, pattern []byte) int {
	b, r := t.Board, t.P.R
	m := b.M
	best, bestScore := -1, 0
	for _, c := range cands {
		row, col := c/m, c%m
		like, k := 0, 0
		for i := row - r; i <= row+r; i++ {
			for j := col - r; j <= col+r; j++ {
				ch := t.View[i*m+j]
				if (len(pattern) > k && ch == pattern[k]) || (len(pattern) == 0 && ch == '2') {
					like++
				}
				k++
			}
		}
		score := continuityWeight*like - abs(row-prev/m) - abs(col-prev%m)
		if best < 0 || score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// continuityWeight: one more cell of the enemy's colour under a candidate
// outweighs this many cells of distance from the previous estimate.
const continuityWeight = 64

func (t *Tracker) plausible(c int) bool {
	b, r := t.Board, t.P.R
	row, col := c/b.M, c%b.M
	if !b.Fits(row, col) {
		return false
	}
	for _, q := range t.Mine {
		if abs(q.Row-row) <= 2*r && abs(q.Col-col) <= 2*r {
			return false
		}
	}
	for i := row - r; i <= row+r; i++ {
		for j := col - r; j <= col+r; j++ {
			if ch := t.View[i*b.M+j]; ch != '1' && ch != '2' {
				return false
			}
		}
	}
	return true
}

// EnemyCandidates returns the centres enemy pawn id may stand on.
func (t *Tracker) EnemyCandidates(id int) []int { return t.enemies[id] }

// maxBelievedCandidates: an enemy pawn with more candidate centres is
// left out of the belief state, its position being too uncertain to aim at.
const maxBelievedCandidates = 12

// Belief builds the game state the search plays on: the visible colours,
// our pawns exactly, and each well-located enemy pawn at its likeliest
// centre with the surface
// we see there. Board cells under enemy pawns are unknown; they are taken
// as the enemy's colour.
func (t *Tracker) Belief() *Game {
	b := t.Board
	g := &Game{P: t.P, Board: b, Cells: make([]Colour, b.N*b.M)}
	for c, ch := range t.View {
		g.Cells[c] = CharColour(ch, Mine)
	}
	for _, q := range t.Mine {
		g.Pawns = append(g.Pawns, Pawn{ID: q.ID, Row: q.Row, Col: q.Col, Paint: q.Paint, Owner: Mine})
		g.Surface = append(g.Surface, q.Surface...)
	}
	r := t.P.R
	ids := make([]int, 0, len(t.enemies))
	for id := range t.enemies {
		ids = append(ids, id)
	}
	sort.Ints(ids) // a deterministic belief for a given history
	for _, id := range ids {
		cands := t.enemies[id]
		if len(cands) == 0 || len(cands) > maxBelievedCandidates {
			continue
		}
		best := t.estimate[id]
		row, col := best/b.M, best%b.M
		if g.PawnAt(row, col) >= 0 || t.overlapsPawn(g, row, col) {
			continue
		}
		g.Pawns = append(g.Pawns, Pawn{ID: id, Row: row, Col: col, Paint: t.P.F / 2, Owner: Theirs})
		for dr := -r; dr <= r; dr++ {
			for dc := -r; dc <= r; dc++ {
				c := (row+dr)*b.M + col + dc
				g.Surface = append(g.Surface, CharColour(t.View[c], Mine))
				g.Cells[c] = Theirs
			}
		}
	}
	return g
}

func (t *Tracker) overlapsPawn(g *Game, row, col int) bool {
	d := 2 * t.P.R
	for _, p := range g.Pawns {
		if abs(p.Row-row) <= d && abs(p.Col-col) <= d {
			return true
		}
	}
	return false
}
