package briefing

import (
	"bytes"
	"testing"

	"github.com/playaid/playaid/catalog/shipped"
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
				at := bytes.Index(md, []byte(MapMarker))
				l, err := markdown.Measure(md, mo)
				if err != nil {
					t.Fatal(err)
				}
				spot, err := spotOf(l, md, at, mo)
				if err != nil {
					t.Fatal(err)
				}
				if !onOwnPage(md, at) && !b.fits(spot.box, mo) {
					if md, at, err = ownPage(md, at); err != nil {
						t.Fatal(err)
					}
					if l, err = markdown.Measure(md, mo); err != nil {
						t.Fatal(err)
					}
					if spot, err = spotOf(l, md, at, mo); err != nil {
						t.Fatal(err)
					}
				}
				// The spot, found in the whole document's layout, is
				// where the Markdown before the marker, laid out alone,
				// ends: the map starts under the last text before it.
				page, end, err := markdown.End(md[:at], mo)
				if err != nil {
					t.Fatal(err)
				}
				if spot.page != page || spot.box.Y != end+mapGap {
					t.Errorf("%s on %s: map box at %g mm on page %d, text ends at %g mm on page %d", sc.ID, paper.Name, spot.box.Y, spot.page, end, page)
				}
				_, plan, err := b.Render(Options{Paper: paper})
				if err != nil || plan == nil || plan.Box != spot.box {
					t.Errorf("%s on %s: Render drew the map in %+v (%v); want %+v", sc.ID, paper.Name, plan, err, spot.box)
				}
				if !onOwnPage(md, at) {
					continue
				}
				// The map has a page of its own: the text before it
				// fills its last page to a quarter at least.
				before := md[:bytes.LastIndex(md[:at], []byte(pageBreak))]
				pre, err := markdown.Measure(before, mo)
				if err != nil {
					t.Fatal(err)
				}
				if e := pre.Empty(pre.Pages); e > 0.75 {
					t.Errorf("%s on %s: the last page of text before the map, page %d, is %.0f%% empty", sc.ID, paper.Name, pre.Pages, 100*e)
				}
			}
		}
	}
}
