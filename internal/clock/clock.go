// Package clock gives searches one budget type for both modes they run in: a
// wall-clock deadline with a safety margin (CodinGame turns) and a node count
// (reproducible benchmarks and bench signatures). Time is read only every
// few checks because time.Now costs more than a node of a fast search.
package clock

import "time"

// checkEvery is how many Done calls share one reading of the clock.
const checkEvery = 64

// Budget stops a search after a number of nodes or at a deadline, whichever is set.
type Budget struct {
	nodes    int64 // node limit; 0 means no limit
	deadline time.Time
	timed    bool
	count    int64
	expired  bool
}

// Nodes returns a budget that ends after n calls of Done (n > 0).
func Nodes(n int64) *Budget {
	return &Budget{nodes: n}
}

// Until returns a budget that ends margin before start+limit; with a margin at
// least as large as limit it is spent at once.
func Until(start time.Time, limit, margin time.Duration) *Budget {
	return &Budget{deadline: start.Add(limit - margin), timed: true}
}

// For returns a budget of d from now, without margin (offline solvers).
func For(d time.Duration) *Budget {
	return Until(time.Now(), d, 0)
}

// Done counts one node and reports whether the budget is spent.
func (b *Budget) Done() bool {
	if b.expired {
		return true
	}
	b.count++
	if b.nodes > 0 && b.count >= b.nodes {
		b.expired = true
	} else if b.timed && b.count%checkEvery == 0 && !time.Now().Before(b.deadline) {
		b.expired = true
	}
	return b.expired
}

// Spent reports whether the budget is spent, reading the clock now in timed mode.
func (b *Budget) Spent() bool {
	if !b.expired && b.timed && !time.Now().Before(b.deadline) {
		b.expired = true
	}
	return b.expired
}

// Count is the number of nodes counted so far.
func (b *Budget) Count() int64 { return b.count }

// Remaining is the time left in timed mode, and 0 for a node budget.
func (b *Budget) Remaining() time.Duration {
	if !b.timed {
		return 0
	}
	d := time.Until(b.deadline)
	if d < 0 {
		return 0
	}
	return d
}

// NodesLeft is how many more calls of Done a node budget answers with false
// (0 once spent, and 0 for a timed budget).
func (b *Budget) NodesLeft() int64 {
	if b.timed || b.expired || b.nodes-1 <= b.count {
		return 0
	}
	return b.nodes - 1 - b.count
}

// Timed reports whether the budget is a deadline rather than a node count.
func (b *Budget) Timed() bool { return b.timed }
