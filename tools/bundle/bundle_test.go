package bundle

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenCases are fixture modules under testdata; each bundle must equal its
// golden file and print what the unbundled program prints.
var goldenCases = []struct {
	name, fixture string
	keepComments  bool
}{
	{"collide", "collide", false},     // same names in two packages and main, methods, embedding, builtin copy
	{"generics", "generics", false},   // generic funcs and types from a package, embedded generic field
	{"initorder", "initorder", false}, // variables, init functions, packages in Go's order
	{"stdnames", "stdnames", false},   // standard import names taken or spelled differently
	{"strip", "strip", false},         // unreachable declarations and comments go
	{"strip-comments", "strip", true}, // -keep-comments
	{"edges", "edges", false},         // embedded pointer and alias fields, interface embedding, predeclared names
}

func TestGolden(t *testing.T) {
	bin := t.TempDir()
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join("testdata", tc.fixture)
			bundled := filepath.Join(bin, tc.name+"-bundled")
			src, err := Bundle(dir, Options{KeepComments: tc.keepComments, Binary: bundled})
			require.NoError(t, err)
			golden := filepath.Join("testdata", tc.name+".golden")
			if *update {
				require.NoError(t, os.WriteFile(golden, src, 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(src))

			unbundled := buildPackage(t, dir, ".", filepath.Join(bin, tc.fixture+"-unbundled"))
			assert.Equal(t, runBot(t, unbundled, nil, ""), runBot(t, bundled, nil, ""))
		})
	}
}

func TestSameInputSameBytes(t *testing.T) {
	first, err := Bundle("testdata/collide", Options{})
	require.NoError(t, err)
	second, err := Bundle("testdata/collide", Options{})
	require.NoError(t, err)
	assert.Equal(t, first, second)
}

// buildPackage builds the package pkg of the module at dir with the local
// Go, the way a developer runs the bot.
func buildPackage(t *testing.T, dir, pkg, out string) string {
	t.Helper()
	if _, err := os.Stat(out); err == nil {
		return out
	}
	abs, err := filepath.Abs(out)
	require.NoError(t, err)
	cmd := goCommand(dir, "build", "-o", abs, pkg)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build %s in %s: %s", pkg, dir, msg)
	return abs
}

// runBot runs a bot binary on input with args and returns its stdout.
func runBot(t *testing.T, binary string, args []string, input string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Stdin = strings.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	require.NoError(t, err, "%s %v: %s", binary, args, stderr.String())
	return stdout.String()
}

// TestEveryRepoBot bundles every bot of the repository, builds each bundle
// alone as Go 1.18 and, for bots with testdata/input.txt, checks that the
// bundle prints what the unbundled bot prints.
func TestEveryRepoBot(t *testing.T) {
	root, err := ModuleRoot(".")
	require.NoError(t, err)
	bots, err := FindBots(root)
	require.NoError(t, err)
	if len(bots) == 0 {
		t.Log("no bots in the repository yet (<game>/cmd/<game>-<bot>/): nothing to bundle")
		return
	}
	bin := t.TempDir()
	unbundled := buildBots(t, root, bots, filepath.Join(bin, "unbundled"))
	for _, b := range bots {
		t.Run(b.Name, func(t *testing.T) {
			dir := filepath.Join(root, filepath.FromSlash(b.Dir))
			bundled := filepath.Join(bin, strings.TrimSuffix(b.Name, ".go"))
			src, err := Bundle(dir, Options{Binary: bundled})
			require.NoError(t, err)
			t.Logf("%s: %d/%d chars", b.Name, Chars(src), MaxChars)
			input, err := os.ReadFile(filepath.Join(dir, "testdata", "input.txt"))
			if os.IsNotExist(err) {
				t.Logf("%s has no testdata/input.txt: bundle built, output not compared", b.Dir)
				return
			}
			require.NoError(t, err)
			var args []string
			if line, err := os.ReadFile(filepath.Join(dir, "testdata", "args.txt")); err == nil {
				args = strings.Fields(string(line))
			}
			want := runBot(t, filepath.Join(unbundled, path.Base(b.Dir)), args, string(input))
			assert.Equal(t, want, runBot(t, bundled, args, string(input)))
		})
	}
}

// buildBots builds the unbundled bots that have a recorded input with one go
// command (it links them in parallel) into out, named after their folders.
func buildBots(t *testing.T, root string, bots []Bot, out string) string {
	t.Helper()
	args := []string{"build", "-o", out + string(filepath.Separator)}
	for _, b := range bots {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(b.Dir), "testdata", "input.txt")); err == nil {
			args = append(args, "./"+b.Dir)
		}
	}
	if len(args) == 3 {
		return out
	}
	msg, err := goCommand(root, args...).CombinedOutput()
	require.NoError(t, err, "go %s: %s", strings.Join(args, " "), msg)
	return out
}
