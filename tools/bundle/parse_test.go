package bundle

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseAPIEntry(t *testing.T) {
	cases := []struct {
		pkg, rest string
		want      apiKey
	}{
		{"strings", "func CutPrefix(string, string) (string, bool)", apiKey{"strings", "", "CutPrefix"}},
		{"slices", "func Sort[$0 interface{ ~[]$1 }, $1 cmp.Ordered]($0)", apiKey{"slices", "", "Sort"}},
		{"sync/atomic", "method (*Int64) Add(int64) int64", apiKey{"sync/atomic", "Int64", "Add"}},
		{"sync/atomic", "method (*Pointer[$0]) Load() *$0", apiKey{"sync/atomic", "Pointer", "Load"}},
		{"reflect", "method (Value) Comparable() bool", apiKey{"reflect", "Value", "Comparable"}},
		{"sync/atomic", "type Int64 struct", apiKey{"sync/atomic", "", "Int64"}},
		{"net/http", "type Server struct, DisableGeneralOptionsHandler bool", apiKey{"net/http", "Server", "DisableGeneralOptionsHandler"}},
		{"reflect", "type Type interface, OverflowInt(int64) bool", apiKey{"reflect", "Type", "OverflowInt"}},
		{"go/ast", "type IndexListExpr struct, embedded token.Pos", apiKey{"go/ast", "IndexListExpr", "Pos"}},
		{"time", "const DateTime = \"2006-01-02 15:04:05\"", apiKey{"time", "", "DateTime"}},
		{"os", "var ErrProcessDone error", apiKey{"os", "", "ErrProcessDone"}},
	}
	for _, tc := range cases {
		got, ok := parseAPIEntry(tc.pkg, tc.rest)
		assert.True(t, ok, tc.rest)
		assert.Equal(t, tc.want, got, tc.rest)
	}
}

func TestConstrainedName(t *testing.T) {
	for name, want := range map[string]bool{
		"main.go": false, "linux.go": false, "board_test.go": false, "x_linux.go": true,
		"x_amd64.go": true, "x_linux_arm64.go": true, "x_windows_test.go": true, "my_linuxish.go": false,
	} {
		assert.Equal(t, want, constrainedName(name), name)
	}
}
