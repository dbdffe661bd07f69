package kutulu

import (
	"bytes"
	"strings"
	"testing"

	"cgbots/internal/rng"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunBotAnswersEveryTurnAndSurvivesGarbage(t *testing.T) {
	s := testState(t, Bronze)
	in := string(s.AppendInit(nil)) + string(s.AppendInput(nil, 0)) + "garbage here\n" + string(s.AppendInput(nil, 0))
	for _, pol := range []Policy{HeuristicPolicy{}, RandomPolicy{R: rng.New(1)}} {
		var out bytes.Buffer
		require.NoError(t, RunBot(strings.NewReader(in), &out, pol))
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		require.Len(t, lines, 3, out.String())
		assert.Equal(t, "WAIT", lines[1], "an unreadable turn is answered with WAIT")
		for _, l := range lines {
			_, err := s.ParseAction(0, l)
			assert.NoError(t, err, l)
		}
	}
	var out bytes.Buffer
	assert.Error(t, RunBot(strings.NewReader("nonsense"), &out, HeuristicPolicy{}))
}
