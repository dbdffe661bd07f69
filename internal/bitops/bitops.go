// Package bitops holds the bit tricks bots share: a dense bit set for cell
// masks, and stamped marks that a graph search can "clear" in O(1).
package bitops

import "math/bits"

// Set is a bit set over [0, 64*len(words)).
type Set struct {
	words []uint64
}

// NewSet returns an empty set able to hold 0..n-1.
func NewSet(n int) Set { return Set{words: make([]uint64, (n+63)/64)} }

// Add puts i in the set.
func (s Set) Add(i int) { s.words[i>>6] |= 1 << uint(i&63) }

// Remove takes i out of the set.
func (s Set) Remove(i int) { s.words[i>>6] &^= 1 << uint(i&63) }

// Has reports whether i is in the set.
func (s Set) Has(i int) bool { return s.words[i>>6]&(1<<uint(i&63)) != 0 }

// Len is the number of elements.
func (s Set) Len() int {
	n := 0
	for _, w := range s.words {
		n += bits.OnesCount64(w)
	}
	return n
}

// Reset empties the set.
func (s Set) Reset() {
	for i := range s.words {
		s.words[i] = 0
	}
}

// Next returns the smallest element >= i, or -1.
func (s Set) Next(i int) int {
	if i < 0 {
		i = 0
	}
	wi := i >> 6
	if wi >= len(s.words) {
		return -1
	}
	w := s.words[wi] >> uint(i&63)
	if w != 0 {
		return i + bits.TrailingZeros64(w)
	}
	for wi++; wi < len(s.words); wi++ {
		if s.words[wi] != 0 {
			return wi<<6 + bits.TrailingZeros64(s.words[wi])
		}
	}
	return -1
}

// CopyFrom makes s equal to o; both must have the same capacity.
func (s Set) CopyFrom(o Set) { copy(s.words, o.words) }

// Marks is a visited array whose Reset costs O(1): a cell is marked when its
// stamp equals the current generation.
type Marks struct {
	stamp []uint32
	gen   uint32
}

// NewMarks returns marks for 0..n-1, all unmarked.
func NewMarks(n int) *Marks { return &Marks{stamp: make([]uint32, n), gen: 1} }

// Reset unmarks everything.
func (m *Marks) Reset() {
	m.gen++
	if m.gen == 0 { // wrapped: stale stamps could equal the generation again
		for i := range m.stamp {
			m.stamp[i] = 0
		}
		m.gen = 1
	}
}

// Mark marks i and reports whether it was unmarked before.
func (m *Marks) Mark(i int) bool {
	if m.stamp[i] == m.gen {
		return false
	}
	m.stamp[i] = m.gen
	return true
}

// Marked reports whether i is marked.
func (m *Marks) Marked(i int) bool { return m.stamp[i] == m.gen }

// LowBit returns the lowest set bit of w (0 when w is 0).
func LowBit(w uint64) uint64 { return w & -w }

// ForEach calls f with the index of every set bit of w, lowest first.
func ForEach(w uint64, f func(i int)) {
	for w != 0 {
		f(bits.TrailingZeros64(w))
		w &= w - 1
	}
}
