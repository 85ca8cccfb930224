// Package layers holds the test that keeps playaid's packages in layers:
// data → rules → layout → documents → command, imports pointing down only.
package layers

import (
	"go/build"
	"os"
	pathpkg "path"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/playaid/playaid/"

// layer of each package: a package may import only packages of lower
// layers. A new package must be given its layer here.
var layer = map[string]int{
	"internal/fpdf":          -3, // fpdf as released plus our patch: the PDF writer under layout
	"internal/toml":          -3, // BurntSushi/toml as released plus our patches: the TOML parser under tomlpos
	"internal/toml/internal": -4, // its local time zones
	"internal/limits":        -1, // the bounds every layer enforces
	"internal/infile":        -1, // reading input files safely
	"internal/suggest":       -1, // "did you mean …?"
	"internal/outfile":       1,  // writing output files safely
	"internal/plain":         -2, // messages in the user's words (below infile)
	"internal/printnum":      -1, // numbers as the odds and the documents print them
	"glyphs":                 -1, // what the text font prints, checked where text enters
	"diag":                   -1, // the one error type: file:line:col: message
	"tomlpos":                0,  // TOML decoded strictly, every problem at its place
	"dice":                   0,
	"data":                   0,
	"templates":              0,
	"internal/golden":        0,
	"internal/pdftest":       0,
	"internal/pagelint":      1,  // the page linter the tests run over every printed page
	"internal/pdfsyntax":     -1, // reading PDF syntax: layout/raster draws with it, internal/pdftest reads back
	"internal/playercopy":    0,
	"internal/testfont":      0, // small TrueType fonts for tests
	"internal/floor":         3,
	"internal/cmd/ratio":     10, // a tool that runs the command
	"internal/cmd/release":   10, // builds the release archives of the command
	"catalog":                1,  // the data, loaded and checked
	"rules":                  2,  // the engines' core: the Engine value, odds tables, questions, words
	"rules/engines":          4,  // the engines registered, one line each (below: engineLayer)
	"rules/rulestest":        4,  // for the engines' tests: the shipped data loaded, exact values compared
	"catalog/shipped":        2,  // for tests: the shipped data, loaded
	"version":                2,  // which playaid this is: the build, each rule set's edition and digest
	"layout":                 3,  // fpdf basics
	"layout/raster":          3,  // a PDF's pages as pixels, for print shops that take images
	"layout/markdown":        4,
	"layout/cards":           4, // the one card engine
	"document":               5, // the text pipeline of every document
	"markers":                6, // generators on layout and document
	"tablemap":               6,
	"sheets":                 7, // documents
	"briefing":               7,
	"army":                   7,
	"refcards":               7, // reference cards
	"pack":                   8, // the print pack, composed once from the documents
	"play":                   8, // a game in progress: its marks, log and folder
	"web":                    9, // the web app: a front door like the CLI
	"cmd/playaid":            10,
}

// engineLayer is the layer of each rule engine (rules/<engine>): above
// the core it registers with (rules), below the list that registers it
// (rules/engines). Engines do not import one another.
const engineLayer = 3

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
		if rel == "output" || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil || rel == "internal/layers" {
			return nil // no Go files here (or only this test)
		}
		mine, ok := layer[rel]
		if !ok && pathpkg.Dir(rel) == "rules" {
			// A rule engine: one folder under rules/, above the core,
			// below everything that asks an engine.
			mine, ok = engineLayer, true
		}
		if !ok {
			t.Errorf("package %s has no layer: give it one in layer", rel)
			return nil
		}
		for _, imp := range pkg.Imports {
			dep, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			l, ok := layer[dep]
			if !ok && pathpkg.Dir(dep) == "rules" {
				l, ok = engineLayer, true
			}
			if !ok || l >= mine {
				t.Errorf("%s (layer %d) imports %s (layer %d): imports must point down", rel, mine, dep, l)
			}
			if strings.HasPrefix(rel, "internal/") && !strings.HasPrefix(dep, "internal/") && (dep == "diag" || dep == "catalog" || strings.HasPrefix(dep, "catalog/")) {
				t.Errorf("%s imports %s: internal/ holds what many packages share, below the data and its errors", rel, dep)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
