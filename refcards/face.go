package refcards

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/layout/markdown"
)

// A reference card is a face of the card engine (layout/cards): the
// rule's title in the band, in white on the deck's colour on the front
// and in the colour on a pale tint of it on the back, so that a card is
// never put back the wrong way round; the side's Markdown as the body, set
// by layout/markdown in the card look; the deck's name at the foot.
//
// Cards are set at one of two sizes: bodySize, or a size step more where
// the side still fits on one card — a card that says little says it
// larger, and the deck stays even. What does not fit on one card at
// bodySize goes on to a second ("1/2", "2/2"), never smaller. A deck of a
// few cards read as running text may ask for one size (<!-- one size -->
// before its first card): the larger where every side fits it, else
// bodySize for every side, so that no side stands out beside the next.

// Type on a card, in points.
const (
	bodySize = 7.5 // paragraphs, lists, headings; tables half a point less
	sizeStep = 1.0 // how much larger a side that says little is set
	titlePt  = 9.5 // the title band
	markPt   = 7.5 // "1/2" in the title band
	maxTitle = 2   // lines a title may take
	// minTitle is the least a title is set at to fit its lines in the
	// band, with a font of wide letters.
	minTitle = 8.0
	lead     = 1.2
	ptMM     = 25.4 / 72
)

var (
	white = [3]uint8{255, 255, 255}
	muted = [3]uint8{88, 94, 104}
)

// tint mixes c with white: share 0–1 of c.
func tint(c [3]uint8, share float64) [3]uint8 {
	var out [3]uint8
	for i, v := range c {
		out[i] = uint8(float64(v)*share + 255*(1-share) + 0.5)
	}
	return out
}

// lineH is the height of a line of text at size pt.
func lineH(size float64) float64 { return size * ptMM * lead }

// baseline is where the baseline of a line of text at size pt sits below
// the line's top, as layout/markdown sets it.
func baseline(size float64) float64 { return lineH(size)/2 + size*ptMM*0.33 }

// physical is one printed card: a part of a card's front and back.
type physical struct {
	title   []string // the title's lines
	titlePt float64
	bandH   float64
	of      string // "1/2" when a card takes more than one
	sides   [2]*markdown.Layout
	sizes   [2]float64 // each side's body type, pt
	pages   [2]int     // the page of each side's layout this card prints (0: none)
	titleOf string
}

// settle lays every card out on pdf's fonts (no page is drawn) and cuts
// what does not fit on one into parts: the printed cards in order. Every
// problem (a row taller than a card, a title too long) is reported
// together; fitted is what was fitted to a card with a font of wide
// letters.
func settle(pdf *fpdf.Fpdf, cs []card, accent [3]uint8, file string) (out []physical, fitted diag.List, err error) {
	oneSize := len(cs) > 0 && cs[0].oneSize
	out, fitted, all, err := settleAt(pdf, cs, accent, file, bodySize+sizeStep, oneSize)
	if oneSize && !all {
		// A deck of one size is set larger only where every side is:
		// the first side that is not sets the deck at bodySize.
		out, fitted, _, err = settleAt(pdf, cs, accent, file, bodySize, false)
	}
	for i := range cs {
		for s := range cs[i].sides {
			cs[i].sides[s].text = nil // the layouts draw without their trees
		}
	}
	return out, fitted, err
}

// settleAt is settle with sides set a size larger, up to grow, where
// they then fit on one card. With every, it stops at the first side not
// set at grow (all false, no cards): the deck wants every side at one size.
func settleAt(pdf *fpdf.Fpdf, cs []card, accent [3]uint8, file string, grow float64, every bool) (out []physical, fitted diag.List, all bool, err error) {
	var errs diag.List
	for i := range cs {
		c := &cs[i]
		at := diag.Pos{File: file, Line: c.line, Col: 1}
		title, size := fitTitle(pdf, c.title)
		if len(title) > maxTitle {
			errs.Add(at, "card %q: the title takes %d lines in the band; at most %d fit: shorten it", c.title, len(title), maxTitle)
			continue
		}
		if size < titlePt {
			fitted.Warn(at, "card %q: the title is set at %g pt, not %g pt, to fit the band with this font's letters", c.title, size, titlePt)
		}
		bandH := 2*cards.BandPad + float64(len(title))*lineH(size)
		var sides [2]*markdown.Layout
		var sizes [2]float64
		ok := true
		for s := front; s <= back; s++ {
			l, size, err := layOut(&c.sides[s], accent, cards.BodyHeight(bandH), grow, file)
			if every && (err != nil || size != grow) {
				return nil, nil, false, nil
			}
			if err != nil {
				for _, d := range asList(err) {
					d.Msg = fmt.Sprintf("card %q: %s", c.title, d.Msg)
					errs = append(errs, d)
				}
				ok = false
				continue
			}
			for _, d := range l.Fitted() {
				d.Msg = fmt.Sprintf("card %q: %s", c.title, d.Msg)
				fitted = append(fitted, d)
			}
			sides[s], sizes[s] = l, size
		}
		if !ok {
			continue
		}
		n := max(sides[front].Pages, sides[back].Pages)
		for k := 1; k <= n; k++ {
			pc := physical{title: title, titlePt: size, bandH: bandH, sides: sides, sizes: sizes, titleOf: c.title}
			if n > 1 {
				pc.of = fmt.Sprintf("%d/%d", k, n)
			}
			for s := front; s <= back; s++ {
				if k <= sides[s].Pages {
					pc.pages[s] = k
				}
			}
			out = append(out, pc)
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, nil, false, errs
	}
	return out, fitted, true, nil
}

// layOut sets a side's Markdown as a card's body, h mm tall: at grow when
// it then still fits on one card, else at bodySize. The side keeps its
// Markdown parsed for the deck's next try.
func layOut(src *source, accent [3]uint8, h, grow float64, file string) (*markdown.Layout, float64, error) {
	if src.text == nil {
		t, err := markdown.ParseCard(src.md, file, src.line)
		if err != nil {
			return nil, 0, err
		}
		src.text = t
	}
	l, err := src.text.Measure(markdown.CardOptions{W: cards.LiveW, H: h, Size: bodySize, Grow: grow, Accent: accent, File: file})
	if err != nil {
		return nil, 0, err
	}
	return l, l.Size(), nil
}

// asList is err as diagnostics.
func asList(err error) diag.List {
	if l, ok := diag.AsList(err); ok {
		return l
	}
	return diag.List{{Msg: err.Error()}}
}

// fitTitle breaks a title into the band's lines, leaving room for a part
// mark ("2/2") at its right: at titlePt, or smaller, down to minTitle, if
// a font of wide letters needs more lines than the band has.
func fitTitle(pdf *fpdf.Fpdf, title string) ([]string, float64) {
	layout.SetFont(pdf, layout.Font, "B", markPt)
	width := cards.LiveW - 2*cards.BandPad - layout.Width(pdf, "9/9") - 2
	var lines []string
	size := titlePt
	for ; size >= minTitle; size -= 0.5 {
		layout.SetFont(pdf, layout.Font, "B", size)
		if lines = layout.Wrap(pdf, title, width); len(lines) <= maxTitle {
			return lines, size
		}
	}
	return lines, titlePt
}

// faces gives the card engine each printed card's front and back; marks
// records the readings each side marks, among notes, on its page.
func faces(pcs []physical, deck string, accent [3]uint8, marks *document.Marks, notes *document.Notes) []cards.Card {
	out := make([]cards.Card, len(pcs))
	for i, pc := range pcs {
		side := func(s int) func(*fpdf.Fpdf, cards.Frame) {
			return func(pdf *fpdf.Fpdf, f cards.Frame) {
				pc.draw(pdf, f, s, deck, accent)
				name := strings.TrimSpace(pc.titleOf + " " + pc.of)
				if s == back {
					name += " (back)"
				}
				marks.Card(pc.sides[s], notes, pc.pages[s], pdf.PageNo(), name)
			}
		}
		out[i] = cards.Card{Front: side(front), Back: side(back)}
	}
	return out
}

// draw draws one side of a printed card in its frame.
func (pc physical) draw(pdf *fpdf.Fpdf, f cards.Frame, side int, deck string, accent [3]uint8) {
	band, ink := accent, white
	if side == back {
		band, ink = tint(accent, 0.16), accent
	}
	f.Band(pdf, pc.bandH, band)
	x, y := f.Live()
	layout.SetFont(pdf, layout.Font, "B", pc.titlePt)
	pdf.SetTextColor(int(ink[0]), int(ink[1]), int(ink[2]))
	for i, l := range pc.title {
		layout.Text(pdf, x+cards.BandPad, y+cards.BandPad+float64(i)*lineH(pc.titlePt)+baseline(pc.titlePt), l)
	}
	if pc.of != "" {
		layout.SetFont(pdf, layout.Font, "B", markPt)
		w := layout.Width(pdf, pc.of)
		layout.Text(pdf, x+cards.LiveW-cards.BandPad-w, y+cards.BandPad+baseline(pc.titlePt), pc.of)
	}
	if k := pc.pages[side]; k > 0 {
		body := f.Body(pc.bandH)
		pc.sides[side].DrawPage(pdf, k, body.X, body.Y)
	}
	f.Foot(pdf, deck, "", muted)
}
