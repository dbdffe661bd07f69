package kutulu

import (
	"strings"
	"testing"

	"cgbots/internal/cgio"
)

func newReader(s string) *cgio.Reader { return cgio.NewReader(strings.NewReader(s)) }

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"WAIT", "MOVE 3 1 msg", "move -1 2", "MOVE 3", "light", "YELL \u0085", "", " UP"} {
		f.Add(s)
	}
	s := testState(f, Bronze)
	f.Fuzz(func(t *testing.T, line string) {
		a, err := s.ParseAction(0, line)
		if err == nil && a.Kind > ActYell {
			t.Fatalf("bad kind %d for %q", a.Kind, line)
		}
	})
}

// FuzzReadTurn feeds garbage to the bot-side reader; whatever it accepts
// must simulate without a panic.
func FuzzReadTurn(f *testing.F) {
	f.Add("2\nEXPLORER 1 1 1 250 2 3\nWANDERER 4 4 1 3 1 0\n")
	f.Add("3\nEXPLORER 0 1 1 10 0 0\nSLASHER 5 1 1 40 3 0\nEFFECT_YELL -1 -1 -1 1 2 0\n")
	f.Add("2\nEXPLORER 3 7 5 100 1 1\nEFFECT_PLAN -1 7 5 2 1 -1\n")
	s := testState(f, Bronze)
	f.Fuzz(func(t *testing.T, input string) {
		v, me, err := ReadTurn(newReader(input), s.Maze, s.Params, 3)
		if err != nil {
			return
		}
		_ = v.AppendInput(nil, me)
		var acts [Players]Action
		for i := 0; i < 5 && !v.Over; i++ {
			acts[me] = HeuristicPolicy{}.Act(&v, me)
			v.ApplyTurn(&acts, nil)
		}
	})
}
