// Package jrand is java.util.Random reproduced bit for bit: the 48-bit linear
// congruential generator, its seed scrambling and the derived draws. Referees
// written in Java draw from it, so simulators that must match them seed for
// seed use this package with the same call order.
package jrand

const (
	multiplier = 0x5DEECE66D
	addend     = 0xB
	mask       = 1<<48 - 1
)

// Multiplier and Addend define the generator's step, state' = (state *
// Multiplier + Addend) mod 2^48, for hot loops that step a state kept in a
// local variable (a register) between State and SetState.
const (
	Multiplier = multiplier
	Addend     = addend
)

// Random is a java.util.Random. The zero value is a generator whose internal
// state is 0 (not the same as New(0)). It is a plain value: copying it forks
// the sequence.
type Random struct {
	state uint64
}

// New returns a generator seeded like `new java.util.Random(seed)`.
func New(seed int64) Random {
	return Random{state: (uint64(seed) ^ multiplier) & mask}
}

// State returns the 48-bit internal state (Java's private `seed` field).
func (r *Random) State() uint64 { return r.state }

// SetState sets the internal state directly (no scrambling).
func (r *Random) SetState(s uint64) { r.state = s & mask }

// Next is Java's protected next(bits): advance and return the top bits of
// the state as a signed 32-bit integer (1 <= bits <= 32).
func (r *Random) Next(bits uint) int32 {
	r.state = (r.state*multiplier + addend) & mask
	return int32(r.state >> (48 - bits))
}

// NextInt is nextInt(): a uniform 32-bit integer, possibly negative.
func (r *Random) NextInt() int32 { return r.Next(32) }

// NextIntn is nextInt(bound) for bound > 0 (Java throws otherwise; here a
// non-positive bound panics). Powers of two take the high bits of one draw;
// other bounds reject the draws that would bias the remainder. The
// power-of-two path is small enough to be inlined.
func (r *Random) NextIntn(bound int32) int32 {
	if bound > 0 && bound&(bound-1) == 0 {
		return int32((int64(bound) * int64(r.Next(31))) >> 31)
	}
	return r.nextIntnRejecting(bound)
}

func (r *Random) nextIntnRejecting(bound int32) int32 {
	if bound <= 0 {
		panic("jrand: bound must be positive")
	}
	m := bound - 1
	for {
		u := r.Next(31)
		var v int32
		if bound == 3 { // a constant divisor compiles to a multiplication
			v = u % 3
		} else {
			v = u % bound
		}
		if u-v+m >= 0 { // int32 wrap-around means overflow: reject
			return v
		}
	}
}

// NextLong is nextLong(): two 32-bit draws.
func (r *Random) NextLong() int64 {
	hi := int64(r.Next(32))
	return hi<<32 + int64(r.Next(32))
}

// NextBoolean is nextBoolean(): one bit.
func (r *Random) NextBoolean() bool { return r.Next(1) != 0 }

// NextDouble is nextDouble(): 53 random bits scaled into [0, 1).
func (r *Random) NextDouble() float64 {
	hi := int64(r.Next(26))
	return float64(hi<<27+int64(r.Next(27))) * (1.0 / (1 << 53))
}

// SkipIntn advances the generator exactly as NextIntn(bound) does without
// computing the draw: a draw is rejected when it reaches the largest multiple
// of bound not above 2^31 (never for powers of two). Inlined with a constant
// bound it is one step and a comparison.
func (r *Random) SkipIntn(bound int32) {
	limit := int64(1)<<31 - int64(1)<<31%int64(bound)
	for int64(r.Next(31)) >= limit {
	}
}
