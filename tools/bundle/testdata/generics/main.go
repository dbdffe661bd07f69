package main

import (
	"fmt"

	"fixture/g"
)

// Stack embeds g.Stack, whose name main takes: the embedded field follows.
type Stack struct {
	g.Stack[string]
	label string
}

// Number and Map collide with g's.
type Number int

func Map(x int) int { return x * 2 }

func main() {
	var s Stack
	s.label = "s"
	s.Push("x")
	s.Stack.Push("y")
	v, _ := s.Pop()
	fmt.Println(v, s.Len(), s.Stack.Len(), s.label)
	ints := g.Map([]int{1, 2, 3}, Map)
	strs := g.Map[int, string](ints, func(i int) string { return fmt.Sprint(i) })
	fmt.Println(ints, strs, g.Sum(1.5, 2.5), g.Sum[Number](1, 2))
	p := g.MakePair("k", 3)
	q := g.Pair[string, int]{Key: "a", Val: 1}
	fmt.Println(p, q, p.Key, q.Val)
	var st g.Stack[int]
	st.Push(4)
	fmt.Println(st.Len(), Stack{Stack: g.Stack[string]{}, label: "t"}.label)
}
