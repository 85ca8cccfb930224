package refcards

import (
	"testing"

	"github.com/playaid/playaid/internal/shipped"
	"github.com/playaid/playaid/layout"
)

// BenchmarkAllCards renders every card of the four decks, as the print
// pack does (side by side). The bar: under 40 ms.
func BenchmarkAllCards(b *testing.B) {
	cat := shipped.Catalog(b)
	all := All()
	for b.Loop() {
		if _, err := RenderAll(all, cat, Options{Paper: layout.A4}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFontsOnly is the floor under BenchmarkAllCards: four documents
// with the two faces the cards use, a page each and one word in each face.
// Most of a deck's time is fpdf registering and embedding its fonts.
func BenchmarkFontsOnly(b *testing.B) {
	for b.Loop() {
		for range All() {
			pdf := layout.NewBlankDoc(layout.A4, "x")
			pdf.SetCompression(false)
			st := &setter{pdf: pdf}
			pdf.AddPage()
			for _, style := range []string{"", "B"} {
				st.font(style, 8)
				pdf.Text(10, 10, "Tripod")
			}
			if _, err := layout.Bytes(pdf); err != nil {
				b.Fatal(err)
			}
		}
	}
}
