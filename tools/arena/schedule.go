package arena

// schedule seats the bots game after game so that short runs are already
// fair. Games come in blocks that share one seed (one map); after every
// whole block each bot has sat in each seat equally often.
//
// Two seats: a block is every pairing of bots, each playing both sides, so
// each pairing plays both sides of every map. More seats: a block takes one
// balanced seating (each bot seated as often as any other, give or take
// one) and rotates the bots through it, so each bot sits once in each seat;
// the next block takes the next balanced seating.
type schedule struct {
	bots, seats int
	seatings    [][]int // seat -> bot; pairs for two seats, rotation bases else
}

func newSchedule(bots, seats int) schedule {
	s := schedule{bots: bots, seats: seats}
	if seats == 2 {
		for a := 0; a < bots; a++ {
			for b := a + 1; b < bots; b++ {
				s.seatings = append(s.seatings, []int{a, b}, []int{b, a})
			}
		}
		return s
	}
	// Rotation bases: balanced seatings with bot 0 in seat 0; rotating the
	// bots of one gives each of the others exactly once.
	lo, hi := seats/bots, (seats+bots-1)/bots
	seat := make([]int, seats)
	for code := 0; ; code++ {
		c := code
		for i := seats - 1; i >= 0; i-- {
			seat[i] = c % bots
			c /= bots
		}
		if c > 0 {
			break
		}
		if seat[0] == 0 && balanced(seat, bots, lo, hi) {
			s.seatings = append(s.seatings, append([]int(nil), seat...))
		}
	}
	return s
}

func balanced(seat []int, bots, lo, hi int) bool {
	count := make([]int, bots)
	for _, b := range seat {
		count[b]++
	}
	for _, c := range count {
		if c < lo || c > hi {
			return false
		}
	}
	return true
}

// blockLen is the number of games of one seed block.
func (s schedule) blockLen() int {
	if s.seats == 2 {
		return len(s.seatings)
	}
	return s.bots
}

// game returns the seed block of game g and the bot of each seat.
func (s schedule) game(g int) (block int, seat []int) {
	n := s.blockLen()
	block = g / n
	if s.seats == 2 {
		return block, s.seatings[g%n]
	}
	base := s.seatings[block%len(s.seatings)]
	seat = make([]int, s.seats)
	for i, b := range base {
		seat[i] = (b + g%n) % s.bots
	}
	return block, seat
}

// gameSeed derives the seed of a block from the arena seed (splitmix64),
// kept in 1..2^31-1 so that it reads well and any referee takes it.
func gameSeed(base int64, block int) int64 {
	x := uint64(base) + uint64(block+1)*0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	x ^= x >> 31
	return int64(x%(1<<31-1)) + 1
}
