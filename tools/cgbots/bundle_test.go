package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBundleWritesFileAndCountsChars(t *testing.T) {
	out := filepath.Join(t.TempDir(), "bot.go")
	var stdout, stderr bytes.Buffer
	require.Equal(t, 0, run([]string{"bundle", "-o", out, "../bundle/testdata/strip"}, &stdout, &stderr), stderr.String())
	src, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(src), "package main")
	assert.Regexp(t, `^\d+/100000 chars\n$`, stderr.String())
	assert.Empty(t, stdout.String())
}

func TestBundleFailureLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module fixture\n\ngo 1.18\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte("package main\n\nfunc main() {\n\tx :=\n}\n"), 0o644))
	out := filepath.Join(t.TempDir(), "bot.go")
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 1, run([]string{"bundle", "-o", out, dir}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "cgbots bundle: main.go:5:1: syntax error")
	assert.NoFileExists(t, out)
	entries, err := os.ReadDir(filepath.Dir(out))
	require.NoError(t, err)
	assert.Empty(t, entries, "no temporary file left behind")
}

func TestBundleUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	assert.Equal(t, 1, run([]string{"bundle"}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "usage: cgbots bundle")
	assert.Equal(t, 1, run([]string{"bundle", "-all"}, &stdout, &stderr))
	assert.Contains(t, stderr.String(), "-all needs -o DIR")
}
