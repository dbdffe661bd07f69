package main

import "fmt"

// Imported in this order; Go initializes them by import path.
import "fixture/c"
import "fixture/b"
import "fixture/a"

var M = trace("main.M")

func trace(s string) int {
	a.Log = append(a.Log, s)
	return -len(a.Log)
}

func init() { trace("main.init") }

func main() {
	for _, l := range a.Log {
		fmt.Println(l)
	}
	fmt.Println(b.FromInit, b.W, c.V, M, a.Z)
}

func init() { trace("main.init second") }
