// Package layers holds the test that keeps playaid's packages in layers:
// data → rules → layout → documents → command, imports pointing down only.
package layers

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/playaid/playaid/"

// layer of each package: a package may import only packages of lower
// layers. A new package must be given its layer here.
var layer = map[string]int{
	"internal/limits":     -1, // the bounds every layer enforces
	"internal/outfile":    1,  // writing output files safely
	"internal/plain":      -1, // messages in the user's words
	"glyphs":              -1, // what the text font prints, checked where text enters
	"diag":                0,
	"dice":                0,
	"data":                0,
	"templates":           0,
	"internal/golden":     0,
	"internal/pdftest":    0,
	"internal/playercopy": 0,
	"internal/testfont":   0, // small TrueType fonts for tests
	"internal/floor":      3,
	"internal/cmd/ratio":  9, // a tool that runs the command
	"catalog":             1, // the data, loaded and checked
	"rules":               2, // the odds, from the data
	"internal/shipped":    2,
	"layout":              3, // fpdf basics
	"layout/markdown":     4,
	"document":            5, // the text pipeline of every document
	"markers":             6, // generators on layout and document
	"tablemap":            6,
	"sheets":              7, // documents
	"briefing":            7,
	"army":                7,
	"refcards":            7, // reference cards: imports markers for its flip
	"web":                 8, // the web app: a front door like the CLI
	"cmd/playaid":         9,
}

func TestLayers(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if rel == "third_party" || rel == "output" || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil || rel == "internal/layers" {
			return nil // no Go files here (or only this test)
		}
		mine, ok := layer[rel]
		if !ok {
			t.Errorf("package %s has no layer: give it one in layer", rel)
			return nil
		}
		for _, imp := range pkg.Imports {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if l, ok := layer[dep]; !ok || l >= mine {
				t.Errorf("%s (layer %d) imports %s (layer %d): imports must point down", rel, mine, dep, l)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
