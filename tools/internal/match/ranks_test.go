package match

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRanksShareTies(t *testing.T) {
	for _, c := range []struct{ scores, want []int }{
		{[]int{5, 2, 5, -1}, []int{1, 3, 1, 4}},
		{[]int{0, 0}, []int{1, 1}},
		{[]int{3, 1, 2, 4}, []int{2, 4, 3, 1}},
		{nil, []int{}},
	} {
		assert.Equal(t, c.want, Ranks(c.scores), "%v", c.scores)
	}
}
