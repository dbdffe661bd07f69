package rng

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSameSeedSameSequence(t *testing.T) {
	a, b := New(42), New(42)
	for i := 0; i < 1000; i++ {
		require.Equal(t, a.Uint64(), b.Uint64())
	}
	assert.NotEqual(t, New(1).Uint64(), New(2).Uint64())
}

// The first outputs are pinned so that a change of algorithm, which would change
// every search's bench signature, is noticed here first.
func TestPinnedSequence(t *testing.T) {
	r := New(0)
	got := []uint64{r.Uint64(), r.Uint64(), r.Uint64()}
	r2 := New(0)
	for _, want := range got {
		assert.Equal(t, want, r2.Uint64())
	}
	assert.Equal(t, pinnedSeed0, got[0])
}

func TestIntnRangeAndSpread(t *testing.T) {
	r := New(7)
	var counts [6]int
	for i := 0; i < 60000; i++ {
		v := r.Intn(6)
		require.True(t, v >= 0 && v < 6)
		counts[v]++
	}
	for _, c := range counts {
		assert.InDelta(t, 10000, c, 500)
	}
	assert.Panics(t, func() { r.Intn(0) })
}

func TestFloat64Range(t *testing.T) {
	r := New(3)
	for i := 0; i < 10000; i++ {
		f := r.Float64()
		require.True(t, f >= 0 && f < 1)
	}
}

func TestShuffleIsPermutation(t *testing.T) {
	r := New(9)
	xs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	seen := map[int]bool{}
	for _, x := range xs {
		seen[x] = true
	}
	assert.Len(t, seen, 10)
}

func BenchmarkUint64(b *testing.B) {
	r := New(1)
	var sink uint64
	for i := 0; i < b.N; i++ {
		sink ^= r.Uint64()
	}
	_ = sink
}

// pinnedSeed0 is xoshiro256** seeded from splitmix64(0), the reference value of the
// algorithm's authors' seeding scheme (also Rust's rand_xoshiro seed_from_u64(0)).
const pinnedSeed0 uint64 = 0x99ec5f36cb75f2b4
