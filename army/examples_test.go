package army

import (
	"io/fs"
	"path"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/internal/shipped"
)

// TestExamples checks every example list in data/armies/ against the
// shipped data and the seeds' force lists, in the report and in the
// roster's Markdown.
func TestExamples(t *testing.T) {
	cat := shipped.Catalog(t)
	tests := []struct {
		file          string
		used, limit   int
		costs         []int
		blips, decoys int
		roster        []string
	}{
		// Scenario 1: 60 + 40 + 45 = 145 against one tripod at 200.
		{"boys-of-company-c-humans.toml", 145, 145, []int{60, 40, 45}, 1, 2, []string{
			"> **VALID** · **145** of 145 points",
			"| 1 | **Company C",
			"| 1 | 5 × Infantry | blip | 60 | 60 |",
			"| 1 | 3 × Machine Gunners | ambush | 40 | 40 |",
			"| 1 | 3 × Rough Riders | reinforcement | 45 | 45 |",
			"|  | **Total** |  |  |  |  | **145** |",
			"**Hidden deployment:** 1 blip, and up to 2 decoys",
		}},
		{"boys-of-company-c-martians.toml", 200, 200, []int{200}, 0, 0, []string{
			"> **VALID** · **200** of 200 points",
			"| 1 | **Assault Tripod** | 1 | 1 × Assault Tripod | on the table | 200 | 200 |",
			"| Assault Tripod", "| Tripod | 8\" | 9 | 10 | Heat Ray – Focused, Heat Ray – Sweep | Massive |",
		}},
		// Scenario 2: 60 + 40 + 480 + 45 = 625 against three tripods, 600.
		{"morale-wagon-humans.toml", 625, 625, []int{60, 40, 480, 45}, 8, 4, []string{
			"> **VALID** · **625** of 625 points",
			"| 6 | 1 × Mk II Baldwin | blip | 80 | 480 |",
			"|  | **Total** |  |  |  |  | **625** |",
			"**Hidden deployment:** 8 blips, and up to 4 decoys",
		}},
		{"morale-wagon-martians.toml", 600, 600, []int{600}, 0, 0, []string{
			"| 3 | 1 × Assault Tripod | on the table | 200 | 600 |",
		}},
		// 90 + 85 + 55 = 230; the pod's +2 armour and +2 hull points cost
		// 10 + 20 each: 290 of the 300 per army.
		{"evacuation-mars.toml", 290, 300, []int{90, 85, 55}, 0, 0, []string{
			"> **VALID** · **290** of 300 points",
			"|  | Objective: +2 armour (Armour 10) |  |  |  | 30 |",
			"|  | Objective: +2 hull points (3 in all) |  |  |  | 30 |",
			"|  | **Total** |  |  |  | **290** |",
		}},
		{"imperial-mars.toml", 0, 0, []int{0, 0, 0, 0, 0, 0}, 0, 0, []string{
			"organisation checked — Imperial Mars has no points",
			"| 24 | Close Order | 6 × 4 | BL rifle |",
			"| 24 | Open Order | 8 × 3 | BL rifle |",
			"| horse | Trained | 4 | C | 12 | Open Order | 6 × 2 | BL Carbine |",
			"| officer | – | 5 |",
		}},
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
			for _, w := range tt.roster {
				if !strings.Contains(string(md), w) {
					t.Errorf("roster lacks %q:\n%s", w, md)
				}
			}
			if !strings.Contains(string(md), "data version "+cat.Version()) || !strings.Contains(string(md), "sha256 "+HashBytes(src)) {
				t.Error("the roster lacks the data version or the list's hash")
			}
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
