package waterfight

// MaxAgents bounds the agents of one game: 10 in the full game, up to 31 in
// wood league 4 (2 of yours and up to 29 boss agents).
const MaxAgents = 32

// Class is an agent class of the full game.
type Class struct {
	Name                                      string
	ShootCooldown, SoakingPower, Range, Bombs int
}

// Classes in assignment order: a team of n agents gets the first n.
var Classes = [5]Class{
	{"GUNNER", 1, 16, 4, 1},
	{"SNIPER", 5, 24, 6, 0},
	{"BOMBER", 2, 8, 2, 3},
	{"ASSAULT", 2, 16, 4, 2},
	{"BERSERKER", 5, 32, 2, 1},
}

// AgentInfo is what never changes about an agent.
type AgentInfo struct {
	ID, Owner                                 int
	Class                                     string
	ShootCooldown, SoakingPower, OptimalRange int
}

// Rules are the switches the wood leagues turn off.
type Rules struct {
	NoMove, NoShoot, NoThrow, NoHunker, NoControl bool
	// OnePlayer: wood league 1, where the boss has no agent and a wipe
	// gives no cinematic turn.
	OnePlayer bool
}

// Game is the static part of one game: grid, agents' fixed data in list
// order (player 0's, then player 1's), rules. States point to it.
type Game struct {
	*Grid
	League   int
	MaxTurns int
	Rules    Rules
	PointSym bool
	Info     [MaxAgents]AgentInfo
	N        int    // agents in the game
	First    [3]int // player p's agents are slots First[p] .. First[p+1]-1
	slotByID [MaxAgents + 1]int8
}

// SlotOf is the slot of agent id, or -1.
func (g *Game) SlotOf(id int) int {
	if id < 0 || id > MaxAgents {
		return -1
	}
	return int(g.slotByID[id])
}

func (g *Game) index() {
	for i := range g.slotByID {
		g.slotByID[i] = -1
	}
	for s := 0; s < g.N; s++ {
		g.slotByID[g.Info[s].ID] = int8(s)
	}
}

// Agent flags.
const (
	Present  = 1 << iota // still in its player's list
	Hunkered             // hunkered this turn
	Dying                // wetness reached 100 this turn; removed next turn
)

// Agent is the changing part of an agent, kept small for cheap clones.
type Agent struct {
	X, Y     int8
	Cooldown int8 // raw: shoot cooldown + 1 right after a shot
	Bombs    int8
	Flags    uint8
	_        uint8
	Wetness  int16
}

// Live tells whether the agent is in the game and not dying.
func (a *Agent) Live() bool { return a.Flags&(Present|Dying) == Present }

// State is everything that changes during a game. Copying the value clones it.
type State struct {
	G          *Game
	Agents     [MaxAgents]Agent
	Points     [2]int32
	Controlled [2]int32
	Turn       int32 // turns played
	// Teamless counts players without a live agent after the last update;
	// a non-zero count makes the next turn an empty cinematic turn.
	Teamless int32
	// EmptyTurn: the last turn was the cinematic one, with no update and no
	// control at all.
	EmptyTurn bool
}

// Clone returns a copy.
func (s *State) Clone() State { return *s }

// Live counts player p's live agents.
func (s *State) Live(p int) int {
	n := 0
	for i := s.G.First[p]; i < s.G.First[p+1]; i++ {
		if s.Agents[i].Live() {
			n++
		}
	}
	return n
}

// Listed counts player p's agents still in its list (dying ones included).
func (s *State) Listed(p int) int {
	n := 0
	for i := s.G.First[p]; i < s.G.First[p+1]; i++ {
		if s.Agents[i].Flags&Present != 0 {
			n++
		}
	}
	return n
}

// Cinematic tells whether the next turn is the empty turn after a wipe.
func (s *State) Cinematic() bool { return !s.G.Rules.OnePlayer && s.Teamless > 0 }

// StartTurn opens a turn: dying agents leave, actions' per-turn flags reset,
// cooldowns go down by one.
func (s *State) StartTurn() {
	for i := 0; i < s.G.N; i++ {
		a := &s.Agents[i]
		if a.Flags&Dying != 0 {
			*a = Agent{}
		}
		a.Flags &^= Hunkered
		if a.Cooldown > 0 {
			a.Cooldown--
		}
	}
}

// ByID returns the slot of the agent with this id in its list, or -1.
func (s *State) ByID(id int) int {
	sl := s.G.SlotOf(id)
	if sl < 0 || s.Agents[sl].Flags&Present == 0 {
		return -1
	}
	return sl
}
