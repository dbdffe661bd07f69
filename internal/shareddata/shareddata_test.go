package shareddata

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDirFindsSharedDataOrSkips(t *testing.T) {
	p := Dir(t, "samegame")
	st, err := os.Stat(p)
	assert.NoError(t, err)
	assert.True(t, st.IsDir())
}

func TestMissingPartSkips(t *testing.T) {
	ran := false
	t.Run("inner", func(t *testing.T) {
		Dir(t, "no-such-game")
		ran = true
	})
	assert.False(t, ran, "Dir must skip, not return, for a missing folder")
}

func TestEnvVarOverridesAndMustExist(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvVar, dir)
	assert.Equal(t, dir, Root())
	t.Setenv(EnvVar, dir+"/missing")
	assert.Equal(t, "", Root())
}
