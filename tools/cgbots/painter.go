package main

import "cgbots/tools/paintercli"

func init() {
	registerCommand(command{name: "painter", summary: "Malowanie: painter serve | bot | tournament", run: paintercli.Run})
	registerTour("painter", paintercli.Tour)
	registerBench("painter", paintercli.Bench)
}
