package pdftest

import (
	"image"
	"image/draw"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// Raster prints every page of a PDF in grey at dpi through poppler's
// pdftoppm, as paper would show it, so a test can measure ink rather than
// trust the widths the code meant to draw. It skips the test, saying why,
// where pdftoppm is missing (.ci/run installs poppler-utils, so CI always
// runs it). Pages come in order; a pixel is 0 for black, 255 for paper.
func Raster(t testing.TB, pdf []byte, dpi int) []*image.Gray {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) is not installed; skipping the check on the printed page")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-gray", "-r", strconv.Itoa(dpi), in, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	// pdftoppm pads page numbers to one width, so the names sort in
	// page order.
	files, _ := filepath.Glob(filepath.Join(dir, "p-*.pgm"))
	if len(files) == 0 {
		t.Fatal("pdftoppm wrote no pages")
	}
	pages := make([]*image.Gray, len(files))
	for i, f := range files {
		pages[i] = gray(decodeImage(t, f))
	}
	return pages
}

// gray is img in grey, as it is where it already is.
func gray(img image.Image) *image.Gray {
	if g, ok := img.(*image.Gray); ok {
		return g
	}
	g := image.NewGray(img.Bounds())
	draw.Draw(g, g.Bounds(), img, img.Bounds().Min, draw.Src)
	return g
}

// DarkRuns counts the runs of dark pixels (under half grey) across row y
// of a page: a glyph's strokes where the row crosses it. A plain zero
// crossed at its middle shows two; a slashed zero three.
func DarkRuns(img *image.Gray, y int) int {
	runs, dark := 0, false
	for x := range img.Bounds().Dx() {
		d := img.GrayAt(x, y).Y < 128
		if d && !dark {
			runs++
		}
		dark = d
	}
	return runs
}
