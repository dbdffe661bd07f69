package main

import "cgbots/tools/lastofuscli"

func init() {
	registerCommand(command{name: "lastofus", summary: lastofuscli.Summary, run: lastofuscli.Run})
	registerTour("lastofus", lastofuscli.Tour)
	registerBench("lastofus", lastofuscli.Bench)
}
