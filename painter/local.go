package painter

import "cgbots/internal/clock"

// Seen returns side's pawns as GET_PAWNS shows them (surfaces relative).
func (g *Game) Seen(side Colour) []PawnInfo {
	var out []PawnInfo
	for i, p := range g.Pawns {
		if p.Owner != side {
			continue
		}
		surf := make([]Colour, 0, len(g.SurfaceOf(i)))
		for _, c := range g.SurfaceOf(i) {
			if c == side {
				surf = append(surf, Mine)
			} else {
				surf = append(surf, Theirs)
			}
		}
		out = append(out, PawnInfo{ID: p.ID, Paint: p.Paint, Row: p.Row, Col: p.Col, Surface: surf})
	}
	return out
}

// ViewRows returns side's view of the board as rows of protocol characters.
func (g *Game) ViewRows(side Colour) []string {
	b := g.Board
	view := make([]byte, b.N*b.M)
	g.ViewChars(side, view)
	rows := make([]string, b.N)
	for i := range rows {
		rows[i] = string(view[i*b.M : (i+1)*b.M])
	}
	return rows
}

// AddOrders turns a strategy's orders for side into g's order slice,
// dropping those the server would refuse (not side's pawn, bad direction,
// range or paint, a second order for a pawn).
func (g *Game) AddOrders(side Colour, in []PawnOrder, orders []Order) {
	for _, po := range in {
		i := g.PawnIndex(po.ID)
		if i < 0 || g.Pawns[i].Owner != side || orders[i].Kind != NoOrder || !po.Order.Dir.Valid() {
			continue
		}
		o := po.Order
		if o.Kind == Shoot && (o.Range < 1 || o.Range > g.P.K || o.Range > g.Pawns[i].Paint) {
			continue
		}
		orders[i] = o
	}
}

// PlayLocal plays a whole game between two strategies in memory, each seeing
// only its own view as the server would show it; a and b play sides A and
// B. Each decision gets a budget of nodes. It returns both sides' points.
func PlayLocal(g *Game, a, b Strategy, turns int, nodes int64) (int, int) {
	strategies := [2]Strategy{a, b}
	var trackers [2]*Tracker
	for s := 0; s < 2; s++ {
		side := Colour(s + 1)
		trackers[s] = NewTracker(g.P, g.ViewRows(side), g.Seen(side), true)
	}
	orders := make([]Order, len(g.Pawns))
	for turn := 1; turn <= turns; turn++ {
		for i := range orders {
			orders[i] = Order{}
		}
		for s := 0; s < 2; s++ {
			side := Colour(s + 1)
			if turn > 1 {
				trackers[s].SetView(g.ViewRows(side))
				trackers[s].SetPawns(g.Seen(side))
				trackers[s].Infer()
			}
			g.AddOrders(side, strategies[s].Decide(trackers[s], clock.Nodes(nodes)), orders)
		}
		g.ApplyTurn(orders)
	}
	return g.Points(SideA), g.Points(SideB)
}
