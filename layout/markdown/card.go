package markdown

import (
	"fmt"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/diag"
)

// A card is a small page: its body, under the title band and over the
// foot line the card engine (layout/cards) places, is laid out by the
// same walker as a sheet's pages, in the card look (cardLook), on pages
// the size of the body with no running header or footer. What does not
// fit on one goes on to the next: the content prints them on a card each.

// CardOptions set up a card's body.
type CardOptions struct {
	W, H float64 // the body's box, mm
	Size float64 // the body's type, pt (tables half a point smaller, never under 7)
	// Grow, when more than Size, is the type the body is set at instead
	// where it then fits on one card, as it is without fitting a table:
	// a card that says little says it larger.
	Grow   float64
	Accent [3]uint8 // headings, list marks and table headers, in the deck's colour
	File   string   // the Markdown's name in messages
	Line   int      // the line of File the Markdown starts on (1 when 0)
}

// MeasureCard lays md out as a card's body: Pages is how many cards it
// takes, DrawPage draws one of them where the card's body is, Size the
// type it chose.
func MeasureCard(md []byte, o CardOptions) (*Layout, error) {
	if !(o.W > 0 && o.H > 0) {
		return nil, fmt.Errorf("%s: a card's body of %g × %g mm", o.File, o.W, o.H)
	}
	a := o.Accent
	opt, err := Options{BaseSize: o.Size, File: o.File, look: cardLook(rgb{a[0], a[1], a[2]}), frame: [2]float64{o.W, o.H}, firstLine: o.Line}.withDefaults()
	if err != nil {
		return nil, err
	}
	doc, nl, err := parse(md, opt)
	if err != nil {
		return nil, err
	}
	if o.Grow > o.Size {
		big := opt
		big.BaseSize, big.onePage = o.Grow, true
		// Its own sets: nothing it sets is of use at the other size,
		// and the layout kept would hold its tokens.
		if r, err := layParsed(doc, md, nl, big, newSets()); err == nil && !r.over && r.fl.pages == 1 && len(r.fitted) == 0 {
			return measured(r), nil
		}
	}
	r, err := layParsed(doc, md, nl, opt, newSets())
	if err != nil {
		return nil, err
	}
	return measured(r), nil
}

// Size is the body type a layout is set at, pt.
func (l *Layout) Size() float64 { return l.r.opt.BaseSize }

// DrawPage draws page n (from 1) of a card's body laid out by MeasureCard
// on the current page of pdf, its top-left corner at (x, y).
func (l *Layout) DrawPage(pdf *fpdf.Fpdf, n int, x, y float64) {
	l.drawPage(&pdfCanvas{pdf: pdf}, n, x, y)
}

func (l *Layout) drawPage(c canvas, n int, x, y float64) {
	if n < 1 || n > len(l.r.fl.done) {
		return
	}
	for _, p := range l.r.fl.done[n-1] {
		if p.b.draw != nil {
			p.b.draw(c, x+p.x, y+p.y)
		}
	}
}

// Fitted is what the layout had to fit to its columns beyond its look's
// sizes — a table whose longest words are wider than its column with the
// font in use, set with narrower margins or smaller type, never under
// 6.5 pt — as warnings for the person at the terminal.
func (l *Layout) Fitted() diag.List { return l.r.fitted }
