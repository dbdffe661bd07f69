package waterfight

import "cgbots/internal/sha1prng"

func newTestRand(seed int64) Rand { return sha1prng.New(seed) }
