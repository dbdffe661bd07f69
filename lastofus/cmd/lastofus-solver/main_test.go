package main

import (
	"bytes"
	"strings"
	"testing"

	"cgbots/lastofus"
	"github.com/stretchr/testify/assert"
)

func TestRun(t *testing.T) {
	cases := []struct {
		name, input    string
		status         int
		stdout, stderr string
	}{
		{"empty input", "", 1, "", "lastofus-solver: empty input: want an area"},
		{"garbage", "x\ny z\n", 1, "", `lastofus-solver: size line "y z"`},
		{"sample", lastofus.SampleArea, 0, "\nw -1 0\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			status := run([]string{"-nodes", "40000"}, strings.NewReader(c.input), &out, &errs)
			assert.Equal(t, c.status, status)
			if c.stdout == "" {
				assert.Empty(t, out.String())
			} else {
				assert.Contains(t, out.String(), c.stdout)
			}
			assert.Contains(t, errs.String(), c.stderr)
			assert.LessOrEqual(t, strings.Count(errs.String(), "\n"), 1, "one line on stderr")
		})
	}
}
