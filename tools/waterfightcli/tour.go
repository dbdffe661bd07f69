package waterfightcli

import (
	"fmt"
	"io"
	"time"

	"cgbots/internal/rng"
	"cgbots/internal/sha1prng"
	"cgbots/waterfight"
)

// tourSeed is the CodinGame seed of the tour's map.
const tourSeed = 42

// Tour plays one full game in-process on the map of seed 42, the greedy bot
// against the random bot, and prints the outcome.
func Tour(stdout io.Writer) error {
	start := time.Now()
	g, s, _ := waterfight.NewGame(5, sha1prng.New(tourSeed))
	turns := waterfight.PlayGame(&s, waterfight.GreedyActions, waterfight.RandomPolicy(rng.New(1)))
	scores, texts := s.Scores([2]bool{true, true})
	fmt.Fprintf(stdout, "seed %d: %dx%d map, %d agents a side; greedy (player 0) vs random (player 1)\n", tourSeed, g.W, g.H, g.N/2)
	fmt.Fprintf(stdout, "after %d turns: %s vs %s (scores %d, %d), %v\n", turns, texts[0], texts[1], scores[0], scores[1], time.Since(start).Round(time.Millisecond))
	if scores[0] <= scores[1] {
		return fmt.Errorf("the greedy bot did not beat the random bot")
	}
	return nil
}
