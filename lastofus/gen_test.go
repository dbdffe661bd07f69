package lastofus

import (
	"fmt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"strings"
	"testing"
)

// TestGenerateCertified: every style yields areas in the input format whose
// certificate passes under every reading, and the same seed gives the same area.
func TestGenerateCertified(t *testing.T) {
	for _, style := range Styles {
		for seed := uint64(1); seed <= 3; seed++ {
			o := GenOptions{Rows: 30, Cols: 40, Clickers: 12, Bricks: 6, Seed: seed, Style: style}
			t.Run(fmt.Sprintf("%s-%d", style, seed), func(t *testing.T) {
				a, witness, err := Generate(o)
				require.NoError(t, err)
				assert.NoError(t, CheckAll(a, witness))
				again, err := Parse(strings.NewReader(a.String()))
				require.NoError(t, err)
				assert.Equal(t, a.String(), again.String())
				b, _, err := Generate(o)
				require.NoError(t, err)
				assert.Equal(t, a.String(), b.String())
			})
		}
	}
}
