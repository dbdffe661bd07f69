// Package arena plays many games between bot processes through a game's
// process referee: it seats the bots in turn, derives the seeds, runs
// games side by side and sums the results with confidence intervals. It
// is `cgbots arena`:
//
//	cgbots arena -game waterfight -games 20 \
//	    -bots genetic=builtin:waterfight-genetic,greedy=builtin:waterfight-greedy
//
// A bot is NAME=CMD: CMD is a shell command with its arguments, or
// builtin:GAME-BOT [ARGS] for a bot of this repo, built once with go build.
// Search-depth benchmark: the same bot at two node budgets, with a turn
// limit generous enough for the larger one:
//
//	cgbots arena -game waterfight -games 100 -parallel 2 -turn 1s \
//	    -bots 'n3000=builtin:waterfight-genetic -nodes 3000,n300=builtin:waterfight-genetic -nodes 300'
//
// Per bot the table counts seats (a game, with two seats), first places
// alone (wins), shared (draws) and others (losses), disqualifications, and
// points: per seat the share of the other bots' seats it outscored, a tie
// counting half. Score is points per seat with its 95% Wilson interval;
// each pair of bots gets its head-to-head score and Elo difference with a
// 95% delta-method error.
package arena

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"cgbots/tools/internal/match"
)

// Config is an arena run; Bots carry their resolved commands.
type Config struct {
	Game        string
	Bots        []Bot
	Games       int
	Seed        int64
	Parallel    int
	League      int
	First, Turn time.Duration
	MapsDir     string
	ReplayDir   string
	Progress    io.Writer // one line per finished game, and the referee's notes
}

// Report is what an arena run played; -out writes it as JSON.
type Report struct {
	Game        string       `json:"game"`
	League      int          `json:"league"`
	Seed        int64        `json:"seed"`
	First       string       `json:"first"`
	Turn        string       `json:"turn"`
	Parallel    int          `json:"parallel"`
	Seats       int          `json:"seats"`
	Bots        []Bot        `json:"bots"`
	Planned     int          `json:"planned"`
	Played      int          `json:"played"`
	Failed      int          `json:"failed"`
	Interrupted bool         `json:"interrupted"`
	Seconds     float64      `json:"seconds"`
	Standings   []Standing   `json:"standings"`
	Pairs       []Pair       `json:"pairs"`
	Games       []GameRecord `json:"games"`
}

// Play runs the arena. Closing stop schedules no more games and lets those
// in flight finish; closing abandon returns at once with the games
// finished so far (the bots of the games in flight get end of input when
// the process exits).
func Play(cfg Config, stop, abandon <-chan struct{}) *Report {
	spec := games[cfg.Game]
	sched := newSchedule(len(cfg.Bots), spec.seats)
	start := time.Now()
	jobs := make(chan int)
	done := make(chan GameRecord, cfg.Games)
	go func() {
		defer close(jobs)
		for g := 0; g < cfg.Games; g++ {
			select {
			case <-stop:
				return
			default: // a closed stop wins over a waiting worker
			}
			select {
			case jobs <- g:
			case <-stop:
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < cfg.Parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				done <- cfg.playOne(spec, sched, g)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()
	var records []GameRecord
collect:
	for {
		select {
		case rec, ok := <-done:
			if !ok {
				break collect
			}
			records = append(records, rec)
			cfg.progress(rec, len(records))
		case <-abandon:
			break collect
		}
	}
	interrupted := len(records) < cfg.Games
	sort.Slice(records, func(i, j int) bool { return records[i].Game < records[j].Game })
	r := &Report{Game: cfg.Game, League: cfg.League, Seed: cfg.Seed, First: cfg.First.String(), Turn: cfg.Turn.String(),
		Parallel: cfg.Parallel, Seats: spec.seats, Bots: cfg.Bots, Planned: cfg.Games, Interrupted: interrupted,
		Seconds: time.Since(start).Seconds(), Games: records}
	for _, g := range records {
		if g.Error != "" {
			r.Failed++
		} else {
			r.Played++
		}
	}
	r.Standings, r.Pairs = standings(cfg.Bots, records)
	return r
}

// playOne plays game g of the schedule.
func (cfg *Config) playOne(spec gameSpec, sched schedule, g int) GameRecord {
	block, seat := sched.game(g)
	rec := GameRecord{Game: g + 1, Seed: gameSeed(cfg.Seed, block)}
	setup := gameSetup{seed: rec.Seed, league: cfg.League, first: cfg.First, turn: cfg.Turn, mapsDir: cfg.MapsDir}
	for _, b := range seat {
		rec.Seats = append(rec.Seats, cfg.Bots[b].Name)
		setup.cmds = append(setup.cmds, cfg.Bots[b].run)
	}
	if cfg.ReplayDir != "" {
		setup.replay = replayName(cfg.ReplayDir, cfg.Game, g, rec.Seed)
		rec.Replay = setup.replay
	}
	var log bytes.Buffer
	setup.log = &log
	start := time.Now()
	out, err := spec.play(&setup)
	rec.Seconds = time.Since(start).Seconds()
	if err != nil {
		rec.Error = err.Error()
		rec.Replay = ""
	} else {
		rec.Scores, rec.Disqualified, rec.LastTurn = out.scores, out.disqualified, out.lastTurn
		rec.Ranks = match.Ranks(out.scores)
	}
	rec.notes = log.String()
	return rec
}

// progress prints one finished game.
func (cfg *Config) progress(rec GameRecord, n int) {
	var b strings.Builder
	fmt.Fprintf(&b, "[%d/%d] game %d seed %d: ", n, cfg.Games, rec.Game, rec.Seed)
	if rec.Error != "" {
		fmt.Fprintf(&b, "not played: %s", rec.Error)
	} else {
		for i, name := range rec.Seats {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s %d", name, rec.Scores[i])
			if rec.Disqualified[i] != "" {
				fmt.Fprintf(&b, " (disqualified: %s)", rec.Disqualified[i])
			}
		}
		fmt.Fprintf(&b, "; %d turns, %.1fs", rec.LastTurn, rec.Seconds)
	}
	fmt.Fprintln(cfg.Progress, b.String())
	if rec.notes != "" {
		fmt.Fprintf(cfg.Progress, "  referee notes (seats %s):\n%s", strings.Join(rec.Seats, " "), indent(rec.notes))
	}
}

func indent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return "    " + strings.Join(lines, "\n    ") + "\n"
}
