package main

import (
	"fmt"
	str "strings"
	_ "time"

	"fixture/a"
	bb "fixture/b"
)

var strings = 1

type T struct{ x int }

func main() {
	k := bb.K{T: &a.T{V: 1}, Alias2: a.Alias2{K: "k", V: 2}}
	k.Inc()
	k.T.Inc()
	var j bb.J = bb.K{Named: bb.Named{}}
	fmt.Println(k.T.V, k.Alias2.String(), k.Swap(), j.Extra(), j.Name() == "")
	fmt.Println(a.Main(), a.Len("xyz"), len("xyz"), bb.Count([]int{1}), bb.Err, str.ToUpper("up"), strings)
	type Pair struct{ z int }
	fmt.Println(Pair{z: 1}, T{x: 2})
	var e error = bb.Err
	fmt.Println(e, len(a.Errs))
}
