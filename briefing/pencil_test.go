package briefing_test

import (
	"image"
	"strings"
	"testing"

	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

const dpi = 150

// mm converts pixels of the raster to mm.
func mm(px int) float64 { return float64(px) * 25.4 / dpi }

// px converts mm to pixels of the raster.
func px(v float64) int { return int(v * dpi / 25.4) }

// ink returns the bounding box of the dark pixels in r (mm from the page's
// corner are given, pixels looked at), empty when there are none.
func ink(img *image.Gray, x0, y0, x1, y1 float64) image.Rectangle {
	var box image.Rectangle
	b := img.Bounds()
	for y := max(px(y0), b.Min.Y); y < min(px(y1), b.Max.Y); y++ {
		for x := max(px(x0), b.Min.X); x < min(px(x1), b.Max.X); x++ {
			if img.GrayAt(x, y).Y < 128 {
				p := image.Rect(x, y, x+1, y+1)
				if box.Empty() {
					box = p
				} else {
					box = box.Union(p)
				}
			}
		}
	}
	return box
}

// TestSecretSheetFitsAPencil measures the secret deployment sheet in the
// PDF, for hands and pencils: every tick box at least 3.5 mm, every write-in field
// at least 30 mm wide and 7 mm tall (its line at least 7 mm below what is
// printed above it), on both papers.
func TestSecretSheetFitsAPencil(t *testing.T) {
	t.Parallel()
	cat := shipped.Catalog(t)
	sheets := 0
	for _, s := range cat.Systems {
		for _, sc := range s.Scenarios {
			for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
				b := build(t, cat, s.ID+"/"+sc.ID)
				if b.Sheet == nil {
					continue
				}
				sheets++
				texts, _ := renderText(t, b, paper)
				pages := raster(t, b, paper)
				first := 0
				for _, x := range texts {
					if strings.HasPrefix(x.S, "Secret deployment") && x.Size > 12 {
						first = x.Page
					}
				}
				if first == 0 {
					t.Fatalf("%s/%s: no secret deployment sheet found", sc.ID, paper.Name)
				}
				boxes, fields := 0, 0
				for i, x := range texts {
					if x.Page < first {
						continue
					}
					s := strings.TrimSpace(x.S)
					if s == "□" {
						boxes++
						r := ink(pages[x.Page-1], x.X-0.5, x.Y-8, x.X+8, x.Y+1.5)
						if side := min(mm(r.Dx()), mm(r.Dy())); side < 3.5 {
							t.Errorf("%s/%s page %d: a tick box %.2f mm a side; want at least 3.5 mm", sc.ID, paper.Name, x.Page, side)
						}
					}
					if len(s) >= 10 && strings.Trim(s, "_") == "" {
						fields++
						r := ink(pages[x.Page-1], x.X-0.5, x.Y-0.2, x.X+200, x.Y+1.5)
						if w := mm(r.Dx()); w < 30 {
							t.Errorf("%s/%s page %d: a write-in field %.1f mm wide; want at least 30 mm", sc.ID, paper.Name, x.Page, w)
						}
						// The nearest text above it on the page, in its column or
						// spanning it: the field is the room between.
						above := -1.0
						for j, y := range texts {
							if j == i || y.Page != x.Page || y.Y >= x.Y-0.5 || strings.TrimSpace(y.S) == "" || y.X < x.X-1 || y.X > x.X+mm(r.Dx()) {
								continue
							}
							above = max(above, y.Y)
						}
						if above >= 0 {
							if h := x.Y - above; h < 7 {
								t.Errorf("%s/%s page %d: a write-in field %.1f mm tall (below %.1f mm); want at least 7 mm", sc.ID, paper.Name, x.Page, h, above)
							}
						}
					}
				}
				if boxes == 0 || fields == 0 {
					t.Errorf("%s/%s: %d tick boxes and %d write-in fields found on the secret sheet", sc.ID, paper.Name, boxes, fields)
				}
			}
		}
	}
	if sheets == 0 {
		t.Fatal("no scenario has a secret deployment sheet")
	}
}

// raster prints the briefing and returns its pages as grey images.
func raster(t *testing.T, b *briefing.Briefing, paper layout.Paper) []*image.Gray {
	t.Helper()
	pdf, _, err := b.Render(briefing.Options{Paper: paper})
	if err != nil {
		t.Fatal(err)
	}
	data, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.Raster(t, data, dpi)
}
