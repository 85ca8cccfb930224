package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// TestBlipsAgree cross-checks, for every scenario whose hidden side
// deploys as blips, on A4 and Letter: the secret deployment sheet's rows,
// the briefing's "Needed to play" list (its Markdown and its PDF), the
// blip counts of the data/armies lists for the scenario, and the blips
// printed in the default pack's PDF (fronts numbered 1 to N once each,
// the dummies, and as many plain backs). The briefing's command to print
// the markers stays on one line.
func TestBlipsAgree(t *testing.T) {
	cat := mustLoad(t)
	lists := armyLists(t)
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		files := packPart(t, paper, "markers")
		pack := map[string][]byte{}
		for _, f := range files {
			pack[f.Name] = f.Data
		}
		scenarios := 0
		for _, s := range cat.Systems {
			for i := range s.Scenarios {
				sc := &s.Scenarios[i]
				b, err := briefing.New(s, sc, cat.Version())
				if err != nil {
					t.Fatal(err)
				}
				set := b.MarkerSet
				if b.Sheet == nil || len(b.Sheet.Blips) == 0 {
					if set.Blips != "" {
						t.Errorf("%s: blips %q printed without a secret sheet", sc.ID, set.Blips)
					}
					continue
				}
				scenarios++
				where := paper.Name + " " + sc.ID
				sh := b.Sheet
				n := len(sh.Blips)
				for k, v := range sh.Blips {
					if v != k+1 {
						t.Fatalf("%s: the secret sheet's rows are %v; want 1 to %d", where, sh.Blips, n)
					}
				}
				if n != sh.UnitCount+sh.Decoys {
					t.Errorf("%s: %d rows for %d units and %d decoys", where, n, sh.UnitCount, sh.Decoys)
				}

				// "Needed to play": the count and the numbers.
				var line *briefing.MarkerLine
				for i := range b.Markers {
					if b.Markers[i].ID == set.Blips {
						line = &b.Markers[i]
					}
				}
				if line == nil || line.Count != n+sh.Dummies || !strings.Contains(line.Note, fmt.Sprintf("Numbered 1–%d", n)) {
					t.Errorf("%s: needed list's blip line %+v; want %d blips, numbered 1–%d, and %d dummies", where, line, n+sh.Dummies, n, sh.Dummies)
				}
				md, err := b.Markdown("")
				if err != nil {
					t.Fatal(err)
				}
				if !regexp.MustCompile(fmt.Sprintf(`\*\*%d\*\*(\[\^R\d+\])* \| %sNumbered 1–%d`, n+sh.Dummies, regexp.QuoteMeta(briefing.SameBack), n)).Match(md) {
					t.Errorf("%s: the briefing's Markdown does not list %d blips numbered 1–%d", where, n+sh.Dummies, n)
				}
				pdf, err := b.PDF(briefing.Options{Paper: paper})
				if err != nil {
					t.Fatal(err)
				}
				texts, err := pdftest.Read(pdf)
				if err != nil {
					t.Fatal(err)
				}
				whole := ""
				for _, tx := range texts {
					whole += tx.S + " "
				}
				// The briefing names the blips' sheet by the title it
				// carries, never by its file.
				if !strings.Contains(whole, fmt.Sprintf("Numbered 1–%d", n)) || !strings.Contains(whole, set.BlipSheet) {
					t.Errorf("%s: the briefing PDF does not ask for blips 1–%d from the sheet %q", where, n, set.BlipSheet)
				}
				if strings.Contains(whole, set.BlipFile) {
					t.Errorf("%s: the briefing PDF names the file %s", where, set.BlipFile)
				}

				// The army lists of the scenario's hidden side: a list that
				// puts a unit in ambush where the scenario allows it
				// deploys fewer blips, never more.
				for file, l := range lists {
					if l.Scenario != sc.ID || !l.Values.Bool("hidden") {
						continue
					}
					blips, decoys := army.Blips(l, s)
					optional := 0
					for _, f := range sh.MayAmbush {
						for _, u := range l.Units {
							if u.Str("id") == f.Unit.ID && u.Bool("ambush") {
								optional += f.Count
							}
						}
					}
					if blips+optional != sh.UnitCount || decoys > sh.Decoys || optional == 0 && decoys != sh.Decoys {
						t.Errorf("%s: %s deploys %d blips and %d decoys (%d units in ambush by choice); the secret sheet has %d units and %d decoys",
							where, file, blips, decoys, optional, sh.UnitCount, sh.Decoys)
					}
				}

				// The pack's blip sheet: fronts, then their backs.
				data, ok := pack[set.BlipFile]
				if !ok {
					t.Errorf("%s: no %s in the pack", where, set.BlipFile)
					continue
				}
				texts, err = pdftest.Read(data)
				if err != nil {
					t.Fatal(err)
				}
				seen := map[string]int{}
				backs := 0
				for _, tx := range texts {
					switch {
					case tx.Page%2 == 1 && tx.Size > 20:
						seen[tx.S]++
					case tx.Page%2 == 0 && tx.S == "?":
						backs++
					}
				}
				for k := 1; k <= n; k++ {
					if seen[strconv.Itoa(k)] != 1 {
						t.Errorf("%s: blip %d is printed %d times; want once", where, k, seen[strconv.Itoa(k)])
					}
					delete(seen, strconv.Itoa(k))
				}
				if seen["D"] != sh.Dummies || len(seen) != 1 {
					t.Errorf("%s: besides 1–%d, the blip sheet prints %v; want %d × D", where, n, seen, sh.Dummies)
				}
				if backs != n+sh.Dummies {
					t.Errorf("%s: %d backs for %d blips", where, backs, n+sh.Dummies)
				}
			}
		}
		if scenarios < 2 {
			t.Errorf("%s: only %d scenarios with blips checked", paper.Name, scenarios)
		}
		// The rule set's own sheets leave the blips to the scenarios.
		texts, err := pdftest.Read(pack["markers-aqotmf.pdf"])
		if err != nil {
			t.Fatal(err)
		}
		for _, tx := range texts {
			if tx.S == "dummy" {
				t.Errorf("%s: markers-aqotmf.pdf prints blips as well", paper.Name)
				break
			}
		}
	}
}

// armyLists reads the shipped army lists.
func armyLists(t *testing.T) map[string]*army.List {
	t.Helper()
	cat := mustLoad(t)
	files, err := filepath.Glob(filepath.Join("..", "..", "data", "armies", "*.toml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no army lists: %v", err)
	}
	out := map[string]*army.List{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, _ := army.Validate(f, src, cat)
		if r == nil || !r.Valid() {
			t.Fatalf("%s does not validate", f)
		}
		out[filepath.Base(f)] = r.List
	}
	return out
}
