package bitops

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSet(t *testing.T) {
	s := NewSet(200)
	for _, i := range []int{0, 63, 64, 150, 199} {
		s.Add(i)
	}
	assert.Equal(t, 5, s.Len())
	assert.True(t, s.Has(64))
	assert.False(t, s.Has(65))
	var got []int
	for i := s.Next(0); i >= 0; i = s.Next(i + 1) {
		got = append(got, i)
	}
	assert.Equal(t, []int{0, 63, 64, 150, 199}, got)
	s.Remove(63)
	assert.Equal(t, 64, s.Next(1))
	o := NewSet(200)
	o.CopyFrom(s)
	assert.Equal(t, 4, o.Len())
	s.Reset()
	assert.Equal(t, -1, s.Next(0))
	assert.Equal(t, -1, s.Next(500))
}

func TestMarks(t *testing.T) {
	m := NewMarks(10)
	assert.True(t, m.Mark(3))
	assert.False(t, m.Mark(3))
	assert.True(t, m.Marked(3))
	m.Reset()
	assert.False(t, m.Marked(3))
	m.gen = ^uint32(0)
	m.Mark(4)
	m.Reset()
	assert.False(t, m.Marked(4), "wrap-around must not resurrect old marks")
}

func TestBitHelpers(t *testing.T) {
	assert.Equal(t, uint64(8), LowBit(0b11000))
	var got []int
	ForEach(0b100101, func(i int) { got = append(got, i) })
	assert.Equal(t, []int{0, 2, 5}, got)
}
