package kutulu

import (
	"bufio"
	"io"

	"cgbots/internal/cgio"
)

// RunBot plays a bot over the CodinGame protocol: it reads the initial
// input, then every turn's input, and prints one command per turn until the
// input ends. A turn it cannot read is answered with WAIT.
func RunBot(in io.Reader, out io.Writer, pol Policy) error {
	r := cgio.NewReader(in)
	w := bufio.NewWriter(out)
	maze, params, err := ReadInit(r)
	if err != nil {
		return err
	}
	for turn := 0; ; turn++ {
		s, me, err := ReadTurn(r, maze, params, turn)
		if r.Err() == io.EOF {
			return nil
		}
		cmd := "WAIT"
		if err == nil {
			cmd = s.ActionText(me, pol.Act(&s, me))
		} else {
			r.ClearErr()
			r.Line()
		}
		w.WriteString(cmd)
		w.WriteByte('\n')
		if err := w.Flush(); err != nil {
			return err
		}
		if r.Err() != nil {
			return r.Err()
		}
	}
}
