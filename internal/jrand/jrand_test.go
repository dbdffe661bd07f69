package jrand

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The expected sequences were printed by OpenJDK 17's java.util.Random.

func TestSeedScrambling(t *testing.T) {
	r := New(1101)
	assert.Equal(t, uint64(25214902816), r.State())
}

func TestNextInt(t *testing.T) {
	tests := []struct {
		seed int64
		want []int32
	}{
		{0, []int32{-1155484576, -723955400, 1033096058}},
		{42, []int32{-1170105035, 234785527, -1360544799, 205897768, 1325939940}},
	}
	for _, tc := range tests {
		r := New(tc.seed)
		for i, w := range tc.want {
			assert.Equal(t, w, r.NextInt(), "seed %d draw %d", tc.seed, i)
		}
	}
}

func TestNextIntn(t *testing.T) {
	tests := []struct {
		name  string
		seed  int64
		bound int32
		want  []int32
	}{
		{"seed 42 bound 10", 42, 10, []int32{0, 3, 8, 4, 0, 5, 5, 8, 9, 3}},
		{"power of two", -7, 16, []int32{4, 14, 10, 15, 8, 2, 13, 5}},
		{"large bound", 123456789, 1500000000, []int32{1426010965, 981296483, 547328344, 838606290, 465137554, 913732807}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := New(tc.seed)
			got := make([]int32, len(tc.want))
			for i := range got {
				got[i] = r.NextIntn(tc.bound)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestNextIntnRejectsBiasedDraw(t *testing.T) {
	// With seed 0 the first draw for bound 2^30+1 is rejected: the call
	// consumes two states, so the following nextInt() is the third draw.
	r := New(0)
	assert.Equal(t, int32(516548029), r.NextIntn(1<<30+1))
	assert.Equal(t, int32(-1690734402), r.NextInt())
}

func TestNextIntnPanicsOnBadBound(t *testing.T) {
	r := New(1)
	require.Panics(t, func() { r.NextIntn(0) })
}

func TestNextLongDoubleBoolean(t *testing.T) {
	r := New(5)
	assert.Equal(t, []int64{-4971030886054769832, 1628080142987304160, 9018696937790626762, 8519392794254051655},
		[]int64{r.NextLong(), r.NextLong(), r.NextLong(), r.NextLong()})
	r = New(5)
	for i, bits := range []uint64{4604755157516398170, 4591024109318047544, 4602478941312032188, 4601991339548643476} {
		assert.Equal(t, bits, math.Float64bits(r.NextDouble()), "double %d", i)
	}
	r = New(9)
	got := []bool{}
	for i := 0; i < 8; i++ {
		got = append(got, r.NextBoolean())
	}
	assert.Equal(t, []bool{true, false, true, true, true, true, true, true}, got)
}

func TestValueCopyForks(t *testing.T) {
	a := New(3)
	b := a
	assert.Equal(t, a.NextInt(), b.NextInt())
	b.SetState(a.State())
	assert.Equal(t, a.NextIntn(7), b.NextIntn(7))
}

// TestSkipIntnMatchesNextIntn: SkipIntn leaves the state NextIntn leaves,
// including on draws rejected for bias (states chosen so that the next draw
// is the largest 31-bit values).
func TestSkipIntnMatchesNextIntn(t *testing.T) {
	inv := uint64(1) // multiplier^-1 mod 2^48 by Newton's iteration
	for i := 0; i < 6; i++ {
		inv *= 2 - multiplier*inv
	}
	inv &= mask
	before := func(next uint64) uint64 { return ((next - addend) * inv) & mask }
	states := []uint64{before(0x7FFFFFFF << 17), before(0x7FFFFFFE << 17), before(0x7FFFFFFD << 17), before(0x40000000 << 17)}
	r := New(7)
	for i := 0; i < 200; i++ {
		r.NextInt()
		states = append(states, r.State())
	}
	bounds := []int32{1, 2, 3, 4, 5, 6, 7, 1<<30 + 1, math.MaxInt32}
	rejections := 0
	for _, st := range states {
		for _, b := range bounds {
			var want, got Random
			want.SetState(st)
			got.SetState(st)
			want.NextIntn(b)
			got.SkipIntn(b)
			require.Equal(t, want.State(), got.State(), "state %#x bound %d", st, b)
			probe := Random{state: st}
			probe.Next(31)
			if probe.State() != want.State() {
				rejections++
			}
		}
	}
	assert.Greater(t, rejections, 3, "the table must exercise rejected draws")
	// Constant bounds (the inlined form the simulator uses); bound 3
	// rejects exactly the draws 2^31-2 and 2^31-1.
	for i, st := range states[:3] {
		var want, got Random
		want.SetState(st)
		got.SetState(st)
		want.NextIntn(3)
		got.SkipIntn(3)
		assert.Equal(t, want.State(), got.State())
		one := Random{state: st}
		one.Next(31)
		assert.Equal(t, i < 2, one.State() != got.State(), "state %d rejected", i)
	}
}

func TestExportedConstantsStepTheState(t *testing.T) {
	r := New(42)
	for i := 0; i < 5; i++ {
		st := r.State()
		r.Next(31)
		assert.Equal(t, (st*Multiplier+Addend)&(1<<48-1), r.State())
	}
}
