package main

import "cgbots/tools/arena"

func init() {
	registerCommand(command{name: "arena", summary: "play many games between bots, with win rates and Elo (arena -h)", run: arena.Main})
}
