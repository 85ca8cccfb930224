package layers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// shippedIDs are the ids of the shipped rule sets: the system = "…" of
// each data folder's system.toml.
func shippedIDs(t *testing.T, root string) []string {
	t.Helper()
	dirs, err := os.ReadDir(filepath.Join(root, "data"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^system\s*=\s*"([^"]+)"`)
	var ids []string
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(root, "data", d.Name(), "system.toml"))
		if err != nil {
			continue // not a rule set (the example army lists)
		}
		if m := re.FindSubmatch(b); m != nil {
			ids = append(ids, string(m[1]))
		}
	}
	if len(ids) < 4 {
		t.Fatalf("shipped rule sets %v: expected the four of data/", ids)
	}
	return ids
}

// engineBlocks are names by which code reaches for one engine's numbers:
// the catalogue's fields that once held each engine's block (sys.AQotMF,
// sys.Imperial …) and the field that holds whichever engine's it is
// (sys.Block), which only the catalogue (which decodes it) and the
// engines themselves read.
var engineBlocks = map[string]bool{"AQotMF": true, "Buildings": true, "Evacuation": true, "Imperial": true, "Block": true}

// engineNames are the names of the registered engines (engine = "…" in a
// rule set's system.toml), read from their folders: each engine's
// engine.go names it (Name: "…").
func engineNames(t *testing.T, root string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "rules", "*", "engine.go"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`Name:\s*"([^"]+)"`)
	var names []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if m := re.FindSubmatch(b); m != nil {
			names = append(names, string(m[1]))
		}
	}
	if len(names) < 4 {
		t.Fatalf("engine names %v: expected the four engines of rules/", names)
	}
	return names
}

// engineKeys are the keys only engines read, each with the engine's
// folder: the TOML keys of the types in an engine's folder (its block)
// and the keys of its army lists (Field{Key: …}), less the keys of the
// catalogue's own entries, which every engine shares (points, count,
// die …).
func engineKeys(t *testing.T, root string) map[string]string {
	t.Helper()
	keys := func(glob string) map[string]bool {
		files, err := filepath.Glob(filepath.Join(root, glob))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		fset := token.NewFileSet()
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.Field:
					if n.Tag != nil {
						tag, _ := strconv.Unquote(n.Tag.Value)
						if name, _, _ := strings.Cut(reflect.StructTag(tag).Get("toml"), ","); name != "" && name != "-" {
							out[name] = true
						}
					}
				case *ast.KeyValueExpr:
					if id, ok := n.Key.(*ast.Ident); ok && id.Name == "Key" {
						if lit, ok := n.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							k, _ := strconv.Unquote(lit.Value)
							out[k] = true
						}
					}
				}
				return true
			})
		}
		return out
	}
	shared := keys(filepath.Join("catalog", "*.go"))
	for k := range keys(filepath.Join("rules", "*.go")) {
		shared[k] = true
	}
	out := map[string]string{}
	dirs, err := filepath.Glob(filepath.Join(root, "rules", "*", "engine.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range dirs {
		dir := filepath.Base(filepath.Dir(e))
		for k := range keys(filepath.Join("rules", dir, "*.go")) {
			if !shared[k] {
				out[k] = dir
			}
		}
	}
	if len(out) < 20 {
		t.Fatalf("engine keys %v: expected the keys of the engines' blocks", out)
	}
	return out
}

// A rule set is data plus an engine: outside rules/ (where the engines
// live and register) and the data, no Go file names a shipped rule set's
// id — as a string ("aqotmf", "cards-imperial-mars.md") —, chooses by an
// engine's name (kind == "imperial": a name may be a word of the data
// too, "dice"), reaches for an engine's block of numbers
// (sys.Block, sys.Imperial) or imports an engine's package
// (rules/imperial) or names a key only an engine reads: it asks the rule
// set's engine (rules.EngineOf, rules.ArmyOf, rules.DocumentsOf …). Only
// the program imports the list that registers them (rules/engines). The
// catalogue, which decodes each engine's block, may read it, but names
// no rule set either, and bounds no engine's keys (the engine registers
// its block's bounds with it).
//
// An engine's key is refused as a string where it cannot be a word of
// anything else: a key of two words or more ("max_foot_per_tray",
// "hull_points") anywhere, and any engine's key ("foot") as the key of
// a table in the catalogue (a map by key name, as its bounds are). One
// word alone ("open", "order") is too often a word of the program too.
func TestNoRuleSetIDs(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	ids, engines, keys := shippedIDs(t, root), engineNames(t, root), engineKeys(t, root)
	named := func(s string) string {
		for _, id := range ids {
			if s == id || regexp.MustCompile(`(^|[-/\s("])`+regexp.QuoteMeta(id)+`\.md\b`).MatchString(s) {
				return id
			}
		}
		return ""
	}
	// engineName reports a string literal that is an engine's name.
	engineName := func(e ast.Expr) string {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && slices.Contains(engines, s) {
				return s
			}
		}
		return ""
	}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			switch {
			case rel == "rules" || rel == "data" || rel == "internal/fpdf" || rel == "output",
				d.Name() == "testdata", strings.HasPrefix(d.Name(), ".") && rel != ".":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			rest, ok := strings.CutPrefix(p, "github.com/playaid/playaid/rules/")
			switch {
			case !ok:
			case rest == "engines":
				if !strings.HasPrefix(rel, "cmd/") {
					t.Errorf("%s: imports rules/engines; only the program registers the engines", fset.Position(im.Pos()))
				}
			default:
				t.Errorf("%s: imports the engine %s; ask the rule set's engine (rules.EngineOf) instead", fset.Position(im.Pos()), rest)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if engineBlocks[n.Sel.Name] && !strings.HasPrefix(rel, "catalog/") {
					t.Errorf("%s: reaches for an engine's block of numbers (.%s); ask its engine (rules.EngineOf) instead", fset.Position(n.Pos()), n.Sel.Name)
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					break
				}
				s, err := strconv.Unquote(n.Value)
				if err != nil {
					break
				}
				if named(s) != "" {
					t.Errorf("%s: names the rule set %q; ask its engine (rules.EngineOf) instead", fset.Position(n.Pos()), named(s))
				}
				if e := keys[s]; e != "" && strings.Contains(s, "_") {
					t.Errorf("%s: names %q, a key of the %s engine's; let the engine say what it needs of it", fset.Position(n.Pos()), s, e)
				}
			case *ast.CompositeLit:
				if _, ok := n.Type.(*ast.MapType); !ok || !strings.HasPrefix(rel, "catalog/") {
					break
				}
				for _, el := range n.Elts {
					kv, ok := el.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					lit, ok := kv.Key.(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					if s, _ := strconv.Unquote(lit.Value); keys[s] != "" && !strings.Contains(s, "_") {
						t.Errorf("%s: keys a table by %q, a key of the %s engine's; let the engine register it with its block", fset.Position(lit.Pos()), s, keys[s])
					}
				}
			case *ast.BinaryExpr:
				if n.Op != token.EQL && n.Op != token.NEQ {
					break
				}
				for _, side := range []ast.Expr{n.X, n.Y} {
					if name := engineName(side); name != "" {
						t.Errorf("%s: chooses by the engine %q; ask the rule set's engine (rules.EngineOf) instead", fset.Position(n.Pos()), name)
					}
				}
			case *ast.CaseClause:
				for _, e := range n.List {
					if name := engineName(e); name != "" {
						t.Errorf("%s: chooses by the engine %q; ask the rule set's engine (rules.EngineOf) instead", fset.Position(e.Pos()), name)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
