package army

import (
	"bytes"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/internal/golden"
)

// TestExamples checks every example list in data/armies/ against the
// shipped data and the seeds' force lists, in the report, and shows its
// roster whole against testdata/golden/<list>.md (go test -update
// rewrites them).
func TestExamples(t *testing.T) {
	cat := shipped.Catalog(t)
	tests := []struct {
		file          string
		used, limit   int64
		costs         []int64
		blips, decoys int
	}{
		// Scenario 1: 60 + 40 + 45 = 145 against one tripod at 200.
		{"boys-of-company-c-humans.toml", 145, 145, []int64{60, 40, 45}, 1, 2},
		{"boys-of-company-c-martians.toml", 200, 200, []int64{200}, 0, 0},
		// Scenario 2: 60 + 40 + 480 + 45 = 625 against three tripods, 600.
		{"morale-wagon-humans.toml", 625, 625, []int64{60, 40, 480, 45}, 8, 4},
		{"morale-wagon-martians.toml", 600, 600, []int64{600}, 0, 0},
		// 90 + 85 + 55 = 230; the pod's +2 armour and +2 hull points cost
		// 10 + 20 each: 290 of the 300 per army.
		{"evacuation-mars.toml", 290, 300, []int64{90, 85, 55}, 0, 0},
		{"imperial-mars.toml", 0, 0, []int64{0, 0, 0, 0, 0, 0}, 0, 0},
	}
	files, _ := fs.Glob(data.FS, catalog.ArmiesDir+"/*.toml")
	if len(files) != len(tests) {
		t.Errorf("%d example lists, %d checked here", len(files), len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			name := path.Join(catalog.ArmiesDir, tt.file)
			src, err := fs.ReadFile(data.FS, name)
			if err != nil {
				t.Fatal(err)
			}
			r, dl := Validate("data/"+name, src, cat)
			if r == nil || len(dl) > 0 {
				t.Fatalf("the example is not clean: %v", dl)
			}
			if r.Used != tt.used || r.Limit != tt.limit {
				t.Errorf("%d of %d points, want %d of %d", r.Used, r.Limit, tt.used, tt.limit)
			}
			for i, ln := range r.Lines {
				if i >= len(tt.costs) || ln.Cost != tt.costs[i] {
					t.Errorf("line %d (%s) costs %d; want the costs %v", i+1, ln.Name, ln.Cost, tt.costs)
				}
			}
			if b, d := Blips(r.List, r.System); b != tt.blips || d != tt.decoys {
				t.Errorf("%d blips, %d decoys; want %d, %d", b, d, tt.blips, tt.decoys)
			}
			md, err := Print(r, cat, PrintOptions{Format: "md"})
			if err != nil {
				t.Fatal(err)
			}
			// The stamp names the book and the rules edition, never the
			// list's file or the data's version.
			if !strings.Contains(string(md), "checked against "+r.System.BookTitle()+", rules edition ") {
				t.Error("the roster's stamp lacks the book or the rules edition")
			}
			if strings.Contains(string(md), tt.file) || strings.Contains(string(md), cat.Version()) {
				t.Error("the roster prints the list's file or the data version")
			}
			// The whole roster, but for the data version, which changes
			// with every edit of the data.
			md = bytes.ReplaceAll(md, []byte(cat.Version()), []byte("DATA-VERSION"))
			golden.Check(t, filepath.Join("testdata", "golden", strings.TrimSuffix(tt.file, ".toml")+".md"), md)
			if _, err := Print(r, cat, PrintOptions{Cards: true}); err != nil {
				t.Errorf("PDF with cards: %v", err)
			}
		})
	}
}

// TestShippedStarters makes sure 'playaid army new' gives lists that
// validate against the shipped data.
func TestShippedStarters(t *testing.T) {
	cat := shipped.Catalog(t)
	ids := ListSystems(cat)
	if strings.Join(ids, ",") != "aqotmf,evacuation-mars,imperial-mars" {
		t.Errorf("army systems %v", ids)
	}
	for _, id := range ids {
		text, err := Starter(cat.System(id))
		if err != nil {
			t.Fatal(err)
		}
		if r, dl := Validate("new.toml", []byte(text), cat); r == nil || len(dl) > 0 {
			t.Errorf("%s starter: %v\n%s", id, dl, text)
		}
	}
}
