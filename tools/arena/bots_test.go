package arena

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestErrorLinePicksTheCause(t *testing.T) {
	for _, tc := range []struct{ stderr, want string }{
		{"/bin/sh: 1: nosuchbot: not found\n", "/bin/sh: 1: nosuchbot: not found"},
		{"invalid value \"abc\" for flag -nodes: parse error\nUsage of bot:\n  -nodes int\n  -seed uint\n", `invalid value "abc" for flag -nodes: parse error`},
		{"Traceback (most recent call last):\n  File \"<string>\", line 1\nModuleNotFoundError: No module named 'x'\n", "ModuleNotFoundError: No module named 'x'"},
		{"bye\n", "bye"},
		{"", ""},
	} {
		assert.Equal(t, tc.want, errorLine(tc.stderr))
	}
}

func TestSplitUnescaped(t *testing.T) {
	assert.Equal(t, []string{"a=x", "b=y\\n,z", ""}, splitUnescaped(`a=x,b=y\n\,z,`, ','))
}

func FuzzParseBots(f *testing.F) {
	for _, s := range []string{"a=cat,b=cat", `a=x\,y,b=builtin:kutulu-mcts -nodes 9`, "a", "=,=", `\`, "a=b=c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		bots, err := parseBots(s)
		if err != nil {
			return
		}
		seen := map[string]bool{}
		for _, b := range bots {
			assert.Regexp(t, botName, b.Name)
			assert.NotEmpty(t, b.Cmd)
			assert.False(t, seen[b.Name])
			seen[b.Name] = true
		}
	})
}
