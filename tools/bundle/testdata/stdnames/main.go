package main

import (
	"fmt"
	mrand "math/rand"
	"sort"

	"fixture/r1"
	"fixture/r2"
	"fixture/util"
)

func main() {
	xs := []int{3, 1, 2}
	ys := util.Sorted(xs)
	sort.Ints(xs)
	// A local named rand: the bundle must not spell math/rand "rand" here.
	rand := mrand.New(mrand.NewSource(7)).Intn(10)
	fmt.Println(xs, ys, rand, r1.Roll(3), r2.HasReader())
}
