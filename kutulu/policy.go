package kutulu

import (
	"strconv"

	"cgbots/internal/rng"
)

// Policy decides player p's action in a state. Bots, the tour, benchmarks
// and searches' playouts share it.
type Policy interface {
	Act(s *State, p int) Action
}

// Play runs the game to its end with one policy per seat, without text:
// the fast path for benchmarks, playouts and the tour.
func Play(s *State, pols *[Players]Policy) {
	var acts [Players]Action
	for !s.Over {
		for p := 0; p < Players; p++ {
			if s.Active(p) {
				acts[p] = pols[p].Act(s, p)
			}
		}
		s.ApplyTurn(&acts, nil)
	}
}

// ActionText is the command a bot prints for an action: a step is
// `MOVE x y` onto the neighbour cell.
func (s *State) ActionText(p int, a Action) string {
	switch a.Kind {
	case ActUp, ActRight, ActDown, ActLeft:
		c := s.Maze.Neighbor(int(s.Explorers[p].Cell), int(a.Kind-ActUp))
		if c < 0 {
			return "WAIT"
		}
		x, y := s.Maze.XY(c)
		return "MOVE " + strconv.Itoa(x) + " " + strconv.Itoa(y)
	case ActPlan:
		return "PLAN"
	case ActLight:
		return "LIGHT"
	case ActYell:
		return "YELL"
	}
	return "WAIT"
}

// RandomPolicy walks at random and now and then casts or yells.
type RandomPolicy struct {
	R *rng.Rand
}

// Act picks a random legal step, WAIT, or (1 in 10) PLAN, LIGHT or YELL.
func (r RandomPolicy) Act(s *State, p int) Action {
	if r.R.Intn(10) == 0 {
		return Action{Kind: ActPlan + ActionKind(r.R.Intn(3))}
	}
	var opts [5]ActionKind
	n := 0
	opts[n] = ActWait
	n++
	for d := 0; d < 4; d++ {
		if s.Maze.Neighbor(int(s.Explorers[p].Cell), d) >= 0 {
			opts[n] = ActUp + ActionKind(d)
			n++
		}
	}
	return Action{Kind: opts[r.R.Intn(n)]}
}
