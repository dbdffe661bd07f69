// Package lib has declarations the bot does not need.
package lib

import (
	"math"
	"strings"
)

// Shape is what main uses; Square reaches it only through the interface.
type Shape interface{ Area() float64 }

// Square is kept with all its methods.
type Square struct{ side float64 }

// NewSquare makes a square.
func NewSquare(s float64) *Square { return &Square{side: s} }

func (q *Square) Area() float64 { return q.side * q.side } // used via Shape

// Perimeter is never called but kept: a method of a kept type.
func (q *Square) Perimeter() float64 { return 4 * q.side }

// Circle is unreachable, with its methods.
type Circle struct{ r float64 }

func (c Circle) Area() float64 { return math.Pi * c.r * c.r }

// Colors: Green is used, so the whole iota group stays.
const (
	Red = iota
	Green
	Blue
)

var (
	// Used is needed; notUsed is not.
	Used    = 1
	notUsed = 2
)

var pureUnused = []int{1, 2}

// effect stays: its initializer has a side effect.
var effect = register("lib")

var registry []string

func register(s string) int {
	registry = append(registry, s)
	return len(registry)
}

// Registered reports the registry.
func Registered() int { return len(registry) }

// Unused is dropped, and the strings import with it.
func Unused() string { return strings.Repeat("x", 3) }

//go:noinline
func Hot(x int) int { return x /* inline comment */ + 1 }
