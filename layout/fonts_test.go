package layout

import (
	"bytes"
	"regexp"
	"testing"
)

// TestDocumentsShareSubsets: two documents whose texts differ but keep
// within subsetRunes embed the same subset of each face, byte for byte
// (made once, shared: see subsetRunes), and a text beyond them embeds
// another.
func TestDocumentsShareSubsets(t *testing.T) {
	render := func(text string) [][]byte {
		t.Helper()
		pdf := NewBlankDoc(A4, "")
		pdf.AddPage()
		for _, style := range []string{"", "B", "I"} {
			SetFont(pdf, Font, style, 9)
			pdf.Text(10, 10, text)
		}
		doc, err := Bytes(pdf)
		if err != nil {
			t.Fatal(err)
		}
		// the font files, in the order of their faces (catalog sort)
		var files [][]byte
		for _, m := range regexp.MustCompile(`(?s)/Length1 \d+\n>>\nstream\n(.*?)\nendstream`).FindAllSubmatch(doc, -1) {
			files = append(files, m[1])
		}
		if len(files) != 3 {
			t.Fatalf("%q: %d font files, want 3", text, len(files))
		}
		return files
	}
	a := render("Tripod – 2″ at 12″: 5+ hits (50 %).")
	b := render("Walker “Dug In” ×2 … −1 to hit; ≤ 3 † ‡")
	c := render("Tripod ½") // ½ is beyond subsetRunes
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			t.Errorf("face %d: texts within subsetRunes embed different subsets", i)
		}
		if bytes.Equal(a[i], c[i]) {
			t.Errorf("face %d: a text with ½ embeds the same subset as one without", i)
		}
	}
}
