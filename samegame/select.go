package samegame

// dedupTable drops candidates that reach a board already reached in the same
// layer, keeping the one with the best evaluation. Its slots are reused.
type dedupTable struct {
	// slots hold the high half of a candidate's hash above its index + 1
	// (0 when free): most probes then settle without touching the candidate.
	slots []uint64
	keep  []bool
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

// keepBest leaves in cands the width best distinct candidates (in no
// particular order); it reports whether any distinct one was dropped.
func keepBest(cands []candidate, width int, seen *dedupTable) ([]candidate, bool) {
	cands = seen.dedup(cands)
	dropped := len(cands) > width
	if dropped {
		selectTop(cands, width)
		cands = cands[:width]
	}
	return cands, dropped
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
