package r1

import "math/rand"

// Roll is deterministic: an explicitly seeded source.
func Roll(seed int64) int { return rand.New(rand.NewSource(seed)).Intn(100) }
