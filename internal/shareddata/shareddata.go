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

// Root returns the absolute path of ../shared/data relative to the module root
// (the nearest folder above the working directory holding go.mod), or "" when
// it does not exist.
func Root() string {
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
	data := filepath.Join(filepath.Dir(dir), "shared", "data")
	if st, err := os.Stat(data); err != nil || !st.IsDir() {
		return ""
	}
	return data
}

// Dir returns the path of ../shared/data/<parts...>, skipping the test with a
// clear message when it is absent.
func Dir(t testing.TB, parts ...string) string {
	t.Helper()
	root := Root()
	if root == "" {
		t.Skip("../shared/data is absent (a fresh clone): skipping the test on recorded official data")
	}
	p := filepath.Join(append([]string{root}, parts...)...)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s is absent: skipping the test on recorded official data", p)
	}
	return p
}
