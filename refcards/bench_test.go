package refcards

import (
	"sort"
	"testing"
	"time"

	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/layout"
)

// BenchmarkAllCards renders every card of the four decks, as the print
// pack does (side by side, one document a deck). The bar is 40 ms (see
// docs/performance.md); the median is reported beside the mean, so that
// other work on a shared machine weighs less. A benchmark reports: it
// does not fail on time, which a loaded machine would decide.
func BenchmarkAllCards(b *testing.B) {
	cat := shipped.Catalog(b)
	all := All(cat)
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		if _, err := RenderAll(all, cat, Options{Paper: layout.A4}); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	median := times[len(times)/2]
	b.ReportMetric(float64(median.Microseconds())/1000, "ms-median")
}

// BenchmarkFontsOnly is the floor under BenchmarkAllCards, to compare in
// the same run: four documents with the two faces the cards use, each with
// a page and a word in each face. Most of a deck's time is fpdf
// registering and embedding its fonts.
func BenchmarkFontsOnly(b *testing.B) {
	for b.Loop() {
		for range All(loadCat(b)) {
			pdf := layout.NewBlankDoc(layout.A4, "x")
			pdf.SetCompression(false)
			pdf.AddPage()
			for _, style := range []string{"", "B"} {
				layout.SetFont(pdf, layout.Font, style, 8)
				pdf.Text(10, 10, "Tripod")
			}
			if _, err := layout.Bytes(pdf); err != nil {
				b.Fatal(err)
			}
		}
	}
}
