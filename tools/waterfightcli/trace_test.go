package waterfightcli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"cgbots/internal/rng"
	"cgbots/internal/sha1prng"
	"cgbots/waterfight"
)

// ownTrace plays a game in-process through the referee (greedy against
// random, with a bad line from player 1 on turn badTurn if > 0) and
// records it in the traces' format.
func ownTrace(t testing.TB, seed int64, league, badTurn int) []byte {
	ref := waterfight.NewReferee(league, sha1prng.New(seed))
	r := rng.New(uint64(seed))
	lines := []traceLine{*initOf(ref, seed)}
	for !ref.Over {
		ref.BeginTurn()
		tl := traceLine{Type: "turn"}
		var outs [2][]string
		for p := 0; p < 2; p++ {
			if !ref.Plays(p) {
				continue
			}
			in := ref.Input(p)
			tl.Inputs[p] = &in
			var acts waterfight.Actions
			if p == 0 {
				waterfight.GreedyActions(&ref.State, p, &acts)
			} else {
				waterfight.RandomActions(&ref.State, p, r, &acts)
			}
			outs[p] = waterfight.CommandLines(&ref.State, p, &acts)
			if p == 1 && int(ref.State.Turn)+1 == badTurn {
				outs[p][0] = "1;;WAIT"
			}
			tl.Outputs[p] = &outs[p]
		}
		for p := 0; p < 2; p++ {
			if tl.Outputs[p] != nil {
				ref.Output(p, outs[p])
			}
		}
		ref.EndTurn()
		lines = append(lines, turnRecord(ref, tl))
	}
	lines = append(lines, endRecord(ref))
	var b bytes.Buffer
	require.NoError(t, writeTrace(&b, lines))
	return b.Bytes()
}

func TestOwnTracesReplay(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for _, tc := range []struct {
		seed            int64
		league, badTurn int
	}{{1, 5, 0}, {2, 5, 3}, {3, 4, 0}, {4, 2, 0}, {5, 1, 0}, {6, 3, 0}} {
		p := filepath.Join(dir, filepath.Base(t.Name())+string(rune('a'+len(paths)))+".jsonl")
		require.NoError(t, os.WriteFile(p, ownTrace(t, tc.seed, tc.league, tc.badTurn), 0o644))
		paths = append(paths, p)
	}
	var out bytes.Buffer
	assert.NoError(t, Replay(paths, &out, &out), out.String())
}

func FuzzReplayTrace(f *testing.F) {
	// short games keep the fuzzer fast: one turn each
	f.Add(ownTrace(f, 7, 5, 1))
	f.Add(ownTrace(f, 8, 3, 0))
	f.Add([]byte(`{"type":"init","league":5,"seed":1}` + "\n" + `{"type":"end"}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(dir, "fuzz.jsonl")
		require.NoError(t, os.WriteFile(p, data, 0o644))
		replayFile(p) // any error is fine; a panic is not
	})
}
