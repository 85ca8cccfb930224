package army

import (
	"bytes"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

// TestCardSizesMeasured reads every example list's unit cards back from
// the PDF, A4 and Letter, fronts only and folded, and holds the bars
// for hands and pencils: every LOST box at least 3.5 mm square,
// every ruled write-in line at least 30 mm wide with 7 mm above it, every
// character on a card at least 6.5 pt.
func TestCardSizesMeasured(t *testing.T) {
	t.Parallel()
	cat := shipped.Catalog(t)
	boxes, rules := 0, 0
	for _, file := range shippedLists(t) {
		for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
			for _, backs := range []cards.Backs{cards.NoBacks, cards.Fold} {
				where := fmt.Sprintf("%s %s %v", file, paper.Name, backs)
				r := shippedList(t, cat, file)
				pdf, err := Print(r, cat, PrintOptions{Paper: paper, Cards: true, CardBacks: backs})
				if err != nil {
					t.Fatal(err)
				}
				texts, err := pdftest.Read(pdf)
				if err != nil {
					t.Fatal(err)
				}
				lines, err := pdftest.Lines(pdf)
				if err != nil {
					t.Fatal(err)
				}
				// The LOST labels: each starts a row of boxes to its right.
				for _, tx := range texts {
					if tx.S != "LOST" {
						continue
					}
					found := 0
					for _, l := range lines {
						// A box's left edge: stroked, upright, on the label's
						// line, right of it.
						if l.Page == tx.Page && !l.Filled && l.X1 == l.X2 && l.X1 > tx.X && l.X1 < tx.X+cards.Poker.W && math.Abs((l.Y1+l.Y2)/2-(tx.Y-1.1)) < 1.5 {
							found++
							if h := math.Abs(l.Y2 - l.Y1); h < 3.5-0.01 {
								t.Errorf("%s page %d: a LOST box %.2f mm tall; at least 3.5", where, tx.Page, h)
							}
						}
					}
					if found == 0 {
						t.Errorf("%s page %d: no boxes after LOST at %.1f, %.1f", where, tx.Page, tx.X, tx.Y)
					}
					boxes += found
				}
				// Ruled write-in lines: a card's full text width.
				for _, l := range lines {
					if l.Filled || l.Y1 != l.Y2 || math.Abs(math.Abs(l.X2-l.X1)-cardBody) > 0.01 {
						continue
					}
					// Rules under headings are not for writing on: a
					// write-in line has nothing printed within 7 mm above it
					// but its own ruled neighbour.
					x0 := math.Min(l.X1, l.X2)
					for _, tx := range texts {
						if tx.Page == l.Page && tx.X >= x0-0.1 && tx.X < x0+cardBody && tx.Y < l.Y1-0.2 && tx.Y > l.Y1-7+0.2 {
							goto next
						}
					}
					rules++
					if w := math.Abs(l.X2 - l.X1); w < 30 {
						t.Errorf("%s: a write-in line %.1f mm wide", where, w)
					}
				next:
				}
			}
		}
	}
	for _, file := range shippedLists(t) {
		deck, err := PrintCards(shippedList(t, cat, file), cards.Shop{})
		if err != nil {
			t.Fatal(err)
		}
		texts, _ := pdftest.Read(deck)
		if len(texts) < 20 {
			t.Errorf("%s: %d strings on the cards", file, len(texts))
		}
		for _, tx := range texts {
			if tx.Size < cards.MinPt-0.01 {
				t.Errorf("%s card %d: %q at %.2f pt", file, (tx.Page+1)/2, tx.S, tx.Size)
			}
		}
	}
	if boxes < 20 || rules == 0 {
		t.Errorf("%d LOST boxes and %d write-in lines measured", boxes, rules)
	}
}

// TestFootnoteOnItem: the note on Stealth and Massive is marked on those
// abilities wherever a roster lists them, not on the units that have
// neither (the Rough Riders).
func TestFootnoteOnItem(t *testing.T) {
	cat := shipped.Catalog(t)
	md, err := Markdown(shippedList(t, cat, "boys-of-company-c-humans.toml"), cat, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, ln := range strings.Split(string(md), "\n") {
		if strings.HasPrefix(ln, "| Rough Riders") && strings.Contains(ln, markOf(t, "special-abilities")) {
			t.Errorf("the Rough Riders row carries the Stealth and Massive note: %s", ln)
		}
	}
	if !bytes.Contains(md, []byte("Stealth"+markOf(t, "special-abilities"))) {
		t.Error("Stealth does not carry its note")
	}
}

// TestUnitCardWays: a list's cards folded (three a sheet after the
// roster, each back at the mirror of its front across the fold) and as a
// print shop's deck (a page a face, TrimBox and BleedBox, the same bytes
// twice).
func TestUnitCardWays(t *testing.T) {
	cat := shipped.Catalog(t)
	r := shippedList(t, cat, "boys-of-company-c-humans.toml")
	cs, err := buildCards(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		pdf, err := Print(r, cat, PrintOptions{Paper: paper, Cards: true, CardBacks: cards.Fold})
		if err != nil {
			t.Fatal(err)
		}
		pdftest.QPDFCheck(t, pdf)
		texts, _ := pdftest.Read(pdf)
		n := 0
		for _, f := range texts {
			if f.Size != titlePt || f.X > paper.Width/2 || f.Y > paper.Height {
				continue
			}
			x := f.X - cards.Poker.Safe - cards.BandPad // the card's left edge
			if x > paper.Width/2-cards.FoldGap-cards.Poker.W+0.01 || x < paper.Width/2-cards.FoldGap-cards.Poker.W-0.01 {
				continue // not a card's title on a fold sheet
			}
			n++
			want := paper.Width - x - cards.Poker.W + cards.Poker.Safe + cards.BandPad
			ok := false
			for _, b := range texts {
				if b.Page == f.Page && b.S == f.S && math.Abs(b.X-want) < 0.02 && math.Abs(b.Y-f.Y) < 0.02 {
					ok = true
				}
			}
			if !ok {
				t.Errorf("%s: the back of %q (page %d) is not at %.2f", paper.Name, f.S, f.Page, want)
			}
		}
		if n != len(cs) {
			t.Errorf("%s: %d card fronts on fold sheets; want %d", paper.Name, n, len(cs))
		}
	}
	shop := cards.Shop{Size: cards.USPoker, Bleed: cards.BleedEighth}
	a, err := PrintCards(r, shop)
	if err != nil {
		t.Fatal(err)
	}
	pdftest.QPDFCheck(t, a)
	b, _ := PrintCards(r, shop)
	if !bytes.Equal(a, b) {
		t.Error("the same deck came out different")
	}
	if n := bytes.Count(a, []byte("/TrimBox [9.00 9.00 189.00 261.00]")); n != 2*len(cs) {
		t.Errorf("%d pages with the US poker TrimBox; want %d", n, 2*len(cs))
	}
	texts, _ := pdftest.Read(a)
	for _, tx := range texts {
		if tx.Chars() == 0 {
			continue
		}
		if tx.X < cards.BleedEighth+cards.USPoker.Safe-0.01 || tx.Y > cards.BleedEighth+cards.USPoker.H-cards.USPoker.Safe+0.01 {
			t.Errorf("page %d: %q at %.2f, %.2f, outside the safe zone", tx.Page, tx.S, tx.X, tx.Y)
		}
	}
}
