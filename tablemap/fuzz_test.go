package tablemap

import (
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// FuzzMapLabels draws a table map with every feature label, the legend's
// kind names and the sides replaced by fuzzed text: any script, past
// U+FFFF, not even UTF-8. It must never panic, always give a whole PDF,
// and draw no character the font lacks (those print as glyphs.Mark).
func FuzzMapLabels(f *testing.F) {
	for i, s := range []string{"Woods", "יער", "森林", "🌲", "\xff", "(גבעה) 2", ""} {
		f.Add(uint8(i), s, s+" "+s)
	}
	f.Fuzz(func(t *testing.T, which uint8, label, name string) {
		m := *farmMap(t)
		m.Features = append([]catalog.Feature(nil), m.Features...)
		for i := range m.Features {
			if (i+int(which))%3 != 0 {
				m.Features[i].Label = label
			}
		}
		ks := append([]catalog.MapKind(nil), kinds...)
		ks[int(which)%len(ks)].Name = name
		ss := []string{"Humans", "Martians"}
		if which%2 == 1 {
			ss[0], m.Bottom = name, name
		}
		for i := range m.Features {
			if m.Features[i].Side == "Humans" {
				m.Features[i].Side = ss[0]
			}
		}
		pdf := layout.NewDoc(layout.A4, "fuzz")
		if _, err := AddPage(pdf, layout.A4, label, &m, ks, ss); err != nil {
			return // a message (no room for the labels), not a crash
		}
		b, err := layout.Bytes(pdf)
		if err != nil {
			t.Fatalf("the map does not write: %v", err)
		}
		if err := pdftest.Printable(b, glyphs.Text().Has); err != nil {
			t.Fatal(err)
		}
	})
}
