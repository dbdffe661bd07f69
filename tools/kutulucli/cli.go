// Package kutulucli holds the Code of Kutulu commands of cgbots: the local
// referee between bot processes, the official trace replay, the tour game
// and the benchmarks.
package kutulucli

import (
	"fmt"
	"io"
)

// Run dispatches `cgbots kutulu SUBCOMMAND ...`.
func Run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("usage: cgbots kutulu referee [flags] CMD1 CMD2 CMD3 CMD4")
	}
	switch args[0] {
	case "referee":
		return runReferee(args[1:], stdout, stderr)
	}
	return fmt.Errorf("unknown kutulu subcommand %q (want referee)", args[0])
}

// Replay is `cgbots replay -game kutulu TRACE...`.
func Replay(traces []string, stdout, _ io.Writer) error {
	return replayFiles(traces, stdout)
}
