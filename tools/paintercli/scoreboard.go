package paintercli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"cgbots/tools/internal/atomicfile"
)

// Scoreboard is the overall ranking, kept across server restarts.
type Scoreboard struct {
	Tournaments int              `json:"tournaments"`
	Overall     map[string]int   `json:"overall"`        // login -> total points
	History     []map[string]int `json:"history"`        // points of each tournament
	Last        map[string]int   `json:"last,omitempty"` // the latest tournament
}

// LoadScoreboard reads the scoreboard file; a missing file (or no path)
// gives an empty scoreboard.
func LoadScoreboard(path string) (*Scoreboard, error) {
	sb := &Scoreboard{Overall: map[string]int{}}
	if path == "" {
		return sb, nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return sb, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(data, sb); err != nil {
		return nil, fmt.Errorf("scoreboard %s: %v", path, err)
	}
	if sb.Overall == nil {
		sb.Overall = map[string]int{}
	}
	return sb, nil
}

// Save writes the scoreboard atomically.
func (sb *Scoreboard) Save(path string) error {
	data, err := json.MarshalIndent(sb, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(path, append(data, '\n'), 0o644)
}

func (sb *Scoreboard) add(points map[string]int) {
	sb.Tournaments++
	for login, p := range points {
		sb.Overall[login] += p
	}
	sb.History = append(sb.History, points)
	sb.Last = points
}

func (sb *Scoreboard) clone() Scoreboard {
	c := Scoreboard{Tournaments: sb.Tournaments, Overall: map[string]int{}, Last: map[string]int{}}
	for k, v := range sb.Overall {
		c.Overall[k] = v
	}
	for k, v := range sb.Last {
		c.Last[k] = v
	}
	for _, h := range sb.History {
		m := map[string]int{}
		for k, v := range h {
			m[k] = v
		}
		c.History = append(c.History, m)
	}
	return c
}

// Line is the one-line status: the latest tournament and the totals.
func (sb *Scoreboard) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "painter: after tournament %d:", sb.Tournaments)
	for _, login := range standings(sb.Overall) {
		fmt.Fprintf(&b, " %s=%d (total %d)", login, sb.Last[login], sb.Overall[login])
	}
	return b.String()
}

// Wins counts, for each login, the tournaments it won outright or shared.
func (sb *Scoreboard) Wins() map[string]int {
	wins := map[string]int{}
	for _, h := range sb.History {
		best := -1
		for _, p := range h {
			if p > best {
				best = p
			}
		}
		for login, p := range h {
			if p == best {
				wins[login]++
			}
		}
	}
	return wins
}
