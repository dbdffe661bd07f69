package lastofus

import "fmt"

// Check replays actions on a under rules. It returns nil when the last action
// walks Ellie into the exit, else an *AnswerError naming the first faulty
// action (1-based).
func Check(a *Area, actions []Action, rules Rules) error {
	if len(actions) > MaxActions {
		return &AnswerError{MaxActions + 1, fmt.Sprintf("more than %d actions", MaxActions)}
	}
	sim := NewSim(a, rules)
	s := NewState(a)
	for i, act := range actions {
		out, err := sim.Step(s, act)
		if err != nil {
			return &AnswerError{i + 1, act.String() + ": " + err.Error()}
		}
		if out == Killed {
			return &AnswerError{i + 1, fmt.Sprintf("%s: Ellie at %s is killed by the clicker at %s",
				act, a.CellString(s.Ellie), a.CellString(sim.Killer))}
		}
	}
	if !s.Escaped {
		return &AnswerError{len(actions), fmt.Sprintf("the list ends with Ellie at %s, not at the exit", a.CellString(s.Ellie))}
	}
	return nil
}

// CheckAll checks actions under every reading of Readings.
func CheckAll(a *Area, actions []Action) error {
	return CheckReadings(a, actions, Readings)
}

// CheckReadings checks actions under each of readings; the error names the
// reading that rejects them when there are several. A reading that differs
// from another only in an action the list never uses ("w 0 0", "b 0 0")
// gives the same replay, so it is not replayed again.
func CheckReadings(a *Area, actions []Action, readings []Rules) error {
	waits, selfThrows := false, false
	for _, act := range actions {
		if act.DX == 0 && act.DY == 0 {
			if act.Throw {
				selfThrows = true
			} else {
				waits = true
			}
		}
	}
	done := map[Rules]bool{}
	for _, r := range readings {
		effective := Rules{SilentWait: r.SilentWait && waits, ForbidSelfThrow: r.ForbidSelfThrow && selfThrows}
		if done[effective] {
			continue
		}
		done[effective] = true
		if err := Check(a, actions, r); err != nil {
			if ae, ok := err.(*AnswerError); ok && len(readings) > 1 {
				return &AnswerError{ae.Action, ae.Reason + " [reading " + r.String() + "]"}
			}
			return err
		}
	}
	return nil
}
