// Package shareddata finds the recorded official data (../shared/data beside
// the repository) for tests. The data is never copied into the repository, so
// a test that needs it skips, saying why, when the folder is absent. Only
// tests and tools import this package; bots never do.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// EnvVar names a data folder to use instead of ../shared/data, for checkouts
// that do not sit beside shared/ (git worktrees, CI elsewhere).
const EnvVar = "CGBOTS_SHARED_DATA"

// Root returns the data folder: $CGBOTS_SHARED_DATA when set, else
// ../shared/data relative to the module root (the nearest folder above the
// working directory holding go.mod); "" when it does not exist.
func Root() string {
	if env := os.Getenv(EnvVar); env != "" {
		return existingDir(env)
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return existingDir(filepath.Join(filepath.Dir(dir), "shared", "data"))
}

func existingDir(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return ""
	}
	return abs
}

// Dir returns the path of ../shared/data/<parts...>, skipping the test with a
// clear message when it is absent.
func Dir(t testing.TB, parts ...string) string {
	t.Helper()
	root := Root()
	if root == "" {
		t.Skip("../shared/data is absent (a fresh clone; or set " + EnvVar + "): skipping the test on recorded official data")
	}
	p := filepath.Join(append([]string{root}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s is absent: skipping the test on recorded official data", p)
	}
	return p
}
