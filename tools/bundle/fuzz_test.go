package bundle

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"testing"
)

// fuzzLib is a package whose names main programs from the fuzzer collide
// with.
const fuzzLib = `package lib

import "strings"

type T struct{ N int }

func (t T) Get() int { return t.N }

func New(n int) T { return T{N: n} }

var Count = New(1)

const Size = 4

func strs() string { return strings.Repeat("x", Size) }

func Upper() string { return strings.ToUpper(strs()) }
`

// FuzzMerge feeds arbitrary main packages importing lib to the bundler:
// it must never panic, and whatever it accepts must type-check as Go 1.18
// once merged (the build is left out to keep iterations fast).
func FuzzMerge(f *testing.F) {
	f.Add("package main\n\nimport \"fixture/lib\"\n\nfunc main() { println(lib.New(2).Get()) }\n")
	f.Add("package main\n\nimport (\n\t\"fixture/lib\"\n\t\"strings\"\n)\n\nvar New = 3\n\nfunc main() {\n\tT := lib.T{N: New}\n\tstrings := lib.Upper()\n\tprintln(T.Get(), strings, lib.Size)\n}\n")
	f.Add("package main\n\nimport l \"fixture/lib\"\n\ntype T struct{ l.T }\n\nfunc Get() int { return 0 }\n\nfunc main() { println(T{}.T.N, l.Count.Get(), Get()) }\n")
	f.Add("package main\n\nfunc main() { for i := range 3 { println(i) } }\n")
	f.Add("package main\n\nimport \"fixture/lib\"\n\nfunc main() { lib_New := 1; println(lib_New, lib.New(lib_New).N) }\n")
	dir := f.TempDir()
	for name, content := range map[string]string{"go.mod": "module fixture\n\ngo 1.18\n", "lib/lib.go": fuzzLib} {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, mainSrc string) {
		if _, err := parser.ParseFile(token.NewFileSet(), "main.go", mainSrc, parser.ImportsOnly); err != nil {
			return // the loader's syntax errors are tested elsewhere
		}
		if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(mainSrc), 0o644); err != nil {
			t.Fatal(err)
		}
		src, std, err := merge(dir, false)
		if err != nil {
			return
		}
		if err := checkBundle(src, std); err != nil {
			t.Fatalf("accepted input gives a bad bundle: %v\n--- input:\n%s\n--- bundle:\n%s", err, mainSrc, src)
		}
	})
}
