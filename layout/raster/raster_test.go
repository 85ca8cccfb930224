package raster_test

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/raster"
)

// shapes is a page of everything fpdf draws on cards and more: fills and
// outlines in colour, thin and thick lines with each cap and join, a
// dashed line, curves (a circle, an ellipse, rounded corners), text in the
// three faces at several sizes and colours, text turned by a transform,
// and a grey fill that runs off the page (a bleed).
func shapes(t testing.TB, compress bool) []byte {
	return shapesTitled(t, compress, "Title in the band")
}

// shapesTitled is shapes with title in the band.
func shapesTitled(t testing.TB, compress bool, title string) []byte {
	t.Helper()
	pdf := layout.NewDoc(layout.Paper{Name: "card", Width: 69, Height: 94}, "shapes")
	pdf.SetCompression(compress)
	pdf.AddPage()
	pdf.SetFillColor(34, 58, 112)
	pdf.Rect(-3, -3, 75, 20, "F")
	pdf.SetFillColor(232, 236, 241)
	pdf.SetDrawColor(40, 40, 40)
	pdf.SetLineWidth(0.4)
	pdf.Rect(6, 22, 20, 10, "FD")
	for i, cap := range []string{"butt", "round", "square"} {
		pdf.SetLineCapStyle(cap)
		pdf.SetLineWidth(1.2)
		pdf.Line(32, 22+float64(i)*4, 60, 22+float64(i)*4)
	}
	for i, join := range []string{"miter", "round", "bevel"} {
		pdf.SetLineJoinStyle(join)
		pdf.SetLineCapStyle("butt")
		pdf.SetLineWidth(1.5)
		x := 8 + float64(i)*18
		pdf.Polygon([]fpdf.PointType{{X: x, Y: 46}, {X: x + 6, Y: 36}, {X: x + 12, Y: 46}}, "D")
	}
	pdf.SetLineJoinStyle("miter")
	pdf.SetLineWidth(0.3)
	pdf.SetDashPattern([]float64{2, 1.5}, 0)
	pdf.Line(6, 50, 63, 50)
	pdf.SetDashPattern(nil, 0)
	pdf.SetFillColor(200, 60, 40)
	pdf.Circle(14, 58, 5, "FD")
	pdf.Ellipse(34, 58, 9, 4, 20, "D")
	pdf.SetFillColor(250, 240, 200)
	pdf.RoundedRect(46, 53, 16, 10, 2.5, "1234", "FD")
	for i, face := range []string{"", "B", "I"} {
		layout.SetFont(pdf, layout.Font, face, 7+2*float64(i))
		pdf.SetTextColor(20*i, 30, 60+40*i)
		layout.Text(pdf, 6, 72+float64(i)*5, "Shooting 12″ · 25% – “Hits” ½")
	}
	layout.SetFont(pdf, layout.Font, "B", 10)
	pdf.SetTextColor(255, 255, 255)
	layout.Text(pdf, 8, 11, title)
	pdf.TransformBegin()
	pdf.TransformRotate(90, 64, 90)
	layout.SetFont(pdf, layout.FontMono, "", 6.5)
	pdf.SetTextColor(0, 0, 0)
	layout.Text(pdf, 64, 90, "turned 90°, 0123")
	pdf.TransformEnd()
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func render(t testing.TB, pdf []byte, dpi float64) []*image.RGBA {
	t.Helper()
	d, err := raster.Open(pdf)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*image.RGBA, d.Pages())
	for i := range out {
		if out[i], err = d.Render(i, dpi); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestAgainstPoppler: the page drawn here has the ink poppler's pdftoppm
// gives it, and the same colours, compressed or not.
func TestAgainstPoppler(t *testing.T) {
	t.Parallel()
	for _, compress := range []bool{true, false} {
		pdf := shapes(t, compress)
		mine := render(t, pdf, 300)
		theirs := pdftest.RasterColour(t, pdf, 300, 1, 1)
		ag := pdftest.Compare(mine[0], theirs[0], 2)
		t.Logf("compress %v: %v", compress, ag)
		if ag.OffShare() > 0.01 || ag.FlatDiff > 0.5 || ag.MeanDiff > 4 || ag.Edge < 5000 {
			t.Errorf("compress %v: the page differs from poppler's: %v", compress, ag)
		}
		// Within one pixel, too (poppler hints the glyphs to the pixel
		// grid: undilated, some three in ten edge pixels differ).
		if ag := pdftest.Compare(mine[0], theirs[0], 1); ag.OffShare() > 0.02 {
			t.Errorf("compress %v: within one pixel, %v", compress, ag)
		} else {
			t.Logf("within one pixel: %v", ag)
		}
	}
}

// TestComparisonSees: the comparison with poppler fails a page that
// lacks one word, white on the band.
func TestComparisonSees(t *testing.T) {
	mine := render(t, shapesTitled(t, true, "Title in the band"), 300)
	theirs := pdftest.RasterColour(t, shapesTitled(t, true, "Title in the"), 300, 1, 1)
	if ag := pdftest.Compare(mine[0], theirs[0], 2); ag.OffShare() < 0.02 {
		t.Errorf("a word missing passes: %v", ag)
	} else {
		t.Logf("a word missing: %v", ag)
	}
}

// TestSize: the image is the page's size at the resolution, rounded to
// whole pixels; the paper is white where nothing is drawn.
func TestSize(t *testing.T) {
	img := render(t, shapes(t, true), 300)[0]
	if got, want := img.Bounds().Size(), (image.Point{815, 1110}); got != want {
		t.Errorf("69 × 94 mm at 300 dpi: %v pixels, want %v", got, want)
	}
	if c := img.RGBAAt(300, 1100); c.R != 255 || c.G != 255 || c.B != 255 {
		t.Errorf("the paper at the foot is %v, want white", c)
	}
	if c := img.RGBAAt(2, 2); c.R != 34 || c.G != 58 || c.B != 112 {
		t.Errorf("the band in the bleed's corner is %v, want 34,58,112", c)
	}
}

// TestSameBytes: the same PDF gives the same PNG bytes, which say 300 dpi
// in their pHYs chunk and decode to the image.
func TestSameBytes(t *testing.T) {
	pdf := shapes(t, true)
	a, err := raster.PNG(render(t, pdf, 300)[0], 300)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := raster.PNG(render(t, pdf, 300)[0], 300)
	if !bytes.Equal(a, b) {
		t.Error("two renderings of one PDF give different PNG bytes")
	}
	img, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Dx() != 815 {
		t.Errorf("decoded %v", img.Bounds())
	}
	i := bytes.Index(a, []byte("pHYs"))
	if i < 0 || i > 40 {
		t.Fatal("no pHYs chunk before the image data")
	}
	x, y, unit := binary.BigEndian.Uint32(a[i+4:]), binary.BigEndian.Uint32(a[i+8:]), a[i+12]
	if x != 11811 || y != 11811 || unit != 1 {
		t.Errorf("pHYs %d × %d per unit %d, want 11811 per metre (300 dpi)", x, y, unit)
	}
}

// TestUnsupported: what the package does not draw is an error naming it,
// never a page drawn without it.
func TestUnsupported(t *testing.T) {
	pdf := layout.NewDoc(layout.Paper{Name: "card", Width: 69, Height: 94}, "clip")
	pdf.AddPage()
	pdf.ClipRect(5, 5, 20, 20, false)
	pdf.Rect(0, 0, 50, 50, "F")
	pdf.ClipEnd()
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	d, err := raster.Open(b)
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Render(0, 100)
	if err == nil || !strings.Contains(err.Error(), "page 1: W") {
		t.Errorf("a clip: %v, want an error naming W on page 1", err)
	}
}

// TestBrokenPDF: a PDF cut short anywhere, or with bytes changed, is an
// error or a page, never a panic or a hang.
func TestBrokenPDF(t *testing.T) {
	t.Parallel()
	pdf := shapes(t, false)
	step := max(1, len(pdf)/300)
	for n := 0; n < len(pdf); n += step {
		if d, err := raster.Open(pdf[:n]); err == nil && d.Pages() > 0 {
			d.Render(0, 20)
		}
		bad := bytes.Clone(pdf)
		bad[n] ^= 0x55
		if d, err := raster.Open(bad); err == nil && d.Pages() > 0 {
			d.Render(0, 20)
		}
	}
	if _, err := raster.Open([]byte("not a PDF")); err == nil {
		t.Error("not a PDF: no error")
	}
}

// FuzzOpen: no input makes the reader panic (its seeds run in go test).
func FuzzOpen(f *testing.F) {
	f.Add(shapes(f, false))
	f.Add([]byte("%PDF-1.3\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer <</Root 1 0 R>>\nstartxref\n44\n%%EOF"))
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := raster.Open(b)
		if err != nil {
			return
		}
		for i := range min(d.Pages(), 2) {
			d.Render(i, 10)
		}
	})
}

func BenchmarkRender(b *testing.B) {
	pdf := shapes(b, true)
	for b.Loop() {
		d, _ := raster.Open(pdf)
		img, err := d.Render(0, 300)
		if err != nil {
			b.Fatal(err)
		}
		raster.PNG(img, 300)
	}
}

// TestFarOff: shapes reaching far past the page (a line 10 m wide, a
// triangle 100 m across round the page) are cut to it: the page is covered
// where they cover it, and drawing them costs what the page does.
func TestFarOff(t *testing.T) {
	pdf := layout.NewDoc(layout.Paper{Name: "card", Width: 69, Height: 94}, "far")
	pdf.AddPage()
	pdf.SetDrawColor(200, 0, 0)
	pdf.SetLineWidth(10000)
	pdf.Line(-5000, 20, 5000, 20)
	pdf.AddPage()
	pdf.SetFillColor(0, 0, 200)
	pdf.Polygon([]fpdf.PointType{{X: -50000, Y: -50000}, {X: 50000, Y: -50000}, {X: 0, Y: 50000}}, "F")
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages := render(t, b, 100)
	for i, want := range []struct{ r, b uint8 }{{200, 0}, {0, 200}} {
		img := pages[i]
		for _, at := range []image.Point{{0, 0}, {img.Bounds().Dx() - 1, img.Bounds().Dy() - 1}, {100, 5}} {
			if c := img.RGBAAt(at.X, at.Y); c.R != want.r || c.B != want.b {
				t.Errorf("page %d at %v: %v, want red %d blue %d", i+1, at, c, want.r, want.b)
			}
		}
	}
}
