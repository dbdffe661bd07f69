package bundle

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// checkLoopVars refuses loop variables that outlive their iteration through
// a closure or a pointer. Go 1.22 gives each iteration its own variable; Go
// 1.18, what CodinGame runs, shares one, so such code behaves differently in
// the bundle than in the tests of the unbundled bot. A closure or &v passed
// straight to a call (sort.Slice(xs, func...)) is allowed; one started with
// go or defer, appended, stored or returned is not. A closure first bound to
// a local (f := func...) is judged by the uses of that local: the local is
// declared inside the iteration, so calling it or passing it to a call keeps
// the closure inside the iteration too.
func checkLoopVars(files []*ast.File, info *types.Info, pos func(ast.Node) string) problems {
	var ps problems
	for _, f := range files {
		loopVars := map[types.Object]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ForStmt:
				if as, ok := n.Init.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
					for _, lhs := range as.Lhs {
						markLoopVar(info, lhs, loopVars)
					}
				}
			case *ast.RangeStmt:
				if n.Tok == token.DEFINE {
					markLoopVar(info, n.Key, loopVars)
					markLoopVar(info, n.Value, loopVars)
				}
			}
			return true
		})
		if len(loopVars) == 0 {
			continue
		}
		var stack []ast.Node
		bound := map[types.Object]*boundClosure{}
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			switch n := n.(type) {
			case *ast.FuncLit:
				if v := firstLoopVarUse(info, n, loopVars); v != nil {
					if local := definedLocal(info, stack); local != nil {
						bound[local] = &boundClosure{at: n, loopVar: v}
					} else if escapes(info, stack) {
						ps.add(pos(n), capturedMessage(v))
					}
				}
			case *ast.Ident:
				if b := bound[info.Uses[n]]; b != nil && !b.reported && escapes(info, stack) {
					ps.add(pos(b.at), capturedMessage(b.loopVar))
					b.reported = true
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && loopVars[info.Uses[id]] && escapes(info, stack) {
					ps.add(pos(n), fmt.Sprintf("&%s of a loop variable outlives the iteration: Go 1.18 (CodinGame) shares %s across iterations; copy it first (%s := %s)", id.Name, id.Name, id.Name, id.Name))
				}
			}
			return true
		})
	}
	return ps
}

// boundClosure is a closure capturing a loop variable, bound to a local
// declared inside the loop; it is reported at most once, at its first use
// that outlives the iteration.
type boundClosure struct {
	at       ast.Node
	loopVar  *ast.Ident
	reported bool
}

func capturedMessage(v *ast.Ident) string {
	return fmt.Sprintf("closure captures loop variable %s and outlives the iteration: Go 1.18 (CodinGame) shares %s across iterations; copy it first (%s := %s)", v.Name, v.Name, v.Name, v.Name)
}

// definedLocal returns the local variable that the node on top of stack
// initialises in a short variable declaration (x := node), or nil.
func definedLocal(info *types.Info, stack []ast.Node) types.Object {
	child := stack[len(stack)-1]
	i := len(stack) - 2
	for i >= 0 {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			break
		}
		child = stack[i]
		i--
	}
	if i < 0 {
		return nil
	}
	as, ok := stack[i].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != len(as.Rhs) {
		return nil
	}
	for k, rhs := range as.Rhs {
		if rhs == child {
			if id, ok := as.Lhs[k].(*ast.Ident); ok {
				return info.Defs[id]
			}
		}
	}
	return nil
}

func markLoopVar(info *types.Info, e ast.Expr, loopVars map[types.Object]bool) {
	if id, ok := e.(*ast.Ident); ok {
		if obj := info.Defs[id]; obj != nil {
			loopVars[obj] = true
		}
	}
}

// firstLoopVarUse finds a use in fn of a loop variable declared outside fn.
func firstLoopVarUse(info *types.Info, fn *ast.FuncLit, loopVars map[types.Object]bool) *ast.Ident {
	var found *ast.Ident
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && found == nil {
			if obj := info.Uses[id]; loopVars[obj] && (obj.Pos() < fn.Pos() || obj.Pos() >= fn.End()) {
				found = id
			}
		}
		return found == nil
	})
	return found
}

// escapes reports whether the value of the node on top of stack may be kept
// beyond the statement: anything but an argument or the callee of a plain
// (not go, not defer) call other than append.
func escapes(info *types.Info, stack []ast.Node) bool {
	i := len(stack) - 1
	child := stack[i]
	for i > 0 {
		if _, ok := stack[i-1].(*ast.ParenExpr); !ok {
			break
		}
		i--
		child = stack[i]
	}
	if i == 0 {
		return true
	}
	call, ok := stack[i-1].(*ast.CallExpr)
	if !ok {
		return true
	}
	if i >= 2 {
		switch stack[i-2].(type) {
		case *ast.GoStmt, *ast.DeferStmt:
			return true
		}
	}
	if call.Fun == child {
		return false
	}
	if b, ok := info.Uses[calleeIdent(call.Fun)].(*types.Builtin); ok && b.Name() == "append" {
		return true
	}
	for _, arg := range call.Args {
		if arg == child {
			return false
		}
	}
	return true
}
