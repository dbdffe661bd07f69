package util

// sort takes the name of the standard package main imports.
func sort(xs []int) []int {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
	return xs
}

// Sorted sorts a copy.
func Sorted(xs []int) []int { return sort(append([]int(nil), xs...)) }
