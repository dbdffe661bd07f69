package b

import "fmt"

const Size = 5

var Count int

type T struct{ Y string }

func (t *T) String() string { return fmt.Sprintf("b.T(%s)", t.Y) }

func New(y string) *T {
	Count += 2
	return &T{Y: y}
}

// copy shadows the builtin inside b only; main uses the builtin copy.
func copy(s string) string { return s + s }

func Twice(s string) string { return copy(s) }
