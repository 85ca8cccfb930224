package markers

import (
	"sync"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/pdftest"
)

// FuzzMarkers draws the marker sheets of a shipped rule set, fronts and
// backs, with every text on them — face labels and second lines, backs,
// track and range-stick row labels — replaced by fuzzed text: any script,
// past U+FFFF, not even UTF-8. It must never panic, always give a whole
// PDF, and draw no character the font lacks (those print as
// glyphs.Mark). The seeds are in testdata/fuzz/FuzzMarkers.
func FuzzMarkers(f *testing.F) {
	for i, s := range []string{"BLIP", "פלוגה 2", "第一", "🚀", "\xff", "(מים)", ""} {
		f.Add(uint8(i), s, s+" "+s)
	}
	f.Fuzz(markersCase)
}

// markerSystems are the shipped rule sets with markers.
var markerSystems = sync.OnceValue(func() []*catalog.System {
	cat, l := catalog.Load(shipped.Source())
	if err := l.Err(); err != nil {
		panic(err)
	}
	var systems []*catalog.System
	for _, id := range cat.SystemIDs() {
		if s := cat.System(id); len(s.Markers) > 0 {
			systems = append(systems, s)
		}
	}
	return systems
})

// markersCase draws the markers of a rule set with label and sub for all
// their texts, and checks the PDF.
func markersCase(t *testing.T, which uint8, label, sub string) {
	systems := markerSystems()
	s := *systems[int(which)%len(systems)]
	s.Markers = append([]catalog.Marker(nil), s.Markers...)
	for i := range s.Markers {
		m := &s.Markers[i]
		m.Labels = fill(m.Labels, label)
		m.Faces = append([]catalog.Face(nil), m.Faces...)
		for j := range m.Faces {
			m.Faces[j].Label, m.Faces[j].Sub = label, sub
		}
		m.Tracks = append([]catalog.Track(nil), m.Tracks...)
		for j := range m.Tracks {
			m.Tracks[j].Label = label
		}
		m.Rows = append([]catalog.RulerRow(nil), m.Rows...)
		for j := range m.Rows {
			m.Rows[j].Label = label
		}
		if m.Sub != "" {
			m.Sub = sub
		}
		if m.Back != "" {
			m.Back = sub
		}
	}
	pdf, err := Render([]*catalog.System{&s}, Options{Backs: LongEdge})
	if err != nil {
		return // a message (a label too wide for its marker), not a crash
	}
	if err := pdftest.Printable(pdf, glyphs.Text().Has); err != nil {
		t.Fatal(err)
	}

}

// fill returns a copy of labels with each one s.
func fill(labels []string, s string) []string {
	out := make([]string, len(labels))
	for i := range out {
		out[i] = s
	}
	return out
}
