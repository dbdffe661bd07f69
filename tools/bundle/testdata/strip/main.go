// The bot: comments go unless -keep-comments.
package main

import (
	"fmt"

	"fixture/lib"
)

func main() {
	var s lib.Shape = lib.NewSquare(2)
	fmt.Println(s.Area(), lib.Green, lib.Used, lib.Registered(), lib.Hot(1)) // trailing
}
