package refcards

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

// Nine cards to a page, 189 × 264 mm, centred (cards.Sheet): on A4 that
// leaves 10.5 mm at the sides and 16.5 mm above and below, on Letter
// 13.45 mm at the sides and 7.7 mm above and below. The crop marks keep
// short (cropLen), and the margins that are wider on the paper carry the
// rest: the 100 mm bar and the print instruction in one (the top on A4,
// the left on Letter, read upwards), the 4 in bar and what the sheet is in
// the opposite one. A fold sheet has three cards down the left of its
// fold line and their backs beside them: the side margins carry both.
// Fronts have every card's outline, so after the first cut every line is
// still there to cut along; backs have no lines at all, which a back a
// little off its front would show.
const (
	cropLen   = cards.MinCropLen
	stripGap  = 0.3 // between the crop marks and what the margin carries
	stripPt   = 7.0
	stripLead = 3.0
	barRise   = 0.3 // the bar's line below the strip's outer edge
)

// instruction is the print-at-100% line of a card sheet, whose two bars
// stand in opposite margins.
const instruction = "Print at 100% / actual size — turn “fit to page” off. Check: this bar must measure 100 mm, the bar in the opposite margin 4 in."

// shortInstruction is the instruction where a font of wide letters leaves
// no room for it.
const shortInstruction = "Print at 100%, no “fit to page”: this bar must measure 100 mm, the opposite one 4 in."

// geometry is where the grid and the margins' strips sit on the paper.
type geometry struct {
	paper          layout.Paper
	sheet          cards.Sheet
	grid           cards.Grid
	x0, y0, x1, y1 float64 // the cards' box: fronts, and on a fold sheet backs too
	across         bool    // the strips run across the top and bottom (else up the sides)
}

func newGeometry(paper layout.Paper) (geometry, error) {
	return newSheetGeometry(cards.Sheet{Paper: paper, Backs: cards.LongEdge, CropLen: cropLen})
}

func newSheetGeometry(sh cards.Sheet) (geometry, error) {
	g := geometry{paper: sh.Paper, sheet: sh, grid: sh.Grid()}
	var err error
	if g.x0, g.y0, err = g.grid.Origin(); err != nil {
		return g, err
	}
	g.x1, g.y1 = g.x0+float64(g.grid.Cols)*cards.Poker.W, g.y0+float64(g.grid.Rows)*cards.Poker.H
	if sh.Backs == cards.Fold {
		g.x1 = sh.Paper.Width - g.x0 // the backs' column
	}
	g.across = g.y0 >= g.x0
	return g, nil
}

// strip is a band of margin to print in, drawn as if level: text runs
// from (x, y) along length and the band reaches depth from it towards the
// grid; angle turns it about (x, y) to stand up a side.
type strip struct {
	x, y          float64
	length, depth float64
	angle         float64
}

// strips returns the margin band of the 100 mm bar and the print
// instruction (a), and the opposite one (b).
func (g geometry) strips() (a, b strip) {
	m := layout.SafeMargin
	end := g.grid.CropEnd() + stripGap
	if g.across {
		a = strip{x: g.x0, y: m, length: g.x1 - g.x0, depth: g.y0 - end - m}
		b = strip{x: g.x0, y: g.y1 + end, length: g.x1 - g.x0, depth: g.paper.Height - m - g.y1 - end}
		return a, b
	}
	a = strip{x: m, y: g.y1, length: g.y1 - g.y0, depth: g.x0 - end - m, angle: 90}
	b = strip{x: g.paper.Width - m, y: g.y0, length: g.y1 - g.y0, depth: g.paper.Width - m - g.x1 - end, angle: -90}
	return a, b
}

// in draws into the strip: draw paints it level with the strip's origin
// at (x, y). The font is set before a turned strip's transform: its end
// restores the font the PDF prints in, and fpdf must not believe another
// is set.
func (s strip) in(pdf *fpdf.Fpdf, draw func(x, y float64)) {
	layout.SetFont(pdf, layout.Font, "", stripPt)
	if s.angle == 0 {
		draw(s.x, s.y)
		return
	}
	pdf.TransformBegin()
	pdf.TransformRotate(s.angle, s.x, s.y)
	draw(s.x, s.y)
	pdf.TransformEnd()
}

// words writes the first of texts that the strip has room for, from x
// on, its lines stripLead apart from the first baseline, as many lines as
// the strip is deep: at stripPt, or smaller down to cards.MinPt, before a
// shorter wording (for a font of wide letters). It says what it fitted,
// or "" where the first fits as it is.
func (s strip) words(pdf *fpdf.Fpdf, x, base float64, texts ...string) (string, error) {
	width := s.x + s.length - x
	for i, text := range texts {
		for size := stripPt; size >= cards.MinPt-1e-9; size -= 0.25 {
			layout.SetFont(pdf, layout.Font, "", size)
			ls := layout.Wrap(pdf, text, width)
			if base+float64(len(ls)-1)*stripLead+0.6 > s.y+s.depth+1e-9 {
				continue
			}
			pdf.SetTextColor(int(muted[0]), int(muted[1]), int(muted[2]))
			for k, l := range ls {
				layout.Text(pdf, x, base+float64(k)*stripLead, l)
			}
			var fitted []string
			if size < stripPt {
				fitted = append(fitted, fmt.Sprintf("set at %g pt, not %g pt", size, stripPt))
			}
			if i > 0 {
				fitted = append(fitted, "worded shorter")
			}
			return strings.Join(fitted, " and "), nil
		}
	}
	return "", fmt.Errorf("the sheet's margin has no room for %q", texts[0])
}

// checkOffset makes sure the offset keeps every back's ink (the card
// inside its inset) out of the safe margin and off the backs' note, and
// says how far backs may move.
func (g geometry) checkOffset(off [2]float64) error {
	if off == [2]float64{} {
		return nil
	}
	for i, v := range off {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return &cards.OptionError{Msg: fmt.Sprintf("--back-offset: %s is not a number of millimetres", [...]string{"X", "Y"}[i])}
		}
	}
	m := layout.SafeMargin
	inset := cards.Poker.Safe // a back's ink keeps inside its live area
	left, right := g.x0+inset-m, g.paper.Width-m-g.x1+inset
	up, down := g.y0+inset-m, g.paper.Height-m-g.y1+inset
	a, _ := g.strips()
	note := a.depth + stripGap
	if g.across {
		up -= note
	} else {
		left -= note
	}
	const eps = 1e-6
	if -off[0] > left+eps || off[0] > right+eps || -off[1] > up+eps || off[1] > down+eps {
		return &cards.OptionError{Msg: fmt.Sprintf("--back-offset %g,%g would print backs within %g mm of the paper's edge or over the sheet's note; on %s paper backs may move %.1f mm left, %.1f mm right, %.1f mm up and %.1f mm down",
			off[0], off[1], m, g.paper.Name, left, right, up, down)}
	}
	return nil
}

// print lays the cards out nine to a page, each page of fronts followed
// by its page of backs; three to a fold sheet, their backs beside them;
// or one face to a page for a print shop. fitted is what was fitted to a
// card with a font of wide letters.
func print(cs []card, d Deck, sys *catalog.System, file, edition string, o Options, notes *document.Notes) (out []byte, fitted diag.List, err error) {
	paper := o.Paper
	if paper.Width == 0 {
		paper = layout.A4
	}
	flip := o.Backs
	if flip == cards.NoBacks {
		flip = cards.LongEdge
	}
	name := sys.About.Short
	if name == "" {
		name = sys.About.Name
	}
	title := name + " — reference cards"
	if o.Shop != nil {
		pdf := o.Shop.NewDoc(title)
		pdf.SetCompression(false)
		pcs, fitted, err := settle(pdf, cs, d.Accent, file)
		if err != nil {
			return nil, nil, err
		}
		if err := o.Shop.Draw(pdf, faces(pcs, name, d.Accent, o.Marks, notes)); err != nil {
			return nil, nil, err
		}
		out, err := layout.Bytes(pdf)
		return out, fitted, err
	}
	g, err := newSheetGeometry(cards.Sheet{Paper: paper, Backs: flip, BackOffset: o.BackOffset, CropLen: cropLen})
	if err != nil {
		return nil, nil, err
	}
	if err := g.checkOffset(o.BackOffset); err != nil {
		return nil, nil, err
	}
	pdf := layout.NewBlankDoc(paper, title)
	// Page contents uncompressed, as on the marker sheets: a compressor a
	// page costs more time than the cards take to set. The fonts stay
	// compressed.
	pdf.SetCompression(false)
	pcs, fitted, err := settle(pdf, cs, d.Accent, file)
	if err != nil {
		return nil, nil, err
	}
	a, b := g.strips()
	// What the margins' notes had to fit, once each.
	var fits []string
	fit := func(what, how string) {
		if how != "" && !slices.Contains(fits, what+" "+how) {
			fits = append(fits, what+" "+how)
		}
	}
	margin := func(p cards.Page) error {
		var ferr error
		sheet := fmt.Sprintf("%s reference cards · sheet %d of %d", name, p.Sheet, p.Sheets)
		if p.Back {
			a.in(pdf, func(x, y float64) {
				var how string
				how, ferr = a.words(pdf, x, y+barRise+layout.BarDepth,
					fmt.Sprintf("%s, backs · print this side behind the fronts: duplex, flip on the %s", sheet, flip),
					fmt.Sprintf("%s, backs · duplex, flip on the %s", sheet, flip),
					fmt.Sprintf("%s cards %d/%d, backs", name, p.Sheet, p.Sheets))
				fit("the note on the backs", how)
			})
		} else {
			a.in(pdf, func(x, y float64) {
				end := layout.MMBar(pdf, x, y+barRise)
				var how string
				how, ferr = a.words(pdf, end+4, y+barRise+layout.BarDepth, instruction, shortInstruction)
				fit("the print instruction", how)
			})
			// The note, and shorter wordings of it.
			notes := []string{
				fmt.Sprintf("%s, fronts · duplex, flip on the %s · cut along the grey lines", sheet, flip),
				fmt.Sprintf("%s, fronts · duplex, flip on the %s", sheet, flip),
				fmt.Sprintf("%s cards %d/%d, fronts", name, p.Sheet, p.Sheets),
			}
			if flip == cards.Fold {
				notes[0], notes[1] = sheet+" · "+cards.FoldNote, sheet+" · "+cards.FoldNote
			}
			if edition != "" {
				for i := range notes {
					notes[i] += " · " + edition
				}
			}
			b.in(pdf, func(x, y float64) {
				end := layout.InchBar(pdf, x, y+barRise)
				how, err := b.words(pdf, end+4, y+barRise+layout.BarDepth, notes...)
				if err != nil && ferr == nil {
					ferr = err
				}
				fit("the note on the fronts", how)
			})
		}
		if ferr != nil {
			return fmt.Errorf("%s paper: %w", paper.Name, ferr)
		}
		return nil
	}
	if err := g.sheet.Draw(pdf, faces(pcs, name, d.Accent, o.Marks, notes), margin); err != nil {
		return nil, nil, err
	}
	if len(fits) > 0 {
		fitted = append(fitted, diag.Diag{File: d.FileName(document.PDF), Msg: "the notes in the sheets' margins are fitted to this font's letters: " + strings.Join(fits, ", ")})
	}
	out, err = layout.Bytes(pdf)
	return out, fitted, err
}
