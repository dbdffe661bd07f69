package kutulucli

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"cgbots/kutulu"
	"cgbots/kutulu/mapgen"
	"cgbots/tools/internal/atomicfile"
	"cgbots/tools/internal/match"
)

func runReferee(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("kutulu referee", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapsDir := fs.String("maps", "", "folder of official maps (with index.json): the map is drawn from the league's pool")
	mapFile := fs.String("map", "", "one map file to play (else -maps, else a generated map)")
	mapName := fs.String("name", "", "with -maps: force this map (display name, as the referee's map= parameter)")
	seed := fs.Int64("seed", 1, "referee seed (java.util.Random)")
	league := fs.Int("league", kutulu.Bronze, "league level 1..7 (1-3 wood)")
	first := fs.Duration("first", time.Second, "time limit of the first answer")
	turn := fs.Duration("turn", 50*time.Millisecond, "time limit of later answers")
	replay := fs.String("replay", "", "write a JSON-lines replay to this file")
	firstTurn := fs.Int("first-turn", 0, "number of the first turn (the referee's SDK 2.2 counts from 0, later SDKs from 1)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != kutulu.Players {
		return fmt.Errorf("want 4 bot commands, got %d", fs.NArg())
	}
	params, r := kutulu.DrawParams(*seed, *league)
	var maze *kutulu.Maze
	switch {
	case *mapFile != "":
		m, err := loadMapFile(*mapFile)
		if err != nil {
			return err
		}
		maze = m
	case *mapsDir != "":
		m, err := loadPoolMap(*mapsDir, kutulu.ChooseMap(&r, params.League, *mapName))
		if err != nil {
			return err
		}
		maze = m
	default:
		maze = mapgen.Generate(uint64(*seed))
	}
	s := kutulu.NewState(maze, params, r)
	if *firstTurn < 0 || *firstTurn > kutulu.MaxTurn {
		return fmt.Errorf("-first-turn must be in 0..%d", kutulu.MaxTurn)
	}
	s.Turn = *firstTurn
	g := &procGame{first: *first, turn: *turn, stderr: stderr}
	for i := range g.cmds {
		g.cmds[i] = fs.Arg(i)
	}
	res := g.play(&s)
	printRanking(stdout, &s, res)
	if *replay != "" {
		if err := atomicfile.Write(*replay, res.replay.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// procGame plays one game between bot processes.
type procGame struct {
	cmds        [kutulu.Players]string
	first, turn time.Duration
	stderr      io.Writer
}

type gameResult struct {
	reasons [kutulu.Players]string
	replay  bytes.Buffer
}

type replayHeader struct {
	Game    string   `json:"game"`
	Version int      `json:"version"`
	Map     string   `json:"map"`
	Rows    []string `json:"rows"`
	Params  [5]int   `json:"params"` // league lonely group spawnTime lifeTime
	Bots    []string `json:"bots"`
}

type replayPlayer struct {
	Player int      `json:"player"`
	Input  []string `json:"input"`
	Output string   `json:"output"`
	Error  string   `json:"error,omitempty"`
}

type replayTurn struct {
	Turn    int            `json:"turn"`
	Players []replayPlayer `json:"players"`
	Summary []string       `json:"summary,omitempty"`
	State   []string       `json:"state"`
}

type replayEnd struct {
	LastTurn int      `json:"lastTurn"`
	Scores   []int    `json:"scores"`
	Sanity   []int    `json:"sanity"`
	Reasons  []string `json:"reasons"`
}

func (g *procGame) play(s *kutulu.State) *gameResult {
	res := &gameResult{}
	enc := json.NewEncoder(&res.replay)
	m := s.Maze
	enc.Encode(replayHeader{Game: "kutulu", Version: 1, Map: m.Name, Rows: m.Rows,
		Params: [5]int{s.Params.League, s.Params.Lonely, s.Params.Group, s.Params.SpawnTime, s.Params.LifeTime}, Bots: g.cmds[:]})
	var procs [kutulu.Players]*match.Process
	for p, c := range g.cmds {
		proc, err := match.Start(c)
		if err != nil {
			fmt.Fprintf(g.stderr, "kutulu referee: player %d: %v\n", p, err)
			continue
		}
		procs[p] = proc
	}
	defer func() {
		for _, proc := range procs {
			if proc != nil {
				proc.Kill()
			}
		}
	}()
	init := splitLines(s.AppendInit(nil))
	var log kutulu.Log
	var buf []byte
	for first := true; !s.Over; first = false {
		rt := replayTurn{Turn: s.Turn}
		limit := g.turn
		if first {
			limit = g.first
		}
		var outs [kutulu.Players]string
		var errs [kutulu.Players]error
		for p := 0; p < kutulu.Players; p++ {
			if !s.Active(p) {
				continue
			}
			buf = s.AppendInput(buf[:0], p)
			lines := splitLines(buf)
			if first {
				lines = append(append([]string{}, init...), lines...)
			}
			if procs[p] == nil {
				errs[p] = match.ErrExited
			} else {
				procs[p].Send(lines...)
				outs[p], errs[p] = procs[p].ReadLine(limit)
			}
			rt.Players = append(rt.Players, replayPlayer{Player: p, Input: lines, Output: outs[p]})
		}
		var acts [kutulu.Players]kutulu.Action
		for i := range rt.Players {
			rp := &rt.Players[i]
			p := rp.Player
			if !judgeAnswer(s, p, outs[p], errs[p] != nil, &acts, &res.reasons, &rt.Summary) {
				rp.Error = "invalid command"
				if errs[p] != nil {
					rp.Error = errs[p].Error()
				}
				g.kill(procs[p], p)
			}
		}
		for _, p := range finishTurn(s, &acts, &log, &res.reasons, &rt.Summary) {
			g.kill(procs[p], -1)
		}
		rt.State = hiddenLines(s)
		enc.Encode(rt)
	}
	sc := s.Scores()
	end := replayEnd{LastTurn: s.Turn - 1, Scores: sc[:], Reasons: res.reasons[:]}
	for p := range s.Explorers {
		end.Sanity = append(end.Sanity, int(s.Explorers[p].Sanity))
	}
	enc.Encode(end)
	return res
}

// kill ends a removed bot, showing the tail of its stderr when it failed.
func (g *procGame) kill(proc *match.Process, p int) {
	if proc == nil {
		return
	}
	proc.Kill()
	if p >= 0 {
		if tail := strings.TrimSpace(proc.Stderr()); tail != "" {
			if len(tail) > 2000 {
				tail = tail[len(tail)-2000:]
			}
			fmt.Fprintf(g.stderr, "kutulu referee: player %d stderr:\n%s\n", p, tail)
		}
	}
}

// ranks gives each player its rank (1 best); equal scores tie.
func printRanking(w io.Writer, s *kutulu.State, res *gameResult) {
	sc := s.Scores()
	rk := match.Ranks(sc[:])
	order := []int{0, 1, 2, 3}
	sort.SliceStable(order, func(i, j int) bool { return rk[order[i]] < rk[order[j]] })
	fmt.Fprintf(w, "map %q, league %d, last turn %d\n", s.Maze.Name, s.Params.League, s.Turn-1)
	for _, p := range order {
		reason := res.reasons[p]
		if reason == "" {
			reason = "survived"
		}
		fmt.Fprintf(w, "rank %d: player %d score %d sanity %d (%s)\n", rk[p], p, sc[p], s.Explorers[p].Sanity, reason)
	}
}
