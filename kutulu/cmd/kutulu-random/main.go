// Command kutulu-random is a Code of Kutulu bot that walks at random and
// now and then casts PLAN, LIGHT or YELL: the weakest baseline.
package main

import (
	"flag"
	"os"

	"cgbots/internal/rng"
	"cgbots/kutulu"
)

func main() {
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	kutulu.RunBot(os.Stdin, os.Stdout, kutulu.RandomPolicy{R: rng.New(*seed)})
}
