package lastofus

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Action is one line of the answer: a walk ("w dx dy") or a brick throw
// ("b dx dy"); dx grows to the right and dy grows upward.
type Action struct {
	Throw  bool
	DX, DY int
}

// Walk and ThrowAt build actions.
func Walk(dx, dy int) Action    { return Action{DX: dx, DY: dy} }
func ThrowAt(dx, dy int) Action { return Action{Throw: true, DX: dx, DY: dy} }

func (a Action) String() string {
	letter := "w"
	if a.Throw {
		letter = "b"
	}
	return fmt.Sprintf("%s %d %d", letter, a.DX, a.DY)
}

// FormatAnswer writes actions in the output format: K, then K lines.
func FormatAnswer(actions []Action) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", len(actions))
	for _, a := range actions {
		b.WriteString(a.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// AnswerError is a malformed answer; Action is the 1-based index of the
// faulty action, 0 for the count line.
type AnswerError struct {
	Action int
	Reason string
}

func (e *AnswerError) Error() string {
	return fmt.Sprintf("action %d: %s", e.Action, e.Reason)
}

// ParseAnswer reads an answer in the output format. Tokens are separated by
// any whitespace. Offsets are parsed as numbers only; their ranges are checked
// by the simulator, which knows why they are wrong.
func ParseAnswer(r io.Reader) ([]Action, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxInput {
		return nil, &AnswerError{0, fmt.Sprintf("answer larger than %d bytes", maxInput)}
	}
	tokens := strings.Fields(string(data))
	if len(tokens) == 0 {
		return nil, &AnswerError{0, "empty answer"}
	}
	k, err := strconv.Atoi(tokens[0])
	if err != nil || k < 0 {
		return nil, &AnswerError{0, fmt.Sprintf("action count %q is not a non-negative number", tokens[0])}
	}
	if k > MaxActions {
		return nil, &AnswerError{0, fmt.Sprintf("%d actions, more than %d", k, MaxActions)}
	}
	tokens = tokens[1:]
	actions := make([]Action, 0, k)
	for i := 1; i <= k; i++ {
		if len(tokens) < 3 {
			return nil, &AnswerError{i, fmt.Sprintf("missing; only %d of %d actions given", i-1, k)}
		}
		var a Action
		switch tokens[0] {
		case "w":
		case "b":
			a.Throw = true
		default:
			return nil, &AnswerError{i, fmt.Sprintf("unknown action %q (want w or b)", tokens[0])}
		}
		dx, errX := strconv.Atoi(tokens[1])
		dy, errY := strconv.Atoi(tokens[2])
		if errX != nil || errY != nil || abs(dx) > MaxSide || abs(dy) > MaxSide {
			return nil, &AnswerError{i, fmt.Sprintf("malformed offset %q %q", tokens[1], tokens[2])}
		}
		a.DX, a.DY = dx, dy
		actions = append(actions, a)
		tokens = tokens[3:]
	}
	if len(tokens) > 0 {
		return nil, &AnswerError{k + 1, fmt.Sprintf("unexpected text %q after the %d announced actions", tokens[0], k)}
	}
	return actions, nil
}
