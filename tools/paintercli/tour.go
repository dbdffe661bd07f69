package paintercli

import (
	"io"
	"time"
)

// Tour plays three short tournaments on loopback between our bot and the
// two baselines (20 ms turns, 80 turns each, three boards: one board is
// a lottery) and prints the scoreboard.
func Tour(stdout io.Writer) error {
	cfg := DefaultServerConfig()
	cfg.Turn, cfg.Break, cfg.Turns, cfg.Tournaments, cfg.Seed = 20*time.Millisecond, 60*time.Millisecond, 80, 3, 1
	bots := []BotSpec{{"search", "builtin:search"}, {"greedy", "builtin:greedy"}, {"random", "builtin:random"}}
	res, err := RunTournament(cfg, bots, io.Discard, nil)
	if err != nil {
		return err
	}
	res.WriteReport(stdout)
	return nil
}
