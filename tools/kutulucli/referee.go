package kutulucli

import (
	"fmt"
	"io"
)

func runReferee(args []string, stdout, stderr io.Writer) error {
	return fmt.Errorf("not yet")
}
