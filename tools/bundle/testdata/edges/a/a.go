// Package a declares names that clash with predeclared ones (main, error,
// len) and generic and alias types that b embeds.
package a

import "fmt"

var main = "a.main"

type error interface{ Error() string }

type T struct{ V int }

func (t *T) Inc() { t.V++ }

type Alias = T

type I interface{ Name() string }

type Pair[K comparable, V any] struct {
	K K
	V V
}

func (p *Pair[K, V]) Swap() Pair[K, V] { return *p }

func (p Pair[K, V]) String() string { return fmt.Sprint(p.K, "=", p.V) }

func Main() string { return main }

func len(s string) int { return 42 }

func Len(s string) int { return len(s) }

var Errs []error

type Alias2 = Pair[string, int]
