package lastofus

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// forEachStyle runs f as a subtest on o in every style with seeds first..last.
func forEachStyle(t *testing.T, o GenOptions, first, last uint64, f func(t *testing.T, o GenOptions)) {
	for _, style := range Styles {
		for seed := first; seed <= last; seed++ {
			o.Style, o.Seed = style, seed
			opts := o
			t.Run(fmt.Sprintf("%s-%d", style, seed), func(t *testing.T) { f(t, opts) })
		}
	}
}

// TestGenerateCertified: every style yields areas in the input format whose
// certificate passes under every reading, and the same seed gives the same area.
func TestGenerateCertified(t *testing.T) {
	forEachStyle(t, GenOptions{Rows: 30, Cols: 40, Clickers: 12, Bricks: 6}, 1, 3, func(t *testing.T, o GenOptions) {
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

func TestGenerateRejects(t *testing.T) {
	for _, o := range []GenOptions{
		{Rows: 9, Cols: 20, Style: "open"},
		{Rows: 20, Cols: 20, Bricks: 141, Style: "open"},
		{Rows: 20, Cols: 20, Clickers: 41, Style: "open"},
		{Rows: 20, Cols: 20, Style: "spiral"},
	} {
		_, _, err := Generate(o)
		assert.Error(t, err, "%+v", o)
	}
}
