package c

import "fixture/a"

// V is initialized after b's variables (packages go by import path), though
// main imports c first.
var V = len(a.Log)

var _ = trace("c._")

func trace(s string) int {
	a.Log = append(a.Log, s)
	return 0
}
