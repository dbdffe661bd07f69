package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUnknownSubcommandFails(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 2, run([]string{"nope"}, &out, &errOut))
	assert.Contains(t, errOut.String(), `unknown subcommand "nope"`)
}

func TestHelpListsSubcommands(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 0, run([]string{"help"}, &out, &errOut))
	for _, name := range []string{"tour", "replay", "bench"} {
		assert.Contains(t, out.String(), name)
	}
}

func TestReplayAndBenchRejectUnknownNames(t *testing.T) {
	var out, errOut bytes.Buffer
	assert.Equal(t, 1, run([]string{"replay", "-game", "chess", "x"}, &out, &errOut))
	assert.Contains(t, errOut.String(), "-game must be one of")
	assert.Equal(t, 1, run([]string{"bench", "nothing"}, &out, &errOut))
	assert.Contains(t, errOut.String(), "unknown bench")
}
