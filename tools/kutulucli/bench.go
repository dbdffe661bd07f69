package kutulucli

import (
	"flag"
	"fmt"
	"io"
	"syscall"
	"time"

	"cgbots/internal/rng"
	"cgbots/kutulu"
	"cgbots/kutulu/mapgen"
)

// Bench is `cgbots bench kutulu [-seconds S]`: whole four-player Bronze
// games with random bots on generated maps, in process, on one goroutine.
func Bench(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench kutulu", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seconds := fs.Float64("seconds", 3, "how long to play")
	if err := fs.Parse(args); err != nil {
		return err
	}
	const nMaps = 16
	var mazes [nMaps]*kutulu.Maze
	for i := range mazes {
		mazes[i] = mapgen.Generate(uint64(i))
	}
	games, turns := 0, 0
	start, cpu0 := time.Now(), cpuTime()
	limit := time.Duration(*seconds * float64(time.Second))
	for time.Since(start) < limit {
		p, r := kutulu.DrawParams(int64(games), kutulu.Bronze)
		s := kutulu.NewState(mazes[games%nMaps], p, r)
		pol := kutulu.RandomPolicy{R: rng.New(uint64(games))}
		pols := [kutulu.Players]kutulu.Policy{pol, pol, pol, pol}
		kutulu.Play(&s, &pols)
		games++
		turns += s.Turn
	}
	sec, cpu := time.Since(start).Seconds(), (cpuTime() - cpu0).Seconds()
	fmt.Fprintf(stdout, "kutulu: %d games (random bots, Bronze, generated maps) in %.2fs: %.0f games/s, %.0f turns/s (per CPU second: %.0f games, %.0f turns)\n",
		games, sec, float64(games)/sec, float64(turns)/sec, float64(games)/cpu, float64(turns)/cpu)
	return nil
}

// cpuTime is this process's user+system CPU time: on a shared machine the
// per-CPU-second rates are the fair figures.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
