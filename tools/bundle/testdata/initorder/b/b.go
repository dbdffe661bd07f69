package b

import (
	"fmt"

	"fixture/a"
)

// FromInit is 9 only if a's init functions ran before b's variables.
var FromInit = a.Table[3]

var W = a.X * 10

func init() { a.Log = append(a.Log, fmt.Sprint("b.init sees ", FromInit)) }
