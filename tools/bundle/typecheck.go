package bundle

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
)

// targetGo is the Go release CodinGame compiles with.
const targetGo = "go1.18"

// goCommand prepares the go command with the toolchain pinned to the local
// one and user GOFLAGS cleared, so that checks do not depend on the caller's
// setup.
func goCommand(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local", "GOFLAGS=", "GOWORK=off", "GO111MODULE=on")
	return cmd
}

func runGo(dir string, args ...string) ([]byte, error) {
	cmd := goCommand(dir, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

var goroot struct {
	once sync.Once
	dir  string
	err  error
}

// goRoot is $(go env GOROOT), asked once per process.
func goRoot() (string, error) {
	goroot.once.Do(func() {
		out, err := runGo(os.TempDir(), "env", "GOROOT")
		goroot.dir, goroot.err = strings.TrimSpace(string(out)), err
	})
	return goroot.dir, goroot.err
}

// stdPkg is what the go command tells about a standard package.
type stdPkg struct {
	export  string   // compiler export data file
	imports []string // its imports
}

// stdInfo caches stdPkg for the standard packages and their dependencies,
// found with one `go list -export -deps` per batch of new packages.
var stdInfo struct {
	sync.Mutex
	byPath map[string]stdPkg
}

func stdPackages(paths map[string]bool) (map[string]stdPkg, error) {
	stdInfo.Lock()
	defer stdInfo.Unlock()
	if stdInfo.byPath == nil {
		stdInfo.byPath = map[string]stdPkg{}
	}
	var missing []string
	for p := range paths {
		if _, ok := stdInfo.byPath[p]; !ok {
			missing = append(missing, p)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		args := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}\t{{join .Imports \" \"}}"}, missing...)
		out, err := runGo(os.TempDir(), args...)
		if err != nil {
			return nil, err
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			fields := strings.Split(line, "\t")
			if len(fields) == 3 {
				stdInfo.byPath[fields[0]] = stdPkg{export: fields[1], imports: strings.Fields(fields[2])}
			}
		}
	}
	found := make(map[string]stdPkg, len(stdInfo.byPath))
	for p, info := range stdInfo.byPath {
		found[p] = info
	}
	return found, nil
}

// newStdImporter imports standard packages from compiler export data and
// module-local packages from the already checked set.
func newStdImporter(fset *token.FileSet, std map[string]bool, local map[string]*pkg) (types.Importer, error) {
	infos, err := stdPackages(std)
	if err != nil {
		return nil, err
	}
	gc := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		info, ok := infos[path]
		if !ok || info.export == "" {
			return nil, fmt.Errorf("no export data for %q", path)
		}
		return os.Open(info.export)
	})
	return importerFunc(func(path string) (*types.Package, error) {
		if p, ok := local[path]; ok {
			if p.types == nil {
				return nil, fmt.Errorf("package %s not checked yet", path)
			}
			return p.types, nil
		}
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		return gc.Import(path)
	}), nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Instances:  map[*ast.Ident]types.Instance{},
	}
}

// checkTypes type-checks files as Go 1.18, reporting errors as refusals
// positioned by pos.
func checkTypes(path string, fset *token.FileSet, files []*ast.File, imp types.Importer, pos func(token.Pos) string) (*types.Package, *types.Info, problems) {
	var ps problems
	conf := types.Config{
		GoVersion: targetGo,
		Importer:  imp,
		Error: func(err error) {
			var terr types.Error
			if errors.As(err, &terr) {
				ps.add(pos(terr.Pos), explainTypeError(terr.Msg))
				return
			}
			ps = append(ps, err.Error())
		},
	}
	info := newInfo()
	tpkg, _ := conf.Check(path, fset, files, info)
	return tpkg, info, ps
}

// explainTypeError makes the language-version errors of go/types say why
// they matter here.
func explainTypeError(msg string) string {
	if strings.Contains(msg, "requires go1.") || strings.Contains(msg, "or later") {
		return msg + ": newer than Go 1.18, which CodinGame runs"
	}
	return msg
}
