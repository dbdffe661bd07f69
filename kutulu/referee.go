package kutulu

import "cgbots/internal/jrand"

// Map pools by display name, in the referee's order: the random pick
// indexes into them.
var (
	WoodPool   = []string{"Pac man", "Hypersonic", "Oasis", "Corridors", "Origin of symmetry", "Four of a kind"}
	BronzePool = []string{"Four of a kind", "Hypersonic", "Origin of symmetry", "Shelter me", "Slasher's hell",
		"Typhoon", "Oasis", "Cross", "Shelter in Peril", "Corridors", "Roommates", "Pac man",
		"The challenge from beyond", "Cog", "Hill climbing", "Pixelated"}
)

// Pool returns the map pool of a league.
func Pool(league int) []string {
	if NormalizeLeague(league) >= Bronze {
		return BronzePool
	}
	return WoodPool
}

// DrawParams seeds the referee's generator and draws the parameters
// (Wood 1 and above; the wood leagues use fixed ones).
func DrawParams(seed int64, league int) (Params, jrand.Random) {
	league = NormalizeLeague(league)
	r := jrand.New(seed)
	p := Params{League: league, Lonely: 3, Group: 1, SpawnTime: 3, LifeTime: 40}
	if league >= Wood1 {
		p.Lonely = 3 + int(r.NextIntn(4))
		p.Group = 1 + int(r.NextIntn(3))
		p.SpawnTime = 3 + int(r.NextIntn(4))
		p.LifeTime = 30 + int(r.NextIntn(11))
	}
	return p, r
}

// ChooseMap is the referee's map choice: the forced name when it is in the
// league's pool (no draw), else a draw from the pool.
func ChooseMap(r *jrand.Random, league int, forced string) string {
	pool := Pool(league)
	for _, name := range pool {
		if name == forced {
			return name
		}
	}
	return pool[PoolIndex(r.NextInt(), len(pool))]
}

// Setup is the referee's init: parameters, then the map choice. It returns
// the chosen map name and the generator state the game starts with.
func Setup(seed int64, league int, forcedMap string) (Params, string, jrand.Random) {
	p, r := DrawParams(seed, league)
	name := ChooseMap(&r, p.League, forcedMap)
	return p, name, r
}

// PoolIndex is the referee's abs(draw) % size with Java's int semantics;
// abs(-2^31) stays negative, which the referee does not survive on pools
// whose size does not divide 2^31: we then take index 0.
func PoolIndex(draw int32, size int) int {
	if draw < 0 {
		draw = -draw
	}
	i := int(draw % int32(size))
	if i < 0 {
		return 0
	}
	return i
}
