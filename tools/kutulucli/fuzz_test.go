package kutulucli

import (
	"strings"
	"testing"
)

// A tiny trace of our own (not an official one): one turn of Wood 3 on a
// 7x5 map, truncated; replaying it must report, never panic.
const tinyTrace = `# kutulu-trace v1
GAME 0 seed=5 league=1 botseed=1 bots=a;b;c;d
MAP Pac man
INIT 7 5
ROW #######
ROW #..w..#
ROW #.....#
ROW #.....#
ROW #######
PARAMS 3 1 3 40
TURN 0
IN 0 4
E EXPLORER 0 1 1 250 2 3
E EXPLORER 1 5 1 250 2 3
E EXPLORER 2 1 3 250 2 3
E EXPLORER 3 5 3 250 2 3
OUT 0 WAIT
SUMMARY 0 Invalid move from $0
H rngAfter=1
END lastTurn=0 scores=0,0,0,0 sanity=0,0,0,0
DEACTIVATED 0 x
`

func FuzzParseTrace(f *testing.F) {
	f.Add(tinyTrace)
	f.Add(strings.Replace(tinyTrace, "INIT 7 5", "INIT 7 99", 1))
	f.Add("# kutulu-trace v1\nTURN 0\nOUT 0\n")
	f.Fuzz(func(t *testing.T, text string) {
		tr, err := parseTrace(strings.NewReader(text))
		if err != nil {
			return
		}
		if err := replayTrace(tr); err == nil && !strings.Contains(text, "END") {
			t.Fatal("a trace without END cannot match")
		}
	})
}
