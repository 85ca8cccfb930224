package refcards

import (
	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

// drawer draws set text and rules on the document the setter measures
// in.
type drawer struct {
	st     *setter
	accent rgb
}

func (d *drawer) pdf() *fpdf.Fpdf { return d.st.pdf }

func (d *drawer) text(x, y float64, s, style string, size float64, c rgb) {
	if s == "" {
		return
	}
	d.st.font(style, size)
	// Most runs are in the colour already set: setting it again would
	// only have fpdf format it again (the state is the same).
	if r, g, b := d.pdf().GetTextColor(); r != c.r || g != c.g || b != c.b {
		d.pdf().SetTextColor(c.r, c.g, c.b)
	}
	layout.Text(d.pdf(), x, y, s)
}

// line draws a set line with its baseline at y.
func (d *drawer) line(l textLine, x, y, size float64, c rgb) {
	for _, r := range l.runs {
		d.text(x+r.x, y, r.s, r.style, size, c)
	}
}

func (d *drawer) fill(x, y, w, h float64, c rgb) {
	d.pdf().SetFillColor(c.r, c.g, c.b)
	d.pdf().Rect(x, y, w, h, "F")
}

func (d *drawer) rule(x1, x2, y, width float64, c rgb) {
	d.pdf().SetDrawColor(c.r, c.g, c.b)
	d.pdf().SetLineWidth(width)
	d.pdf().Line(x1, y, x2, y)
}

// faces gives the card engine each printed card's front and back.
func (d *drawer) faces(pcs []physical) []cards.Card {
	out := make([]cards.Card, len(pcs))
	for i, pc := range pcs {
		out[i] = cards.Card{
			Front: func(_ *fpdf.Fpdf, f cards.Frame) { d.card(pc, front, f) },
			Back:  func(_ *fpdf.Fpdf, f cards.Frame) { d.card(pc, back, f) },
		}
	}
	return out
}

// card draws one side of a printed card in its frame, set in the frame's
// live area. The front's title band is the deck's colour with the title in
// white; the back's is a pale tint of it with the title in the colour, so
// a card is never put back the wrong way round. With a bleed (a print
// shop's deck) the band runs up and out into it.
func (d *drawer) card(pc physical, side int, f cards.Frame) {
	bx, by := f.Live()
	band, title := d.accent, white
	if side == back {
		band, title = d.accent.tint(0.16), d.accent
	}
	if f.Bleed > 0 {
		d.fill(f.X-f.Bleed, f.Y-f.Bleed, f.W+2*f.Bleed, by+pc.bandH-(f.Y-f.Bleed), band)
	} else {
		d.fill(bx, by, innerW, pc.bandH, band)
	}
	for i, l := range pc.title {
		d.line(l, bx+bandPad, by+bandPad+float64(i)*lineH(titlePt)+baseline(titlePt), titlePt, title)
	}
	if pc.of != "" {
		w := d.st.width(pc.of, "B", markPt)
		d.text(bx+innerW-bandPad-w, by+bandPad+baseline(titlePt), pc.of, "B", markPt, title)
	}
	cy := by + pc.bandH + bodyGap
	for i, b := range pc.sides[side] {
		if i > 0 {
			cy += b.before
		}
		b.draw(d, bx, cy)
		cy += b.h
	}
	foot := by + cards.LiveH - 0.6
	d.text(bx, foot, pc.deck, "", footPt, muted)
}
