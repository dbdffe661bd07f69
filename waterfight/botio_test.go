package waterfight

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cgbots/internal/rng"
)

// botInput is what the referee sends player p over a few turns of a game
// played by two random bots.
func botInput(t testing.TB, seed int64, p, turns int) string {
	ref := NewReferee(5, newTestRand(seed))
	r := rng.New(uint64(seed))
	var in []string
	for turn := 0; turn < turns && !ref.Over; turn++ {
		ref.BeginTurn()
		in = append(in, ref.Input(p)...)
		ref.Input(1 - p)
		for q := 0; q < 2; q++ {
			var acts Actions
			RandomActions(&ref.State, q, r, &acts)
			ref.Output(q, CommandLines(&ref.State, q, &acts))
		}
		ref.EndTurn()
	}
	require.Equal(t, [2]bool{true, true}, ref.Active, "our own command lines must be valid")
	return strings.Join(in, "\n") + "\n"
}

func TestRunBotAnswersEveryTurn(t *testing.T) {
	in := botInput(t, 3, 1, 5)
	var out bytes.Buffer
	require.NoError(t, RunBot(strings.NewReader(in), &out, GreedyActions))
	ref := NewReferee(5, newTestRand(3))
	n := ref.State.Listed(1)
	assert.Equal(t, 5*n, strings.Count(out.String(), "\n"), out.String())
}

func TestReadBackWhatTheRefereeSends(t *testing.T) {
	ref := NewReferee(5, newTestRand(9))
	ref.BeginTurn()
	in := strings.Join(ref.Input(0), "\n")
	var got State
	err := RunBot(strings.NewReader(in), &bytes.Buffer{}, func(s *State, me int, _ *Actions) {
		got = *s
		assert.Equal(t, 0, me)
	})
	require.NoError(t, err)
	want := ref.State
	assert.Equal(t, want.G.Tiles, got.G.Tiles)
	assert.Equal(t, want.G.First, got.G.First)
	assert.Equal(t, want.Agents, got.Agents)
}

func FuzzRunBot(f *testing.F) {
	f.Add(botInput(f, 5, 0, 3))
	f.Add("0\n2\n1 0 1 4 16 1\n2 1 1 4 16 1\n2 1\n0 0 0 1 0 0\n2\n1 0 0 0 1 0\n2 1 0 0 1 0\n1\n")
	f.Add("garbage")
	f.Fuzz(func(t *testing.T, in string) {
		r := rng.New(1)
		RunBot(strings.NewReader(in), &bytes.Buffer{}, func(s *State, me int, acts *Actions) {
			RandomActions(s, me, r, acts)
			GreedyActions(s, me, acts)
		})
	})
}

// A bot reading its input every turn knows the whole state, points included.
func TestBotStateFollowsTheReferee(t *testing.T) {
	for seed := int64(1); seed <= 5; seed++ {
		ref := NewReferee(5, newTestRand(seed))
		r := rng.New(uint64(seed))
		var in strings.Builder
		var bot State
		turns := 0
		for !ref.Over {
			ref.BeginTurn()
			if !ref.Plays(1) {
				ref.EndTurn()
				continue
			}
			for _, l := range ref.Input(1) {
				in.WriteString(l + "\n")
			}
			want := ref.State
			var acts Actions
			err := RunBot(strings.NewReader(in.String()), &bytes.Buffer{}, func(s *State, me int, _ *Actions) { bot = *s })
			require.NoError(t, err)
			assert.Equal(t, want.Agents, bot.Agents, "seed %d turn %d", seed, turns)
			assert.Equal(t, want.Points, bot.Points, "seed %d turn %d", seed, turns)
			RandomActions(&ref.State, 0, r, &acts)
			GreedyActions(&ref.State, 1, &acts)
			ref.Output(0, CommandLines(&ref.State, 0, &acts))
			ref.Output(1, CommandLines(&ref.State, 1, &acts))
			ref.EndTurn()
			turns++
		}
	}
}
