package bundle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeModule writes a throwaway module "fixture" holding files.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module fixture\n\ngo 1.18\n"
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
	return dir
}

const okMain = "package main\n\nfunc main() {}\n"

// Every refusal names the file and line, and what is wrong.
func TestRefusals(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"third-party import", map[string]string{
			"main.go": "package main\n\nimport \"github.com/x/y\"\n\nfunc main() { y.Z() }\n",
		}, []string{`main.go:3: third-party import "github.com/x/y"`}},
		{"cgo", map[string]string{
			"main.go": "package main\n\n// int f() { return 1; }\nimport \"C\"\n\nfunc main() {}\n",
		}, []string{`main.go:4: cgo (import "C")`}},
		{"go:embed", map[string]string{
			"main.go":  "package main\n\nimport _ \"embed\"\n\n//go:embed data.txt\nvar data string\n\nfunc main() { println(data) }\n",
			"data.txt": "x",
		}, []string{"main.go:5: //go:embed"}},
		{"build constraint line", map[string]string{
			"main.go":  okMain,
			"extra.go": "//go:build linux\n\npackage main\n",
		}, []string{`extra.go:1: build constraint "//go:build linux"`}},
		{"build constraint file name", map[string]string{
			"main.go":        okMain,
			"extra_linux.go": "package main\n",
		}, []string{"extra_linux.go:1: build-constrained file name"}},
		{"dot import", map[string]string{
			"main.go": "package main\n\nimport . \"fmt\"\n\nfunc main() { Println() }\n",
		}, []string{`main.go:3: dot import of "fmt"`}},
		{"assembly", map[string]string{
			"main.go":         "package main\n\nimport \"fixture/lib\"\n\nfunc main() { println(lib.Add(1, 2)) }\n",
			"lib/lib.go":      "package lib\n\nfunc Add(a, b int) int\n",
			"lib/add_amd64.s": "TEXT ·Add(SB),4,$0\n",
		}, []string{"lib/add_amd64.s:1: assembly file"}},
		{"slices.Sort", map[string]string{
			"main.go": "package main\n\nimport \"slices\"\n\nfunc main() {\n\txs := []int{2, 1}\n\tslices.Sort(xs)\n}\n",
		}, []string{"main.go:3: package slices is Go 1.21, newer than Go 1.18", "main.go:7: slices.Sort is Go 1.21, newer than Go 1.18"}},
		{"min builtin", map[string]string{
			"main.go": "package main\n\nfunc main() {\n\tprintln(min(1, 2))\n}\n",
		}, []string{"main.go:4: ", "min", "go1.21", "newer than Go 1.18"}},
		{"atomic.Int64", map[string]string{
			"main.go": "package main\n\nimport \"sync/atomic\"\n\nfunc main() {\n\tvar n atomic.Int64\n\tn.Add(1)\n}\n",
		}, []string{"main.go:6: sync/atomic.Int64 is Go 1.19, newer than Go 1.18", "main.go:7: sync/atomic.Int64.Add is Go 1.19, newer than Go 1.18"}},
		{"range over int", map[string]string{
			"main.go": "package main\n\nfunc main() {\n\tfor i := range 3 {\n\t\tprintln(i)\n\t}\n}\n",
		}, []string{"main.go:4: ", "range", "go1.22", "newer than Go 1.18"}},
		{"newer API in an imported package", map[string]string{
			"main.go":    "package main\n\nimport \"fixture/lib\"\n\nfunc main() { println(lib.Cut(\"ab\")) }\n",
			"lib/lib.go": "package lib\n\nimport \"strings\"\n\nfunc Cut(s string) string {\n\tr, _ := strings.CutPrefix(s, \"a\")\n\treturn r\n}\n",
		}, []string{"lib/lib.go:6: strings.CutPrefix is Go 1.20, newer than Go 1.18"}},
		{"newer struct field", map[string]string{
			"main.go": "package main\n\nimport \"net/http\"\n\nfunc main() {\n\ts := http.Server{DisableGeneralOptionsHandler: true}\n\t_ = s\n}\n",
		}, []string{"main.go:6: net/http.Server.DisableGeneralOptionsHandler is Go 1.20, newer than Go 1.18"}},
		{"loop variable in a goroutine", map[string]string{
			"main.go": "package main\n\nfunc main() {\n\tfor i := 0; i < 3; i++ {\n\t\tgo func() { println(i) }()\n\t}\n}\n",
		}, []string{"main.go:5: closure captures loop variable i and outlives the iteration"}},
		{"loop variable in a stored closure", map[string]string{
			"main.go": "package main\n\nfunc main() {\n\tvar fs []func() int\n\tfor _, v := range []int{1, 2} {\n\t\tfs = append(fs, func() int { return v })\n\t}\n\tprintln(len(fs))\n}\n",
		}, []string{"main.go:6: closure captures loop variable v"}},
		{"loop variable in a closure bound to a local that is kept", map[string]string{
			"main.go": "package main\n\nfunc main() {\n\tvar fs []func() int\n\tfor _, v := range []int{1, 2} {\n\t\tf := func() int { return v }\n\t\tfs = append(fs, f)\n\t}\n\tprintln(len(fs))\n}\n",
		}, []string{"main.go:6: closure captures loop variable v"}},
		{"address of a loop variable kept", map[string]string{
			"main.go": "package main\n\nfunc main() {\n\tvar ps []*int\n\tfor _, v := range []int{1, 2} {\n\t\tps = append(ps, &v)\n\t}\n\tprintln(len(ps))\n}\n",
		}, []string{"main.go:6: &v of a loop variable outlives the iteration"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeModule(t, tc.files)
			_, err := Bundle(dir, Options{})
			require.Error(t, err)
			var refused *RefusedError
			assert.ErrorAs(t, err, &refused)
			for _, want := range tc.want {
				assert.Contains(t, err.Error(), want)
			}
		})
	}
}

// Bad input gives one clear line and no result.
func TestBadInput(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		pkg   string
		want  string
	}{
		{"missing package", map[string]string{"main.go": okMain}, "nothere", "nothere: no such package folder"},
		{"missing imported package", map[string]string{
			"main.go": "package main\n\nimport \"fixture/gone\"\n\nfunc main() { gone.X() }\n",
		}, ".", `main.go:3: import "fixture/gone": no such package folder gone`},
		{"syntax error", map[string]string{
			"main.go": "package main\n\nfunc main() {\n\tx := \n}\n",
		}, ".", "main.go:5:1: syntax error: "},
		{"import cycle", map[string]string{
			"main.go": "package main\n\nimport \"fixture/a\"\n\nfunc main() { a.A() }\n",
			"a/a.go":  "package a\n\nimport \"fixture/b\"\n\nfunc A() { b.B() }\n",
			"b/b.go":  "package b\n\nimport \"fixture/a\"\n\nfunc B() { a.A() }\n",
		}, ".", "import cycle: fixture/a -> fixture/b -> fixture/a"},
		{"type error", map[string]string{
			"main.go": "package main\n\nfunc main() {\n\tvar x int = \"s\"\n\t_ = x\n}\n",
		}, ".", "main.go:4: cannot use \"s\""},
		{"no func main", map[string]string{"main.go": "package main\n\nfunc other() {}\n"}, ".", "package main has no func main"},
		{"not a main package", map[string]string{"main.go": "package lib\n"}, ".", "main.go:1: package lib, expected package main"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeModule(t, tc.files)
			_, err := Bundle(filepath.Join(dir, tc.pkg), Options{})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), "\n", "one line")
		})
	}
}

func TestTooBigForCodinGame(t *testing.T) {
	big := strings.Repeat("x", MaxChars)
	dir := writeModule(t, map[string]string{"main.go": "package main\n\nfunc main() { println(s) }\n\nconst s = \"" + big + "\"\n"})
	_, err := Bundle(dir, Options{})
	require.Error(t, err)
	assert.Regexp(t, `^fixture: 1\d{5}/100000 chars: too big for CodinGame$`, err.Error())
}

func TestFindBotsListsMainPackagesUnderGameCmd(t *testing.T) {
	root := writeModule(t, map[string]string{
		"samegame/cmd/samegame-beam/main.go":   okMain,
		"samegame/cmd/samegame-beam/x_test.go": "package main\n",
		"samegame/cmd/samegame-lib/lib.go":     "package lib\n",
		"samegame/cmd/other-bot/main.go":       okMain,
		"kutulu/cmd/kutulu-random/main.go":     okMain,
		"kutulu/board.go":                      "package kutulu\n",
	})
	bots, err := FindBots(root)
	require.NoError(t, err)
	assert.Equal(t, []Bot{
		{Dir: "kutulu/cmd/kutulu-random", Name: "kutulu-random.go"},
		{Dir: "samegame/cmd/samegame-beam", Name: "samegame-beam.go"},
	}, bots)
}

// Loop variables used within their iteration only are fine in Go 1.18.
func TestLoopVariablesUsedInTheIterationPass(t *testing.T) {
	dir := writeModule(t, map[string]string{"main.go": `package main

import (
	"fmt"
	"sort"
)

func main() {
	rows := [][]int{{3, 1}, {2, 5}}
	var later []func() int
	for r, row := range rows {
		sort.Slice(row, func(i, j int) bool { return row[i] < row[j] })
		func() { fmt.Sscan("7", &r) }()
		smaller := func(i, j int) bool { return row[i] < row[j] }
		sort.Slice(row, smaller)
		_ = smaller(0, 1)
		row := row
		later = append(later, func() int { return row[0] })
		later = append(later, func() int {
			n := 0
			for k := range rows {
				n += k
			}
			return n
		})
	}
	fmt.Println(rows, later[1](), later[2]())
}
`})
	_, _, err := merge(dir, false)
	assert.NoError(t, err)
}
