package lastofus

import (
	"fmt"
	"os"
	"testing"
	"time"

	"cgbots/internal/clock"
)

func TestDebugLure(t *testing.T) {
	f, _ := os.Open(os.Getenv("AREA"))
	a, err := Parse(f)
	if err != nil {
		t.Skip()
	}
	debugLure = false
	ls := newLureSearch(a, a.EllieDistances())
	acts := ls.run(clock.For(time.Second), clock.For(time.Second))
	fmt.Println(len(acts), ls.expanded, len(ls.nodes))
	for i, n := range ls.nodes {
		if i > 30 {
			break
		}
		fmt.Println(i, n.parent, a.CellString(n.state.Ellie), n.state.Bricks, n.g, n.actions)
	}
}

func TestDebugWitness(t *testing.T) {
	f, _ := os.Open(os.Getenv("AREA"))
	a, err := Parse(f)
	if err != nil {
		t.Skip()
	}
	g, _ := os.Open(os.Getenv("W"))
	acts, _ := ParseAnswer(g)
	sim := NewSim(a, Rules{})
	s := NewState(a)
	for i, act := range acts {
		sim.Step(s, act)
		if act.Throw {
			fmt.Println(i, "at", a.CellString(s.Ellie), act)
		}
	}
}

func TestDebugGen(t *testing.T) {
	if os.Getenv("GEN") == "" {
		t.Skip()
	}
	start := time.Now()
	debugLure = false
	a, w, err := Generate(GenOptions{Rows: 500, Cols: 500, Clickers: 600, Bricks: 140, Seed: 119, Style: os.Getenv("GEN")})
	fmt.Println(err, len(w), time.Since(start))
	_ = a
}
