// Package waterfightcli is the command-line side of the water fight: trace
// replay, the local referee between bot processes, the tour step and the
// benchmarks.
package waterfightcli

import (
	"fmt"
	"io"
)

// Run dispatches `cgbots waterfight SUBCOMMAND`.
func Run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("which subcommand? referee")
	}
	switch args[0] {
	case "referee":
		return runReferee(args[1:], stdout, stderr)
	default:
		return fmt.Errorf("unknown subcommand %q (known: referee)", args[0])
	}
}
