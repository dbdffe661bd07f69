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
