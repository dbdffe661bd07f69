package bundle

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// unit is one top-level declaration that is kept or dropped as a whole: a
// function or method, one var or type spec, or a whole const group (iota
// and implicit repetition tie its specs together).
type unit struct {
	p      *pkg
	file   int            // index into p.files
	node   ast.Node       // *ast.FuncDecl, *ast.GenDecl (const) or ast.Spec
	decl   *ast.GenDecl   // enclosing declaration of a spec unit
	objs   []types.Object // package-level objects it declares
	initFn bool           // func init()
	kept   bool
}

// merger turns the checked packages into one package main.
type merger struct {
	l            *loader
	order        []*pkg // package initialization order, main last
	units        []*unit
	byObj        map[types.Object]*unit
	methods      map[*types.TypeName][]*unit
	specUnits    map[*ast.GenDecl][]*unit
	names        map[types.Object]string // new names of renamed package-level objects
	initNames    map[*unit]string        // new names of init functions outside main
	importNames  map[string]string       // standard import path -> name in the bundle
	blankImports map[string]bool
	keepComments bool
}

func newMerger(l *loader, keepComments bool) (*merger, error) {
	std, err := stdPackages(l.std)
	if err != nil {
		return nil, err
	}
	m := &merger{
		l:            l,
		order:        initOrder(l.pkgs, std),
		byObj:        map[types.Object]*unit{},
		methods:      map[*types.TypeName][]*unit{},
		specUnits:    map[*ast.GenDecl][]*unit{},
		names:        map[types.Object]string{},
		initNames:    map[*unit]string{},
		importNames:  map[string]string{},
		blankImports: map[string]bool{},
		keepComments: keepComments,
	}
	for _, p := range m.order {
		for i, f := range p.files {
			m.addUnits(p, i, f)
		}
	}
	return m, nil
}

// initOrder is the order the Go specification (1.21 and later) gives the
// module-local packages: over all packages of the program, standard ones
// included, sorted by import path, repeatedly the first one whose imports
// are all initialized. (The linker skips packages with nothing to
// initialize, which we cannot know for standard packages; only unsafe is
// known to be one, so two unrelated local packages may in rare cases run in
// a different order than in the unbundled program.)
func initOrder(pkgs map[string]*pkg, std map[string]stdPkg) []*pkg {
	deps := map[string][]string{}
	for path, p := range pkgs {
		deps[path] = append(append([]string(nil), p.imports...), p.std...)
	}
	for len(deps) < len(pkgs)+len(std) {
		grown := false
		for _, ds := range deps {
			for _, d := range ds {
				if _, ok := deps[d]; !ok {
					deps[d] = std[d].imports
					grown = true
				}
			}
		}
		if !grown {
			break
		}
	}
	paths := make([]string, 0, len(deps))
	for path := range deps {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	done := map[string]bool{"unsafe": true}
	var order []*pkg
	for len(order) < len(pkgs) {
		for _, path := range paths {
			if done[path] || !allDone(deps[path], done) {
				continue
			}
			done[path] = true
			if p, ok := pkgs[path]; ok {
				order = append(order, p)
			}
			break
		}
	}
	return order
}

func allDone(paths []string, done map[string]bool) bool {
	for _, p := range paths {
		if !done[p] {
			return false
		}
	}
	return true
}

func (m *merger) addUnits(p *pkg, file int, f *ast.File) {
	add := func(u *unit) {
		u.p, u.file = p, file
		m.units = append(m.units, u)
		for _, obj := range u.objs {
			m.byObj[obj] = u
		}
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				u := &unit{node: d}
				add(u)
				if tn := receiverType(p.info, d); tn != nil {
					m.methods[tn] = append(m.methods[tn], u)
				}
				continue
			}
			if d.Name.Name == "init" {
				add(&unit{node: d, initFn: true})
				continue
			}
			add(&unit{node: d, objs: []types.Object{p.info.Defs[d.Name]}})
		case *ast.GenDecl:
			switch d.Tok {
			case token.IMPORT:
				for _, s := range d.Specs {
					spec := s.(*ast.ImportSpec)
					if spec.Name != nil && spec.Name.Name == "_" {
						path, _ := strconv.Unquote(spec.Path.Value)
						m.blankImports[path] = true
					}
				}
			case token.CONST:
				u := &unit{node: d}
				for _, s := range d.Specs {
					u.objs = append(u.objs, definedObjs(p.info, s.(*ast.ValueSpec).Names)...)
				}
				add(u)
			default:
				for _, s := range d.Specs {
					u := &unit{node: s, decl: d}
					switch s := s.(type) {
					case *ast.ValueSpec:
						u.objs = definedObjs(p.info, s.Names)
					case *ast.TypeSpec:
						u.objs = definedObjs(p.info, []*ast.Ident{s.Name})
					}
					add(u)
					m.specUnits[d] = append(m.specUnits[d], u)
				}
			}
		}
	}
}

func definedObjs(info *types.Info, names []*ast.Ident) []types.Object {
	var objs []types.Object
	for _, id := range names {
		if obj := info.Defs[id]; obj != nil {
			objs = append(objs, obj)
		}
	}
	return objs
}

// receiverType is the named type a method is declared on.
func receiverType(info *types.Info, d *ast.FuncDecl) *types.TypeName {
	fn, ok := info.Defs[d.Name].(*types.Func)
	if !ok {
		return nil
	}
	return namedObj(fn.Type().(*types.Signature).Recv().Type())
}

// markReachable keeps what main, the init functions and the package-level
// variables with side effects need, and all methods of every kept type (a
// method may satisfy an interface without being named anywhere).
func (m *merger) markReachable() {
	var queue []*unit
	keep := func(u *unit) {
		if u != nil && !u.kept {
			u.kept = true
			queue = append(queue, u)
		}
	}
	for _, u := range m.units {
		switch {
		case u.initFn:
			keep(u)
		case u.p.isMain && len(u.objs) == 1 && u.objs[0].Name() == "main" && isFunc(u.objs[0]):
			keep(u)
		default:
			if vs, ok := u.node.(*ast.ValueSpec); ok && u.decl.Tok == token.VAR && hasEffects(u.p.info, vs.Values) {
				keep(u)
			}
		}
	}
	for len(queue) > 0 {
		u := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		info := u.p.info
		ast.Inspect(u.node, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if obj := info.Uses[id]; obj != nil {
					keep(m.byObj[origin(obj)])
				}
			}
			return true
		})
		for _, obj := range u.objs {
			if tn, ok := obj.(*types.TypeName); ok {
				for _, mu := range m.methods[tn] {
					keep(mu)
				}
			}
		}
	}
}

func isFunc(obj types.Object) bool {
	_, ok := obj.(*types.Func)
	return ok
}

func origin(obj types.Object) types.Object {
	if f, ok := obj.(*types.Func); ok {
		return f.Origin()
	}
	return obj
}

// pureBuiltins are the builtins whose calls have no effect worth keeping an
// otherwise unused variable for.
var pureBuiltins = setOf("len cap make new complex real imag Sizeof Alignof Offsetof")

// hasEffects reports whether evaluating exprs may do something observable:
// any call other than a conversion or a pure builtin, or a receive.
func hasEffects(info *types.Info, exprs []ast.Expr) bool {
	effect := false
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if effect {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
					return true
				}
				if b, ok := info.Uses[calleeIdent(n.Fun)].(*types.Builtin); ok && pureBuiltins[b.Name()] {
					return true
				}
				effect = true
			case *ast.UnaryExpr:
				if n.Op == token.ARROW {
					effect = true
				}
			}
			return !effect
		})
	}
	return effect
}

func calleeIdent(e ast.Expr) *ast.Ident {
	switch x := e.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	case *ast.ParenExpr:
		return calleeIdent(x.X)
	}
	return nil
}

// namer hands out names that no scope of the bundle can confuse.
type namer struct {
	taken    map[string]bool // names of the bundle's package and file scopes
	avoid    map[string]bool // names a fresh name must not take
	locals   map[string]bool // names declared in some function scope
	universe map[string]bool // predeclared names some code refers to
}

func (n *namer) fresh(base string) string {
	for i := 1; ; i++ {
		cand := base
		if i > 1 {
			cand = base + strconv.Itoa(i)
		}
		if !n.taken[cand] && !n.avoid[cand] && !n.locals[cand] && types.Universe.Lookup(cand) == nil && !token.IsKeyword(cand) {
			n.taken[cand] = true
			return cand
		}
	}
}

// chooseNames keeps every kept package-level name where that is safe and
// renames the others to pkg_Name. A name is safe if no earlier package took
// it, no code refers to a predeclared identifier of that name, and, for a
// name other packages spell pkg.Name, no function scope anywhere declares it
// (the shorter spelling could be shadowed there). Standard imports get
// aliases when their name is taken.
func (m *merger) chooseNames() {
	n := &namer{taken: map[string]bool{}, avoid: map[string]bool{}, locals: map[string]bool{}, universe: map[string]bool{}}
	for _, p := range m.order {
		for id, obj := range p.info.Defs {
			if obj == nil {
				continue
			}
			_, isLabel := obj.(*types.Label)
			_, isTypeParam := obj.Type().(*types.TypeParam)
			switch {
			case isPackageLevel(obj):
				n.avoid[id.Name] = true
			case isTypeParam || !isLabel && obj.Parent() != nil:
				n.locals[id.Name] = true
			}
		}
		for _, obj := range p.info.Implicits {
			if _, isPkg := obj.(*types.PkgName); !isPkg {
				n.locals[obj.Name()] = true
			}
		}
		for id, obj := range p.info.Uses {
			switch o := obj.(type) {
			case *types.PkgName:
				n.avoid[id.Name] = true
				n.avoid[o.Imported().Name()] = true
			default:
				if obj.Parent() == types.Universe {
					n.universe[id.Name] = true
				}
			}
		}
	}
	byPriority := append([]*pkg{m.order[len(m.order)-1]}, m.order[:len(m.order)-1]...)
	sort.SliceStable(byPriority[1:], func(i, j int) bool { return byPriority[1+i].path < byPriority[1+j].path })
	for _, p := range byPriority {
		for _, u := range m.units {
			if u.p != p || !u.kept {
				continue
			}
			if u.initFn && !p.isMain {
				m.initNames[u] = n.fresh(p.types.Name() + "_init")
			}
			for _, obj := range u.objs {
				name := obj.Name()
				if name == "_" {
					continue
				}
				safe := !n.taken[name] && !n.universe[name] && !(obj.Exported() && !p.isMain && n.locals[name])
				if safe {
					n.taken[name] = true
					continue
				}
				m.names[obj] = n.fresh(p.types.Name() + "_" + name)
			}
		}
	}
	m.chooseImportNames(n)
}

// chooseImportNames names each standard package the kept code uses: its own
// name when free, else a fresh alias.
func (m *merger) chooseImportNames(n *namer) {
	spellings := map[string]map[string]bool{} // path -> names files use for it
	stdName := map[string]string{}
	for _, u := range m.units {
		if !u.kept {
			continue
		}
		info := u.p.info
		ast.Inspect(u.node, func(node ast.Node) bool {
			if id, ok := node.(*ast.Ident); ok {
				if pn, ok := info.Uses[id].(*types.PkgName); ok && m.l.pkgs[pn.Imported().Path()] == nil {
					path := pn.Imported().Path()
					if spellings[path] == nil {
						spellings[path] = map[string]bool{}
					}
					spellings[path][id.Name] = true
					stdName[path] = pn.Imported().Name()
				}
			}
			return true
		})
	}
	paths := make([]string, 0, len(spellings))
	for path := range spellings {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		name := stdName[path]
		safe := !n.taken[name] && !n.universe[name]
		for spelled := range spellings[path] {
			if spelled != name && n.locals[name] {
				safe = false
			}
		}
		if safe {
			n.taken[name] = true
		} else {
			name = n.fresh(name + "_")
		}
		m.importNames[path] = name
	}
}

// newName is what the bundle calls obj, a use of which it is.
func (m *merger) newName(obj types.Object) (string, bool) {
	obj = origin(obj)
	if name, ok := m.names[obj]; ok {
		return name, true
	}
	if v, ok := obj.(*types.Var); ok && v.Embedded() {
		// An embedded field is named after its type: it follows a rename.
		if tn := embeddedTypeName(v.Type()); tn != nil && tn.Name() == v.Name() {
			if name, ok := m.names[tn]; ok {
				return name, true
			}
		}
	}
	return "", false
}

func embeddedTypeName(t types.Type) *types.TypeName {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch x := t.(type) {
	case *types.Alias:
		return x.Origin().Obj()
	case *types.Named:
		return x.Origin().Obj()
	}
	return nil
}

// edit replaces src[start:end] of one file.
type edit struct {
	start, end int
	text       string
}

// render writes the bundle: header, imports, then each package's kept
// declarations in initialization order, then formats it.
func (m *merger) render() ([]byte, error) {
	var b bytes.Buffer
	mainPkg := m.order[len(m.order)-1]
	fmt.Fprintf(&b, "// Code generated by cgbots bundle from %s; DO NOT EDIT.\n\npackage main\n\n", mainPkg.path)
	m.renderImports(&b)
	emitted := map[*ast.GenDecl]bool{}
	for _, p := range m.order {
		if m.keepComments {
			fmt.Fprintf(&b, "// Package %s.\n\n", p.path)
		}
		var inits []string
		for _, u := range m.units {
			if u.p != p || !u.kept {
				continue
			}
			if name, ok := m.initNames[u]; ok {
				inits = append(inits, name)
			}
			if u.decl == nil {
				b.Write(m.text(u, u.node, ""))
				b.WriteString("\n\n")
				continue
			}
			if emitted[u.decl] {
				continue
			}
			if !u.decl.Lparen.IsValid() || allKept(m.specUnits[u.decl]) {
				emitted[u.decl] = true
				b.Write(m.text(u, u.decl, ""))
			} else {
				b.Write(m.text(u, u.node, u.decl.Tok.String()+" "))
			}
			b.WriteString("\n\n")
		}
		// Init functions outside main run, as Go runs them, after their
		// package's variables and before the next package's: a variable
		// declared last is initialized last.
		for _, name := range inits {
			fmt.Fprintf(&b, "var _ = func() bool { %s(); return true }()\n\n", name)
		}
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("internal error: the bundle does not parse: %v", err)
	}
	return out, nil
}

func allKept(units []*unit) bool {
	for _, u := range units {
		if !u.kept {
			return false
		}
	}
	return true
}

func (m *merger) renderImports(b *bytes.Buffer) {
	paths := make([]string, 0, len(m.importNames)+len(m.blankImports))
	for path := range m.importNames {
		paths = append(paths, path)
	}
	for path := range m.blankImports {
		if _, named := m.importNames[path]; !named && m.l.pkgs[path] == nil {
			paths = append(paths, path)
		}
	}
	if len(paths) == 0 {
		return
	}
	sort.Strings(paths)
	b.WriteString("import (\n")
	for _, path := range paths {
		name, ok := m.importNames[path]
		switch {
		case !ok:
			fmt.Fprintf(b, "\t_ %q\n", path)
		case name == lastElem(path):
			fmt.Fprintf(b, "\t%q\n", path)
		default:
			fmt.Fprintf(b, "\t%s %q\n", name, path)
		}
	}
	b.WriteString(")\n\n")
}

// lastElem is the package name go tooling assumes for a standard path
// (math/rand/v2 aside, which Go 1.18 code cannot import anyway).
func lastElem(path string) string {
	return path[strings.LastIndexByte(path, '/')+1:]
}

// text is the source of node (a unit or its whole declaration) with the
// bundle's names and, unless kept, without comments; prefix precedes it.
func (m *merger) text(u *unit, node ast.Node, prefix string) []byte {
	src := u.p.srcs[u.file]
	tf := m.l.fset.File(node.Pos())
	start, end := node.Pos(), node.End()
	var directives []string
	if doc := docOf(node); doc != nil {
		for _, c := range doc.List {
			if m.keepComments || strings.HasPrefix(c.Text, "//go:") {
				directives = append(directives, c.Text)
			}
		}
	}
	if m.keepComments {
		end = m.lineCommentEnd(u, end)
	}
	lo, hi := tf.Offset(start), tf.Offset(end)
	edits := m.nameEdits(u, node, tf)
	if !m.keepComments {
		for _, cg := range u.p.files[u.file].Comments {
			if cg.Pos() >= start && cg.End() <= end {
				for _, c := range cg.List {
					edits = append(edits, commentEdit(src, tf.Offset(c.Pos()), tf.Offset(c.End()), lo, hi))
				}
			}
		}
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b bytes.Buffer
	for _, d := range directives {
		b.WriteString(d + "\n")
	}
	b.WriteString(prefix)
	at := lo
	for _, e := range edits {
		if e.start < at {
			continue // inside an earlier replacement
		}
		b.Write(src[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.Write(src[at:hi])
	return b.Bytes()
}

func docOf(node ast.Node) *ast.CommentGroup {
	switch n := node.(type) {
	case *ast.FuncDecl:
		return n.Doc
	case *ast.GenDecl:
		return n.Doc
	case *ast.ValueSpec:
		return n.Doc
	case *ast.TypeSpec:
		return n.Doc
	}
	return nil
}

// lineCommentEnd extends end over a comment that follows it on its line.
func (m *merger) lineCommentEnd(u *unit, end token.Pos) token.Pos {
	line := m.l.fset.Position(end).Line
	for _, cg := range u.p.files[u.file].Comments {
		if cg.Pos() >= end && m.l.fset.Position(cg.Pos()).Line == line {
			return cg.List[0].End()
		}
	}
	return end
}

// commentEdit removes the comment src[start:end]: a comment alone on its
// line takes the line with it; a /* */ comment between tokens becomes a
// space so that the tokens stay apart.
func commentEdit(src []byte, start, end, lo, hi int) edit {
	lineStart := start
	for lineStart > lo && (src[lineStart-1] == ' ' || src[lineStart-1] == '\t') {
		lineStart--
	}
	lineEnd := end
	for lineEnd < hi && (src[lineEnd] == ' ' || src[lineEnd] == '\t' || src[lineEnd] == '\r') {
		lineEnd++
	}
	aloneOnLine := (lineStart == 0 || src[lineStart-1] == '\n') && lineStart > lo && lineEnd < hi && src[lineEnd] == '\n'
	switch {
	case aloneOnLine:
		return edit{lineStart, lineEnd + 1, ""}
	case src[start+1] == '/':
		return edit{lineStart, end, ""}
	default:
		return edit{start, end, " "}
	}
}

// nameEdits respells every reference in node to a renamed or merged object.
func (m *merger) nameEdits(u *unit, node ast.Node, tf *token.File) []edit {
	info := u.p.info
	var edits []edit
	replace := func(n ast.Node, text string) {
		edits = append(edits, edit{tf.Offset(n.Pos()), tf.Offset(n.End()), text})
	}
	if fd, ok := node.(*ast.FuncDecl); ok && u.initFn {
		if name, ok := m.initNames[u]; ok {
			replace(fd.Name, name)
		}
	}
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			x, ok := n.X.(*ast.Ident)
			if !ok {
				return true
			}
			pn, ok := info.Uses[x].(*types.PkgName)
			if !ok {
				return true
			}
			path := pn.Imported().Path()
			if m.l.pkgs[path] != nil {
				obj := info.Uses[n.Sel]
				name, renamed := m.newName(obj)
				if !renamed {
					name = obj.Name()
				}
				replace(n, name)
			} else if name := m.importNames[path]; name != x.Name {
				replace(x, name)
			}
			return false
		case *ast.Ident:
			obj := info.Uses[n]
			if obj == nil {
				obj = info.Defs[n]
			}
			if obj != nil {
				if name, ok := m.newName(obj); ok {
					replace(n, name)
				}
			}
		}
		return true
	})
	return edits
}
