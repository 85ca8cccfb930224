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
				md, spot, _, mo, err := b.placeMap(md, at, l, mo)
				if err != nil {
					t.Fatal(err)
				}
				at = bytes.Index(md, []byte(MapMarker))
				if !onOwnPage(md, at) && !b.fits(spot.box, mo) {
					t.Errorf("%s on %s: the map shares a page it does not fit at 1 cm = %g in", sc.ID, paper.Name, mapShareScale)
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

// TestMapSharesWhenTighter: the Boys of Company C's map does not fit under
// its text on Letter as the text is usually set; with tighter space
// between the blocks it does, and shares the page rather than leave it
// half empty for a page of its own.
func TestMapSharesWhenTighter(t *testing.T) {
	cat := shipped.Catalog(t)
	s := cat.System("aqotmf")
	b, err := New(s, s.Scenario("boys-of-company-c"), "")
	if err != nil {
		t.Fatal(err)
	}
	md, err := b.Markdown("")
	if err != nil {
		t.Fatal(err)
	}
	mo := b.mdOptions(layout.Letter)
	at := bytes.Index(md, []byte(MapMarker))
	l, err := markdown.Measure(md, mo)
	if err != nil {
		t.Fatal(err)
	}
	if spot, err := spotOf(l, md, at, mo); err != nil || b.fits(spot.box, mo) {
		t.Fatalf("the map fits as the text is usually set (%v): the test no longer tests", err)
	}
	placed, spot, _, tight, err := b.placeMap(md, at, l, mo)
	if err != nil {
		t.Fatal(err)
	}
	page, _, err := markdown.End(md[:at], tight)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(placed, md) || tight.Tight == 0 || !b.fits(spot.box, tight) || spot.page != page {
		t.Errorf("the map on page %d, the text before it ending on page %d, tightened %g, a page break added: %v", spot.page, page, tight.Tight, !bytes.Equal(placed, md))
	}
}
