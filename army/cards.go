package army

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/fpdf"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/rules"
)

// Unit cards are poker size, one content of the card engine
// (layout/cards), set on its face as reference cards are (a band, the
// body, the foot line): nine to a page in a 3 × 3 grid that shares its
// cut lines, 189 × 264 mm, inside the 6 mm safe margin of A4 and of
// Letter; a list of a few units has its cards under the roster when they
// fit there; folded over their backs or one face a page for a print shop
// on request. A card is drawn whole, never split: a player holds it alone
// at the table, so it carries the unit's stats, its special rules in
// short and the tracks to mark what it loses, and leaves out the odds it
// has no room for.
const (
	cardCols = 3
	cardRows = 3

	// maxCards keeps a slip of the keyboard (count = 6000) from printing
	// hundreds of pages: thirty pages of cards is more than any table.
	maxCards = 30 * cardCols * cardRows
)

// cardGrid is the page of cards on paper.
func cardGrid(paper layout.Paper) cards.Grid {
	return cards.Sheet{Paper: paper}.Grid()
}

// card is what one unit card carries, worked out before any drawing.
type card struct {
	title  string // the unit's name
	corner string // points, or the type where there are none
	sub    string // one line under the title
	parts  []part
	tracks []track // rows of boxes at the foot of the card
	foot   string  // the list's name
	of     string  // "2/6" when a unit entry stands for several units
	// box is the side of a track's boxes, in mm: boxSide, or bigger
	// (bigBox) on card 1/2 of a split card with the room for it.
	box float64
	// readings are the readings whose marks the card prints, each with
	// its line on the card.
	readings []catalog.Note
	// closer sets the card's blocks closer (closerGaps): a card that
	// holds everything so is one card, one look, rather than two.
	closer bool
}

// gaps is the room a card leaves after a block and under a block's
// heading, mm.
type gaps struct{ part, head float64 }

var (
	blockGaps  = gaps{part: 1.0, head: 0.5}
	closerGaps = gaps{part: 0.5, head: 0.25}
)

// gaps is the room the card leaves between its blocks.
func (c card) gaps() gaps {
	if c.closer {
		return closerGaps
	}
	return blockGaps
}

// markOpen starts a reading's mark in a card's cell: the mark is drawn
// raised and smaller, in the accent colour, as a sheet prints it.
const markOpen = rules.MarkOpen

// side is the side of the card's track boxes.
func (c card) side() float64 {
	if c.box > 0 {
		return c.box
	}
	return boxSide
}

// part is a block of a card: a small heading and rows or text.
type part struct {
	head string
	rows [][]string // table rows: first cell left, the others right-aligned
	// text is paragraphs, one a line of it, wrapped; a paragraph may lead
	// with words in bold, up to a tab ("Tow Cable:\tAssault: …").
	text string
	// lines is how many lines text takes on a card (card.wrap), for
	// every try at fitting the card to measure without wrapping it again.
	lines int
	bold  []bool // rows printed bold (sub-headings)
	// writeOn is how many ruled lines follow, to write on (a codex
	// profile); writeLabels what goes on each, at its start.
	writeOn     int
	writeLabels []string
	// odds marks a block of odds: when a card has no room for all it
	// carries, the odds give way first, the last block first, so the
	// unit's stats, rules and tracks always print whole.
	odds   bool
	legend bool // explains the blocks of odds: printed while any is
	// withOdds: what the odds are worked from (the weapons), which goes
	// with them where the card splits, if that evens the two cards.
	withOdds bool
}

// track is a row of boxes a player strikes during the game: the elements
// lost, a tripod's Armor, a unit's Disruption Markers.
type track struct {
	label string
	boxes []string // what each box holds ("" for an empty box)
	group int      // boxes in a group, with a gap after it (a tray's figures); 0 for none
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
	for i := range c.tracks {
		c.tracks[i].label = document.Typo(c.tracks[i].label)
	}
}

// cardName is the card as the organiser finds it: its title, and which
// of the entry's units it is ("2/6"); the two cards of a split unit (its
// foot's "card 1/2", "card 2/2: odds", "all 3: …") go by the title.
func cardName(c card) string {
	if unitOf.MatchString(c.of) {
		return c.title + " " + c.of
	}
	return c.title
}

// unitOf is a card's numbering among its entry's units: "2/6".
var unitOf = regexp.MustCompile(`^\d+/\d+$`)

// marks reports whether the card prints the reading's mark in a cell or
// after a paragraph's lead.
func (c card) marks(n catalog.Note) bool {
	marked := func(s string) bool {
		_, m, ok := strings.Cut(s, markOpen)
		return ok && m == n.Mark
	}
	if marked(c.sub) {
		return true
	}
	for _, p := range c.parts {
		for _, row := range p.rows {
			if slices.ContainsFunc(row, marked) {
				return true
			}
		}
		for _, para := range strings.Split(p.text, "\n") {
			if lead, _, ok := strings.Cut(para, "\t"); ok && marked(lead) {
				return true
			}
		}
	}
	return false
}

// cardCaption is the line above a page of cards.
func cardCaption(list string, page, pages int) string {
	return fmt.Sprintf("Unit cards — %s · page %d / %d · cut along the lines · %g × %g mm", list, page, pages, cards.Poker.W, cards.Poker.H)
}

// cardPlan is where a list's cards go: under the roster on its last page
// when they all fit there, else on pages of their own.
type cardPlan struct {
	cards []card
	under cards.Grid // the grid under the roster; Top 0: pages of their own
	pages int        // pages added after the roster
}

// planCards works out the place of the cards cs (buildCards): under the
// roster, whose text ends end mm down its last page, when every card fits
// between it and the bottom of the text area, with room for the crop
// marks above, markClear below the roster (the ones under them reach into
// the margin over the footer).
func planCards(cs []card, mo markdown.Options, backs cards.Backs, end float64) (cardPlan, error) {
	pl := cardPlan{cards: cs}
	if len(cs) == 0 {
		return pl, nil
	}
	g := cards.Sheet{Paper: mo.Paper, Backs: backs}.Grid()
	if _, _, err := g.Origin(); err != nil {
		return pl, fmt.Errorf("unit cards: %w", err)
	}
	_, top, _, h, err := markdown.TextArea(mo)
	if err != nil {
		return pl, err
	}
	rows := (len(cs) + cardCols - 1) / cardCols
	// The marks under the grid, at least MinCropLen long, must end clear
	// of the footer; where they cannot, the cards take a page of their own.
	if y := end + markClear + cards.CropRoom; backs == cards.NoBacks && rows <= cardRows && y+float64(rows)*cards.Poker.H+cards.CropGap+cards.MinCropLen <= top+h+footerClear {
		g.Top, g.Rows = y, rows
		// The marks under the grid stop short of the footer's rule.
		g.MarkLimit = top + h + footerClear
		pl.under = g
		return pl, nil
	}
	per := g.PerPage()
	pl.pages = (len(cs) + per - 1) / per
	return pl, nil
}

// markClear is the gap between the roster's last ink and the marks above
// the cards, so that a cut along a mark never touches a table's rule.
const markClear = 2.0

// footerClear is how far below the text area crop marks may reach: the
// running footer's rule is 3.4 mm under it, and a mark keeps 2 mm from
// it, as text does.
const footerClear = 3.4 - 2.0

// draw appends the cards to pdf, the roster's document, whose last page
// is page firstPage-1: under the roster, or on sheets of their own, fronts
// alone or folded over their backs.
func (pl cardPlan) draw(pdf *fpdf.Fpdf, paper layout.Paper, backs cards.Backs, list string, firstPage int, marks *document.Marks) error {
	// The faces the cards use, registered once (the roster may not have
	// needed them all).
	for _, style := range []string{"", "B", "I"} {
		layout.UseFont(pdf, layout.Font, style)
	}
	cs := faces(pl.cards, marks)
	if g := pl.under; g.Top > 0 {
		g.Draw(pdf, len(cs))
		for k, c := range cs {
			x, y := g.Cell(k)
			c.Front(pdf, cards.Frame{X: x, Y: y, W: cards.Poker.W, H: cards.Poker.H})
		}
		return pdf.Error()
	}
	sh := cards.Sheet{Paper: paper, Backs: backs}
	return sh.Draw(pdf, cs, func(p cards.Page) error {
		sh.Caption(pdf, cardCaption(list, firstPage+p.Sheet-1, firstPage+pl.pages-1))
		if backs == cards.Fold {
			sh.SideNote(pdf, cards.FoldNote)
		}
		return nil
	})
}

// faces gives the card engine each unit card's front and back; marks
// records the readings each front marks, on its page.
func faces(cs []card, marks *document.Marks) []cards.Card {
	out := make([]cards.Card, len(cs))
	for i, c := range cs {
		out[i] = cards.Card{
			Front: func(pdf *fpdf.Fpdf, f cards.Frame) {
				drawCard(pdf, c, f)
				for _, n := range c.readings {
					if c.marks(n) {
						marks.Add(n, pdf.PageNo(), cardName(c), "")
					}
				}
			},
			Back: func(pdf *fpdf.Fpdf, f cards.Frame) { drawBack(pdf, c, f) },
		}
	}
	return out
}

// CardCount is how many unit cards a list prints (a unit whose card does
// not hold everything prints on two).
func CardCount(r *Report) (int, error) {
	cs, err := buildCards(r)
	return len(cs), err
}

// PrintCards prints a list's unit cards as a print shop's deck: one face
// to a page, with bleed.
func PrintCards(r *Report, shop cards.Shop) ([]byte, error) {
	cs, err := buildCards(r)
	if err != nil {
		return nil, err
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("the list has no unit cards to print")
	}
	pdf := shop.NewDoc("Unit cards — " + ListName(r.List))
	for _, style := range []string{"", "B", "I"} {
		layout.UseFont(pdf, layout.Font, style)
	}
	if err := shop.Draw(pdf, faces(cs, nil)); err != nil {
		return nil, err
	}
	return layout.Bytes(pdf)
}

// Type sizes on a card, in points, and line heights in mm: 7 pt and up,
// as every sheet a player reads at the table, but the foot line's
// (cards.FootPt).
const (
	titlePt  = 9.5
	cornerPt = 8.5
	subPt    = 7.0
	headPt   = 7.0
	bodyPt   = 7.0
	bodyLH   = 2.85
	boxSide  = 3.5 // a track's box
	bigBox   = 5.0 // a track's box on a card with room to spare
	boxGap   = 0.8
	groupGap = 1.6
	lineLead = 1.2 // a band line's height against its size
	ptMM     = 25.4 / 72
	markPt   = 6.5 // a reading's mark, raised: no character is smaller
	markRise = 0.9 // mm
)

// cardBody is the text width of a card: its live area's.
const cardBody = cards.LiveW

// The title band: the unit's name and its points on one line, the line
// under it, between the face's band pads; each line's baseline where it
// balances capitals and descenders, as the reference cards' title does.
const (
	bandH     = 2*cards.BandPad + (titlePt+subPt)*ptMM*lineLead
	titleBase = cards.BandPad + titlePt*ptMM*(lineLead/2+0.33)
	subBase   = cards.BandPad + titlePt*ptMM*lineLead + subPt*ptMM*(lineLead/2+0.33)
)

// bandInk is the band's colour, and footInk the foot line's.
var (
	bandInk = [3]uint8{232, 236, 241}
	footInk = [3]uint8{110, 116, 126}
)

// drawBack draws a unit card's back: the band with the unit's name, and
// the list's name in the middle, so a card in its sleeve says whose it is.
func drawBack(pdf *fpdf.Fpdf, c card, f cards.Frame) {
	left, y := f.Live()
	w := cardBody
	f.Band(pdf, bandH, bandInk)
	pdf.SetTextColor(20, 24, 30)
	layout.SetFont(pdf, layout.Font, "B", titlePt)
	layout.Text(pdf, left+cards.BandPad, y+titleBase, layout.FitText(pdf, c.title, w-2*cards.BandPad))
	layout.SetFont(pdf, layout.Font, "", subPt)
	pdf.SetTextColor(70, 76, 86)
	// The back has no room for a reading's line: its mark stays on the
	// front, with the line.
	layout.Text(pdf, left+cards.BandPad, y+subBase, layout.FitText(pdf, unmarked(c.sub), w-2*cards.BandPad))
	layout.SetFont(pdf, layout.Font, "B", titlePt)
	pdf.SetTextColor(40, 70, 120)
	for i, ln := range layout.Wrap(pdf, c.foot, w) {
		if i == 3 {
			break
		}
		layout.Text(pdf, left+(w-layout.Width(pdf, ln))/2, y+cards.LiveH/2+float64(i)*4.2, ln)
	}
	f.Foot(pdf, "", c.of, footInk)
}

func drawCard(pdf *fpdf.Fpdf, c card, f cards.Frame) {
	left, y := f.Live()
	w := cardBody
	// The title band.
	f.Band(pdf, bandH, bandInk)
	pdf.SetTextColor(20, 24, 30)
	layout.SetFont(pdf, layout.Font, "B", cornerPt)
	cw := layout.Width(pdf, c.corner)
	layout.Text(pdf, left+w-cards.BandPad-cw, y+titleBase, c.corner)
	layout.SetFont(pdf, layout.Font, "B", titlePt)
	layout.Text(pdf, left+cards.BandPad, y+titleBase, layout.FitText(pdf, c.title, w-2*cards.BandPad-cw-2))
	drawSub(pdf, left+cards.BandPad, y+subBase, c.sub, w-2*cards.BandPad)

	body := f.Body(bandH)
	top := body.Y + firstDown
	tracksTop := top + bodyRoom(pdf, c)
	g := c.gaps()
	parts := fitParts(pdf, c.parts, w, tracksTop-top, g)
	cy := top
	limit := tracksTop - 0.6 // no baseline below this
	cut := 0.0               // the last baseline drawn, when a line had no room
	line := func(draw func(base float64)) {
		if cy > limit {
			if cut == 0 {
				cut = cy - bodyLH
			}
			return
		}
		draw(cy)
		cy += bodyLH
	}
	for _, p := range parts {
		rows, bold := p.rows, p.bold
		if p.head != "" {
			// A table's column heads share the heading's line.
			var heads []string
			first, col := columns(pdf, p.rows, p.bold, w)
			if inlineHeads(pdf, p, w) {
				heads, rows, bold = rows[0], rows[1:], bold[1:]
			}
			line(func(b float64) {
				pdf.SetFont(layout.Font, "B", headPt)
				pdf.SetTextColor(40, 70, 120)
				layout.Text(pdf, left, b, layout.FitText(pdf, strings.ToUpper(p.head), w))
				if heads != nil {
					drawRow(pdf, heads, left, b, w, first, col, true)
				}
				pdf.SetDrawColor(190, 198, 210)
				pdf.SetLineWidth(0.15)
				pdf.Line(left, b+0.8, left+w, b+0.8)
			})
			cy += g.head
		}
		if p.text != "" {
			pdf.SetFont(layout.Font, "", bodyPt)
			for _, ln := range wrapText(pdf, p.text, w) {
				line(func(b float64) {
					pdf.SetTextColor(20, 24, 30)
					x := left
					if ln.lead != "" {
						x += drawLead(pdf, x, b, ln.lead)
					}
					pdf.SetFont(layout.Font, "", bodyPt)
					layout.Text(pdf, x, b, ln.text)
				})
			}
		}
		first, col := columns(pdf, p.rows, p.bold, w)
		for i, row := range rows {
			bold := i < len(bold) && bold[i]
			line(func(b float64) { drawRow(pdf, row, left, b, w, first, col, bold) })
		}
		for i := range p.writeOn {
			cy += writeGap
			line(func(b float64) {
				x := left
				if i < len(p.writeLabels) && p.writeLabels[i] != "" {
					// The label on the line's baseline, the rule after it.
					pdf.SetFont(layout.Font, "", bodyPt)
					pdf.SetTextColor(20, 24, 30)
					layout.Text(pdf, x, b, p.writeLabels[i])
					x += layout.Width(pdf, p.writeLabels[i]) + 1
				}
				pdf.SetDrawColor(150, 156, 166)
				pdf.SetLineWidth(0.15)
				pdf.Line(x, b+0.4, left+w, b+0.4)
			})
		}
		cy += g.part
	}
	if cut > 0 {
		// More than a card holds (a club's long note): say it goes on.
		pdf.SetFont(layout.Font, "B", bodyPt)
		pdf.SetFillColor(255, 255, 255)
		ew := layout.Width(pdf, " …")
		pdf.Rect(left+w-ew, cut-2.2, ew, 2.8, "F")
		pdf.SetTextColor(20, 24, 30)
		layout.Text(pdf, left+w-ew, cut, " …")
	}
	drawTracks(pdf, c.tracks, left, tracksTop, w, c.side())
	f.Foot(pdf, c.foot, c.of, footInk)
}

// inlineHeads reports whether a block's first row is its table's column
// heads (bold, with a blank corner) that print on the heading's line: the
// heading leaves room for them.
func inlineHeads(pdf *fpdf.Fpdf, p part, w float64) bool {
	if p.head == "" || len(p.rows) == 0 || len(p.bold) == 0 || !p.bold[0] || p.rows[0][0] != "" {
		return false
	}
	first, _ := columns(pdf, p.rows, p.bold, w)
	pdf.SetFont(layout.Font, "B", headPt)
	return layout.Width(pdf, strings.ToUpper(p.head))+1 < first
}

// textLine is a wrapped line of a card's text, with the bold words that
// lead its paragraph on its first line.
type textLine struct{ lead, text string }

// wrap counts the lines the text of the card's blocks takes, wrapped to
// its body in pdf's faces.
func (c *card) wrap(pdf *fpdf.Fpdf) {
	for i := range c.parts {
		c.parts[i].lines = textLines(pdf, c.parts[i].text, cardBody)
	}
}

// textLines is how many lines text takes wrapped to width w.
func textLines(pdf *fpdf.Fpdf, text string, w float64) int {
	if text == "" {
		return 0
	}
	pdf.SetFont(layout.Font, "", bodyPt)
	return len(wrapText(pdf, text, w))
}

// wrapText wraps each paragraph (line) of text to width w, its bold lead
// (up to a tab) on its first line.
func wrapText(pdf *fpdf.Fpdf, text string, w float64) []textLine {
	var out []textLine
	for _, para := range strings.Split(text, "\n") {
		lead, rest, ok := strings.Cut(para, "\t")
		if !ok {
			lead, rest = "", para
		}
		lw := 0.0
		if lead != "" {
			lw = leadWidth(pdf, lead)
		}
		pdf.SetFont(layout.Font, "", bodyPt)
		rest = strings.Join(strings.Fields(rest), " ")
		first := layout.Wrap(pdf, rest, w-lw)
		if len(first) == 0 {
			out = append(out, textLine{lead: lead})
			continue
		}
		out = append(out, textLine{lead, first[0]})
		for _, ln := range layout.Wrap(pdf, strings.TrimPrefix(rest, first[0]), w) {
			out = append(out, textLine{text: ln})
		}
	}
	return out
}

// drawSub draws the line under a card's title at x on base, cut to
// width: a reading's mark at its end (the unit's type a reading
// governs) raised after the words, as a row's name carries one.
func drawSub(pdf *fpdf.Fpdf, x, base float64, sub string, width float64) {
	layout.SetFont(pdf, layout.Font, "", subPt)
	pdf.SetTextColor(70, 76, 86)
	drawMarked(pdf, x, base, sub, width, "", subPt, [3]int{70, 76, 86})
}

// drawMarked draws s at x on base in the current font (style, size) and
// ink, cut to width, a reading's mark at its end (after markOpen)
// raised after the words; the font and ink are left as they were.
func drawMarked(pdf *fpdf.Fpdf, x, base float64, s string, width float64, style string, size float64, ink [3]int) {
	words, mark, marked := strings.Cut(s, markOpen)
	mw := 0.0
	if marked {
		pdf.SetFont(layout.Font, "B", markPt)
		mw = layout.Width(pdf, mark)
		pdf.SetFont(layout.Font, style, size)
	}
	words = layout.FitText(pdf, words, width-mw)
	layout.Text(pdf, x, base, words)
	if marked {
		ww := layout.Width(pdf, words)
		pdf.SetFont(layout.Font, "B", markPt)
		pdf.SetTextColor(40, 70, 120)
		layout.Text(pdf, x+ww, base-markRise, mark)
		pdf.SetFont(layout.Font, style, size)
		pdf.SetTextColor(ink[0], ink[1], ink[2])
	}
}

// unmarked is a card's text without the readings' marks in it.
func unmarked(s string) string {
	return markIn.ReplaceAllString(s, "")
}

// markIn is a reading's mark in a card's text.
var markIn = regexp.MustCompile(markOpen + `R\d+`)

// leadWidth is the room a paragraph's bold lead takes, with its
// reading's mark (markOpen) raised after it, and a space.
func leadWidth(pdf *fpdf.Fpdf, lead string) float64 {
	words, mark, _ := strings.Cut(lead, markOpen)
	pdf.SetFont(layout.Font, "B", markPt)
	w := layout.Width(pdf, mark)
	pdf.SetFont(layout.Font, "B", bodyPt)
	return w + layout.Width(pdf, words+" ")
}

// drawLead draws a paragraph's bold lead at x on base, a reading's mark
// raised after it as a row's name carries one, and returns its room.
func drawLead(pdf *fpdf.Fpdf, x, base float64, lead string) float64 {
	words, mark, marked := strings.Cut(lead, markOpen)
	pdf.SetFont(layout.Font, "B", bodyPt)
	layout.Text(pdf, x, base, words)
	if marked {
		ww := layout.Width(pdf, words) // in the lead's font, not the mark's
		pdf.SetFont(layout.Font, "B", markPt)
		pdf.SetTextColor(40, 70, 120)
		layout.Text(pdf, x+ww, base-markRise, mark)
		pdf.SetTextColor(20, 24, 30)
	}
	return leadWidth(pdf, lead)
}

// writeGap is the room added above each ruled line, for a hand to write:
// a ruled line is 7 mm under the line above it (write-in fields are 7 mm
// tall and at least 30 mm wide, for a pencil; a card's line is 57 mm).
const writeGap = 7.0 - bodyLH

// partHeight is how far a block moves the baseline down, with the card's
// gaps g, its text taking lines lines.
func partHeight(pdf *fpdf.Fpdf, p part, w float64, g gaps, lines int) float64 {
	rows := len(p.rows)
	if inlineHeads(pdf, p, w) {
		rows--
	}
	h := float64(rows)*bodyLH + g.part + float64(p.writeOn)*(bodyLH+writeGap)
	if p.head != "" {
		h += bodyLH + g.head
	}
	return h + float64(lines)*bodyLH
}

// fitParts returns the blocks that fit in room: all of them, or without
// as many blocks of odds, last first, as it takes (their legend goes with
// the last of them). It wraps their text in pdf, the document being
// drawn, whose faces the wrapping sets as it goes.
func fitParts(pdf *fpdf.Fpdf, parts []part, w, room float64, g gaps) []part {
	out := slices.Clone(parts)
	total := 0.0
	for _, p := range out {
		total += partHeight(pdf, p, w, g, textLines(pdf, p.text, w))
	}
	lastOdds := func() int {
		for i := len(out) - 1; i >= 0; i-- {
			if out[i].odds && !out[i].legend {
				return i
			}
		}
		return -1
	}
	for total > room+g.part {
		i := lastOdds()
		if i < 0 {
			break
		}
		total -= partHeight(pdf, out[i], w, g, textLines(pdf, out[i].text, w))
		out = slices.Delete(out, i, i+1)
		if lastOdds() < 0 {
			out = slices.DeleteFunc(out, func(p part) bool { return p.legend })
		}
	}
	return out
}

// Where a card's text goes in the face's body (cards.Frame.Body): the
// first baseline firstDown under its top, its capitals level with it; the
// tracks at its foot, their last boxes on its bottom, as far from the
// foot line as any text.
const (
	firstDown = 1.9
	trackGap  = 0.8 // between two lines of a track's boxes
)

// bodyRoom is the height a card's blocks have, from the first baseline to
// the top of the tracks.
func bodyRoom(pdf *fpdf.Fpdf, c card) float64 {
	room := cards.BodyHeight(bandH) - firstDown
	if h := tracksHeight(pdf, c.tracks, cardBody, c.side()); h > 0 {
		room -= h - trackGap // the last line's gap falls under the body
	}
	return room
}

// cardFits reports whether everything a card carries prints on it, odds
// and all.
func cardFits(pdf *fpdf.Fpdf, c card) bool {
	used, room := cardUse(pdf, c)
	return used <= room
}

// cardUse is the height a card's blocks take and the room it has for
// them, mm.
func cardUse(pdf *fpdf.Fpdf, c card) (used, room float64) {
	for _, p := range c.parts {
		used += partHeight(pdf, p, cardBody, c.gaps(), p.lines)
	}
	return used, bodyRoom(pdf, c) + c.gaps().part
}

// cardFill is how much of its body a card's blocks take, 0–1 and more.
func cardFill(pdf *fpdf.Fpdf, c card) float64 {
	used, room := cardUse(pdf, c)
	return used / room
}

// trackLines splits a track's boxes into the lines they take after the
// label, a group never split.
func trackLines(pdf *fpdf.Fpdf, t track, w, side float64) [][]string {
	pdf.SetFont(layout.Font, "B", headPt)
	avail := w - layout.Width(pdf, strings.ToUpper(t.label)) - 2
	group := t.group
	if group <= 0 {
		group = 1
	}
	var lines [][]string
	var cur []string
	used := 0.0
	for i := 0; i < len(t.boxes); i += group {
		g := t.boxes[i:min(i+group, len(t.boxes))]
		gw := boxesWidth(pdf, g, side)
		if len(cur) > 0 && used+gw > avail {
			lines = append(lines, cur)
			cur, used = nil, 0
		}
		cur = append(cur, g...)
		used += gw
		if t.group > 0 {
			used += groupGap
		}
	}
	if len(cur) > 0 {
		lines = append(lines, cur)
	}
	if k := len(lines); k > 1 && t.group <= 0 {
		// As many boxes on each line as the lines allow, the longer
		// lines first: "10 … 6" over "5 … 1", not "10 … 4" over "3 2 1".
		per := (len(t.boxes) + k - 1) / k
		var even [][]string
		for i := 0; i < len(t.boxes); i += per {
			even = append(even, t.boxes[i:min(i+per, len(t.boxes))])
		}
		if len(even) == k && !slices.ContainsFunc(even, func(ln []string) bool { return boxesWidth(pdf, ln, side) > avail }) {
			return even
		}
	}
	return lines
}

// boxWidth is a box's width: square, or as wide as its text needs.
func boxWidth(pdf *fpdf.Fpdf, s string, side float64) float64 {
	if s == "" {
		return side
	}
	pdf.SetFont(layout.Font, "", bodyPt)
	return max(side, layout.Width(pdf, s)+1.2)
}

func boxesWidth(pdf *fpdf.Fpdf, boxes []string, side float64) float64 {
	w := 0.0
	for _, b := range boxes {
		w += boxWidth(pdf, b, side) + boxGap
	}
	return w
}

// tracksHeight is the room the tracks take above the footer.
func tracksHeight(pdf *fpdf.Fpdf, ts []track, w, side float64) float64 {
	h := 0.0
	for _, t := range ts {
		h += float64(len(trackLines(pdf, t, w, side))) * (side + trackGap)
	}
	return h
}

// drawTracks draws the tracks from top down: the label, then its boxes,
// with what each holds, line after line.
func drawTracks(pdf *fpdf.Fpdf, ts []track, left, top, w, side float64) {
	y := top
	for _, t := range ts {
		label := strings.ToUpper(t.label)
		pdf.SetFont(layout.Font, "B", headPt)
		lw := layout.Width(pdf, label) + 2
		pdf.SetTextColor(40, 70, 120)
		layout.Text(pdf, left, y+side/2+0.85, label)
		k := 0
		for _, ln := range trackLines(pdf, t, w, side) {
			bx := left + lw
			for _, b := range ln {
				bw := boxWidth(pdf, b, side)
				pdf.SetDrawColor(120, 126, 136)
				pdf.SetLineWidth(0.2)
				pdf.Rect(bx, y, bw, side, "D")
				if b != "" {
					pdf.SetFont(layout.Font, "", bodyPt)
					pdf.SetTextColor(70, 76, 86)
					layout.Text(pdf, bx+(bw-layout.Width(pdf, b))/2, y+side/2+0.8, b)
				}
				bx += bw + boxGap
				k++
				if t.group > 0 && k%t.group == 0 {
					bx += groupGap
				}
			}
			y += side + trackGap
		}
	}
}

// firstColumn is the width of a card table's first column, of a row of
// cells cells: the others are right-aligned in columns of equal width.
func firstColumn(cells int, w float64) float64 {
	col := 10.5
	if cells > 4 {
		col = 8.5
	}
	return w - float64(cells-1)*col
}

// columns is where a card table's columns fall: the first column's width
// and that of each of the others (equal, right-aligned). A first cell
// wider than firstColumn ("Heat Ray – Focused" and its mark) takes room
// from the other columns down to what their widest cell needs, so a
// player reads every name whole, as a reference card fits its tables.
func columns(pdf *fpdf.Fpdf, rows [][]string, bold []bool, w float64) (first, col float64) {
	cells := 0
	for _, row := range rows {
		cells = max(cells, len(row))
	}
	if cells < 2 {
		return w, 0
	}
	n := float64(cells - 1)
	first = firstColumn(cells, w)
	col = (w - first) / n
	need, least := 0.0, 0.0
	for i, row := range rows {
		style := ""
		if i < len(bold) && bold[i] {
			style = "B"
		}
		if len(row) < 2 || !slices.ContainsFunc(row[1:], func(c string) bool { return c != "" }) {
			continue // a group row runs across the table
		}
		name, mark, marked := strings.Cut(row[0], markOpen)
		pdf.SetFont(layout.Font, style, bodyPt)
		nw := layout.Width(pdf, name)
		for _, cell := range row[1:] {
			least = max(least, layout.Width(pdf, cell)+0.8)
		}
		if marked {
			pdf.SetFont(layout.Font, "B", markPt)
			nw += layout.Width(pdf, mark)
		}
		need = max(need, nw+1)
	}
	if need <= first {
		return first, col
	}
	col = max(least, (w-need)/n)
	return w - n*col, col
}

// nameRoom is the width a row's first cell prints in: the first
// column's, or the card's for a group row, which runs across the table.
func nameRoom(row []string, w, first float64) float64 {
	if len(row) == 1 {
		return w
	}
	return first
}

// drawRow puts a table row on a card: the first cell left in the remaining
// width, the others right-aligned in columns of equal width.
func drawRow(pdf *fpdf.Fpdf, row []string, x, base, w, first, col float64, bold bool) {
	style := ""
	if bold {
		style = "B"
	}
	pdf.SetFont(layout.Font, style, bodyPt)
	pdf.SetTextColor(20, 24, 30)
	if len(row) == 0 {
		return
	}
	first = nameRoom(row, w, first)
	drawMarked(pdf, x, base, row[0], first-1, style, bodyPt, [3]int{20, 24, 30})
	for i, cell := range row[1:] {
		s := layout.FitText(pdf, cell, col-0.8)
		right := x + first + float64(i+1)*col
		layout.Text(pdf, right-layout.Width(pdf, s), base, s)
	}
}

// buildCards works out every card of the list: one for each unit on the
// table (an entry with count = 3 gives three), and for Evacuation: Mars
// one for the objective marker.
func buildCards(r *Report) ([]card, error) {
	a := rules.ArmyOf(r.System)
	if a == nil {
		return nil, nil
	}
	foot := ListName(r.List)
	n := 0
	for _, ln := range r.Lines {
		n += max(ln.Count, 1)
		if n > maxCards {
			return nil, fmt.Errorf("the list has more than %d units on the table: too many unit cards to print (check the counts)", maxCards)
		}
	}
	// The cards' text is measured in the two faces it is set in: a
	// document with every face would register three more for nothing.
	pdf := layout.NewBlankDoc(layout.A4, "measure")
	for _, style := range []string{"", "B"} {
		layout.UseFont(pdf, layout.Font, style)
	}
	pdf.SetFont(layout.Font, "", 10) // current, as in layout.NewDoc
	var out []card
	for _, ln := range r.Lines {
		rc, err := a.Card(r, ln, printer{})
		c := cardFrom(rc)
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
		c.wrap(pdf)
		c, odds := splitOdds(pdf, c)
		if odds != nil && ln.Count > 1 {
			// One numbering on a card: the units' own ("1/3" at the
			// foot); the odds card serves them all and says so.
			odds.of = strings.Replace(odds.of, "card 2/2", fmt.Sprintf("all %d", ln.Count), 1)
		}
		for k := 1; k <= max(ln.Count, 1); k++ {
			if ln.Count > 1 {
				c.of = fmt.Sprintf("%d/%d", k, ln.Count)
			}
			out = append(out, c)
		}
		if odds != nil {
			out = append(out, *odds)
		}
	}
	var extra []rules.Card
	if a.ExtraCards != nil {
		extra = a.ExtraCards(r, printer{})
	}
	for _, rc := range extra {
		c := cardFrom(rc)
		c.foot = foot
		if !r.Valid() {
			c.foot = "INVALID LIST · " + foot
		}
		c.typeset()
		c.wrap(pdf)
		out = append(out, c)
	}
	return out, nil
}

// splitOdds splits a card that carries more than it holds into two, as
// the reference cards do: card 1/2 the unit's stats, weapons, rules and
// tracks, card 2/2 its odds, whole (one for every unit of the entry: the
// odds are the same). Where card 1/2 still has more than it holds (the
// rulings marked on its weapons), its last blocks (special rules) go to
// card 2/2, ahead of the odds, so neither card is cut and both are used.
// The weapons the odds are worked from go with them to card 2/2 where
// that evens the two cards (a shot read in one look). A card that holds
// everything, with its blocks set closer if need be, or whose excess is
// not odds, stays one (its odds give way, last first).
func splitOdds(pdf *fpdf.Fpdf, c card) (card, *card) {
	if cardFits(pdf, c) {
		return c, nil
	}
	closer := c
	closer.closer = true
	if cardFits(pdf, closer) {
		return closer, nil
	}
	if !slices.ContainsFunc(c.parts, func(p part) bool { return p.odds }) {
		return c, nil
	}
	main := c
	main.parts = slices.DeleteFunc(slices.Clone(c.parts), func(p part) bool { return p.odds })
	var moved []part
	for !cardFits(pdf, main) && len(main.parts) > 1 {
		last := len(main.parts) - 1
		moved = append([]part{main.parts[last]}, moved...)
		main.parts = main.parts[:last]
	}
	odds := card{title: c.title, corner: c.corner, sub: c.sub, foot: c.foot, readings: c.readings}
	odds.parts = append(moved, slices.DeleteFunc(slices.Clone(c.parts), func(p part) bool { return !p.odds })...)
	// The weapons beside their odds, where both cards still hold all
	// they carry and the two are the more even for it.
	withOdds := func(p part) bool { return p.withOdds }
	if slices.ContainsFunc(main.parts, withOdds) {
		m2, o2 := main, odds
		m2.parts = slices.DeleteFunc(slices.Clone(main.parts), withOdds)
		var ws []part
		for _, p := range main.parts {
			if p.withOdds {
				ws = append(ws, p)
			}
		}
		at := slices.IndexFunc(odds.parts, func(p part) bool { return p.odds })
		o2.parts = slices.Concat(odds.parts[:at], ws, odds.parts[at:])
		if len(m2.parts) > 0 && cardFits(pdf, m2) && cardFits(pdf, o2) &&
			math.Abs(cardFill(pdf, m2)-cardFill(pdf, o2)) < math.Abs(cardFill(pdf, main)-cardFill(pdf, odds)) {
			main, odds = m2, o2
		}
	}
	// The numbering prints at the foot, whole, where a long band would
	// cut it, and card 2/2 says there what it holds.
	var heads []string
	for _, p := range odds.parts {
		if !p.odds && !p.legend && p.head != "" {
			heads = append(heads, strings.ToLower(p.head))
		}
	}
	odds.of = "card 2/2: " + strings.Join(append(heads, "odds"), ", ")
	main.of = "card 1/2"
	// Room to spare on card 1/2: boxes a pencil strikes more easily.
	big := main
	big.box = bigBox
	if cardFits(pdf, big) {
		main = big
	}
	return main, &odds
}
