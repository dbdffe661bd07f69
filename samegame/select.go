package samegame

// dedupTable drops candidates that reach a board already reached in the same
// layer, keeping the one with the best evaluation. Its slots are reused.
type dedupTable struct {
	slots []int32 // candidate index + 1, 0 when free
	keep  []bool
}

// dedup returns the distinct candidates in their original order (in place).
func (t *dedupTable) dedup(cands []candidate) []candidate {
	size := 1024
	for size < 2*len(cands) {
		size *= 2
	}
	if cap(t.slots) < size {
		t.slots = make([]int32, size)
	}
	t.slots = t.slots[:size]
	for i := range t.slots {
		t.slots[i] = 0
	}
	mask := uint64(size - 1)
	for i := range cands {
		h := cands[i].hash
		for j := h & mask; ; j = (j + 1) & mask {
			k := t.slots[j]
			if k == 0 {
				t.slots[j] = int32(i + 1)
				break
			}
			if cands[k-1].hash == h {
				if cands[i].eval > cands[k-1].eval {
					t.slots[j] = int32(i + 1)
				}
				break
			}
		}
	}
	if cap(t.keep) < len(cands) {
		t.keep = make([]bool, len(cands))
	}
	t.keep = t.keep[:len(cands)]
	for i := range t.keep {
		t.keep[i] = false
	}
	for _, k := range t.slots {
		if k != 0 {
			t.keep[k-1] = true
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

// selectTop reorders cands so that its first k elements have the highest
// evaluations (quickselect; deterministic for a given input order).
func selectTop(cands []candidate, k int) {
	lo, hi := 0, len(cands)-1
	for lo < hi {
		mid := lo + (hi-lo)/2
		// Median of three as the pivot.
		if cands[mid].eval > cands[lo].eval {
			cands[mid], cands[lo] = cands[lo], cands[mid]
		}
		if cands[hi].eval > cands[lo].eval {
			cands[hi], cands[lo] = cands[lo], cands[hi]
		}
		if cands[hi].eval > cands[mid].eval {
			cands[hi], cands[mid] = cands[mid], cands[hi]
		}
		pivot := cands[mid].eval
		i, j := lo, hi
		for i <= j {
			for cands[i].eval > pivot {
				i++
			}
			for cands[j].eval < pivot {
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
