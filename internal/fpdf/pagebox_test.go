package fpdf

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestPageBoxesInOrder: a page with several boxes writes them in the
// order of their names, so the same document gives the same bytes every
// time (they were written in a map's order, which changes from run to
// run).
func TestPageBoxesInOrder(t *testing.T) {
	render := func() []byte {
		pdf := New("P", "mm", "A4", "")
		pdf.SetCatalogSort(true)
		pdf.SetCreationDate(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		pdf.SetModificationDate(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
		pdf.SetPageBox("TrimBox", 3, 3, 63, 88)
		pdf.SetPageBox("BleedBox", 0, 0, 69, 94)
		pdf.SetPageBox("ArtBox", 5, 5, 59, 84)
		pdf.SetPageBox("CropBox", 0, 0, 69, 94)
		pdf.AddPage()
		var buf bytes.Buffer
		if err := pdf.Output(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	first := render()
	s := string(first)
	var at []int
	for _, box := range []string{"/ArtBox", "/BleedBox", "/CropBox", "/TrimBox"} {
		i := strings.Index(s, box)
		if i < 0 {
			t.Fatalf("no %s in the page", box)
		}
		at = append(at, i)
	}
	for i := 1; i < len(at); i++ {
		if at[i] < at[i-1] {
			t.Errorf("page boxes out of order at %v", at)
		}
	}
	for range 20 {
		if !bytes.Equal(render(), first) {
			t.Fatal("the same document came out different")
		}
	}
}
