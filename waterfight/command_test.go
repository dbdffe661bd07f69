package waterfight

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseCommands(t *testing.T) {
	bad := func(piece string) string { return InvalidInput(ExpectedCommands, piece) }
	tests := []struct {
		name  string
		lines []string
		want  [3]Action // player 0's agents, ids 1..3
		errs  []string
	}{
		{"with ids", []string{"1;MOVE 3 4;SHOOT 4", "2;THROW -1 2", "3;HUNKER_DOWN"},
			[3]Action{{HasMove: true, MoveX: 3, MoveY: 4, Combat: Shoot, A: 4}, {Combat: Throw, A: -1, B: 2}, {Combat: Hunker}}, nil},
		{"without ids, lower case, wait, message", []string{"move 1 1", "wait;MESSAGE hi there", "Shoot 5"},
			[3]Action{{HasMove: true, MoveX: 1, MoveY: 1}, {Combat: Hunker}, {Combat: Shoot, A: 5}}, nil},
		{"last move and last combat win", []string{"1;MOVE 1 1;MOVE 2 2;SHOOT 4;WAIT", ";;", "+3; HUNKER_DOWN "},
			[3]Action{{HasMove: true, MoveX: 2, MoveY: 2, Combat: Hunker}, {}, {Combat: Hunker}}, nil},
		{"empty line", []string{"", "2;WAIT", "3;WAIT"}, [3]Action{{}, {Combat: Hunker}, {Combat: Hunker}}, []string{bad("")}},
		{"negative move", []string{"1;MOVE -1 3", "2;WAIT", "3;WAIT"}, [3]Action{{}, {Combat: Hunker}, {Combat: Hunker}}, []string{bad("MOVE -1 3")}},
		{"bare message", []string{"MESSAGE", "WAIT", "WAIT"}, [3]Action{{}, {Combat: Hunker}, {Combat: Hunker}}, []string{bad("MESSAGE")}},
		{"empty piece", []string{"1;;WAIT", "WAIT", "WAIT"}, [3]Action{{}, {Combat: Hunker}, {Combat: Hunker}}, []string{bad("")}},
		{"id and nothing", []string{"1;", "WAIT", "WAIT"}, [3]Action{{}, {Combat: Hunker}, {Combat: Hunker}}, []string{bad("1")}},
		{"space before the id", []string{" 1;WAIT", "WAIT", "WAIT"}, [3]Action{{}, {Combat: Hunker}, {Combat: Hunker}}, []string{bad("1")}},
		{"enemy id", []string{"4;WAIT", "WAIT", "WAIT"}, [3]Action{{}, {Combat: Hunker}, {Combat: Hunker}}, []string{InvalidInput("a valid agent id", "4")}},
		{"overflow", []string{"SHOOT 2147483648", "WAIT", "WAIT"}, [3]Action{{}, {Combat: Hunker}, {Combat: Hunker}}, []string{bad("SHOOT 2147483648")}},
		{"a full agent ignores the rest of its line", []string{"1;MOVE 1 1;WAIT;MESSAGE x;garbage", "WAIT", "WAIT"},
			[3]Action{{HasMove: true, MoveX: 1, MoveY: 1, Combat: Hunker}, {Combat: Hunker}, {Combat: Hunker}}, nil},
		{"two bad lines, both reported", []string{"x", "y", "3;WAIT"}, [3]Action{{}, {}, {Combat: Hunker}}, []string{bad("x"), bad("y")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, s := testGame(emptyRows(8, 4), [2][][2]int{{{0, 0}, {0, 1}, {0, 2}}, {{7, 0}, {7, 1}, {7, 2}}})
			var acts Actions
			var held parsed
			errs := ParseCommands(&s, 0, tc.lines, &acts, &held)
			assert.Equal(t, tc.errs, errs)
			assert.Equal(t, tc.want, [3]Action{acts[0], acts[1], acts[2]})
		})
	}
}

func FuzzParseCommands(f *testing.F) {
	for _, seed := range []string{"1;MOVE 3 4;SHOOT 4", "THROW -1 2", ";;", "", "MESSAGE x;WAIT", "+1;hunker_down", "١;WAIT"} {
		f.Add(seed)
	}
	_, base := testGame(emptyRows(8, 4), [2][][2]int{{{0, 0}, {0, 1}}, {{7, 0}}})
	f.Fuzz(func(t *testing.T, line string) {
		s := base
		var acts Actions
		var held parsed
		errs := ParseCommands(&s, 0, []string{line, line}, &acts, &held)
		assert.LessOrEqual(t, len(errs), 2)
		s.StartTurn()
		s.Update(&acts, &summaryLog{})
	})
}
