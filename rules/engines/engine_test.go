package engines

import (
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
