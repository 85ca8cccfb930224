package main

import (
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
)

// TestPagesUsed builds the whole print pack on A4 and Letter and checks
// that paper is not wasted: no page of a document is under 40 % used except its last
// (the last two where the document prints fronts and their backs: blips,
// cards). A page's use is how far down its text area the last printed
// text reaches, read from the PDF; the running head and foot do not count.
func TestPagesUsed(t *testing.T) {
	t.Parallel()
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		docs := 0
		kinds := map[pack.Kind]int{}
		for _, d := range shippedPack(t, paper) {
			j, texts := struct{ name string }{d.Name}, d.Texts
			kinds[d.Kind]++
			docs++
			pages := 0
			for _, x := range texts {
				pages = max(pages, x.Page)
			}
			h := paper.Height
			top, bottom := 18.0, h-16 // running head and foot
			last := make([]float64, pages+1)
			for _, x := range texts {
				if x.Y > top && x.Y < bottom {
					last[x.Page] = max(last[x.Page], x.Y)
				}
			}
			keep := 1
			if strings.HasPrefix(j.name, "blips-") || strings.Contains(j.name, "cards") || strings.HasPrefix(j.name, "army-") {
				keep = 2 // fronts and backs, or the roster then its cards
			}
			for pg := 1; pg <= pages-keep; pg++ {
				if used := (last[pg] - top) / (bottom - top); used < 0.40 {
					t.Errorf("%s (%s) page %d of %d is %.0f%% used; want at least 40%% on every page but the last", j.name, paper.Name, pg, pages, 100*used)
				}
			}
		}
		if docs < 20 {
			t.Errorf("%s: only %d documents in the pack", paper.Name, docs)
		}
		// Marker and blip sheets are held to it too.
		for _, k := range []pack.Kind{pack.Markers, pack.Blips} {
			if kinds[k] == 0 {
				t.Errorf("%s: no %s document read", paper.Name, k)
			}
		}
	}
}

// TestHeadingsKeepTheirText checks every document of the pack, read from
// the PDF: a heading (bold, larger than the text under
// it) never ends a column or page without at least two lines of what it
// heads below it, in its column.
func TestHeadingsKeepTheirText(t *testing.T) {
	t.Parallel()
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		headings := 0
		for _, d := range shippedPack(t, paper) {
			j, texts := struct{ name string }{d.Name}, d.Texts
			if strings.HasPrefix(j.name, "markers-") || strings.HasPrefix(j.name, "blips-") || strings.Contains(j.name, "cards") {
				continue // cut-outs and cards: no running text
			}
			bottom := paper.Height - 16
			for _, h := range texts {
				if !strings.Contains(h.Font, "B") || h.Size < 10.5 || h.Size > 16 || h.Y > bottom || h.Y < 18 {
					continue
				}
				headings++
				lines := map[int]bool{}
				for _, x := range texts {
					if x.Page == h.Page && x.Y > h.Y+0.5 && x.Y < bottom && x.X > h.X-2 && x.X < h.X+85 && strings.TrimSpace(x.S) != "" {
						lines[int(x.Y*2)] = true
					}
				}
				if len(lines) < 2 {
					t.Errorf("%s (%s) page %d: heading %q has %d line(s) under it before the foot of its column", j.name, paper.Name, h.Page, h.S, len(lines))
				}
			}
		}
		if headings < 50 {
			t.Errorf("%s: only %d headings found", paper.Name, headings)
		}
	}
}
