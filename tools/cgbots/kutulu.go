package main

import "cgbots/tools/kutulucli"

func init() {
	registerCommand(command{name: "kutulu", summary: "Code of Kutulu: kutulu referee [flags] CMD1 CMD2 CMD3 CMD4", run: kutulucli.Run})
	registerReplay("kutulu", kutulucli.Replay)
	registerTour("kutulu", kutulucli.Tour)
	registerBench("kutulu", kutulucli.Bench)
}
