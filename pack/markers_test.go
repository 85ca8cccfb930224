package pack

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/layout"
)

// TestFold: every marker and blips file of the shipped pack (all have
// two-sided pieces) has a fold-over sheet of its own, other documents
// none; a rule set whose markers have no backs has none either.
func TestFold(t *testing.T) {
	cat := shipped.Catalog(t)
	pk := New(cat, Options{})
	folds := 0
	for _, d := range pk.Docs {
		f, ok := d.Fold()
		if d.Kind != Markers && d.Kind != Blips {
			if ok {
				t.Errorf("%s has a fold-over sheet", d.Name)
			}
			continue
		}
		if !ok {
			t.Errorf("%s has no fold-over sheet", d.Name)
			continue
		}
		folds++
		if f.Kind != d.Kind || f.System != d.System || f.Scenario != d.Scenario || !slices.Equal(f.Kinds, d.Kinds) {
			t.Errorf("%s: the fold-over sheet is not of the same pieces", d.Name)
		}
		if again, ok := f.Fold(); !ok || again.Name != f.Name {
			t.Errorf("%s: its fold-over sheet's fold-over sheet is %s, not itself", d.Name, again.Name)
		}
		duplex, err1 := d.Render(layout.Letter)
		fold, err2 := f.Render(layout.Letter)
		if err1 != nil || err2 != nil || bytes.Equal(duplex, fold) {
			t.Errorf("%s: the fold-over sheet is not its own document (%v, %v)", d.Name, err1, err2)
		}
	}
	if folds < 4 {
		t.Errorf("only %d marker files with fold-over sheets", folds)
	}

	bare := *cat.System("buildings")
	bare.Markers = slices.Clone(bare.Markers)
	for i := range bare.Markers {
		bare.Markers[i].Back = ""
	}
	docs, err := markerFiles(&bare, cat.Version())
	if err != nil || len(docs) == 0 {
		t.Fatalf("the buildings' markers without backs: %v", err)
	}
	for _, d := range docs {
		if _, ok := d.Fold(); ok {
			t.Errorf("%s without backs has a fold-over sheet", d.Name)
		}
	}
}

// TestSheetCounts: one count for one thing. A rule set's own marker
// sheet serves all its scenarios: of each kind a scenario's briefing
// counts in sets, it prints as many as the scenario needing most asks
// for (AQotMF: 3 Tow Cables, as both briefings ask; 3 sets of tripod
// damage, Scenario 2's three tripods), and says so.
func TestSheetCounts(t *testing.T) {
	cat := shipped.Catalog(t)
	sys := cat.System("aqotmf")
	docs, err := markerFiles(sys, cat.Version())
	if err != nil || len(docs) == 0 || docs[0].Kind != Markers {
		t.Fatalf("no AQotMF marker sheet: %v", err)
	}
	opt := docs[0].marks
	for kind, want := range map[string]int{"tow-cable": 3, "tripod-damage": 3, "dug-in": 4} {
		if got := opt.Counts[kind]; got != want {
			t.Errorf("the AQotMF marker sheet prints %d sets of %s, want %d (the most a scenario asks for)", got, kind, want)
		}
	}
	if !strings.Contains(opt.Note, "as many as the scenario needing most asks for") {
		t.Errorf("the sheet does not say whose counts it prints: %q", opt.Note)
	}
}
