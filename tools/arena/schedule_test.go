package arena

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestScheduleTwoSeatsSwapsSidesOnOneSeed(t *testing.T) {
	s := newSchedule(2, 2)
	var got [][]int
	var blocks []int
	for g := 0; g < 4; g++ {
		b, seat := s.game(g)
		blocks, got = append(blocks, b), append(got, seat)
	}
	assert.Equal(t, [][]int{{0, 1}, {1, 0}, {0, 1}, {1, 0}}, got)
	assert.Equal(t, []int{0, 0, 1, 1}, blocks)

	s = newSchedule(3, 2)
	assert.Equal(t, 6, s.blockLen())
	got = nil
	for g := 0; g < 6; g++ {
		b, seat := s.game(g)
		assert.Equal(t, 0, b)
		got = append(got, seat)
	}
	assert.Equal(t, [][]int{{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}}, got)
}

func TestScheduleFourSeatsFillsAndRotatesFairly(t *testing.T) {
	s := newSchedule(2, 4)
	assert.Equal(t, [][]int{{0, 0, 1, 1}, {0, 1, 0, 1}, {0, 1, 1, 0}}, s.seatings)
	_, g0 := s.game(0)
	_, g1 := s.game(1)
	assert.Equal(t, []int{0, 0, 1, 1}, g0)
	assert.Equal(t, []int{1, 1, 0, 0}, g1)

	for bots := 2; bots <= 7; bots++ {
		s := newSchedule(bots, 4)
		for block := 0; block < 3; block++ {
			// bot x seat counts over one block: every bot once in every seat
			count := make(map[[2]int]int)
			for g := block * s.blockLen(); g < (block+1)*s.blockLen(); g++ {
				b, seat := s.game(g)
				assert.Equal(t, block, b)
				per := make([]int, bots)
				for i, bot := range seat {
					count[[2]int{bot, i}]++
					per[bot]++
				}
				for _, c := range per {
					assert.LessOrEqual(t, c, (4+bots-1)/bots, "bots %d game %d: %v", bots, g, seat)
				}
			}
			for bot := 0; bot < bots; bot++ {
				for seat := 0; seat < 4; seat++ {
					assert.Equal(t, 1, count[[2]int{bot, seat}], "bots %d block %d bot %d seat %d", bots, block, bot, seat)
				}
			}
		}
	}
}

func TestGameSeedIsDeterministicAndSpread(t *testing.T) {
	seen := map[int64]bool{}
	for b := 0; b < 1000; b++ {
		s := gameSeed(1, b)
		assert.Equal(t, s, gameSeed(1, b))
		assert.True(t, s >= 1 && s < 1<<31, "seed %d", s)
		seen[s] = true
	}
	assert.Len(t, seen, 1000)
	assert.NotEqual(t, gameSeed(1, 0), gameSeed(2, 0))
}
