package b

import (
	"errors"
	"fixture/a"
)

type Named struct{ n string }

func (x Named) Name() string { return x.n }

type J interface {
	a.I
	Extra() int
}

type K struct {
	*a.T
	a.Alias2
	Named
}

func (K) Extra() int { return 7 }

var Err = errors.New("b.err")

func Count(xs []int) int { return len(xs) }
