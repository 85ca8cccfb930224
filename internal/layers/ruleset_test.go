package layers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
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

// engineBlocks are the catalogue's fields holding an engine's numbers
// (catalog.Rules): testing one against nil chooses behaviour by rule set.
var engineBlocks = map[string]bool{"AQotMF": true, "Buildings": true, "Evacuation": true, "Imperial": true}

// A rule set is data plus an engine: outside rules/ (where the engines
// register) and the data, no Go file names a shipped rule set's id — as a
// string ("aqotmf", "cards-imperial-mars.md") — or tests which engine's
// block of numbers a rule set has (sys.Imperial != nil) to choose what to
// do; it asks the rule set's engine. The catalogue, which defines the
// blocks, may test them (it checks each), but names no rule set either.
func TestNoRuleSetIDs(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	ids := shippedIDs(t, root)
	named := func(s string) string {
		for _, id := range ids {
			if s == id || regexp.MustCompile(`(^|[-/])`+regexp.QuoteMeta(id)+`\.md$`).MatchString(s) {
				return id
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
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					break
				}
				if s, err := strconv.Unquote(n.Value); err == nil && named(s) != "" {
					t.Errorf("%s: names the rule set %q; ask its engine (rules.EngineOf) instead", fset.Position(n.Pos()), named(s))
				}
			case *ast.BinaryExpr:
				if n.Op != token.EQL && n.Op != token.NEQ || strings.HasPrefix(rel, "catalog/") {
					break
				}
				for _, side := range []ast.Expr{n.X, n.Y} {
					if sel, ok := side.(*ast.SelectorExpr); ok && engineBlocks[sel.Sel.Name] {
						t.Errorf("%s: chooses by the rule set's block of numbers (.%s); ask its engine (rules.EngineOf) instead", fset.Position(n.Pos()), sel.Sel.Name)
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
