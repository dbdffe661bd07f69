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

// Setup is the referee's init: the generator seeded, the parameters drawn
// (Wood 1 and above), and the map chosen: the forced name when it is in the
// league's pool, else a draw. It returns the chosen map name and the
// generator state to start the game with.
func Setup(seed int64, league int, forcedMap string) (Params, string, jrand.Random) {
	league = NormalizeLeague(league)
	r := jrand.New(seed)
	p := Params{League: league, Lonely: 3, Group: 1, SpawnTime: 3, LifeTime: 40}
	if league >= Wood1 {
		p.Lonely = 3 + int(r.NextIntn(4))
		p.Group = 1 + int(r.NextIntn(3))
		p.SpawnTime = 3 + int(r.NextIntn(4))
		p.LifeTime = 30 + int(r.NextIntn(11))
	}
	pool := Pool(league)
	for _, name := range pool {
		if name == forcedMap {
			return p, name, r
		}
	}
	return p, pool[PoolIndex(r.NextInt(), len(pool))], r
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
