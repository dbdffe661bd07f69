package samegame

import (
	"sort"
	"testing"

	"cgbots/internal/rng"

	"github.com/stretchr/testify/require"
)

func TestSelectTopKeepsTheBest(t *testing.T) {
	r := rng.New(5)
	for trial := 0; trial < 500; trial++ {
		n := 1 + r.Intn(300)
		cands := make([]candidate, n)
		for i := range cands {
			cands[i].eval = int64(r.Intn(1 + r.Intn(50)))
		}
		evals := make([]int, n)
		for i := range cands {
			evals[i] = int(cands[i].eval)
		}
		sort.Sort(sort.Reverse(sort.IntSlice(evals)))
		k := 1 + r.Intn(n)
		selectTop(cands, k)
		got := make([]int, k)
		for i := 0; i < k; i++ {
			got[i] = int(cands[i].eval)
		}
		sort.Sort(sort.Reverse(sort.IntSlice(got)))
		require.Equal(t, evals[:k], got, "n %d k %d", n, k)
	}
}

func TestDedupKeepsBestOfEachBoard(t *testing.T) {
	cands := []candidate{{eval: 1, hash: 7}, {eval: 5, hash: 9}, {eval: 3, hash: 7}, {eval: 2, hash: 9}, {eval: 0, hash: 1}}
	var d dedupTable
	got := d.dedup(cands)
	require.Equal(t, []candidate{{eval: 5, hash: 9}, {eval: 3, hash: 7}, {eval: 0, hash: 1}}, got)
}

// Which candidates a layer keeps must not depend on the order they come in:
// pruning them in pieces (per worker) or at once keeps the same set, and so
// does leaving out, after a drop, whatever comes after the worst kept. With
// a cap per opening, that holds while a board has one opening (cross-opening
// transpositions aside, see keepBest); the set kept at once is always that
// of the plain definition.
func TestKeepBestIgnoresOrderAndPieces(t *testing.T) {
	r := rng.New(6)
	key := func(cs []candidate) []candidate {
		out := append([]candidate(nil), cs...)
		sort.Slice(out, func(i, j int) bool { return out[i].before(&out[j]) })
		return out
	}
	for trial := 0; trial < 300; trial++ {
		n := 1 + r.Intn(400)
		lim := layerLimit{width: 1 + r.Intn(50), parents: make([]node, 20)}
		for i := range lim.parents {
			lim.parents[i].opening = -1
			if trial%2 == 1 {
				lim.parents[i].opening = int32(r.Intn(6)) - 1
			}
		}
		if trial%2 == 1 {
			lim.perOpening = 1 + r.Intn(lim.width)
		}
		cands := make([]candidate, n)
		for i := range cands {
			// Few evaluations and boards, so that ties and duplicates abound.
			cands[i] = candidate{eval: int64(r.Intn(8)), hash: uint64(r.Intn(40)), parent: int32(r.Intn(20)), cell: uint8(i)}
			if trial%4 == 3 {
				cands[i].parent = int32(cands[i].hash % 20) // one opening a board
			}
		}
		var seen dedupTable
		whole, _ := keepBest(append([]candidate(nil), cands...), lim, &seen)
		require.Equal(t, key(whole), key(cappedGreedily(cands, lim)), "trial %d", trial)
		if trial%4 == 1 {
			continue
		}

		shuffled := append([]candidate(nil), cands...)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		cut := r.Intn(n + 1)
		later := append([]candidate(nil), shuffled[cut:]...) // keepBest works in place
		a, dropped := keepBest(shuffled[:cut], lim, &seen)
		a = append([]candidate(nil), a...)
		b, _ := keepBest(shuffled[cut:], lim, &seen)
		pieces, _ := keepBest(append(append([]candidate(nil), a...), b...), lim, &seen)
		require.Equal(t, key(whole), key(pieces), "trial %d", trial)
		if !dropped || len(a) < lim.width {
			continue
		}
		// As expandRange does: once the first piece dropped a candidate, the
		// rest need only the candidates before its worst kept.
		cutoff := worst(a)
		var rest []candidate
		for _, c := range later {
			if c.before(&cutoff) {
				rest = append(rest, c)
			}
		}
		b, _ = keepBest(rest, lim, &seen)
		filtered, _ := keepBest(append(a, b...), lim, &seen)
		require.Equal(t, key(whole), key(filtered), "trial %d, the rest filtered", trial)
	}
}

// cappedGreedily is keepBest written plainly: the distinct boards best
// first (each with its best candidate's opening), skipping those whose
// opening already has lim.perOpening kept, until lim.width are kept.
func cappedGreedily(cands []candidate, lim layerLimit) []candidate {
	sorted := append([]candidate(nil), cands...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].before(&sorted[j]) })
	seen := map[uint64]bool{}
	perGroup := map[int32]int{}
	var out []candidate
	for _, c := range sorted {
		if seen[c.hash] || len(out) == lim.width {
			continue
		}
		seen[c.hash] = true
		opening := lim.parents[c.parent].opening
		if opening >= 0 && lim.perOpening > 0 && perGroup[opening] == lim.perOpening {
			continue
		}
		perGroup[opening]++
		out = append(out, c)
	}
	return out
}

func TestWorstIsLastInOrder(t *testing.T) {
	cands := []candidate{{eval: 4, hash: 1}, {eval: 2, hash: 5}, {eval: 9}, {eval: 2, hash: 3}}
	require.Equal(t, candidate{eval: 2, hash: 5}, worst(cands))
}

// Sorting in parts, one per worker, then merging gives the order of one sort.
func TestSortCandidatesInParts(t *testing.T) {
	r := rng.New(7)
	for trial := 0; trial < 200; trial++ {
		cands := make([]candidate, r.Intn(300))
		for i := range cands {
			cands[i] = candidate{eval: int64(r.Intn(8)), hash: uint64(r.Intn(1 << 20)), parent: int32(r.Intn(20)), cell: uint8(i)}
		}
		want := make([]candidate, len(cands))
		copy(want, cands)
		sort.Slice(want, func(i, j int) bool { return want[i].before(&want[j]) })
		s := &beam{workers: make([]worker, 1+trial%5)}
		s.sortCandidates(cands)
		require.Equal(t, want, cands, "trial %d, %d workers", trial, len(s.workers))
	}
}
