package waterfight

// Referee runs one game the way the official referee does, without any
// process: the caller sends each player's input, hands back its output lines
// (or a timeout) and closes the turn. Summary lines, disqualifications, the
// wood leagues' bosses and objectives and the final scores are all here.
type Referee struct {
	State   State
	Boss    *Boss
	Active  [2]bool
	Reason  [2]string // why a player was deactivated
	Summary []string  // this turn's game-summary lines
	Over    bool

	acts      Actions
	held      parsed
	sentInit  [2]bool
	prevCells CellSet // start-of-turn cells of the last turn (league 3's final check)
}

// NewReferee sets up a game of league 1..5 from the referee's generator.
func NewReferee(league int, rnd Rand) *Referee {
	_, s, b := NewGame(league, rnd)
	return &Referee{State: s, Boss: b, Active: [2]bool{true, true}}
}

// Game is the static part of the game.
func (r *Referee) Game() *Game { return r.State.G }

// summary records a game-summary line.
func (r *Referee) summary(line string) { r.Summary = append(r.Summary, line) }

// refereeLog is the referee as the update's Logger (its Summary field
// takes the method's name).
type refereeLog struct{ r *Referee }

func (l refereeLog) Summary(line string) { l.r.summary(line) }

// BeginTurn opens the next turn.
func (r *Referee) BeginTurn() {
	r.State.StartTurn()
	r.acts = Actions{}
	r.held = parsed{}
	r.Summary = r.Summary[:0]
}

// Plays tells whether player p is asked for output this turn: not in the
// empty cinematic turn, not a deactivated player, never the wood boss.
func (r *Referee) Plays(p int) bool {
	if !r.Active[p] || r.State.Cinematic() {
		return false
	}
	return !(r.State.G.League < 5 && p == 1)
}

// Input is player p's input this turn, with the init block on its first.
func (r *Referee) Input(p int) []string {
	var lines []string
	if !r.sentInit[p] {
		lines = r.State.InitInput(p)
		r.sentInit[p] = true
	}
	return append(lines, r.State.TurnInput(p)...)
}

// ExpectedLines is how many lines player p must print this turn.
func (r *Referee) ExpectedLines(p int) int { return r.State.Listed(p) }

// Output parses player p's lines; a bad line disqualifies the player.
func (r *Referee) Output(p int, lines []string) {
	for _, msg := range ParseCommands(&r.State, p, lines, &r.acts, &r.held) {
		r.Active[p] = false
		r.Reason[p] = msg
		r.summary(msg)
		r.summary("¤RED¤" + token(p) + ": disqualified!§RED§")
	}
}

// Timeout deactivates player p for not answering in time.
func (r *Referee) Timeout(p int) {
	r.Active[p] = false
	r.Reason[p] = "Timeout!"
	r.summary(token(p) + " has not provided " + itoa(r.ExpectedLines(p)) + " lines in time")
}

// EndTurn plays the update and decides whether the game is over.
func (r *Referee) EndTurn() bool {
	s := &r.State
	g := s.G
	if g.League < 5 {
		r.Boss.Act(s, &r.acts)
	}
	if !s.Cinematic() {
		r.prevCells = CellSet{}
		for i := 0; i < g.N; i++ {
			if s.Agents[i].Flags&Present != 0 {
				r.prevCells.Add(g.Cell(int(s.Agents[i].X), int(s.Agents[i].Y)))
			}
		}
	}
	teamless := s.Teamless
	s.Update(&r.acts, refereeLog{r})
	switch {
	case g.League == 1:
		r.Over = r.Boss.league1Objective(s) || !r.Active[0]
	case g.League == 4 && r.Boss.league4Objective(s):
		r.Over = true
	default:
		r.Over = s.LeadWin() || teamless > 0 || !r.Active[0] || !r.Active[1]
	}
	if int(s.Turn) >= g.MaxTurns {
		r.Over = true
	}
	return r.Over
}

// Result is the final score and end-screen text of each player.
func (r *Referee) Result() (scores [2]int, texts [2]string) {
	s := &r.State
	g := s.G
	objective := func(done bool) {
		if done {
			scores, texts = [2]int{0, -1}, [2]string{"objective complete", "-"}
		} else {
			scores, texts = [2]int{-1, 0}, [2]string{"objective failed", "-"}
		}
	}
	switch g.League {
	case 1:
		objective(r.Boss.league1Objective(s))
	case 2:
		scores = [2]int{s.Listed(0), s.Listed(1)}
		texts = [2]string{"objective failed", "-"}
		if s.Live(0) > 0 {
			texts[0] = "objective complete"
		}
	case 3:
		objective(r.Boss.league3Objective(s, &r.acts, &r.prevCells))
	case 4:
		objective(r.Boss.league4Objective(s))
	default:
		scores, texts = s.Scores(r.Active)
	}
	return scores, texts
}
