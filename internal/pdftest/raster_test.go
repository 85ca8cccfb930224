package pdftest

import (
	"image"
	"image/color"
	"testing"

	"github.com/playaid/playaid/layout"
)

// TestRaster: a black square on the first of two pages comes back dark
// where it was drawn and paper elsewhere, one image a page.
func TestRaster(t *testing.T) {
	pdf := layout.NewBlankDoc(layout.A4, "raster")
	pdf.AddPage()
	pdf.Rect(10, 10, 20, 20, "F") // mm: 100 to 300 px at 254 dpi
	pdf.AddPage()
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages := Raster(t, b, 254)
	if len(pages) != 2 {
		t.Fatalf("%d pages; want 2", len(pages))
	}
	if w := pages[0].Bounds().Dx(); w < 2090 || w > 2110 {
		t.Errorf("page width %d px; want A4's 210 mm at 10 px a millimetre", w)
	}
	for _, c := range []struct {
		page, x, y int
		dark       bool
	}{{0, 200, 200, true}, {0, 500, 500, false}, {0, 95, 200, false}, {1, 200, 200, false}} {
		if v := pages[c.page].GrayAt(c.x, c.y).Y; (v < 128) != c.dark {
			t.Errorf("page %d (%d, %d): grey %d; want dark %v", c.page+1, c.x, c.y, v, c.dark)
		}
	}
}

// TestDarkRuns: two black bars across a row are two runs; a row of paper
// none.
func TestDarkRuns(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 10, 2))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for _, x := range []int{1, 2, 6} {
		img.SetGray(x, 0, color.Gray{0})
	}
	if n := DarkRuns(img, 0); n != 2 {
		t.Errorf("row 0: %d runs; want 2", n)
	}
	if n := DarkRuns(img, 1); n != 0 {
		t.Errorf("row 1: %d runs; want 0", n)
	}
}
