package waterfightcli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
)

// traceAgent is an agent of a trace's init line.
type traceAgent struct {
	ID            int    `json:"id"`
	Owner         int    `json:"owner"`
	Class         string `json:"class"`
	X             int    `json:"x"`
	Y             int    `json:"y"`
	ShootCooldown int    `json:"shootCooldown"`
	OptimalRange  int    `json:"optimalRange"`
	SoakingPower  int    `json:"soakingPower"`
	SplashBombs   int    `json:"splashBombs"`
	Wetness       int    `json:"wetness"`
}

// stateAgent is an agent of a trace's state after a turn.
type stateAgent struct {
	ID          int  `json:"id"`
	Owner       int  `json:"owner"`
	X           int  `json:"x"`
	Y           int  `json:"y"`
	Wetness     int  `json:"wetness"`
	Cooldown    int  `json:"cooldown"`
	SplashBombs int  `json:"splashBombs"`
	Hunkered    bool `json:"hunkered"`
	Dying       bool `json:"dying"`
}

type traceState struct {
	Agents     []stateAgent `json:"agents"`
	Points     [2]int       `json:"points"`
	Controlled [2]int       `json:"controlled"`
	Active     [2]bool      `json:"active"`
	Teamless   int          `json:"teamless"`
}

// traceLine is one JSON line of a trace (or of our replay files): init,
// turn or end.
type traceLine struct {
	Type string `json:"type"`
	// init
	Seed      int64        `json:"seed,omitempty"`
	MaxTurns  int          `json:"maxTurns,omitempty"`
	League    int          `json:"league,omitempty"`
	Width     int          `json:"width,omitempty"`
	Height    int          `json:"height,omitempty"`
	YSymmetry bool         `json:"ySymmetry,omitempty"`
	Tiles     []string     `json:"tiles,omitempty"`
	Agents    []traceAgent `json:"agents,omitempty"`
	// turn
	Turn    int          `json:"turn,omitempty"`
	Inputs  [2]*[]string `json:"inputs,omitempty"`
	Outputs [2]*[]string `json:"outputs,omitempty"`
	Summary []string     `json:"summary"`
	State   *traceState  `json:"state,omitempty"`
	Control []string     `json:"control,omitempty"`
	// end
	LastTurn    int        `json:"lastTurn,omitempty"`
	Scores      *[2]int    `json:"scores,omitempty"`
	Texts       *[2]string `json:"texts,omitempty"`
	Deactivated *[2]string `json:"deactivated,omitempty"`
}

// readTrace reads a JSON-lines trace.
func readTrace(path string) ([]traceLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []traceLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		if len(sc.Bytes()) == 0 {
			continue
		}
		var l traceLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(lines) < 2 || lines[0].Type != "init" || lines[len(lines)-1].Type != "end" {
		return nil, fmt.Errorf("not a water fight trace: it must start with an init line and finish with an end line")
	}
	return lines, nil
}
