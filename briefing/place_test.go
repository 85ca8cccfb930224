package briefing

import (
	"bytes"
	"strings"
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
				at := bytes.Index(md, []byte(MapMarker))
				mo := b.planned(md, at, b.mdOptions(paper))
				l, err := markdown.Measure(md, mo)
				if err != nil {
					t.Fatal(err)
				}
				md, spot, _, mo, err := b.placeMap(prepared(t, md, mo), md, at, l, mo)
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
				// (With the footnotes' definitions: a heading's marks print
				// their lines under it, before the map.)
				prefix := append(append([]byte(nil), md[:at]...), bytes.Join(footDefs.FindAll(md, -1), []byte("\n"))...)
				page, end, err := markdown.End(prefix, mo)
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

// TestMapSharesWhenTighter: a map that does not fit under its text as
// the text is usually set, but does with tighter space between the
// blocks, shares the page rather than leave it half empty for a page of
// its own. The Boys of Company C, on a page a little shorter or longer
// than Letter's, found millimetre by millimetre, until its map is such a
// map.
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
	at := bytes.Index(md, []byte(MapMarker))
	for dh := -40.0; dh <= 40; dh++ {
		paper := layout.Letter
		paper.Height += dh
		mo := b.mdOptions(paper)
		l, err := markdown.Measure(md, mo)
		if err != nil {
			t.Fatal(err)
		}
		if spot, err := spotOf(l, md, at, mo); err != nil || b.fits(spot.box, mo) {
			continue // it fits as usually set
		}
		placed, spot, _, tight, err := b.placeMap(prepared(t, md, mo), md, at, l, mo)
		if err != nil {
			t.Fatal(err)
		}
		if tight.Tight == 0 {
			continue // it needs a page of its own
		}
		page, _, err := markdown.End(md[:at], tight)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(placed, md) || !b.fits(spot.box, tight) || spot.page != page {
			t.Errorf("a page %g mm tall: the map on page %d, the text before it ending on page %d, tightened %g, a page break added: %v", paper.Height, spot.page, page, tight.Tight, !bytes.Equal(placed, md))
		}
		return
	}
	t.Fatal("no page height near Letter's leaves a map that shares its page only when tightened: the test no longer tests")
}

// prepared is md parsed for placeMap's tries.
func prepared(t *testing.T, md []byte, mo markdown.Options) *markdown.Source {
	t.Helper()
	src, err := markdown.Prepare(md, mo)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestSamePagesBothPapers: every shipped briefing takes as many pages on
// Letter as on A4 — Letter's shorter page is made up by the map's legend
// beside it and tighter space between blocks, not by a page with the map
// alone.
func TestSamePagesBothPapers(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, s := range cat.Systems {
		for i := range s.Scenarios {
			sc := &s.Scenarios[i]
			b, err := New(s, sc, "")
			if err != nil {
				t.Fatal(err)
			}
			pages := map[string]int{}
			for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
				pdf, _, err := b.Render(Options{Paper: paper})
				if err != nil {
					t.Fatal(err)
				}
				pages[paper.Name] = pdf.PageCount()
			}
			if pages[layout.A4.Name] != pages[layout.Letter.Name] {
				t.Errorf("%s: %d pages on A4, %d on Letter", sc.ID, pages[layout.A4.Name], pages[layout.Letter.Name])
			}
		}
	}
}

// TestMapLast: mapLast accepts what follows the map marker exactly when,
// with footDefs' definitions taken out, it is nothing or starts with a
// page break.
func TestMapLast(t *testing.T) {
	for _, tail := range []string{
		"", "\n", "\n[^R1]: Ruling: x.\n", "\n\n" + pageBreak + "\n\nMore text.\n", "\nMore text.\n",
		"\n[^R1]: x\nMore\n", "\n  [^R1]: x\n", " [^R1]: x", "\n[^R 1]: x\n", pageBreak + "more",
		"\n[^R1]: x\n\n[^R2]: y\n" + pageBreak, "\n[^R1]:x\n", "\n \t\n" + pageBreak, "\n\u00a0" + pageBreak,
	} {
		md := []byte("# Map\n\n" + MapMarker + tail)
		after := strings.TrimSpace(footDefs.ReplaceAllString(tail, ""))
		want := after == "" || strings.HasPrefix(after, pageBreak)
		if err := mapLast(md, bytes.Index(md, []byte(MapMarker))); (err == nil) != want {
			t.Errorf("mapLast with %q after the marker: %v; want it refused: %v", tail, err, !want)
		}
	}
}
