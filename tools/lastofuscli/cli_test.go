package lastofuscli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cgbots/lastofus"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func write(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}

func TestCheck(t *testing.T) {
	area := write(t, "area.txt", lastofus.SampleArea)
	cases := []struct {
		name, answer, want string
		ok                 bool
	}{
		{"statement answer", lastofus.SampleAnswer, "OK 14\n", true},
		{"killed", "2\nw 0 1\nw 1 0\n", "FAIL action 2: w 1 0: Ellie at (7,2) is killed by the clicker at (6,1)", false},
		{"too short", "1\nw 1 0\n", "FAIL action 1: the list ends with Ellie at (8,2), not at the exit", false},
		{"garbage", "x\n", "FAIL action 0: action count \"x\" is not a non-negative number", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := Run([]string{"check", area, write(t, "answer.txt", tc.answer)}, &out, &errOut)
			if tc.ok {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, ErrRejected)
			}
			assert.True(t, strings.HasPrefix(out.String(), tc.want), out.String())
		})
	}
}

// TestCheckReadings: standing still two cells from a clicker is safe when
// "w 0 0" is silent and deadly when it sounds; by default both must pass.
func TestCheckReadings(t *testing.T) {
	area := write(t, "area.txt", "room\n10 10 0\n##########\n#X.......#\n#........#\n#........#\n#........#\n#....E.C.#\n#........#\n#........#\n#........#\n##########\n")
	answer := write(t, "answer.txt", "2\nw 0 0\nw 0 0\n")
	var out bytes.Buffer
	err := Run([]string{"check", "-wait", "silent", "-selfthrow", "forbid", area, answer}, &out, &out)
	require.ErrorIs(t, err, ErrRejected)
	assert.Equal(t, "FAIL action 2: the list ends with Ellie at (5,5), not at the exit\n", out.String())
	for _, wait := range []string{"sound", "all"} {
		out.Reset()
		err = Run([]string{"check", "-wait", wait, area, answer}, &out, &out)
		require.ErrorIs(t, err, ErrRejected)
		assert.Contains(t, out.String(), "FAIL action 2: w 0 0: Ellie at (5,5) is killed by the clicker at (5,6)")
	}
}

func TestSolveFromStdin(t *testing.T) {
	Stdin = strings.NewReader(lastofus.SampleArea)
	defer func() { Stdin = os.Stdin }()
	var out, errOut bytes.Buffer
	require.NoError(t, Run([]string{"solve", "-nodes", "40000"}, &out, &errOut))
	a, err := lastofus.Parse(strings.NewReader(lastofus.SampleArea))
	require.NoError(t, err)
	actions, err := lastofus.ParseAnswer(&out)
	require.NoError(t, err)
	assert.NoError(t, lastofus.CheckAll(a, actions))
	assert.Contains(t, errOut.String(), "area-0-sample")
}

func TestSolveRejectsBadArea(t *testing.T) {
	var out, errOut bytes.Buffer
	err := Run([]string{"solve", write(t, "bad.txt", "name\n10 10 0\n")}, &out, &errOut)
	assert.ErrorContains(t, err, "0 grid rows, want 10")
	assert.Empty(t, out.String())
}

func TestGenWritesCertifiedArea(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	require.NoError(t, Run([]string{"gen", "-rows", "25", "-cols", "30", "-clickers", "8", "-bricks", "3", "-seed", "9", "-style", "corridors",
		"-o", filepath.Join(dir, "a.txt"), "-witness", filepath.Join(dir, "w.txt")}, &out, &errOut))
	out.Reset()
	require.NoError(t, Run([]string{"check", filepath.Join(dir, "a.txt"), filepath.Join(dir, "w.txt")}, &out, &errOut))
	assert.True(t, strings.HasPrefix(out.String(), "OK "))
	assert.Error(t, Run([]string{"gen", "-style", "spiral"}, &out, &errOut))
}

func TestTourAndSmallBench(t *testing.T) {
	var out, errOut bytes.Buffer
	require.NoError(t, Tour(&out))
	assert.Contains(t, out.String(), "area-0-sample: escaped in")
	out.Reset()
	require.NoError(t, Bench([]string{"-max", "20"}, &out, &errOut))
	assert.Contains(t, out.String(), "solved 3/3")
}
