package kutulu_test

import (
	"testing"

	"cgbots/internal/rng"
	"cgbots/kutulu"
	"cgbots/kutulu/mapgen"
	"github.com/stretchr/testify/require"
)

// TestRandomGamesKeepInvariants plays random games in every league on
// generated maps: the fixed arrays never fill up (a full array would drop a
// minion or an effect), sanity stays in 0..250, and every game ends by turn 200.
func TestRandomGamesKeepInvariants(t *testing.T) {
	for g := 0; g < 210; g++ {
		m := mapgen.Generate(uint64(g % 30))
		p, r := kutulu.DrawParams(int64(g), 1+g%7)
		s := kutulu.NewState(m, p, r)
		pol := kutulu.RandomPolicy{R: rng.New(uint64(g))}
		var acts [kutulu.Players]kutulu.Action
		for !s.Over {
			for q := 0; q < kutulu.Players; q++ {
				if s.Active(q) {
					acts[q] = pol.Act(&s, q)
				}
			}
			s.ApplyTurn(&acts, nil)
			require.Less(t, s.NMinions, kutulu.MaxMinions, "game %d turn %d", g, s.Turn)
			require.Less(t, s.NEffects, kutulu.MaxEffects, "game %d turn %d", g, s.Turn)
			for q := range s.Explorers {
				require.True(t, s.Explorers[q].Sanity >= 0 && s.Explorers[q].Sanity <= kutulu.MaxSanity)
			}
			require.LessOrEqual(t, s.Turn, kutulu.MaxTurn+1)
		}
	}
}
