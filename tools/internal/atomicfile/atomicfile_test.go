package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWriteReplacesWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt")
	require.NoError(t, Write(path, []byte("first"), 0o644))
	require.NoError(t, Write(path, []byte("second"), 0o644))
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "second", string(got))
}

func TestFailedFillLeavesTargetAndNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	require.NoError(t, Write(path, []byte("keep"), 0o644))
	err := WriteFunc(path, 0o644, func(w io.Writer) error {
		io.WriteString(w, "partial")
		return errors.New("boom")
	})
	assert.EqualError(t, err, "boom")
	got, _ := os.ReadFile(path)
	assert.Equal(t, "keep", string(got))
	entries, _ := os.ReadDir(dir)
	assert.Len(t, entries, 1)
}

func TestMissingFolderIsAnError(t *testing.T) {
	assert.Error(t, Write(filepath.Join(t.TempDir(), "no", "such", "f"), nil, 0o644))
}
