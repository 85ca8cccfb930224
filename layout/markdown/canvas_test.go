package markdown

import (
	"bytes"
	"regexp"
	"testing"

	"github.com/playaid/playaid/layout"
)

// TestCanvasFonts: every run of text a pdfCanvas draws is shown in the
// font and size it asked for, though the canvas sets a font only when it
// changes — also after a new page, and after the calibration bars, which
// set a font of their own.
func TestCanvasFonts(t *testing.T) {
	pdf := layout.NewBlankDoc(layout.A4, "")
	pdf.SetCompression(false)
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
	// Follow the pages' operators: the font and size set last (a Tf,
	// fpdf's font names being hex digests) when each run is shown.
	ops := regexp.MustCompile(`/F[0-9a-f]+ [\d.]+ Tf|\([^)]*\) Tj`).FindAll(b, -1)
	var cur string
	var got []string
	for _, op := range ops {
		if bytes.HasSuffix(op, []byte("Tf")) {
			cur = string(op)
			continue
		}
		if bytes.Contains(op, []byte("\x00r\x00u\x00n")) {
			got = append(got, cur)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d runs shown, want %d", len(got), len(want))
	}
	// Runs asked for in the same face must be shown in the same font
	// operator, and runs in different faces in different ones.
	for i := range want {
		for j := range i {
			if same := want[i] == want[j]; same != (got[i] == got[j]) {
				t.Errorf("run %d shown with %q and run %d with %q; same face asked: %v", i, got[i], j, got[j], same)
			}
		}
	}
}
