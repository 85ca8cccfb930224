package pdftest

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// RasterColour prints pages first to last (from 1) of a PDF in colour at
// dpi through poppler's pdftoppm, skipping the test where it is missing,
// like Raster.
func RasterColour(t testing.TB, pdf []byte, dpi, first, last int) []image.Image {
	t.Helper()
	if _, err := exec.LookPath("pdftoppm"); err != nil {
		t.Skip("pdftoppm (poppler-utils) is not installed; skipping the comparison with poppler's raster")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-r", strconv.Itoa(dpi), "-f", strconv.Itoa(first), "-l", strconv.Itoa(last), in, filepath.Join(dir, "p")}
	if out, err := exec.Command("pdftoppm", args...).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "p-*.ppm"))
	if len(files) != last-first+1 {
		t.Fatalf("pdftoppm wrote %d pages, want %d", len(files), last-first+1)
	}
	out := make([]image.Image, len(files))
	for i, f := range files {
		out[i] = decodeImage(t, f)
	}
	return out
}

// Agreement is how two pictures of one page differ.
type Agreement struct {
	// Edge is how many pixels of b lie on the edge of its ink (pixels
	// under half grey): how much drawing the page has.
	Edge int
	// Off is how many pixels are off by more than the dilation: ink in
	// one picture with no ink that near in the other, or paper (not ink)
	// with no paper that near — white type on a dark band counts.
	Off int
	// MeanDiff is the mean difference of the colour channels over the
	// page, from 0 to 255; FlatDiff the same over the pixels of b whose
	// neighbours within 2 pixels all have their colour (the paper, the
	// bands and fills away from their edges and from type): it shows a
	// colour wrong however the edges are smoothed.
	MeanDiff, FlatDiff float64
}

// OffShare is Off as a share of Edge.
func (a Agreement) OffShare() float64 { return float64(a.Off) / float64(max(1, a.Edge)) }

func (a Agreement) String() string {
	return fmt.Sprintf("%d pixels off (%.2f%% of the %d on the edges of the ink), mean colour difference %.2f, %.2f on flat colour", a.Off, 100*a.OffShare(), a.Edge, a.MeanDiff, a.FlatDiff)
}

// Compare measures how far a drawing a of a page agrees with b (poppler's,
// say): the ink and the paper of each found within dilate pixels of the
// other's, and their colours. The pictures are compared over the area
// both cover.
func Compare(a, b image.Image, dilate int) Agreement {
	r := a.Bounds().Intersect(b.Bounds())
	w, h := r.Dx(), r.Dy()
	inkA, inkB := make([]bool, w*h), make([]bool, w*h)
	colB, diffs := make([]color.NRGBA, w*h), make([]float64, w*h)
	var diff float64
	for y := range h {
		for x := range w {
			ca := color.NRGBAModel.Convert(a.At(r.Min.X+x, r.Min.Y+y)).(color.NRGBA)
			cb := color.NRGBAModel.Convert(b.At(r.Min.X+x, r.Min.Y+y)).(color.NRGBA)
			inkA[y*w+x] = luma(ca) < 128
			inkB[y*w+x] = luma(cb) < 128
			d := absDiff(ca.R, cb.R) + absDiff(ca.G, cb.G) + absDiff(ca.B, cb.B)
			diff += d
			colB[y*w+x], diffs[y*w+x] = cb, d
		}
	}
	var flat float64
	var nFlat int
	for y := 2; y < h-2; y++ {
	next:
		for x := 2; x < w-2; x++ {
			c := colB[y*w+x]
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					if colB[(y+dy)*w+x+dx] != c {
						continue next
					}
				}
			}
			flat += diffs[y*w+x]
			nFlat++
		}
	}
	not := func(m []bool) []bool {
		out := make([]bool, len(m))
		for i, v := range m {
			out[i] = !v
		}
		return out
	}
	paperA, paperB := not(inkA), not(inkB)
	nearInkA, nearInkB := grow(inkA, w, h, dilate), grow(inkB, w, h, dilate)
	nearPaperA, nearPaperB := grow(paperA, w, h, dilate), grow(paperB, w, h, dilate)
	ag := Agreement{MeanDiff: diff / float64(3*max(1, w*h)), FlatDiff: flat / float64(3*max(1, nFlat))}
	for y := range h {
		for x := range w {
			i := y*w + x
			if (inkB[i] && !nearInkA[i]) || (inkA[i] && !nearInkB[i]) ||
				(paperB[i] && !nearPaperA[i]) || (paperA[i] && !nearPaperB[i]) {
				ag.Off++
			}
			if inkB[i] && ((x > 0 && !inkB[i-1]) || (x+1 < w && !inkB[i+1]) || (y > 0 && !inkB[i-w]) || (y+1 < h && !inkB[i+w])) {
				ag.Edge++
			}
		}
	}
	return ag
}

// grow is the mask m (w × h) dilated by d pixels every way (a square).
func grow(m []bool, w, h, d int) []bool {
	row := make([]bool, len(m))
	for y := range h {
		for x := range w {
			for dx := max(0, x-d); dx <= min(w-1, x+d); dx++ {
				if m[y*w+dx] {
					row[y*w+x] = true
					break
				}
			}
		}
	}
	out := make([]bool, len(m))
	for y := range h {
		for x := range w {
			for dy := max(0, y-d); dy <= min(h-1, y+d); dy++ {
				if row[dy*w+x] {
					out[y*w+x] = true
					break
				}
			}
		}
	}
	return out
}

func luma(c color.NRGBA) int { return (299*int(c.R) + 587*int(c.G) + 114*int(c.B)) / 1000 }

func absDiff(a, b uint8) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}

// decodeImage reads the picture pdftoppm wrote at path.
func decodeImage(t testing.TB, path string) image.Image {
	t.Helper()
	img, err := readPNM(path)
	if err != nil {
		t.Fatalf("%s: %v", filepath.Base(path), err)
	}
	return img
}
