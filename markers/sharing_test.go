package markers

import (
	"math"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// TestSheetsShared prints every shipped rule set's markers in one
// document, on A4 and Letter, fronts alone, with backs for either flip and
// folded: a rule set starts below the last one's pieces
// where they leave room, so the document needs fewer sheets than the rule
// sets printed one by one (folded, no more); no front but the last is under 40 % used (the
// pieces reach that far down the area); and each rule set that starts on
// a shared page is named by a caption, read back from the PDF, in the
// strip between its pieces and those above, clear of every piece and its
// crop marks.
func TestSheetsShared(t *testing.T) {
	t.Parallel()
	cat := shipped.Catalog(t)
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for _, backs := range []Flip{NoBacks, LongEdge, ShortEdge, Fold} {
			opt := Options{Paper: paper, Backs: backs}
			where := paper.Name + ", backs " + backs.String()
			alone := 0
			for _, s := range cat.Systems {
				if len(s.Markers) > 0 {
					alone += len(fronts(planned(t, []*catalog.System{s}, opt)))
				}
			}
			sh := planned(t, cat.Systems, opt)
			fs := fronts(sh)
			// Folded, a sheet holds half as much: there the shipped rule
			// sets leave too little room to save a sheet.
			if len(fs) > alone || len(fs) == alone && backs != Fold {
				t.Errorf("%s: %d sheets for all rule sets together, %d for them one by one; want fewer together", where, len(fs), alone)
			}
			a := areaFor(opt)
			for i, pg := range fs[:len(fs)-1] {
				bottom := a.Y
				for _, pl := range pg.items {
					bottom = math.Max(bottom, pl.r.Y+pl.r.H)
				}
				if used := (bottom - a.Y) / a.H; used < 0.40 {
					t.Errorf("%s: sheet %d of %d is %.0f%% used; want at least 40%% on every sheet but the last", where, i+1, len(fs), 100*used)
				}
			}

			b, err := Render(cat.Systems, opt)
			if err != nil {
				t.Fatal(err)
			}
			texts, err := pdftest.Read(b)
			if err != nil {
				t.Fatal(err)
			}
			captions := 0
			for n, pg := range sh.pages {
				systems := map[string]bool{}
				for _, pl := range pg.items {
					systems[pl.p.sys.ID] = true
				}
				if !pg.back && len(pg.captions) != len(systems)-1 {
					t.Errorf("%s page %d: pieces of %d rule sets, %d captions; want one for each rule set after the first", where, n+1, len(systems), len(pg.captions))
				}
				for _, c := range pg.captions {
					captions++
					checkCaption(t, where, n+1, pg, c, texts)
				}
			}
			if captions == 0 && backs != Fold {
				t.Errorf("%s: no page is shared by two rule sets", where)
			}
		}
	}
}

// fronts are the pages of fronts of a sheet.
func fronts(sh *sheet) []*page {
	var out []*page
	for _, pg := range sh.pages {
		if !pg.back {
			out = append(out, pg)
		}
	}
	return out
}

// checkCaption finds caption c printed on page n and checks that it names
// the rule set of the pieces right below it, and that its ink (cap height
// to descender) keeps clear of every piece's box grown by its crop marks.
func checkCaption(t *testing.T, where string, n int, pg *page, c caption, texts []pdftest.Text) {
	t.Helper()
	var got *pdftest.Text
	for i, tx := range texts {
		if tx.Page == n && tx.S == c.text && math.Abs(tx.Y-c.y) < 0.01 {
			got = &texts[i]
		}
	}
	if got == nil {
		t.Errorf("%s page %d: caption %q not printed", where, n, c.text)
		return
	}
	if got.Size < subMin {
		t.Errorf("%s page %d: caption %q at %.2f pt; want at least %.1f", where, n, c.text, got.Size, subMin)
	}
	// The rule set named is that of the nearest piece below.
	var below *placement
	for i, pl := range pg.items {
		if pl.r.Y > c.y && (below == nil || pl.r.Y < below.r.Y) {
			below = &pg.items[i]
		}
	}
	if below == nil || !strings.HasPrefix(c.text, short(below.p.sys)) {
		t.Errorf("%s page %d: caption %q does not name the rule set below it", where, n, c.text)
	}
	width := measurer()
	em := got.Size / ptPerMM
	ink := rect{X: got.X, Y: got.Y - 0.72*em, W: width(*got), H: 0.72*em + 0.22*em}
	for _, pl := range pg.items {
		r := pl.r
		grown := rect{X: r.X - layout.CropTo, Y: r.Y - layout.CropTo, W: r.W + 2*layout.CropTo, H: r.H + 2*layout.CropTo}
		if ink.X < grown.X+grown.W && grown.X < ink.X+ink.W && ink.Y < grown.Y+grown.H && grown.Y < ink.Y+ink.H {
			t.Errorf("%s page %d: caption %q at %v touches %s at %v or its crop marks", where, n, c.text, ink, pl.p.kind.ID, r)
		}
	}
}
