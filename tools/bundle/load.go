package bundle

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// pkg is one module-local package of the bot: its parsed files and, once
// checked, its types.
type pkg struct {
	path    string // import path
	dir     string
	files   []*ast.File
	srcs    [][]byte // file contents, parallel to files
	imports []string // module-local imports, sorted
	std     []string // standard imports, sorted
	types   *types.Package
	info    *types.Info
	isMain  bool
}

// loader reads the bot's package and every module-local package it imports.
type loader struct {
	fset     *token.FileSet
	root     string // module root folder
	modPath  string // module path from go.mod
	goroot   string
	pkgs     map[string]*pkg
	deps     []*pkg   // loaded packages, dependencies before dependents
	stack    []string // import paths being loaded, for cycle reports
	std      map[string]bool
	problems problems
}

// ModuleRoot returns the folder holding the go.mod that governs dir.
func ModuleRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("%s: not inside a Go module (no go.mod above it)", dir)
		}
		d = parent
	}
}

// modulePath reads the module directive of root/go.mod.
func modulePath(root string) (string, error) {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			rest = strings.TrimSpace(rest)
			if i := strings.Index(rest, "//"); i >= 0 {
				rest = strings.TrimSpace(rest[:i])
			}
			if unq, err := strconv.Unquote(rest); err == nil {
				rest = unq
			}
			if rest != "" {
				return rest, nil
			}
		}
	}
	return "", fmt.Errorf("%s: no module directive", filepath.Join(root, "go.mod"))
}

// rel names a file for messages: relative to the module root.
func (l *loader) rel(path string) string {
	if r, err := filepath.Rel(l.root, path); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return path
}

// isLocal reports whether an import path belongs to the bot's module.
func (l *loader) isLocal(path string) bool {
	return path == l.modPath || strings.HasPrefix(path, l.modPath+"/")
}

func (l *loader) dirOf(path string) string {
	return filepath.Join(l.root, filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(path, l.modPath), "/")))
}

// isStd reports whether path names a standard-library package of the local Go.
func (l *loader) isStd(path string) bool {
	first := path
	if i := strings.IndexByte(path, '/'); i >= 0 {
		first = path[:i]
	}
	if strings.Contains(first, ".") {
		return false
	}
	st, err := os.Stat(filepath.Join(l.goroot, "src", filepath.FromSlash(path)))
	return err == nil && st.IsDir()
}

// load parses the package at import path and, depth first, its module-local
// imports. Syntax errors, missing packages and cycles end the load with an
// error; refusals are collected in l.problems so that all of them are shown.
func (l *loader) load(path string) (*pkg, error) {
	if p, ok := l.pkgs[path]; ok {
		return p, nil
	}
	for i, s := range l.stack {
		if s == path {
			return nil, fmt.Errorf("import cycle: %s -> %s", strings.Join(l.stack[i:], " -> "), path)
		}
	}
	l.stack = append(l.stack, path)
	defer func() { l.stack = l.stack[:len(l.stack)-1] }()

	p := &pkg{path: path, dir: l.dirOf(path), isMain: len(l.stack) == 1}
	names, err := l.sourceFiles(p.dir)
	if err != nil {
		return nil, err
	}
	local, std := map[string]token.Pos{}, map[string]bool{}
	for _, name := range names {
		full := filepath.Join(p.dir, name)
		src, err := os.ReadFile(full)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(l.fset, full, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, l.syntaxError(err)
		}
		p.files = append(p.files, f)
		p.srcs = append(p.srcs, src)
		l.checkFile(f, local, std)
	}
	wantName := p.files[0].Name.Name
	if p.isMain {
		wantName = "main"
	}
	for _, f := range p.files {
		if f.Name.Name != wantName {
			return nil, fmt.Errorf("%s: package %s, expected package %s", l.pos(f.Name.Pos()), f.Name.Name, wantName)
		}
	}
	if !p.isMain && wantName == "main" {
		return nil, fmt.Errorf("%s: imports %s, a main package", l.stack[len(l.stack)-2], path)
	}
	for imp := range local {
		p.imports = append(p.imports, imp)
	}
	sort.Strings(p.imports)
	for imp := range std {
		p.std = append(p.std, imp)
		l.std[imp] = true
	}
	sort.Strings(p.std)
	for _, imp := range p.imports {
		if st, err := os.Stat(l.dirOf(imp)); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("%s: import %q: no such package folder %s", l.pos(local[imp]), imp, l.rel(l.dirOf(imp)))
		}
		if _, err := l.load(imp); err != nil {
			return nil, err
		}
	}
	l.pkgs[path] = p
	l.deps = append(l.deps, p)
	return p, nil
}

// sourceFiles lists the Go files go build would compile in dir, refusing
// the files that make a package unbundlable (assembly, C, build-constrained
// names).
func (l *loader) sourceFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such package folder", l.rel(dir))
		}
		return nil, err
	}
	var names []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") {
			continue
		}
		display := l.rel(filepath.Join(dir, name))
		switch ext := filepath.Ext(name); {
		case ext == ".go":
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			if constrainedName(name) {
				l.problems.add(display+":1", "build-constrained file name (_GOOS/_GOARCH suffix); bundles take every file unconditionally")
			}
			names = append(names, name)
		case ext == ".s" || ext == ".S" || ext == ".sx":
			l.problems.add(display+":1", "assembly file; a bundle is one Go file")
		case foreignSource[ext]:
			l.problems.add(display+":1", "non-Go source file (cgo or syso); a bundle is one Go file")
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no Go files", l.rel(dir))
	}
	return names, nil
}

var foreignSource = map[string]bool{
	".c": true, ".cc": true, ".cpp": true, ".cxx": true, ".h": true, ".hh": true, ".hpp": true,
	".hxx": true, ".m": true, ".f": true, ".F": true, ".for": true, ".f90": true,
	".syso": true, ".swig": true, ".swigcxx": true,
}

// checkFile refuses what a single file cannot carry into a bundle and records
// the module-local imports.
func (l *loader) checkFile(f *ast.File, local map[string]token.Pos, std map[string]bool) {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			switch {
			case cg.End() < f.Package && (strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build")):
				l.problems.add(l.pos(c.Pos()), "build constraint "+strconv.Quote(c.Text)+"; bundles take every file unconditionally")
			case strings.HasPrefix(c.Text, "//go:embed"):
				l.problems.add(l.pos(c.Pos()), "//go:embed; a bundle is one Go file")
			}
		}
	}
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			l.problems.add(l.pos(spec.Pos()), "bad import path "+spec.Path.Value)
			continue
		}
		at := l.pos(spec.Pos())
		switch {
		case path == "C":
			l.problems.add(at, `cgo (import "C") is not allowed on CodinGame`)
		case spec.Name != nil && spec.Name.Name == ".":
			l.problems.add(at, "dot import of "+strconv.Quote(path)+"; import it by name")
		case l.isLocal(path):
			if _, seen := local[path]; !seen {
				local[path] = spec.Pos()
			}
		case l.isStd(path):
			std[path] = true
		default:
			l.problems.add(at, "third-party import "+strconv.Quote(path)+": CodinGame has the standard library only")
		}
	}
}

// constrainedName reports whether go build would select the file by a
// _GOOS, _GOARCH or _GOOS_GOARCH suffix (the rules of go/build).
func constrainedName(name string) bool {
	name = strings.TrimSuffix(name, ".go")
	i := strings.IndexByte(name, '_')
	if i < 0 {
		return false
	}
	parts := strings.Split(name[i:], "_")
	if n := len(parts); n > 0 && parts[n-1] == "test" {
		parts = parts[:n-1]
	}
	n := len(parts)
	if n >= 2 && knownOS[parts[n-2]] && knownArch[parts[n-1]] {
		return true
	}
	return n >= 1 && (knownOS[parts[n-1]] || knownArch[parts[n-1]])
}

var knownOS = setOf("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos")

var knownArch = setOf("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm")

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// pos formats a position as file:line with the file relative to the module.
func (l *loader) pos(p token.Pos) string {
	position := l.fset.Position(p)
	return fmt.Sprintf("%s:%d", l.rel(position.Filename), position.Line)
}

func (l *loader) syntaxError(err error) error {
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		e := list[0]
		more := ""
		if len(list) > 1 {
			more = fmt.Sprintf(" (and %d more)", len(list)-1)
		}
		return fmt.Errorf("%s:%d:%d: syntax error: %s%s", l.rel(e.Pos.Filename), e.Pos.Line, e.Pos.Column, e.Msg, more)
	}
	return err
}

// problems collects refusals as "file:line: reason" lines.
type problems []string

func (ps *problems) add(at, msg string) { *ps = append(*ps, at+": "+msg) }

// RefusedError lists every reason a bot cannot be bundled, one per line,
// each starting with file:line.
type RefusedError struct{ Problems []string }

func (e *RefusedError) Error() string {
	const shown = 20
	lines := e.Problems
	if len(lines) > shown {
		lines = append(lines[:shown:shown], fmt.Sprintf("(and %d more)", len(e.Problems)-shown))
	}
	return strings.Join(lines, "\n")
}

func (ps problems) err() error {
	if len(ps) == 0 {
		return nil
	}
	sorted := append(problems(nil), ps...)
	sort.SliceStable(sorted, func(i, j int) bool { return lessPos(sorted[i], sorted[j]) })
	out := sorted[:0]
	for i, p := range sorted {
		if i == 0 || p != sorted[i-1] {
			out = append(out, p)
		}
	}
	return &RefusedError{Problems: out}
}

// lessPos orders "file:line: msg" lines by file, then numerically by line.
func lessPos(a, b string) bool {
	fa, la, ma := splitPos(a)
	fb, lb, mb := splitPos(b)
	if fa != fb {
		return fa < fb
	}
	if la != lb {
		return la < lb
	}
	return ma < mb
}

func splitPos(s string) (file string, line int, msg string) {
	parts := strings.SplitN(s, ":", 3)
	if len(parts) < 3 {
		return s, 0, ""
	}
	n, err := strconv.Atoi(parts[1])
	if err != nil {
		return s, 0, ""
	}
	return parts[0], n, parts[2]
}
