package bundle

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// apiKey names one standard-library symbol as the $GOROOT/api files list it:
// a package-level name (owner ""), or a method or field of type owner.
type apiKey struct{ pkg, owner, name string }

// apiTable holds what the Go releases after the target added: whole packages
// and symbols, each with the first release listing it.
type apiTable struct {
	packages map[string]string // import path -> "go1.21"
	symbols  map[apiKey]string
}

var apiTables struct {
	once  sync.Once
	table *apiTable
	err   error
}

// newerAPI reads $GOROOT/api/go1*.txt once per process.
func newerAPI() (*apiTable, error) {
	apiTables.once.Do(func() {
		root, err := goRoot()
		if err != nil {
			apiTables.err = err
			return
		}
		apiTables.table, apiTables.err = readAPI(filepath.Join(root, "api"))
	})
	return apiTables.table, apiTables.err
}

// targetMinor is the minor release of targetGo.
const targetMinor = 18

func readAPI(dir string) (*apiTable, error) {
	files, err := filepath.Glob(filepath.Join(dir, "go1*.txt"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("no Go API files in %s: cannot check for APIs newer than Go 1.18", dir)
	}
	type release struct {
		minor int
		file  string
	}
	var releases []release
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".txt")
		minor := 0
		if rest, ok := strings.CutPrefix(base, "go1."); ok {
			n, err := strconv.Atoi(rest)
			if err != nil {
				continue
			}
			minor = n
		} else if base != "go1" {
			continue
		}
		releases = append(releases, release{minor, f})
	}
	sort.Slice(releases, func(i, j int) bool { return releases[i].minor < releases[j].minor })
	t := &apiTable{packages: map[string]string{}, symbols: map[apiKey]string{}}
	oldPkgs := map[string]bool{}
	oldSyms := map[apiKey]bool{}
	for _, r := range releases {
		version := fmt.Sprintf("go1.%d", r.minor)
		err := eachAPILine(r.file, func(pkg string, key apiKey) {
			if r.minor <= targetMinor {
				oldPkgs[pkg] = true
				oldSyms[key] = true
				return
			}
			if !oldPkgs[pkg] {
				if _, seen := t.packages[pkg]; !seen {
					t.packages[pkg] = version
				}
			}
			if _, seen := t.symbols[key]; !seen && !oldSyms[key] {
				t.symbols[key] = version
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return t, nil
}

// eachAPILine parses lines such as
//
//	pkg sync/atomic, method (*Int64) Add(int64) int64
//	pkg strings, func CutPrefix(string, string) (string, bool)
//	pkg net/http, type Server struct, DisableGeneralOptionsHandler bool
//	pkg syscall (linux-386), const AF_ALG = 38
func eachAPILine(file string, fn func(pkg string, key apiKey)) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "pkg ")
		if !ok {
			continue
		}
		head, rest, ok := strings.Cut(line, ", ")
		if !ok {
			continue
		}
		pkg, _, _ := strings.Cut(head, " ")
		if key, ok := parseAPIEntry(pkg, rest); ok {
			fn(pkg, key)
		}
	}
	return sc.Err()
}

func parseAPIEntry(pkg, rest string) (apiKey, bool) {
	word, rest, _ := strings.Cut(rest, " ")
	switch word {
	case "func", "const", "var":
		return apiKey{pkg, "", identPrefix(rest)}, true
	case "method":
		// "(*Int64) Add(int64) int64" or "(Value) Comparable() bool"
		recv, after, ok := strings.Cut(strings.TrimPrefix(rest, "("), ") ")
		if !ok {
			return apiKey{}, false
		}
		return apiKey{pkg, identPrefix(strings.TrimPrefix(recv, "*")), identPrefix(after)}, true
	case "type":
		name := identPrefix(rest)
		// "Server struct, Field T" and "Reader interface, Read([]uint8) (int, error)"
		if _, member, ok := strings.Cut(rest, ", "); ok {
			member = strings.TrimPrefix(member, "embedded ")
			member = strings.TrimPrefix(member, "*")
			if i := strings.LastIndexByte(identPrefixWithDots(member), '.'); i >= 0 {
				member = member[i+1:] // embedded pkg.T is field T
			}
			return apiKey{pkg, name, identPrefix(member)}, true
		}
		return apiKey{pkg, "", name}, true
	}
	return apiKey{}, false
}

func identPrefix(s string) string {
	for i, r := range s {
		if !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f) {
			return s[:i]
		}
	}
	return s
}

func identPrefixWithDots(s string) string {
	for i, r := range s {
		if r != '.' && identPrefix(string(r)) == "" {
			return s[:i]
		}
	}
	return s
}

// checkAPI refuses every use of a standard-library package or symbol that
// came after Go 1.18 in the given files.
func checkAPI(files []*ast.File, info *types.Info, api *apiTable, pos func(ast.Node) string) problems {
	var ps problems
	newer := func(n ast.Node, symbol, version string) {
		ps.add(pos(n), fmt.Sprintf("%s is Go %s, newer than Go 1.18", symbol, strings.TrimPrefix(version, "go")))
	}
	symbol := func(n ast.Node, key apiKey) {
		name := key.pkg + "." + key.name
		if key.owner != "" {
			name = key.pkg + "." + key.owner + "." + key.name
		}
		if v, ok := api.packages[key.pkg]; ok {
			newer(n, name, v)
		} else if v, ok := api.symbols[key]; ok {
			newer(n, name, v)
		}
	}
	for _, f := range files {
		for _, spec := range f.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			if v, ok := api.packages[path]; ok {
				newer(spec, "package "+path, v)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if sel, ok := info.Selections[n]; ok {
					if key, ok := memberKey(sel); ok {
						symbol(n.Sel, key)
					}
				} else if obj := info.Uses[n.Sel]; obj != nil && obj.Pkg() != nil && isPackageLevel(obj) {
					symbol(n.Sel, apiKey{obj.Pkg().Path(), "", obj.Name()})
				}
			case *ast.CompositeLit:
				owner := namedObj(info.TypeOf(n))
				if owner == nil || owner.Pkg() == nil {
					return true
				}
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok {
							if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() {
								symbol(id, apiKey{owner.Pkg().Path(), owner.Name(), id.Name})
							}
						}
					}
				}
			}
			return true
		})
	}
	return ps
}

// memberKey names the method or field a selection picks, by the type that
// declares it.
func memberKey(sel *types.Selection) (apiKey, bool) {
	obj := sel.Obj()
	if obj.Pkg() == nil {
		return apiKey{}, false
	}
	switch o := obj.(type) {
	case *types.Func:
		sig, _ := o.Type().(*types.Signature)
		if sig == nil || sig.Recv() == nil {
			return apiKey{}, false
		}
		owner := namedObj(sig.Recv().Type())
		if owner == nil {
			return apiKey{}, false
		}
		return apiKey{obj.Pkg().Path(), owner.Name(), o.Name()}, true
	case *types.Var:
		t := sel.Recv()
		idx := sel.Index()
		for _, i := range idx[:len(idx)-1] {
			st, ok := deref(t).Underlying().(*types.Struct)
			if !ok {
				return apiKey{}, false
			}
			t = st.Field(i).Type()
		}
		owner := namedObj(t)
		if owner == nil || owner.Pkg() == nil {
			return apiKey{}, false
		}
		return apiKey{owner.Pkg().Path(), owner.Name(), o.Name()}, true
	}
	return apiKey{}, false
}

func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// namedObj is the declared type name behind t (pointers removed, generic
// instances taken to their origin), or nil.
func namedObj(t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	if n, ok := types.Unalias(deref(t)).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// isPackageLevel reports whether obj is declared at package level (methods,
// fields, locals and init functions are not).
func isPackageLevel(obj types.Object) bool {
	return obj.Pkg() != nil && obj.Pkg().Scope().Lookup(obj.Name()) == obj
}
