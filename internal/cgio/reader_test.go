package cgio

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTokensAndInts(t *testing.T) {
	r := NewReader(strings.NewReader("  3 -4\n\tabc  7\r\n"))
	assert.Equal(t, 3, r.Int())
	assert.Equal(t, -4, r.Int())
	assert.Equal(t, "abc", r.Token())
	assert.Equal(t, 7, r.Int())
	assert.NoError(t, r.Err())
	assert.Equal(t, "", r.Token())
	assert.Equal(t, io.EOF, r.Err())
}

func TestLinesAfterTokens(t *testing.T) {
	r := NewReader(strings.NewReader("2\n#..#\nMOVE 1 2\nlast"))
	assert.Equal(t, 2, r.Int())
	assert.Equal(t, "#..#", r.Line())
	assert.Equal(t, "MOVE 1 2", r.Line())
	assert.Equal(t, "last", r.Line())
	assert.NoError(t, r.Err())
	assert.Equal(t, "", r.Line())
	assert.Equal(t, io.EOF, r.Err())
}

func TestGarbageIsStickyAndClearable(t *testing.T) {
	r := NewReader(strings.NewReader("x1 5\n6"))
	assert.Equal(t, 0, r.Int())
	assert.Equal(t, ErrSyntax, r.Err())
	assert.Equal(t, 0, r.Int(), "reads after an error return zero")
	r.ClearErr()
	assert.Equal(t, 5, r.Int())
	assert.Equal(t, 6, r.Int())
	r.Int()
	r.ClearErr()
	assert.Equal(t, io.EOF, r.Err(), "end of input is not cleared")
}

func FuzzReader(f *testing.F) {
	f.Add("1 2 3\nabc\n")
	f.Add("\r\n\r\n-0 +5 999999999999999999999")
	f.Fuzz(func(t *testing.T, s string) {
		r := NewReader(strings.NewReader(s))
		for i := 0; i < 64 && r.Err() == nil; i++ {
			switch i % 3 {
			case 0:
				r.Int()
			case 1:
				r.Token()
			default:
				r.Line()
			}
			r.ClearErr()
		}
	})
}
