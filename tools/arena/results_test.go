package arena

import (
	"bytes"
	"testing"

	"cgbots/tools/internal/match"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func record(game int, seats []string, scores []int) GameRecord {
	return GameRecord{Game: game, Seats: seats, Scores: scores, Ranks: match.Ranks(scores), Disqualified: make([]string, len(seats))}
}

func TestStandingsFourSeats(t *testing.T) {
	bots := []Bot{{Name: "a"}, {Name: "b"}}
	games := []GameRecord{
		// a first alone, then b, a, b: a's seats beat 2 and 1 of b's seats
		record(1, []string{"a", "b", "a", "b"}, []int{9, 7, 5, 3}),
		// everybody tied
		record(2, []string{"b", "a", "b", "a"}, []int{4, 4, 4, 4}),
		{Game: 3, Seats: []string{"a", "a", "b", "b"}, Error: "map unreadable"},
	}
	games[1].Disqualified[0] = "timeout"
	st, pairs := standings(bots, games)
	require.Len(t, st, 2)
	a, b := st[0], st[1]
	assert.Equal(t, Standing{Bot: "a", Seats: 4, Wins: 1, Draws: 2, Losses: 1, AvgRank: (1 + 3 + 1 + 1) / 4.0,
		Points: 1 + 0.5 + 0.5 + 0.5, Score: 2.5 / 4, Low: a.Low, High: a.High}, a)
	assert.Equal(t, Standing{Bot: "b", Seats: 4, Wins: 0, Draws: 2, Losses: 2, Disqualified: 1, AvgRank: (2 + 4 + 1 + 1) / 4.0,
		Points: 0.5 + 0 + 0.5 + 0.5, Score: 1.5 / 4, Low: b.Low, High: b.High}, b)
	lo, hi := Wilson(2.5, 4, z95)
	assert.Equal(t, [2]float64{lo, hi}, [2]float64{a.Low, a.High})
	require.Len(t, pairs, 1)
	assert.Equal(t, "a", pairs[0].A)
	assert.Equal(t, 2, pairs[0].Games)
	assert.InDelta(t, (0.75+0.5)/2, pairs[0].Score, 1e-12)
	require.NotNil(t, pairs[0].Elo)
	assert.InDelta(t, EloFromScore(0.625), *pairs[0].Elo, 1e-9)
	require.NotNil(t, pairs[0].EloError)
	assert.InDelta(t, EloFromGames([]float64{0.75, 0.5}, z95).Error, *pairs[0].EloError, 1e-9)
}

func TestStandingsPairsPutTheBetterBotFirst(t *testing.T) {
	bots := []Bot{{Name: "weak"}, {Name: "strong"}, {Name: "mid"}}
	games := []GameRecord{
		record(1, []string{"weak", "strong"}, []int{0, 1}),
		record(2, []string{"strong", "weak"}, []int{1, 1}),
		record(3, []string{"mid", "strong"}, []int{0, 1}),
		record(4, []string{"weak", "mid"}, []int{0, 1}),
	}
	st, pairs := standings(bots, games)
	assert.Equal(t, []string{"strong", "mid", "weak"}, []string{st[0].Bot, st[1].Bot, st[2].Bot})
	require.Len(t, pairs, 3)
	assert.Equal(t, Pair{A: "strong", B: "mid", Games: 1, Score: 1}, pairs[0])
	assert.Equal(t, "strong", pairs[1].A)
	assert.Equal(t, "weak", pairs[1].B)
	assert.InDelta(t, 0.75, pairs[1].Score, 1e-12)
	assert.Equal(t, Pair{A: "mid", B: "weak", Games: 1, Score: 1}, pairs[2])

	var out bytes.Buffer
	printTable(&out, &Report{Game: "waterfight", League: 5, Seats: 2, Played: 4, Planned: 4, Standings: st, Pairs: pairs})
	assert.Contains(t, out.String(), "strong vs weak: 75.0% over 2 games, Elo +191 ± ")
	assert.Contains(t, out.String(), "strong vs mid: 100.0% over 1 games, Elo +inf\n")
}
