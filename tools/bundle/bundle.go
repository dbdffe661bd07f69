// Package bundle turns a bot (a main package of the module and every
// module-local package it imports) into the one Go 1.18 file CodinGame
// accepts, and proves the result: it type-checks as Go 1.18, uses no
// standard-library API newer than Go 1.18, and builds alone in an empty
// `go 1.18` module.
//
// The merge resolves every identifier with go/types: package-level names
// keep their spelling where nothing else claims it and become pkg_Name
// otherwise; pkg.Name selectors become the merged name; embedded fields
// follow their type's rename; standard imports get aliases when a kept name
// takes theirs. Declarations unreachable from main, the init functions and
// the package-level variables whose initializers may have effects are left
// out; all methods of a kept type are kept. Packages keep Go's
// initialization order: dependencies first, each package's variables then
// its init functions.
package bundle

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// MaxChars is CodinGame's limit on the size of a submitted file.
const MaxChars = 100000

// Options tune Bundle.
type Options struct {
	KeepComments bool   // keep the comments of kept declarations
	Binary       string // if set, where to keep the binary of the verification build
}

// Chars counts what CodinGame counts: characters.
func Chars(src []byte) int { return utf8.RuneCount(src) }

// Bundle merges the main package in dir and the module-local packages it
// imports into one verified file.
func Bundle(dir string, opt Options) ([]byte, error) {
	src, std, err := merge(dir, opt.KeepComments)
	if err != nil {
		return nil, err
	}
	if err := checkBundle(src, std); err != nil {
		return nil, err
	}
	if err := build(src, opt.Binary); err != nil {
		return nil, err
	}
	return src, nil
}

// merge loads, checks and merges the bot in dir, within the size limit; it
// also returns the standard packages the bot's packages import.
func merge(dir string, keepComments bool) ([]byte, map[string]bool, error) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, nil, fmt.Errorf("%s: no such package folder", dir)
	}
	root, err := ModuleRoot(dir)
	if err != nil {
		return nil, nil, err
	}
	modPath, err := modulePath(root)
	if err != nil {
		return nil, nil, err
	}
	gr, err := goRoot()
	if err != nil {
		return nil, nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil, err
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return nil, nil, err
	}
	importPath := modPath
	if rel != "." {
		importPath += "/" + filepath.ToSlash(rel)
	}
	l := &loader{fset: token.NewFileSet(), root: root, modPath: modPath, goroot: gr, pkgs: map[string]*pkg{}, std: map[string]bool{}}
	if _, err := l.load(importPath); err != nil {
		return nil, nil, err
	}
	if err := l.problems.err(); err != nil {
		return nil, nil, err
	}
	if err := l.check(); err != nil {
		return nil, nil, err
	}
	m, err := newMerger(l, keepComments)
	if err != nil {
		return nil, nil, err
	}
	m.markReachable()
	m.chooseNames()
	src, err := m.render()
	if err != nil {
		return nil, nil, err
	}
	if n := Chars(src); n > MaxChars {
		return nil, nil, fmt.Errorf("%s: %d/%d chars: too big for CodinGame", importPath, n, MaxChars)
	}
	return src, l.std, nil
}

// check type-checks every package as Go 1.18, dependencies first, and
// refuses standard-library APIs newer than Go 1.18 and loop variables that
// outlive their iteration.
func (l *loader) check() error {
	imp, err := newStdImporter(l.fset, l.std, l.pkgs)
	if err != nil {
		return err
	}
	pos := func(p token.Pos) string { return l.pos(p) }
	for _, p := range l.deps {
		tpkg, info, ps := checkTypes(p.path, l.fset, p.files, imp, pos)
		if len(ps) > 0 {
			return ps.err()
		}
		p.types, p.info = tpkg, info
	}
	main := l.deps[len(l.deps)-1]
	if _, ok := main.types.Scope().Lookup("main").(*types.Func); !ok {
		return fmt.Errorf("%s: package main has no func main", l.rel(main.dir))
	}
	api, err := newerAPI()
	if err != nil {
		return err
	}
	var ps problems
	for _, p := range l.deps {
		pos := func(n ast.Node) string { return l.pos(n.Pos()) }
		ps = append(ps, checkAPI(p.files, p.info, api, pos)...)
		ps = append(ps, checkLoopVars(p.files, p.info, pos)...)
	}
	return ps.err()
}

// checkBundle type-checks the bundle as Go 1.18 and refuses newer
// standard-library APIs in it.
func checkBundle(src []byte, std map[string]bool) error {
	const name = "bundle.go"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("internal error: the bundle does not parse: %v", err)
	}
	imp, err := newStdImporter(fset, std, nil)
	if err != nil {
		return err
	}
	pos := func(p token.Pos) string {
		position := fset.Position(p)
		return fmt.Sprintf("%s:%d", position.Filename, position.Line)
	}
	_, info, ps := checkTypes("main", fset, []*ast.File{f}, imp, pos)
	if len(ps) > 0 {
		return fmt.Errorf("internal error: the bundle does not type-check as Go 1.18:\n%v", ps.err())
	}
	api, err := newerAPI()
	if err != nil {
		return err
	}
	if ps := checkAPI([]*ast.File{f}, info, api, func(n ast.Node) string { return pos(n.Pos()) }); len(ps) > 0 {
		return ps.err()
	}
	return nil
}

// build compiles src alone in a fresh module that says go 1.18.
func build(src []byte, binary string) error {
	dir, err := os.MkdirTemp("", "cgbots-bundle-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module bundle\n\ngo 1.18\n"), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644); err != nil {
		return err
	}
	if binary == "" {
		binary = filepath.Join(dir, "bot")
	} else if binary, err = filepath.Abs(binary); err != nil {
		return err
	}
	out, err := goCommand(dir, "build", "-o", binary, ".").CombinedOutput()
	if err != nil {
		return fmt.Errorf("the bundle does not build in a go 1.18 module: %v: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}
