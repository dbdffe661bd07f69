package kutulu

import (
	"math"
	"time"

	"cgbots/internal/clock"
	"cgbots/internal/rng"
)

// MCTS is an open-loop Monte Carlo tree search over the bot's own actions.
// The other explorers play the heuristic policy, the minions' random choices
// are redrawn in every playout, and a playout ends after Horizon turns with
// a score for the bot: alive and sane, others mad. Nodes stand for action
// sequences, not states, which suits the stochastic minions.
type MCTS struct {
	R       *rng.Rand
	Nodes   int64         // iterations per decision; 0 means timed
	First   time.Duration // time for the first decision
	Turn    time.Duration // time for later decisions
	Horizon int           // simulated turns per playout
	Explore float64       // UCB1 exploration constant
	calls   int
	pool    []mctsNode
	last    int64 // iterations of the last decision
	sim     State // the playout's state, reused
}

const numActions = int(ActYell) + 1

type mctsNode struct {
	visits   [numActions]int32
	value    [numActions]float64
	children [numActions]int32 // index in the pool, 0 when not expanded
	total    int32
}

// NewMCTS returns a search with the CodinGame time limits (with margins).
func NewMCTS(seed uint64, nodes int64) *MCTS {
	return &MCTS{R: rng.New(seed), Nodes: nodes, First: 600 * time.Millisecond, Turn: 30 * time.Millisecond, Horizon: 15, Explore: 0.7}
}

// Iterations is the number of playouts of the last decision.
func (m *MCTS) Iterations() int64 { return m.last }

// Act searches from s and returns the most visited first action of player p.
func (m *MCTS) Act(s *State, p int) Action {
	var b *clock.Budget
	switch {
	case m.Nodes > 0:
		b = clock.Nodes(m.Nodes)
	case m.calls == 0:
		b = clock.Until(time.Now(), m.First, 0)
	default:
		b = clock.Until(time.Now(), m.Turn, 0)
	}
	m.calls++
	m.pool = append(m.pool[:0], mctsNode{}, mctsNode{}) // 0 is "none", 1 the root
	// A playout is long next to a clock reading, so a timed search reads the
	// clock after every one rather than every few nodes.
	for !b.Done() {
		m.iterate(s, p)
		if b.Timed() && b.Spent() {
			break
		}
	}
	m.last = b.Count()
	root := &m.pool[1]
	best, bestVisits := ActWait, int32(-1)
	var legal [numActions]bool
	legalActions(s, p, &legal)
	for a := 0; a < numActions; a++ {
		if legal[a] && root.visits[a] > bestVisits {
			best, bestVisits = ActionKind(a), root.visits[a]
		}
	}
	return Action{Kind: best}
}

// legalActions marks the actions that do something different from WAIT.
func legalActions(s *State, p int, legal *[numActions]bool) {
	e := &s.Explorers[p]
	legal[ActWait] = true
	for d := 0; d < 4; d++ {
		legal[int(ActUp)+d] = s.Maze.Neighbor(int(e.Cell), d) >= 0
	}
	free := !s.hasEffectFrom(p)
	legal[ActPlan] = free && e.Plans > 0 && s.Params.HasPlanLight()
	legal[ActLight] = free && e.Lights > 0 && s.Params.HasPlanLight()
	legal[ActYell] = false
	if s.Params.HasWood1() {
		for q := range s.Explorers {
			o := &s.Explorers[q]
			if q != p && o.Alive && s.Maze.Manhattan(int(e.Cell), int(o.Cell)) <= 1 && !o.yelledBy(int8(p)) {
				legal[ActYell] = true
			}
		}
	}
}

func (m *MCTS) iterate(root *State, p int) {
	s := &m.sim
	s.CopyFrom(root)
	s.Rand.SetState(m.R.Uint64())
	var path [64]int32
	var acts [64]ActionKind
	depth := 0
	node := int32(1)
	var heur HeuristicPolicy
	var joint [Players]Action
	for depth < m.Horizon && !s.Over && s.Active(p) {
		var legal [numActions]bool
		legalActions(s, p, &legal)
		n := &m.pool[node]
		a := m.selectAction(n, &legal)
		path[depth], acts[depth] = node, a
		depth++
		for q := 0; q < Players; q++ {
			if q != p && s.Active(q) {
				joint[q] = heur.Act(s, q)
			}
		}
		joint[p] = Action{Kind: a}
		s.ApplyTurn(&joint, nil)
		child := m.pool[node].children[a]
		if child == 0 {
			m.pool = append(m.pool, mctsNode{})
			child = int32(len(m.pool) - 1)
			m.pool[node].children[a] = child
			break // expanded: play out from here
		}
		node = child
	}
	for t := depth; t < m.Horizon && !s.Over && s.Active(p); t++ {
		for q := 0; q < Players; q++ {
			if s.Active(q) {
				joint[q] = heur.Act(s, q)
			}
		}
		s.ApplyTurn(&joint, nil)
	}
	v := m.evaluate(s, root, p)
	for i := 0; i < depth; i++ {
		n := &m.pool[path[i]]
		n.visits[acts[i]]++
		n.value[acts[i]] += v
		n.total++
	}
}

// selectAction is UCB1 over the legal actions; unvisited ones first, in a
// random order.
func (m *MCTS) selectAction(n *mctsNode, legal *[numActions]bool) ActionKind {
	var fresh [numActions]ActionKind
	nf := 0
	for a := 0; a < numActions; a++ {
		if legal[a] && n.visits[a] == 0 {
			fresh[nf] = ActionKind(a)
			nf++
		}
	}
	if nf > 0 {
		return fresh[m.R.Intn(nf)]
	}
	logN := math.Log(float64(n.total))
	best, bestScore := ActWait, math.Inf(-1)
	for a := 0; a < numActions; a++ {
		if !legal[a] {
			continue
		}
		vis := float64(n.visits[a])
		sc := n.value[a]/vis + m.Explore*math.Sqrt(logN/vis)
		if sc > bestScore {
			best, bestScore = ActionKind(a), sc
		}
	}
	return best
}

// evaluate scores the end of a playout for player p in [0, 1]: going mad is
// worst (later is better), then sanity, then how many others went mad.
func (m *MCTS) evaluate(s *State, root *State, p int) float64 {
	e := &s.Explorers[p]
	horizon := float64(m.Horizon)
	if !e.Alive || e.Sanity <= 0 {
		lived := float64(s.Turn - root.Turn)
		return 0.2 * lived / (horizon + 1)
	}
	mad := 0
	for q := range s.Explorers {
		if q != p && root.Explorers[q].Alive && !s.Explorers[q].Alive {
			mad++
		}
	}
	return 0.3 + 0.5*float64(e.Sanity)/MaxSanity + 0.2*float64(mad)/3
}
