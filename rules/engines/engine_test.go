package engines

import (
	"reflect"
	"slices"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/rulestest"
)

// Every engine the data may name is registered, and nothing else.
func TestEnginesRegistered(t *testing.T) {
	var names []string
	for _, e := range rules.Engines() {
		names = append(names, e.Name)
	}
	want := catalog.Engines()
	slices.Sort(names)
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("registered engines %v; the catalogue's blocks %v", names, want)
	}
}

// TestEnginesWhole: every engine is the whole value — each part given,
// none left at its zero value (an engine whose rule sets have none of a
// part says so with the part's own "none": rules.NoBuilder,
// rules.NoDocuments). An engine whose mechanics are data (Own) may leave
// its odds tables, their words and its questions to the rule set's data;
// one whose rule sets take no army lists has no Army and may ask nothing
// of a game in progress. A dedicated engine added without one of its parts fails
// here, not in a document that asks for it.
func TestEnginesWhole(t *testing.T) {
	if len(rules.Engines()) < 4 {
		t.Fatalf("%d engines registered; expected the four shipped at least", len(rules.Engines()))
	}
	for _, e := range rules.Engines() {
		optional := map[string]bool{"Own": true}
		if e.Own != nil {
			optional["Odds"], optional["Words"], optional["Queries"] = true, true, true
		}
		if e.Army == nil {
			optional["Army"], optional["Play"] = true, true
			if _, none := e.Builder.(rules.NoBuilder); !none {
				t.Errorf("engine %q takes no army lists but gives the builder inputs", e.Name)
			}
		}
		v := reflect.ValueOf(e).Elem()
		for i := 0; i < v.NumField(); i++ {
			if name := v.Type().Field(i).Name; v.Field(i).IsZero() && !optional[name] {
				t.Errorf("engine %q lacks its %s", e.Name, name)
			}
		}
		if e.Block.Type == nil || e.Block.Check == nil {
			t.Errorf("engine %q: its block of numbers has no type or no checks", e.Name)
		}
		if e.Sheet.Template == "" || e.Cards.Template == "" {
			t.Errorf("engine %q: its sheet or cards name no template", e.Name)
		}
		for _, o := range e.Odds {
			if o.ID == "" || o.Build == nil {
				t.Errorf("engine %q: an odds table without an id or a builder: %+v", e.Name, o)
			}
		}
		// An engine whose rule sets take army lists describes them whole,
		// and tells a game in progress something of its units.
		if a := e.Army; a != nil {
			if len(a.UnitFields) == 0 {
				t.Errorf("engine %q takes army lists but describes no unit keys", e.Name)
			}
			if a.Check == nil || a.Starter == nil || a.Roster == nil || a.Card == nil {
				t.Errorf("engine %q takes army lists but cannot check, start, or print them (Check, Starter, Roster, Card)", e.Name)
			}
			if e.Play.Units == nil {
				t.Errorf("engine %q takes army lists but tells a game in progress nothing of their units (Play.Units)", e.Name)
			}
			if _, none := e.Builder.(rules.NoBuilder); none {
				t.Errorf("engine %q takes army lists but gives the builder nothing to show", e.Name)
			}
			p := e.Play
			if p.Shots == nil && p.DecoyType == nil && p.Arrivals == nil && p.RoundEnds == nil && p.Pieces == nil {
				t.Errorf("engine %q takes army lists but a game in progress asks nothing of it", e.Name)
			}
		}
	}
}

// BenchmarkOddsTables builds every odds table of every shipped rule set and
// prints every cell, as the print pack does once per build (the pack
// shares a table among the documents that print it).
func BenchmarkOddsTables(b *testing.B) {
	rulestest.Load(b, "aqotmf")
	sets := rules.RuleSets(rulestest.Catalog)
	b.ReportAllocs()
	for b.Loop() {
		for _, sys := range sets {
			for _, ot := range rules.OddsTables(sys) {
				t, err := ot.Build(sys)
				if err != nil {
					b.Fatal(err)
				}
				for _, r := range t.Rows {
					for _, c := range r.Cells {
						_ = c.String()
					}
				}
			}
		}
	}
}
