// Package a declares the same names as b and main.
package a

import "strconv"

// Size is a's size.
const Size = 3

// Count counts a's calls.
var Count int

// T is a's type.
type T struct{ X int }

// String is the same method name as b.T's.
func (t T) String() string { return "a.T" + strconv.Itoa(t.X) }

// New makes a T.
func New(x int) T {
	Count++
	return T{X: x * Size}
}

// strings is a package-level name equal to a standard package's name.
var strings = []string{"a0", "a1"}

// Pick returns one of a's strings.
func Pick(i int) string { return strings[i%len(strings)] }

func unused() int { return 42 }
