package mapgen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGeneratedMapsAreSymmetricConnectedAndDeterministic(t *testing.T) {
	for seed := uint64(0); seed < 60; seed++ {
		m := Generate(seed)
		require.Equal(t, m.Rows, Generate(seed).Rows, "seed %d not deterministic", seed)
		for y := 0; y < m.H; y++ {
			for x := 0; x < m.W; x++ {
				c := m.Rows[y][x]
				assert.Equal(t, c, m.Rows[y][m.W-1-x], "seed %d", seed)
				assert.Equal(t, c, m.Rows[m.H-1-y][x], "seed %d", seed)
			}
		}
		assert.Len(t, m.Spawns, 4)
		assert.Contains(t, []int{0, 4}, len(m.Shelters))
		for _, s := range m.Starts {
			for _, o := range append(append([]int16{}, m.Spawns...), m.Shelters...) {
				require.NotEqual(t, 0xFFFF, m.Dist(int(s), int(o)), "seed %d: unreachable", seed)
			}
			for _, o := range m.Starts {
				require.NotEqual(t, 0xFFFF, m.Dist(int(s), int(o)), "seed %d: starts apart", seed)
			}
		}
	}
}
