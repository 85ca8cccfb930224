package markdown

import (
	"testing"

	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// TestCanvasFonts: every run of text a pdfCanvas draws is shown in the
// font and size it asked for, though the canvas sets a font only when it
// changes — also after a new page, and after the calibration bars, which
// set a font of their own.
func TestCanvasFonts(t *testing.T) {
	pdf := layout.NewBlankDoc(layout.A4, "")
	c := &pdfCanvas{pdf: pdf}
	regular := newFace(layout.Font, "", 9, rgb{})
	bold := newFace(layout.Font, "B", 9, rgb{})
	small := newFace(layout.Font, "", 7, rgb{})
	want := []face{regular, regular, bold, regular, small, regular}
	c.AddPage()
	for i, f := range want[:5] {
		c.Text(20, 20+float64(i)*5, "run", f)
	}
	c.Calibration(20, 100)
	c.AddPage()
	c.Text(20, 20, "run", regular) // after the bars' font and a new page
	c.Calibration(20, 100)
	c.Text(20, 40, "run", regular) // after the bars' font alone
	want = append(want, regular)
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	var got []pdftest.Text
	for _, tx := range texts {
		if tx.S == "run" {
			got = append(got, tx)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d runs shown, want %d", len(got), len(want))
	}
	// Runs asked for in the same face are shown in the same font, runs in
	// different faces in different ones, each at the size it asked for.
	for i, f := range want {
		if got[i].Size != f.size {
			t.Errorf("run %d shown at %g pt, want %g", i, got[i].Size, f.size)
		}
		for j := range i {
			if same := f.font == want[j].font; same != (got[i].Font == got[j].Font) {
				t.Errorf("run %d shown in %s and run %d in %s; same font asked: %v", i, got[i].Font, j, got[j].Font, same)
			}
		}
	}
}
