package main

import "cgbots/tools/samegamecli"

func init() {
	registerCommand(command{
		name:    "samegame",
		summary: "SameGame: solve FILE [INDEX...] (beam search), replay FILE INDEX MOVES, merge FILE BEST OTHER...",
		run:     samegamecli.Run,
	})
	registerTour("samegame", samegamecli.Tour)
}
