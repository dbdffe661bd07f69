// Package a records the order in which initialization happens.
package a

// Log is the initialization trace.
var Log []string

func trace(s string) int {
	Log = append(Log, s)
	return len(Log)
}

// X depends on Y, declared after it: Y is initialized first.
var X = trace("a.X") + Y

var Y = trace("a.Y")

// Table is filled by init, which runs after all of a's variables.
var Table [4]int

var unusedPure = 3

func init() {
	trace("a.init")
	for i := range Table {
		Table[i] = i * i
	}
}
