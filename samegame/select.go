package samegame

// dedupTable drops candidates that reach a board already reached in the same
// layer, keeping the one with the best evaluation. Its slots are reused.
type dedupTable struct {
	// slots hold the high half of a candidate's hash above its index + 1
	// (0 when free): most probes then settle without touching the candidate.
	slots []uint64
	keep  []bool
	// Scratch for capOpenings.
	starts  []int
	grouped []candidate
}

// dedup returns the distinct candidates in their original order (in place).
func (t *dedupTable) dedup(cands []candidate) []candidate {
	size := 1024
	for size < 2*len(cands) {
		size *= 2
	}
	if cap(t.slots) < size {
		t.slots = make([]uint64, size)
	}
	t.slots = t.slots[:size]
	for i := range t.slots {
		t.slots[i] = 0
	}
	if cap(t.keep) < len(cands) {
		t.keep = make([]bool, len(cands))
	}
	t.keep = t.keep[:len(cands)]
	mask := uint64(size - 1)
	for i := range cands {
		h := cands[i].hash
		tag := h &^ 0xffffffff
		t.keep[i] = true
		for j := h & mask; ; j = (j + 1) & mask {
			slot := t.slots[j]
			if slot == 0 {
				t.slots[j] = tag | uint64(i+1)
				break
			}
			k := int(slot&0xffffffff) - 1
			if slot&^0xffffffff == tag && cands[k].hash == h {
				if cands[i].before(&cands[k]) {
					t.slots[j] = tag | uint64(i+1)
					t.keep[k] = false
				} else {
					t.keep[i] = false
				}
				break
			}
		}
	}
	out := cands[:0]
	for i := range cands {
		if t.keep[i] {
			out = append(out, cands[i])
		}
	}
	return out
}

// before is the order of a beam's candidates: the higher evaluation first,
// then a fixed tie-break, so that which candidates a layer keeps depends
// neither on the order they were generated in nor on the thread count.
func (c *candidate) before(o *candidate) bool {
	if c.eval != o.eval {
		return c.eval > o.eval
	}
	if c.hash != o.hash {
		return c.hash < o.hash
	}
	if c.parent != o.parent {
		return c.parent < o.parent
	}
	return c.cell < o.cell
}

// selectTop reorders cands so that its first k elements come first in the
// before order (quickselect).
func selectTop(cands []candidate, k int) {
	lo, hi := 0, len(cands)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		// Median of three as the pivot.
		if cands[mid].before(&cands[lo]) {
			cands[mid], cands[lo] = cands[lo], cands[mid]
		}
		if cands[hi].before(&cands[lo]) {
			cands[hi], cands[lo] = cands[lo], cands[hi]
		}
		if cands[hi].before(&cands[mid]) {
			cands[hi], cands[mid] = cands[mid], cands[hi]
		}
		pivot := cands[mid]
		i, j := lo, hi
		for i <= j {
			for cands[i].before(&pivot) {
				i++
			}
			for pivot.before(&cands[j]) {
				j--
			}
			if i <= j {
				cands[i], cands[j] = cands[j], cands[i]
				i++
				j--
			}
		}
		if k-1 <= j {
			hi = j
		} else if k-1 >= i {
			lo = i
		} else {
			return
		}
	}
}

// keepBest leaves in cands the best distinct candidates (in no particular
// order) that lim allows; it reports whether any distinct one was dropped.
// A board reached from several openings counts once, in the opening of its
// best candidate. The cap then makes pruning in pieces inexact: a piece may
// drop a candidate for a full opening whose board, in the whole layer,
// another opening takes. Keeping such boards once per opening made the
// pruning exact but cost more than the cap: single beams of width 100,000
// on the 20 standard positions (each the tabu colour of its kept line)
// scored 196 ± 57 a position less with no cap at all (Openings 1,
// OpeningDepth 8) than without openings (counted once, see Options.Openings).
func keepBest(cands []candidate, lim layerLimit, seen *dedupTable) ([]candidate, bool) {
	cands = seen.dedup(cands)
	n := len(cands)
	if lim.perOpening > 0 {
		cands = seen.capOpenings(cands, lim)
	}
	if len(cands) > lim.width {
		selectTop(cands, lim.width)
		cands = cands[:lim.width]
	}
	return cands, len(cands) < n
}

// layerLimit is what a layer may keep: width candidates, at most perOpening
// of them from one opening when perOpening > 0. A candidate's opening is its
// parent's, in parents; the candidates do not carry it, to stay 24 bytes.
type layerLimit struct {
	width, perOpening int
	parents           []node
}

func (l *layerLimit) opening(c *candidate) int32 { return l.parents[c.parent].opening }

// capOpenings leaves in cands (in place, in no particular order) the
// lim.perOpening best of each opening, and every candidate with no opening.
// Keeping the best width of those is the same as going through the layer
// best first, skipping the candidates of openings that already have
// perOpening, until width are kept.
func (t *dedupTable) capOpenings(cands []candidate, lim layerLimit) []candidate {
	perOpening := lim.perOpening
	groups := 0 // group 0 holds the candidates with no opening
	for i := range cands {
		if g := int(lim.opening(&cands[i])) + 2; g > groups {
			groups = g
		}
	}
	if cap(t.starts) < groups+1 {
		t.starts = make([]int, groups+1)
	}
	starts := t.starts[:groups+1]
	for i := range starts {
		starts[i] = 0
	}
	for i := range cands {
		starts[lim.opening(&cands[i])+2]++
	}
	over := false
	for g := 2; g <= groups; g++ {
		over = over || starts[g] > perOpening
		starts[g] += starts[g-1]
	}
	if !over {
		return cands
	}
	// Counting sort by opening: group g ends up in grouped[starts[g]:starts[g+1]].
	if cap(t.grouped) < len(cands) {
		t.grouped = make([]candidate, len(cands))
	}
	grouped := t.grouped[:len(cands)]
	for i := range cands {
		g := lim.opening(&cands[i]) + 1
		grouped[starts[g]] = cands[i]
		starts[g]++
	}
	out := cands[:0]
	lo := 0
	for g := 0; g < groups; g++ {
		group := grouped[lo:starts[g]]
		lo = starts[g]
		if g > 0 && len(group) > perOpening {
			selectTop(group, perOpening)
			group = group[:perOpening]
		}
		out = append(out, group...)
	}
	return out
}

// worst returns the last of cands (not empty) in the before order.
func worst(cands []candidate) candidate {
	w := cands[0]
	for i := 1; i < len(cands); i++ {
		if w.before(&cands[i]) {
			w = cands[i]
		}
	}
	return w
}
