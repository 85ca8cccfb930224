package refcards

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

// TestFoldSheets: a deck on fold sheets, both papers: three cards to a
// sheet, every card's title on the front left of the fold line and the
// same title on its back at the mirror image across the line, every
// string of a card inside its live area, and the fold note on the sheet.
func TestFoldSheets(t *testing.T) {
	t.Parallel()
	st := layout.NewBlankDoc(layout.A4, "measure")
	for _, d := range All(loadCat(t)) {
		for _, p := range papers {
			where := fmt.Sprintf("%s %s", d.ID, p.Name)
			b, texts := render(t, d, Options{Paper: p, Backs: cards.Fold})
			pdftest.QPDFCheck(t, b)
			g, err := newSheetGeometry(cards.Sheet{Paper: p, Backs: cards.Fold, CropLen: cropLen})
			if err != nil {
				t.Fatal(err)
			}
			perPage := map[int]int{}
			note := false
			for _, f := range texts {
				if bytes.Contains([]byte(f.S), []byte("Fold on the dashed line")) {
					note = true
				}
				if f.Size != titlePt || f.X > p.Width/2 {
					continue
				}
				perPage[f.Page]++
				cellX := f.X - (inset + cards.BandPad)
				wx := p.Width - cellX - cardW + (f.X - cellX)
				found := false
				for _, b := range texts {
					if b.Page == f.Page && b.S == f.S && math.Abs(b.X-wx) < 0.02 && math.Abs(b.Y-f.Y) < 0.02 {
						found = true
					}
				}
				if !found {
					t.Errorf("%s page %d: the back of %q is not at %.2f, %.2f", where, f.Page, f.S, wx, f.Y)
				}
				if cellX+cardW > p.Width/2-cards.FoldGap+0.01 {
					t.Errorf("%s: a front reaches over the fold's gap", where)
				}
			}
			for page, n := range perPage {
				if n > 3 {
					t.Errorf("%s page %d: %d cards; a fold sheet has three", where, page, n)
				}
			}
			if len(perPage) == 0 || !note {
				t.Errorf("%s: %d pages of cards, fold note %v", where, len(perPage), note)
			}
			// Every string of a card inside the live area of its cell:
			// fronts in the column left of the fold, backs right of it.
			for _, tx := range texts {
				if tx.Chars() == 0 || tx.Y < g.y0 || tx.Y > g.y1 {
					continue
				}
				x0 := g.x0
				if tx.X > p.Width/2 {
					x0 = p.Width - g.x0 - cardW
				}
				if tx.X < x0 || tx.X > x0+cardW {
					continue // the margins' notes
				}
				row := math.Floor((tx.Y - g.y0) / cardH)
				in := layout.Rect{X: x0 + inset, Y: g.y0 + row*cardH + inset, W: cards.LiveW, H: cards.LiveH}
				end := tx.X + textWidth(st, tx)
				if tx.X < in.X-0.02 || end > in.X+in.W+0.02 || tx.Y > in.Y+in.H+0.02 {
					t.Errorf("%s page %d: %q (%.2f to %.2f, %.2f) leaves the live area %+v", where, tx.Page, tx.S, tx.X, end, tx.Y, in)
				}
			}
		}
	}
}

// TestPrintShopDeck: a print shop's deck, both card sizes and bleeds:
// one face a page, fronts and backs in turn (or all the backs last),
// every character of a face inside the trim's safe zone, the band out to
// the bleed's edge, TrimBox and BleedBox on every page, the same bytes
// twice.
func TestPrintShopDeck(t *testing.T) {
	t.Parallel()
	d, _ := Lookup(loadCat(t), "aqotmf")
	md, _ := d.Markdown(loadCat(t), "")
	cs, err := parse(md, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	st := layout.NewBlankDoc(layout.A4, "measure")
	for _, z := range cards.Sizes() {
		for _, bl := range []float64{cards.Bleed3mm, cards.BleedEighth} {
			for _, last := range []bool{false, true} {
				shop := &cards.Shop{Size: z, Bleed: bl, BacksLast: last}
				where := fmt.Sprintf("%s bleed %.3g last %v", z.Name, bl, last)
				b, texts := render(t, d, Options{Shop: shop})
				pdftest.QPDFCheck(t, b)
				again, _ := d.Render(loadCat(t), Options{Shop: shop})
				if !bytes.Equal(b, again) {
					t.Errorf("%s: the same deck came out different", where)
				}
				if n := bytes.Count(b, []byte("/TrimBox [")); n != 2*len(cs) {
					t.Errorf("%s: %d pages with a TrimBox; want %d (a front and a back for each of %d cards)", where, n, 2*len(cs), len(cs))
				}
				if n := bytes.Count(b, []byte("/BleedBox [")); n != 2*len(cs) {
					t.Errorf("%s: %d pages with a BleedBox", where, n)
				}
				W := z.W + 2*bl
				for _, tx := range texts {
					if tx.Chars() == 0 {
						continue
					}
					top := tx.Y - tx.Size*ptMM*0.75
					end := tx.X + textWidth(st, tx)
					if tx.X < bl+z.Safe-0.02 || end > bl+z.W-z.Safe+0.02 || top < bl+z.Safe-0.02 || tx.Y > bl+z.H-z.Safe+0.02 {
						t.Errorf("%s page %d: %q (%.2f to %.2f, %.2f) outside the safe zone", where, tx.Page, tx.S, tx.X, end, tx.Y)
					}
				}
				// Titles: a front's band is the deck's colour, its back's a
				// tint; page 2 is the first card's back unless the backs go
				// last.
				titles := map[int]string{}
				for _, tx := range texts {
					if tx.Size == titlePt {
						titles[tx.Page] += tx.S
					}
				}
				backOf1 := 2
				if last {
					backOf1 = len(cs) + 1
				}
				if titles[1] == "" || titles[1] != titles[backOf1] {
					t.Errorf("%s: page 1 %q, its back on page %d %q", where, titles[1], backOf1, titles[backOf1])
				}
				lines, _ := pdftest.Lines(b)
				band := false
				for _, l := range lines {
					if l.Page == 1 && l.Filled && math.Min(l.Y1, l.Y2) < 0.01 && math.Min(l.X1, l.X2) < 0.01 && math.Max(l.X1, l.X2) > W-0.01 {
						band = true
					}
				}
				if !band {
					t.Errorf("%s: the title band does not run out into the bleed", where)
				}
			}
		}
	}
}
