package arena

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"
)

// GameRecord is one game played (or failed) by the arena.
type GameRecord struct {
	Game         int      `json:"game"` // 1-based, in schedule order
	Seed         int64    `json:"seed"`
	Seats        []string `json:"seats"` // bot name of each seat (player 0 first)
	Scores       []int    `json:"scores,omitempty"`
	Ranks        []int    `json:"ranks,omitempty"`
	Disqualified []string `json:"disqualified,omitempty"`
	LastTurn     int      `json:"lastTurn,omitempty"`
	Replay       string   `json:"replay,omitempty"`
	Seconds      float64  `json:"seconds"`
	Error        string   `json:"error,omitempty"` // the game could not be played; it counts for nobody
	notes        string   // what the referee said (a removed bot's stderr), printed with the progress
}

// Standing is one bot's line of the results table. A unit is a seat in a
// game: with four seats and fewer bots, a bot fills several seats of a game.
type Standing struct {
	Bot          string  `json:"bot"`
	Seats        int     `json:"seats"`
	Wins         int     `json:"wins"`   // first alone
	Draws        int     `json:"draws"`  // first, shared
	Losses       int     `json:"losses"` // not first
	Disqualified int     `json:"disqualified"`
	AvgRank      float64 `json:"avgRank"`
	Points       float64 `json:"points"` // per seat: share of the other bots' seats beaten, a tie half
	Score        float64 `json:"score"`  // points per seat
	Low          float64 `json:"low"`    // 95% Wilson interval of Score
	High         float64 `json:"high"`
}

// Pair is the head-to-head result of two bots over the games both played.
type Pair struct {
	A        string   `json:"a"`
	B        string   `json:"b"`
	Games    int      `json:"games"`
	Score    float64  `json:"score"`              // A's mean score against B
	Elo      *float64 `json:"elo,omitempty"`      // A minus B; absent when infinite
	EloError *float64 `json:"eloError,omitempty"` // 95% half-width; absent when unknown
}

// versus is 1 when a beat b, 1/2 on a tie, else 0.
func versus(a, b int) float64 {
	switch {
	case a > b:
		return 1
	case a == b:
		return 0.5
	}
	return 0
}

// standings sums the played games per bot and per pair of bots.
func standings(bots []Bot, played []GameRecord) ([]Standing, []Pair) {
	idx := map[string]int{}
	st := make([]Standing, len(bots))
	for i, b := range bots {
		idx[b.Name] = i
		st[i].Bot = b.Name
	}
	h2h := make(map[[2]int][]float64)
	for _, g := range played {
		if g.Error != "" {
			continue
		}
		for i, name := range g.Seats {
			s := &st[idx[name]]
			s.Seats++
			s.AvgRank += float64(g.Ranks[i])
			first := 0
			for _, r := range g.Ranks {
				if r == 1 {
					first++
				}
			}
			switch {
			case g.Ranks[i] > 1:
				s.Losses++
			case first == 1:
				s.Wins++
			default:
				s.Draws++
			}
			if g.Disqualified[i] != "" {
				s.Disqualified++
			}
			var pts float64
			others := 0
			for j, other := range g.Seats {
				if other != name {
					pts += versus(g.Scores[i], g.Scores[j])
					others++
				}
			}
			if others > 0 {
				s.Points += pts / float64(others)
			}
		}
		for a := range bots {
			for b := a + 1; b < len(bots); b++ {
				if sc, ok := headToHead(g, bots[a].Name, bots[b].Name); ok {
					h2h[[2]int{a, b}] = append(h2h[[2]int{a, b}], sc)
				}
			}
		}
	}
	for i := range st {
		s := &st[i]
		if s.Seats > 0 {
			s.AvgRank /= float64(s.Seats)
			s.Score = s.Points / float64(s.Seats)
		}
		s.Low, s.High = Wilson(s.Points, s.Seats, z95)
	}
	sort.SliceStable(st, func(i, j int) bool { return st[i].Score > st[j].Score })
	// pairs in table order, the better bot first
	var pairs []Pair
	for i := range st {
		for j := i + 1; j < len(st); j++ {
			a, b := idx[st[i].Bot], idx[st[j].Bot]
			scores := h2h[[2]int{a, b}]
			if a > b {
				scores = nil
				for _, x := range h2h[[2]int{b, a}] {
					scores = append(scores, 1-x)
				}
			}
			e := EloFromGames(scores, z95)
			p := Pair{A: st[i].Bot, B: st[j].Bot, Games: e.Games, Score: e.Score}
			if e.Games > 0 && !math.IsInf(e.Diff, 0) {
				p.Elo = &e.Diff
			}
			if !math.IsInf(e.Error, 0) {
				p.EloError = &e.Error
			}
			pairs = append(pairs, p)
		}
	}
	return st, pairs
}

// headToHead is a's mean score against b over their seats of one game.
func headToHead(g GameRecord, a, b string) (float64, bool) {
	var sum float64
	n := 0
	for i, x := range g.Seats {
		for j, y := range g.Seats {
			if x == a && y == b {
				sum += versus(g.Scores[i], g.Scores[j])
				n++
			}
		}
	}
	if n == 0 {
		return 0, false
	}
	return sum / float64(n), true
}

// printTable writes the standings, best score first as given, and the
// head-to-head lines.
func printTable(w io.Writer, r *Report) {
	fmt.Fprintf(w, "%s league %d, seed %d: %d of %d games played", r.Game, r.League, r.Seed, r.Played, r.Planned)
	if r.Failed > 0 {
		fmt.Fprintf(w, ", %d failed", r.Failed)
	}
	fmt.Fprintf(w, " in %.1fs (parallel %d)", r.Seconds, r.Parallel)
	if r.Interrupted {
		fmt.Fprint(w, ", interrupted")
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	unit := "games"
	rank := r.Seats > 2
	if rank {
		unit = "seats"
	}
	width := len("bot")
	for _, s := range r.Standings {
		if len(s.Bot) > width {
			width = len(s.Bot)
		}
	}
	left := func(s string) string { return fmt.Sprintf("%-*s", width, s) }
	header := []string{left("bot"), unit, "wins", "draws", "losses", "disq"}
	if rank {
		header = append(header, "avg rank")
	}
	header = append(header, "points", "score", "95% CI")
	fmt.Fprintln(tw, strings.Join(header, "\t")+"\t")
	for _, s := range r.Standings {
		cells := []string{left(s.Bot), fmt.Sprint(s.Seats), fmt.Sprint(s.Wins), fmt.Sprint(s.Draws), fmt.Sprint(s.Losses), fmt.Sprint(s.Disqualified)}
		if rank {
			cells = append(cells, fmt.Sprintf("%.2f", s.AvgRank))
		}
		cells = append(cells, fmt.Sprintf("%.1f", s.Points), percent(s.Score), percent(s.Low)+" - "+percent(s.High))
		fmt.Fprintln(tw, strings.Join(cells, "\t")+"\t")
	}
	tw.Flush()
	for _, p := range r.Pairs {
		fmt.Fprintf(w, "%s vs %s: %s over %d games, Elo %s\n", p.A, p.B, percent(p.Score), p.Games, eloText(p))
	}
}

func percent(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func eloText(p Pair) string {
	var diff, err string
	switch {
	case p.Games == 0:
		return "unknown"
	case p.Elo != nil:
		diff = fmt.Sprintf("%+.0f", math.Round(*p.Elo)+0) // +0 turns -0 into 0
	case p.Score >= 1:
		diff = "+inf"
	default:
		diff = "-inf"
	}
	if p.EloError != nil {
		err = fmt.Sprintf(" ± %.0f (95%%)", *p.EloError)
	}
	return diff + err
}
