package main

import (
	"fmt"
	"strings"

	"fixture/a"
	bee "fixture/b"
)

const Size = 7

var Count = 100

type T struct {
	a.T
	Name string
}

func New() T { return T{T: a.New(2), Name: "main"} }

func main() {
	t := New()
	fmt.Println(t.T.String(), t.X, t.Name, Size, a.Size, bee.Size)
	bt := bee.New("y")
	fmt.Println(bt.String(), bee.Twice("ab"))
	// Locals named like the renamed globals must not capture references.
	a_Count := -1
	a_New := "local"
	fmt.Println(a_Count, a_New, a.Count, bee.Count, Count)
	dst := make([]int, 2)
	n := copy(dst, []int{1, 2, 3})
	fmt.Println(n, dst, strings.ToUpper(a.Pick(1)), shadow())
}

// shadow declares locals named like exported names of a and b: a bundle
// spelling a.Pick or bee.Twice without qualifier would hit them.
func shadow() string {
	Pick := "local"
	var v interface{} = 1
	switch Twice := v.(type) {
	case int:
		return Pick + a.Pick(0) + fmt.Sprint(Twice) + bee.Twice("z")
	}
	return ""
}
