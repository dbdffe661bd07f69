package r2

import "crypto/rand"

// HasReader uses crypto/rand, another standard package named rand.
func HasReader() bool { return rand.Reader != nil }
