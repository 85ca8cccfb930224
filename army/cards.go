package army

import (
	"fmt"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
)

// Unit cards are poker size, nine to a page in a 3 × 3 grid that shares
// its cut lines: 189 × 264 mm, which fits inside the 6 mm safe margin of
// A4 and of Letter. A card is drawn whole on one page, never split: what
// does not fit on it is cut short with a pointer to the roster.
const (
	cardW, cardH = 63.0, 88.0
	cardCols     = 3
	cardRows     = 3
	cardPad      = 3.0

	// maxCards keeps a slip of the keyboard (count = 6000) from printing
	// hundreds of pages: thirty pages of cards is more than any table.
	maxCards = 30 * cardCols * cardRows
	// maxOddsTrays bounds the trays whose total hits a card works out.
	maxOddsTrays = 200
)

// cardGrid is the page of cards on paper.
func cardGrid(paper layout.Paper) layout.Grid {
	return layout.Grid{Paper: paper, CellW: cardW, CellH: cardH, Cols: cardCols, Rows: cardRows}
}

// card is what one unit card carries, worked out before any drawing.
type card struct {
	title  string // the unit's name
	corner string // points, or the type where there are none
	sub    string // one line under the title
	parts  []part
	foot   string // the list and data versions
	of     string // "2/6" when a unit entry stands for several units
	boxes  int    // tick boxes for the elements lost
}

// part is a block of a card: a small heading and rows or text.
type part struct {
	head string
	rows [][]string // table rows: first cell left, the others right-aligned
	text string     // a paragraph, wrapped
	bold []bool     // rows printed bold (sub-headings)
}

// typeset sets the card's text as every document does (document.Typo):
// inch marks, curly quotes and minus signs in the data's and the list's
// words.
func (c *card) typeset() {
	for _, s := range []*string{&c.title, &c.corner, &c.sub, &c.foot} {
		*s = document.Typo(*s)
	}
	for i := range c.parts {
		p := &c.parts[i]
		p.head, p.text = document.Typo(p.head), document.Typo(p.text)
		rows := make([][]string, len(p.rows))
		for j, row := range p.rows {
			rows[j] = make([]string, len(row))
			for k, cell := range row {
				rows[j][k] = document.Typo(cell)
			}
		}
		p.rows = rows
	}
}

// drawCards appends the unit cards of the list to pdf on pages of their
// own.
func drawCards(pdf *fpdf.Fpdf, r *Report, paper layout.Paper) error {
	cs, err := buildCards(r)
	if err != nil {
		return err
	}
	g := cardGrid(paper)
	if _, _, err := g.Origin(); err != nil {
		return fmt.Errorf("unit cards: %w", err)
	}
	// The faces the cards use, registered once (the roster may not have
	// needed them all).
	for _, style := range []string{"", "B", "I"} {
		layout.UseFont(pdf, layout.Font, style)
	}
	per := g.PerPage()
	for i, c := range cs {
		k := i % per
		if k == 0 {
			page := i/per + 1
			pages := (len(cs) + per - 1) / per
			g.Page(pdf, min(per, len(cs)-i), fmt.Sprintf("Unit cards %d / %d — %s · cut along the lines · %g × %g mm", page, pages, c.foot, cardW, cardH))
		}
		x, y := g.Cell(k)
		drawCard(pdf, c, x, y)
	}
	return pdf.Error()
}

// Type sizes on a card, in points, and line heights in mm.
const (
	titlePt = 9.5
	subPt   = 6.3
	headPt  = 6.0
	bodyPt  = 6.3
	footPt  = 5.2
	bodyLH  = 2.75
)

func drawCard(pdf *fpdf.Fpdf, c card, x, y float64) {
	w := cardW - 2*cardPad
	left := x + cardPad
	// The title band.
	pdf.SetFillColor(232, 236, 241)
	pdf.Rect(x+0.3, y+0.3, cardW-0.6, 11.2, "F")
	pdf.SetTextColor(20, 24, 30)
	pdf.SetFont(layout.Font, "B", 8)
	cw := pdf.GetStringWidth(c.corner)
	pdf.Text(x+cardW-cardPad-cw, y+5.2, c.corner)
	pdf.SetFont(layout.Font, "B", titlePt)
	pdf.Text(left, y+5.2, layout.FitText(pdf, c.title, w-cw-2))
	pdf.SetFont(layout.Font, "", subPt)
	pdf.SetTextColor(70, 76, 86)
	pdf.Text(left, y+9.3, layout.FitText(pdf, c.sub, w))

	foot := y + cardH - 2.6 // the footer's baseline
	limit := foot - 3.2     // the body stays above this
	cy := y + 14.6
	cut := false
	line := func(draw func(base float64)) bool {
		if cut || cy > limit {
			cut = true
			return false
		}
		draw(cy)
		cy += bodyLH
		return true
	}
	for _, p := range c.parts {
		if cut {
			break
		}
		if p.head != "" {
			if cy+bodyLH > limit { // a heading never ends a card
				cut = true
				break
			}
			line(func(b float64) {
				pdf.SetFont(layout.Font, "B", headPt)
				pdf.SetTextColor(40, 70, 120)
				pdf.Text(left, b, strings.ToUpper(p.head))
				pdf.SetDrawColor(190, 198, 210)
				pdf.SetLineWidth(0.15)
				pdf.Line(left, b+0.7, left+w, b+0.7)
			})
			cy += 0.5
		}
		if p.text != "" {
			pdf.SetFont(layout.Font, "", bodyPt)
			for _, ln := range layout.Wrap(pdf, p.text, w) {
				line(func(b float64) {
					pdf.SetFont(layout.Font, "", bodyPt)
					pdf.SetTextColor(20, 24, 30)
					pdf.Text(left, b, ln)
				})
			}
		}
		for i, row := range p.rows {
			bold := i < len(p.bold) && p.bold[i]
			line(func(b float64) { drawRow(pdf, row, left, b, w, bold) })
		}
		cy += 0.9
	}
	if c.boxes > 0 && !cut && cy < limit-4 {
		// A row of tick boxes for the elements lost, above the footer.
		by := limit - 2.6
		pdf.SetFont(layout.Font, "B", headPt)
		pdf.SetTextColor(40, 70, 120)
		pdf.Text(left, by+2.2, "LOST")
		pdf.SetDrawColor(120, 126, 136)
		pdf.SetLineWidth(0.2)
		bx := left + pdf.GetStringWidth("LOST") + 2
		for i := 0; i < c.boxes && bx+2.8 <= left+w; i++ {
			pdf.Rect(bx, by, 2.8, 2.8, "D")
			bx += 3.8
		}
	}
	if cut {
		pdf.SetFont(layout.Font, "I", bodyPt)
		pdf.SetTextColor(70, 76, 86)
		pdf.Text(left, limit+bodyLH*0.6, "… more on the roster")
	}
	pdf.SetFont(layout.Font, "", footPt)
	pdf.SetTextColor(110, 116, 126)
	ow := pdf.GetStringWidth(c.of)
	pdf.Text(x+cardW-cardPad-ow, foot, c.of)
	pdf.Text(left, foot, layout.FitText(pdf, c.foot, w-ow-2))
}

// drawRow puts a table row on a card: the first cell left in the remaining
// width, the others right-aligned in columns of equal width.
func drawRow(pdf *fpdf.Fpdf, row []string, x, base, w float64, bold bool) {
	style := ""
	if bold {
		style = "B"
	}
	pdf.SetFont(layout.Font, style, bodyPt)
	pdf.SetTextColor(20, 24, 30)
	if len(row) == 0 {
		return
	}
	n := len(row) - 1
	col := 10.5
	if n > 3 {
		col = 8
	}
	first := w - float64(n)*col
	pdf.Text(x, base, layout.FitText(pdf, row[0], first-1))
	for i, cell := range row[1:] {
		s := layout.FitText(pdf, cell, col-0.8)
		right := x + first + float64(i+1)*col
		pdf.Text(right-pdf.GetStringWidth(s), base, s)
	}
}

// buildCards works out every card of the list: one for each unit on the
// table (an entry with count = 3 gives three), and for Evacuation: Mars
// one for the objective marker.
func buildCards(r *Report) ([]card, error) {
	rs := ruleSetOf(r.System)
	if rs == nil {
		return nil, nil
	}
	foot := fmt.Sprintf("%s · list %s", firstOf(r.List.Name, r.List.File), r.List.Hash)
	n := 0
	for _, ln := range r.Lines {
		n += max(ln.Count, 1)
		if n > maxCards {
			return nil, fmt.Errorf("the list has more than %d units on the table: too many unit cards to print (check the counts)", maxCards)
		}
	}
	var out []card
	for _, ln := range r.Lines {
		var c card
		var err error
		c, err = rs.card(r, ln)
		if err != nil {
			// Data a club changed may lack a chart the odds need: the
			// card says so rather than the whole roster failing.
			c.parts = append(c.parts, part{head: "Odds", text: "Not available: " + err.Error()})
		}
		c.foot = foot
		if !r.Valid() {
			c.foot = "INVALID LIST · " + foot
		}
		c.typeset()
		for k := 1; k <= max(ln.Count, 1); k++ {
			if ln.Count > 1 {
				c.of = fmt.Sprintf("%d/%d", k, ln.Count)
			}
			out = append(out, c)
		}
	}
	for _, c := range rs.extraCards(r) {
		c.foot = foot
		c.typeset()
		out = append(out, c)
	}
	return out, nil
}
