// Package sha1prng reproduces, bit for bit, the random numbers CodinGame's
// game engine draws: Java's sun.security.provider.SecureRandom "SHA1PRNG"
// seeded once with setSeed(long), consumed through the java.util.Random
// methods (nextInt, nextInt(bound), nextInt(origin, bound), nextBoolean) and
// Collections.shuffle. Referees use it to rebuild official maps from seeds;
// bots never need it.
package sha1prng

import "crypto/sha1"

const blockSize = sha1.Size

// Rand is one seeded generator. The zero value is not usable: call New.
type Rand struct {
	state [blockSize]byte
	block [blockSize]byte
	used  int // bytes of block already served; blockSize means none left
}

// New seeds a generator like SecureRandom.getInstance("SHA1PRNG") followed by
// setSeed(seed): the state is the SHA-1 of the seed's 8 bytes, least
// significant first. Java ignores setSeed(0) and then seeds itself from
// system entropy, so seed 0 has no reproducible sequence; New accepts it and
// simply hashes eight zero bytes.
func New(seed int64) *Rand {
	var b [8]byte
	u := uint64(seed)
	for i := range b {
		b[i] = byte(u)
		u >>= 8
	}
	r := &Rand{state: sha1.Sum(b[:]), used: blockSize}
	return r
}

// nextBlock produces the next 20 output bytes and advances the state the way
// the JDK does: a byte-wise addition of state, output and a carry that starts
// at 1, with bytes read as signed values (not a true 160-bit addition).
func (r *Rand) nextBlock() {
	r.block = sha1.Sum(r.state[:])
	carry := 1
	changed := false
	for i := range r.state {
		v := int(int8(r.state[i])) + int(int8(r.block[i])) + carry
		t := byte(v)
		if r.state[i] != t {
			changed = true
		}
		r.state[i] = t
		carry = v >> 8
	}
	if !changed {
		r.state[0]++
	}
	r.used = 0
}

// NextBytes fills p from the byte stream; unused bytes of a block are served
// to the next request first.
func (r *Rand) NextBytes(p []byte) {
	for i := range p {
		if r.used == blockSize {
			r.nextBlock()
		}
		p[i] = r.block[r.used]
		r.used++
	}
}

// next is SecureRandom.next(bits): ceil(bits/8) bytes, big-endian, top bits kept.
func (r *Rand) next(bits int) int32 {
	n := (bits + 7) / 8
	var v uint32
	for i := 0; i < n; i++ {
		if r.used == blockSize {
			r.nextBlock()
		}
		v = v<<8 | uint32(r.block[r.used])
		r.used++
	}
	return int32(v >> uint(n*8-bits))
}

// NextInt is java.util.Random.nextInt(): 32 random bits.
func (r *Rand) NextInt() int32 { return r.next(32) }

// NextBoolean is java.util.Random.nextBoolean().
func (r *Rand) NextBoolean() bool { return r.next(1) != 0 }

// Intn is java.util.Random.nextInt(bound) for bound > 0 (Java throws otherwise;
// here it panics).
func (r *Rand) Intn(bound int) int {
	if bound <= 0 {
		panic("sha1prng: Intn with bound <= 0")
	}
	b := int32(bound)
	m := b - 1
	v := r.next(31)
	if b&m == 0 {
		return int(int32((int64(b) * int64(v)) >> 31))
	}
	for u := v; ; u = r.next(31) {
		v = u % b
		if u-v+m >= 0 { // int32 overflow makes it negative: redraw
			return int(v)
		}
	}
}

// IntRange is Java 17's Random.nextInt(origin, bound) (RandomSupport.boundedNextInt)
// for origin < bound.
func (r *Rand) IntRange(origin, bound int) int {
	if origin >= bound {
		panic("sha1prng: IntRange with origin >= bound")
	}
	v := r.NextInt()
	n := int32(bound - origin)
	m := n - 1
	if n&m == 0 {
		return int(v&m) + origin
	}
	if n > 0 {
		u := int32(uint32(v) >> 1)
		for {
			v = u % n
			if u+m-v >= 0 {
				return int(v) + origin
			}
			u = int32(uint32(r.NextInt()) >> 1)
		}
	}
	// The range does not fit an int32: draw until inside it.
	for int(v) < origin || int(v) >= bound {
		v = r.NextInt()
	}
	return int(v)
}

// Shuffle is Collections.shuffle(list, rnd) on a list of n elements.
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n; i > 1; i-- {
		swap(i-1, r.Intn(i))
	}
}
