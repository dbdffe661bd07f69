package main

import "cgbots/tools/waterfightcli"

func init() {
	registerCommand(command{name: "waterfight", summary: "Soak Overflow: referee between two bots (waterfight referee -h)", run: waterfightcli.Run})
	registerReplay("waterfight", waterfightcli.Replay)
	registerTour("waterfight", waterfightcli.Tour)
	registerBench("waterfight", waterfightcli.Bench)
}
