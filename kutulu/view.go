package kutulu

import (
	"errors"

	"cgbots/internal/cgio"
	"cgbots/internal/jrand"
)

// ErrBadInput is returned when a bot's input does not describe a game.
var ErrBadInput = errors.New("kutulu: bad input")

// ReadInit reads the initial input a bot receives. Starts are hidden from
// players, so the maze has none. The league is not sent: the rules of
// Bronze and above are assumed (they contain every wood rule).
func ReadInit(r *cgio.Reader) (*Maze, Params, error) {
	w, h := r.Int(), r.Int()
	if r.Err() != nil || w < 3 || h < 3 || w > MaxSide || h > MaxSide {
		return nil, Params{}, ErrBadInput
	}
	rows := make([]string, h)
	for y := range rows {
		rows[y] = r.Token()
	}
	p := Params{League: Legend, Lonely: r.Int(), Group: r.Int(), SpawnTime: r.Int(), LifeTime: r.Int()}
	if r.Err() != nil {
		return nil, Params{}, ErrBadInput
	}
	m, err := ParsePlayerMaze(rows)
	if err != nil {
		return nil, Params{}, ErrBadInput
	}
	return m, p, nil
}

var entityKinds = map[string]int{}

func init() {
	for i, n := range entityNames {
		entityKinds[n] = i
	}
}

// ReadTurn reads one turn's input into a state seen by the bot: the bot's
// own id comes first. What players are never told (who yelled at whom, a
// stalking slasher's remembered cell, the referee's generator) is guessed:
// no yells, the target's cell, a generator seeded with the turn.
func ReadTurn(r *cgio.Reader, m *Maze, p Params, turn int) (s State, me int, err error) {
	s = State{Maze: m, Params: p, Turn: turn, Rand: jrand.New(int64(turn))}
	n := r.Int()
	if r.Err() != nil || n < 1 || n > Players+MaxMinions+MaxEffects {
		return s, 0, ErrBadInput
	}
	me = -1
	for i := 0; i < n; i++ {
		kind, ok := entityKinds[r.Token()]
		id, x, y, a, b, c := r.Int(), r.Int(), r.Int(), r.Int(), r.Int(), r.Int()
		if r.Err() != nil || !ok {
			return s, 0, ErrBadInput
		}
		cell := m.Cell(x, y)
		switch kind {
		case 0:
			if id < 0 || id >= Players || cell < 0 {
				return s, 0, ErrBadInput
			}
			if me < 0 {
				me = id
			}
			s.Explorers[id] = Explorer{Cell: int16(cell), Sanity: int16(a), Plans: int8(b), Lights: int8(c), Alive: true}
			if a < SlasherThreshold {
				s.Slashered |= 1 << uint(id)
			}
		case Wanderer, Slasher:
			if cell < 0 || b < Spawning || b > Stunned || c < -1 || c >= Players || s.NMinions == MaxMinions {
				return s, 0, ErrBadInput
			}
			mn := Minion{ID: int16(id), Cell: int16(cell), Kind: uint8(kind), State: uint8(b), Target: int8(c), LastSeen: -1, Life: int16(p.LifeTime)}
			switch {
			case b == Spawning:
				mn.Spawn = int8(a)
			case kind == Slasher && (b == Stalking || b == Stunned):
				mn.Stun = int8(a)
			case kind == Wanderer:
				mn.Life = int16(a)
			}
			s.Minions[s.NMinions] = mn
			s.NMinions++
			if int16(id) >= s.NextID {
				s.NextID = int16(id) + 1
			}
		default:
			if s.NEffects == MaxEffects || b < -1 || b >= Players || c < -1 || c >= Players {
				return s, 0, ErrBadInput
			}
			f := Effect{Kind: uint8(kind), Tick: int8(a), Caster: int8(b), Victim: int8(c), Cell: int16(cell)}
			if kind == EffectYell && (b < 0 || c < 0) || (kind == EffectPlan || kind == EffectLight) && b < 0 || kind == EffectShelter && cell < 0 {
				return s, 0, ErrBadInput
			}
			s.Effects[s.NEffects] = f
			s.NEffects++
		}
	}
	if me < 0 {
		return s, 0, ErrBadInput
	}
	// Slasher targets and remembered cells: the cell of a live target.
	for i := 0; i < s.NMinions; i++ {
		mn := &s.Minions[i]
		if mn.Kind == Slasher && mn.Target >= 0 && s.Explorers[mn.Target].Alive {
			mn.LastSeen = s.Explorers[mn.Target].Cell
		}
	}
	if s.NextID < Players {
		s.NextID = Players
	}
	return s, me, nil
}
