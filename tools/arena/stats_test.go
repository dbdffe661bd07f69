package arena

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWilsonKnownValues(t *testing.T) {
	for _, tc := range []struct {
		points float64
		n      int
		lo, hi float64
	}{
		{8, 10, 0.490162, 0.943318},
		{0, 10, 0, 0.277533},
		{5, 10, 0.236593, 0.763407},
		{10, 10, 0.722467, 1},
		{15.5, 20, 0.557314, 0.904067},
		{1, 1, 0.206549, 1},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson(tc.points, tc.n, z95)
		assert.InDelta(t, tc.lo, lo, 1e-6, "%v/%d low", tc.points, tc.n)
		assert.InDelta(t, tc.hi, hi, 1e-6, "%v/%d high", tc.points, tc.n)
	}
}

func TestEloFromScoreKnownValues(t *testing.T) {
	for _, tc := range []struct{ score, elo float64 }{
		{0.5, 0}, {0.75, 190.848502}, {0.25, -190.848502}, {0.9, 381.697004}, {0.6, 70.436504},
	} {
		assert.InDelta(t, tc.elo, EloFromScore(tc.score), 1e-6, "score %v", tc.score)
	}
	assert.True(t, math.IsInf(EloFromScore(1), 1))
	assert.True(t, math.IsInf(EloFromScore(0), -1))
}

func TestEloFromGamesKnownValues(t *testing.T) {
	for _, tc := range []struct {
		name        string
		scores      []float64
		score, diff float64
		err         float64 // +Inf: unknown
	}{
		{"3 wins 1 loss", []float64{1, 0, 1, 1}, 0.75, 190.848502, 453.974156},
		{"with draws", []float64{1, .5, 0, 1, 1, .5}, 2.0 / 3, 120.411998, 255.360463},
		{"all draws: no spread", []float64{.5, .5, .5}, 0.5, 0, 0},
		{"one game", []float64{1}, 1, math.Inf(1), math.Inf(1)},
		{"all wins", []float64{1, 1, 1}, 1, math.Inf(1), math.Inf(1)},
		{"no games", nil, 0, 0, math.Inf(1)},
	} {
		e := EloFromGames(tc.scores, z95)
		assert.Equal(t, len(tc.scores), e.Games, tc.name)
		assert.InDelta(t, tc.score, e.Score, 1e-9, tc.name)
		if math.IsInf(tc.diff, 0) {
			assert.Equal(t, tc.diff, e.Diff, tc.name)
		} else {
			assert.InDelta(t, tc.diff, e.Diff, 1e-6, tc.name)
		}
		if math.IsInf(tc.err, 0) {
			assert.True(t, math.IsInf(e.Error, 1), tc.name)
		} else {
			assert.InDelta(t, tc.err, e.Error, 1e-6, tc.name)
		}
	}
}
