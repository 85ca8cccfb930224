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
// part says so with the part's own "none": rules.NoArmy,
// rules.NoDocuments). A dedicated engine added without one of its parts
// fails here, not in a document that asks for it.
func TestEnginesWhole(t *testing.T) {
	if len(rules.Engines()) < 4 {
		t.Fatalf("%d engines registered; expected the four shipped", len(rules.Engines()))
	}
	for _, e := range rules.Engines() {
		v := reflect.ValueOf(e).Elem()
		for i := 0; i < v.NumField(); i++ {
			if v.Field(i).IsZero() {
				t.Errorf("engine %q lacks its %s", e.Name, v.Type().Field(i).Name)
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
		p := e.Play
		if p.Shots == nil && p.DecoyType == nil && p.Arrivals == nil && p.RoundEnds == nil && p.Pieces == nil {
			t.Errorf("engine %q: a game in progress asks nothing of it", e.Name)
		}
		// An engine whose rule sets take army lists describes them whole.
		if a := e.Army; a.Lists() {
			if len(a.UnitFields()) == 0 {
				t.Errorf("engine %q takes army lists but describes no unit keys", e.Name)
			}
			if _, none := e.Builder.(rules.NoArmy); none {
				t.Errorf("engine %q takes army lists but gives the builder nothing to show", e.Name)
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
