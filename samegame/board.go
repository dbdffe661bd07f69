// Package samegame is the SameGame simulator (CodinGame optimisation puzzle,
// rules in shared/rules/samegame.md) and its search.
//
// The board is a bitboard: one 256-bit mask per colour, column-major with 16
// bits per column (bit x*16+y is cell (x, y), y = 0 at the bottom). Gravity
// then only moves bits inside a column's 16-bit lane, and closing an empty
// column is a 16-bit shift of the whole mask, so a move costs a few dozen word
// operations. Neighbour expansion for flood fill is four shifts per word.
package samegame

import "math/bits"

// Board geometry and colours.
const (
	Size   = 15 // columns and rows
	Colors = 5  // colours 0..4
	Cells  = Size * Size
	// ClearBonus is added when a move empties the board.
	ClearBonus = 1000
)

// Mask is a set of cells: bit x*16+y of the 256-bit value is cell (x, y).
type Mask [4]uint64

// laneBits are the 15 row bits of one column lane.
const laneBits = 0x7fff

// Bit returns the mask of cell (x, y).
func Bit(x, y int) Mask {
	var m Mask
	i := uint(x*16 + y)
	m[i>>6] = 1 << (i & 63)
	return m
}

// Has reports whether cell (x, y) is in m.
func (m *Mask) Has(x, y int) bool {
	i := uint(x*16 + y)
	return m[i>>6]>>(i&63)&1 != 0
}

// Count is the number of cells in m.
func (m *Mask) Count() int {
	return bits.OnesCount64(m[0]) + bits.OnesCount64(m[1]) + bits.OnesCount64(m[2]) + bits.OnesCount64(m[3])
}

// Empty reports whether m has no cell.
func (m *Mask) Empty() bool { return m[0]|m[1]|m[2]|m[3] == 0 }

// First returns the lowest cell of m (leftmost column, then bottom row); m must not be empty.
func (m *Mask) First() (x, y int) {
	for w := 0; w < 4; w++ {
		if m[w] != 0 {
			i := w*64 + bits.TrailingZeros64(m[w])
			return i >> 4, i & 15
		}
	}
	return -1, -1
}

// lane returns column x of m as 15 row bits.
func (m *Mask) lane(x int) uint64 { return m[x>>2] >> (uint(x&3) * 16) & laneBits }

// pairedCells returns the cells of m that have a neighbour in m.
func pairedCells(m Mask) Mask {
	var up, right Mask
	// A cell pairs with the cell above or to its right; both ends of a pair count.
	for w := 0; w < 4; w++ {
		up[w] = m[w] & (m[w] >> 1)
	}
	right[0] = m[0] & (m[0]>>16 | m[1]<<48)
	right[1] = m[1] & (m[1]>>16 | m[2]<<48)
	right[2] = m[2] & (m[2]>>16 | m[3]<<48)
	right[3] = m[3] & (m[3] >> 16)
	var p Mask
	p[0] = up[0] | up[0]<<1 | right[0] | right[0]<<16
	p[1] = up[1] | up[1]<<1 | right[1] | right[1]<<16 | right[0]>>48
	p[2] = up[2] | up[2]<<1 | right[2] | right[2]<<16 | right[1]>>48
	p[3] = up[3] | up[3]<<1 | right[3] | right[3]<<16 | right[2]>>48
	for w := 0; w < 4; w++ {
		p[w] &= m[w]
	}
	return p
}

// adjacentPairs counts the pairs of neighbouring cells inside m.
func adjacentPairs(m *Mask) int64 {
	n := 0
	for w := 0; w < 4; w++ {
		n += bits.OnesCount64(m[w] & (m[w] >> 1))
	}
	n += bits.OnesCount64(m[0] & (m[0]>>16 | m[1]<<48))
	n += bits.OnesCount64(m[1] & (m[1]>>16 | m[2]<<48))
	n += bits.OnesCount64(m[2] & (m[2]>>16 | m[3]<<48))
	n += bits.OnesCount64(m[3] & (m[3] >> 16))
	return int64(n)
}

// squareBlocks counts the 2x2 blocks inside m. Cells minus neighbour pairs
// plus blocks is the number of parts of m, less its holes (Euler's formula
// on the grid); holes are rare (4 of 10,000 colours of random boards).
func squareBlocks(m *Mask) int64 {
	var u [4]uint64 // vertical pairs, marked at their lower cell
	for w := 0; w < 4; w++ {
		u[w] = m[w] & (m[w] >> 1)
	}
	n := bits.OnesCount64(u[0]&(u[0]>>16|u[1]<<48)) + bits.OnesCount64(u[1]&(u[1]>>16|u[2]<<48)) +
		bits.OnesCount64(u[2]&(u[2]>>16|u[3]<<48)) + bits.OnesCount64(u[3]&(u[3]>>16))
	return int64(n)
}

// sameColourCounts counts the pairs of neighbouring cells of the same colour
// and the 2x2 blocks of one colour, every colour together: colours never
// share a cell, so the pair bits of all colours can be merged before one
// count (a bit marks the lower cell of a vertical pair, the left cell of a
// horizontal one). Two vertical pairs side by side joined by a horizontal
// pair at their foot are one colour: a block.
func (b *Board) sameColourCounts() (pairs, blocks int64) {
	var u0, u1, u2, u3, r0, r1, r2, r3 uint64
	for c := range b.color {
		m := &b.color[c]
		u0 |= m[0] & (m[0] >> 1)
		u1 |= m[1] & (m[1] >> 1)
		u2 |= m[2] & (m[2] >> 1)
		u3 |= m[3] & (m[3] >> 1)
		r0 |= m[0] & (m[0]>>16 | m[1]<<48)
		r1 |= m[1] & (m[1]>>16 | m[2]<<48)
		r2 |= m[2] & (m[2]>>16 | m[3]<<48)
		r3 |= m[3] & (m[3] >> 16)
	}
	pairs = int64(bits.OnesCount64(u0) + bits.OnesCount64(u1) + bits.OnesCount64(u2) + bits.OnesCount64(u3) +
		bits.OnesCount64(r0) + bits.OnesCount64(r1) + bits.OnesCount64(r2) + bits.OnesCount64(r3))
	blocks = int64(bits.OnesCount64(u0&r0&(u0>>16|u1<<48)) + bits.OnesCount64(u1&r1&(u1>>16|u2<<48)) +
		bits.OnesCount64(u2&r2&(u2>>16|u3<<48)) + bits.OnesCount64(u3&r3&(u3>>16)))
	return pairs, blocks
}

// floodFrom returns the connected part of within that contains seed. It is
// spread written out on four words kept in registers: the hottest loop of the
// search. within lies on the board, so it masks the shifts' stray bits too.
func floodFrom(seed, within Mask) Mask {
	g0, g1, g2, g3 := seed[0], seed[1], seed[2], seed[3]
	w0, w1, w2, w3 := within[0], within[1], within[2], within[3]
	for {
		n0 := (g0 | g0<<1 | g0>>1 | g0<<16 | g0>>16 | g1<<48) & w0
		n1 := (g1 | g1<<1 | g1>>1 | g1<<16 | g0>>48 | g1>>16 | g2<<48) & w1
		n2 := (g2 | g2<<1 | g2>>1 | g2<<16 | g1>>48 | g2>>16 | g3<<48) & w2
		n3 := (g3 | g3<<1 | g3>>1 | g3<<16 | g2>>48 | g3>>16) & w3
		if n0 == g0 && n1 == g1 && n2 == g2 && n3 == g3 {
			return Mask{g0, g1, g2, g3}
		}
		g0, g1, g2, g3 = n0, n1, n2, n3
	}
}

// Board is a SameGame position. Its zero value is the empty board. Copy it by
// value to clone it.
type Board struct {
	color   [Colors]Mask
	colHash [Size]uint64  // hash of each column's content, independent of its place
	hash    uint64        // hash of the whole board, kept up to date by Apply
	count   [Colors]uint8 // cells of each colour, kept up to date by Apply
}

// Group is a legal move: a group of at least two cells of one colour.
type Group struct {
	Cells Mask
	Color int8
	Size  int16
}

// Cell returns the group's representative cell: its lowest cell of its leftmost column.
func (g *Group) Cell() (x, y int) { return g.Cells.First() }

// Points is the score of removing the group, clear bonus excluded.
func (g *Group) Points() int { return MovePoints(int(g.Size)) }

// MovePoints is the score of removing n cells, (n-2)^2.
func MovePoints(n int) int { return (n - 2) * (n - 2) }

// At returns the colour of cell (x, y), or -1 when it is empty or off the board.
func (b *Board) At(x, y int) int {
	if x < 0 || x >= Size || y < 0 || y >= Size {
		return -1
	}
	for c := 0; c < Colors; c++ {
		if b.color[c].Has(x, y) {
			return c
		}
	}
	return -1
}

// Occupied is the mask of all non-empty cells.
func (b *Board) Occupied() Mask {
	var m Mask
	for c := 0; c < Colors; c++ {
		for w := 0; w < 4; w++ {
			m[w] |= b.color[c][w]
		}
	}
	return m
}

// ColorMask is the mask of the cells of colour c.
func (b *Board) ColorMask(c int) Mask { return b.color[c] }

// ColorCount is the number of cells of colour c.
func (b *Board) ColorCount(c int) int { return int(b.count[c]) }

// Cleared reports whether the board is empty.
func (b *Board) Cleared() bool {
	return b.count == [Colors]uint8{}
}

// Hash identifies the position (equal boards have equal hashes).
func (b *Board) Hash() uint64 { return b.hash }

// GroupAt returns the group of cell (x, y) and whether it is a legal move,
// with the reason when it is not.
func (b *Board) GroupAt(x, y int) (Group, error) {
	if x < 0 || x >= Size || y < 0 || y >= Size {
		return Group{}, errOutside
	}
	c := b.At(x, y)
	if c < 0 {
		return Group{}, errEmptyCell
	}
	cells := floodFrom(Bit(x, y), b.color[c])
	n := cells.Count()
	if n < 2 {
		return Group{}, errSingleton
	}
	return Group{Cells: cells, Color: int8(c), Size: int16(n)}, nil
}

// Groups appends every legal move (each group of two cells or more) to dst,
// colour by colour, each colour's groups in order of their lowest cell.
func (b *Board) Groups(dst []Group) []Group {
	for c := 0; c < Colors; c++ {
		within := b.color[c]
		rest := pairedCells(within)
		for !rest.Empty() {
			g := takeGroup(&rest, within)
			dst = append(dst, Group{Cells: g, Color: int8(c), Size: int16(g.Count())})
		}
	}
	return dst
}

// takeGroup returns the group of within holding the lowest cell of rest
// (rest must not be empty) and removes that group from rest.
func takeGroup(rest *Mask, within Mask) Mask {
	var seed Mask
	for w := 0; w < 4; w++ {
		if rest[w] != 0 {
			seed[w] = rest[w] & -rest[w]
			break
		}
	}
	g := floodFrom(seed, within)
	for w := 0; w < 4; w++ {
		rest[w] &^= g[w]
	}
	return g
}

// HasMove reports whether a legal move is left.
func (b *Board) HasMove() bool {
	for c := 0; c < Colors; c++ {
		if p := pairedCells(b.color[c]); !p.Empty() {
			return true
		}
	}
	return false
}

// Apply plays group g (found on this board) and returns the points it scores,
// the clear bonus included: the group's cells go, the cells above them fall,
// then empty columns close leftwards.
func (b *Board) Apply(g *Group) int {
	b.color[g.Color][0] &^= g.Cells[0]
	b.color[g.Color][1] &^= g.Cells[1]
	b.color[g.Color][2] &^= g.Cells[2]
	b.color[g.Color][3] &^= g.Cells[3]
	b.count[g.Color] -= uint8(g.Size)
	emptied := 0 // bit x set: column x became empty
	hash := b.hash
	for w := 0; w < 4; w++ {
		gw := g.Cells[w]
		for gw != 0 {
			shift := uint(bits.TrailingZeros64(gw)) &^ 15
			removed := gw >> shift & laneBits
			gw &^= laneBits << shift
			occupied, colHash := uint64(0), uint64(0)
			for c := 0; c < Colors; c++ {
				word := b.color[c][w]
				l := word >> shift & laneBits
				if l != 0 {
					l = squeeze(l, removed)
					b.color[c][w] = word&^(laneBits<<shift) | l<<shift
					occupied |= l
					colHash ^= laneKey(c, l)
				}
			}
			x := w*4 + int(shift>>4)
			hash ^= placedColumn(b.colHash[x], x) ^ placedColumn(colHash, x)
			b.colHash[x] = colHash
			if occupied == 0 {
				emptied |= 1 << uint(x)
			}
		}
	}
	if emptied != 0 {
		hash = b.closeColumns(emptied)
	}
	b.hash = hash
	points := MovePoints(int(g.Size))
	if b.Cleared() {
		points += ClearBonus
	}
	return points
}

// squeeze deletes the bits of removed from lane l, moving the bits above each
// deleted run down over it (gravity inside one column).
func squeeze(l, removed uint64) uint64 {
	for removed != 0 {
		top := uint(63 - bits.LeadingZeros64(removed))
		k := uint(bits.LeadingZeros64(^(removed << (63 - top)))) // length of the run ending at top
		low := uint64(1)<<(top+1-k) - 1
		l = l&low | (l>>k)&^low
		removed &= low
	}
	return l
}

// closeColumns deletes the empty columns set in emptied (bit x for column x)
// and returns the board hash, recombined: every column right of a closed one moved.
func (b *Board) closeColumns(emptied int) uint64 {
	for emptied != 0 {
		x := 31 - bits.LeadingZeros32(uint32(emptied)) // highest first keeps lower indices valid
		emptied &^= 1 << uint(x)
		b.closeColumn(x)
	}
	return combineColumns(&b.colHash)
}

// closeColumn deletes empty column x, sliding the columns to its right one place left.
func (b *Board) closeColumn(x int) {
	for c := 0; c < Colors; c++ {
		deleteLane(&b.color[c], x)
	}
	copy(b.colHash[x:], b.colHash[x+1:])
	b.colHash[Size-1] = 0
}

// deleteLane removes the 16-bit lane x from the 256-bit value m, shifting higher lanes down.
func deleteLane(m *Mask, x int) {
	w := x >> 2
	low := uint64(1)<<(uint(x&3)*16) - 1
	next := uint64(0)
	if w < 3 {
		next = m[w+1]
	}
	m[w] = m[w]&low | (m[w]>>16)&^low | next<<48
	for i := w + 1; i < 4; i++ {
		next = 0
		if i < 3 {
			next = m[i+1]
		}
		m[i] = m[i]>>16 | next<<48
	}
}

// Zobrist keys of column contents: lowKeys[c][b] is the key of the rows 0..7
// set in byte b for colour c, highKeys the same for rows 8..14. A column's
// hash is the XOR of its cells' keys; the board hash mixes each column's hash
// with a key of its place, so a column shift only re-mixes 15 words.
var (
	lowKeys, highKeys [Colors][256]uint64
	placeKeys         [Size]uint64
)

func init() {
	s := uint64(0x2545f4914f6cdd1d)
	next := func() uint64 { // splitmix64: fixed keys, same on every platform
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for c := 0; c < Colors; c++ {
		var cell [Size]uint64
		for y := range cell {
			cell[y] = next()
		}
		for v := 0; v < 256; v++ {
			for y := 0; y < 8; y++ {
				if v>>uint(y)&1 != 0 {
					lowKeys[c][v] ^= cell[y]
				}
				if y < 7 && v>>uint(y)&1 != 0 {
					highKeys[c][v] ^= cell[y+8]
				}
			}
		}
	}
	for x := range placeKeys {
		placeKeys[x] = next() | 1
	}
}

func (b *Board) columnHash(x int) uint64 {
	h := uint64(0)
	for c := 0; c < Colors; c++ {
		h ^= laneKey(c, b.color[c].lane(x))
	}
	return h
}

// laneKey is the key of the cells l (one column's row bits) of colour c.
func laneKey(c int, l uint64) uint64 { return lowKeys[c][l&0xff] ^ highKeys[c][l>>8] }

// placedColumn is the share in the board hash of column hash ch at place x
// (nothing for an empty column).
func placedColumn(ch uint64, x int) uint64 {
	v := ch * placeKeys[x]
	return v ^ v>>29
}

func combineColumns(cols *[Size]uint64) uint64 {
	h := uint64(0)
	for x, ch := range cols {
		h ^= placedColumn(ch, x)
	}
	return h
}

// recount recomputes the counts and hashes from the cells (after building a board).
func (b *Board) recount() {
	b.countCells()
	b.rehash()
}

// countCells recomputes the counts from the cells.
func (b *Board) countCells() {
	for c := 0; c < Colors; c++ {
		b.count[c] = uint8(b.color[c].Count())
	}
}

// rehash recomputes the hashes from the cells.
func (b *Board) rehash() {
	for x := 0; x < Size; x++ {
		b.colHash[x] = b.columnHash(x)
	}
	b.hash = combineColumns(&b.colHash)
}

// packedBoard is a board in three bit planes holding each cell's colour + 1
// in binary: a third of a Board's size. A wide beam holds two layers of
// width boards, most of its memory; the counts and hashes that Board keeps
// are rebuilt on unpacking.
type packedBoard [3]Mask

func (b *Board) pack() packedBoard {
	var p packedBoard
	c := &b.color
	for w := 0; w < 4; w++ {
		p[0][w] = c[0][w] | c[2][w] | c[4][w]
		p[1][w] = c[1][w] | c[2][w]
		p[2][w] = c[3][w] | c[4][w]
	}
	return p
}

// unpackCells sets b's cells and counts from p; its hashes are left stale,
// for a board whose hash is not wanted.
func (p *packedBoard) unpackCells(b *Board) {
	for w := 0; w < 4; w++ {
		p0, p1, p2 := p[0][w], p[1][w], p[2][w]
		b.color[0][w] = p0 &^ p1 &^ p2
		b.color[1][w] = p1 &^ p0
		b.color[2][w] = p0 & p1
		b.color[3][w] = p2 &^ p0
		b.color[4][w] = p2 & p0
	}
	b.countCells()
}

// unpack sets b to the board p holds, hashes included.
func (p *packedBoard) unpack(b *Board) {
	p.unpackCells(b)
	b.rehash()
}
