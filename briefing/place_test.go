package briefing

import (
	"bytes"
	"testing"

	"github.com/playaid/playaid/internal/shipped"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
)

// TestMapPlace: the table map of every shipped briefing starts under the
// last text before it on its page — on the page of the text when the map
// fits there at 1 cm = 5 in or larger, else on a page of its own — and
// the last page of text before it is never nearly empty (a quarter full
// at least) when the map does not share it.
func TestMapPlace(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, s := range cat.Systems {
		for i := range s.Scenarios {
			sc := &s.Scenarios[i]
			if sc.Map == nil {
				continue
			}
			b, err := New(s, sc, "")
			if err != nil {
				t.Fatal(err)
			}
			for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
				md, err := b.Markdown("")
				if err != nil {
					t.Fatal(err)
				}
				mo := b.mdOptions(paper)
				md, at, placed, err := b.placeMap(md, bytes.Index(md, []byte(MapMarker)), mo)
				if err != nil {
					t.Fatal(err)
				}
				page, end, err := markdown.End(md[:at], mo)
				if err != nil {
					t.Fatal(err)
				}
				spot, err := newMapSpot(md, at, mo)
				if err != nil || spot.page != page || spot.box.Y <= end {
					t.Errorf("%s on %s: map box at %g mm on page %d, text ends at %g mm on page %d (%v)", sc.ID, paper.Name, spot.box.Y, spot.page, end, page, err)
				}
				// Where placing the map found its spot, Render uses that
				// spot instead of laying the text out again: it must be
				// the one the final Markdown gives.
				if placed != nil && *placed != spot {
					t.Errorf("%s on %s: placing found the map at %+v, the final Markdown puts it at %+v", sc.ID, paper.Name, *placed, spot)
				}
				if !onOwnPage(md, at) {
					continue
				}
				// The map has a page of its own: the text before it
				// fills its last page to a quarter at least.
				before := md[:bytes.LastIndex(md[:at], []byte(pageBreak))]
				l, err := markdown.Measure(before, mo)
				if err != nil {
					t.Fatal(err)
				}
				if e := l.Empty(l.Pages); e > 0.75 {
					t.Errorf("%s on %s: the last page of text before the map, page %d, is %.0f%% empty", sc.ID, paper.Name, l.Pages, 100*e)
				}
			}
		}
	}
}
