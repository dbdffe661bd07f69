package waterfight

import "unicode"

// decimalDigit is the value of a Unicode decimal digit, or -1. Decimal digit
// runs come in blocks of ten starting at their zero.
func decimalDigit(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	if r < 0x80 || !unicode.IsDigit(r) {
		return -1
	}
	start := r
	for unicode.IsDigit(start - 1) {
		start--
	}
	return int(r-start) % 10
}
