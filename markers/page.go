package markers

import (
	"fmt"
	"math"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/fpdf"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

var (
	cutInk    = rgb{layout.CutInk[0], layout.CutInk[1], layout.CutInk[2]}
	headerInk = rgb{90, 90, 90}
	noteInk   = rgb{0, 0, 0} // the blip note and its ruling: words a player reads, as body text
)

// cutting is the instruction printed beside the calibration bars: how to
// cut every piece, then how to cut the round and curved ones the page
// holds (circles, a template), which follow their outline, not the
// corner marks. A page of squares and strips needs only the first part.
func cutting(pg *page) []string {
	lines := []string{
		"Cut: first along the marks in the side margins, all the way",
		"across; then cut each piece out at its corner marks.",
	}
	has := map[string]bool{}
	for _, pl := range pg.items {
		has[pl.p.shape] = true
	}
	switch {
	case has["circle"] && has["template"]:
		lines = append(lines, "Cut the circles and the template along their edge.")
	case has["circle"]:
		lines = append(lines, "Cut the circles along their edge.")
	case has["template"]:
		lines = append(lines, "Cut the template along its edge.")
	}
	return lines
}

// duplex is the printing instruction of a sheet with backs, above the
// cutting one.
func duplex(f Flip) string {
	if f == Fold {
		return "Print one-sided; fold on the dashed line, printed side out."
	}
	return "Print double-sided, flip on the " + f.String() + "."
}

func (sh *sheet) draw(pdf *fpdf.Fpdf) {
	for _, pg := range sh.pages {
		pdf.AddPage()
		if pg.back {
			sh.drawBackPage(pdf, pg)
		} else {
			sh.drawFrontPage(pdf, pg)
		}
	}
}

func (sh *sheet) drawFrontPage(pdf *fpdf.Fpdf, pg *page) {
	W := sh.paper.Width
	x0, top := layout.SafeMargin+guideW, layout.SafeMargin
	right := fmt.Sprintf("sheet %d of %d", pg.num, pg.n)
	if sh.opt.Stamp != "" {
		right += " · " + sh.opt.Stamp
	}
	sh.header(pdf, sh.title(pg), right, top)

	// Printing and cutting instructions beside the bars, below the print
	// instruction, as large as fit (≤ 6.5 pt) above the pieces' corner
	// marks. The duplex line is bold: a sheet printed one-sided is wasted.
	lines, y, lead := cutting(pg), top+12, 1.35
	if sh.opt.Backs == Fold {
		// Both layers are cut at once: said in the first cutting line,
		// the print line staying short enough for 6.5 pt.
		lines[0], lines[1] = "Cut both layers: first along the side-margin marks, right", "across; then cut each piece out at its corner marks."
	}
	if sh.opt.Backs != NoBacks {
		lines, y, lead = append([]string{duplex(sh.opt.Backs)}, lines...), top+10.6, 1.3
	}
	styles := make([]string, len(lines))
	if sh.opt.Backs != NoBacks {
		styles[0] = "B"
	}
	ix := x0 + 101.6 + 16
	iw := W - x0 - ix
	size := 6.5
	for i, l := range lines {
		size = math.Min(size, fitSize(pdf, styles[i], l, iw, 6.5))
	}
	setText(pdf, headerInk)
	for i, l := range lines {
		pdf.SetFont(fontName, styles[i], size)
		layout.Text(pdf, ix, y+float64(i)*size*ptMM*lead, l)
	}

	// Full-width cuts between shelves, marked in both side margins (on a
	// fold sheet, left of the fold line: the right margin is behind).
	setDraw(pdf, cutInk)
	pdf.SetLineWidth(0.2)
	edge := W - x0
	if sh.opt.Backs == Fold {
		edge = W/2 - cards.FoldGap
	}
	for _, y := range pg.cuts {
		pdf.Line(layout.SafeMargin+0.5, y, x0-1.2, y)
		pdf.Line(edge+1.2, y, edge+1.2+(x0-1.2-layout.SafeMargin-0.5), y)
	}
	for _, pl := range pg.items {
		layout.CropMarks(pdf, pl.r)
		place(pdf, pl, func(x, y float64) { drawFront(pdf, pl.p, x, y) })
		if pl.p.seg != nil {
			for _, n := range pl.p.seg.readings() {
				sh.opt.Marks.Add(n, pdf.PageNo(), "", pl.p.kind.Name)
			}
		}
	}
	if len(pg.captions) > 0 {
		setText(pdf, headerInk)
		pdf.SetFont(fontName, "B", captionPt)
		for _, c := range pg.captions {
			layout.Text(pdf, x0, c.y, c.text)
		}
	}
	if sh.opt.Backs == Fold {
		sh.foldLine(pdf)
		for _, pl := range pg.backs {
			// Mirrored across the fold line as a long-edge flip mirrors.
			place(pdf, pl, func(x, y float64) { drawBack(pdf, pl.p, x, y, pl.rot) })
		}
	}
	if pg.num == pg.n {
		sh.footNote(pdf, pg)
	}
}

// footNote writes Options.Note under the pieces of the last front, clear
// of their corner marks (left of the fold word on a fold sheet), where it
// fits whole, wrapped, in the body type: its ruling is a rule a player
// reads, not an instruction to the one who cuts.
func (sh *sheet) footNote(pdf *fpdf.Fpdf, pg *page) {
	if sh.opt.Note == "" {
		return
	}
	x0 := layout.SafeMargin + guideW
	right := sh.paper.Width - x0
	if sh.opt.Backs == Fold {
		right = sh.paper.Width/2 - 4
	}
	low := areaTop
	for _, pl := range pg.items {
		low = max(low, pl.r.Y+pl.r.H)
	}
	base := low + layout.CropTo + 3.5
	setText(pdf, noteInk)
	pdf.SetFont(fontName, "", cards.BodyPt)
	lines := wrapMarked(pdf, noteWords(sh.opt.Note, sh.opt.Readings), right-x0)
	var rulings [][]string // each ruling's lines, set in after its mark
	all := len(lines)
	for _, n := range sh.opt.Readings {
		r := layout.Wrap(pdf, document.RulingPrefix+document.Typo(strings.TrimSpace(n.Ruling)), right-x0-markW(pdf, n.Mark))
		rulings = append(rulings, r)
		all += len(r)
	}
	const lh = 3.4 // BodyPt type's line
	if len(lines) == 0 || base+float64(all-1)*lh > sh.paper.Height-layout.SafeMargin-0.6 {
		return
	}
	for i, ln := range lines {
		drawMarked(pdf, x0, base+float64(i)*lh, ln)
	}
	if len(rulings) == 0 {
		return
	}
	// Each ruling on the lines under the note, led by its mark.
	y := base + float64(len(lines)-1)*lh
	for k, n := range sh.opt.Readings {
		y += lh
		pdf.SetFont(fontName, "B", cards.BodyPt)
		layout.Text(pdf, x0, y, n.Mark+"\u00a0")
		indent := markW(pdf, n.Mark)
		pdf.SetFont(fontName, "", cards.BodyPt)
		for i, ln := range rulings[k] {
			layout.Text(pdf, x0+indent, y+float64(i)*lh, ln)
		}
		y += float64(len(rulings[k])-1) * lh
		sh.opt.Marks.Add(n, pdf.PageNo(), "", "")
	}
}

// run is a stretch of a note's text, or a run of readings' marks ("R12,R4")
// set raised after the words they govern.
type run struct {
	s    string
	mark bool
}

// noteWords are a note's words, each with the marks of the readings whose
// governed words it ends (document.MarksAt), the marks of readings whose
// words the note does not hold on its last word: a mark is part of its
// word, so it never wraps onto a line alone.
func noteWords(note string, readings []catalog.Note) [][]run {
	note = strings.TrimSpace(note)
	ats, rest := document.MarksAt(note, readings)
	if len(rest) > 0 {
		if k := len(ats) - 1; k >= 0 && ats[k].End == len(note) {
			ats[k].Notes = append(ats[k].Notes, rest...)
		} else {
			ats = append(ats, document.MarkAt{End: len(note), Notes: rest})
		}
	}
	var words [][]run
	var word []run
	text := func(s string) {
		for i, w := range strings.Split(s, " ") {
			if i > 0 && len(word) > 0 {
				words, word = append(words, word), nil
			}
			if w != "" {
				word = append(word, run{s: w})
			}
		}
	}
	from := 0
	for _, a := range ats {
		text(note[from:a.End])
		var marks []string
		for _, n := range a.Notes {
			marks = append(marks, n.Mark)
		}
		word = append(word, run{s: strings.Join(marks, ","), mark: true})
		from = a.End
	}
	text(note[from:])
	if len(word) > 0 {
		words = append(words, word)
	}
	return words
}

// runW is a run's width: text in the note's type, marks in theirs.
func runW(pdf *fpdf.Fpdf, p run) float64 {
	if p.mark {
		pdf.SetFont(fontName, "B", markPt)
		defer pdf.SetFont(fontName, "", cards.BodyPt)
	}
	return layout.Width(pdf, p.s)
}

// wrapMarked sets a note's words in lines no wider than width; a word
// wider than the line has one of its own, and the last line never holds
// one word alone where the line above it can spare one.
func wrapMarked(pdf *fpdf.Fpdf, words [][]run, width float64) [][][]run {
	space := layout.Width(pdf, " ")
	var lines [][][]run
	var line [][]run
	lineW := 0.0
	for _, w := range words {
		ww := 0.0
		for _, p := range w {
			ww += runW(pdf, p)
		}
		if len(line) > 0 && lineW+space+ww > width {
			lines, line, lineW = append(lines, line), nil, 0
		}
		if len(line) > 0 {
			lineW += space
		}
		line, lineW = append(line, w), lineW+ww
	}
	if len(line) > 0 {
		lines = append(lines, line)
	}
	// No word alone on the last line: the one before it comes down.
	if k := len(lines) - 1; k > 0 && len(lines[k]) == 1 && len(lines[k-1]) > 2 {
		prev := lines[k-1]
		lines[k-1], lines[k] = prev[:len(prev)-1], [][]run{prev[len(prev)-1], lines[k][0]}
	}
	return lines
}

// drawMarked draws a line of a note's words from x at baseline y, marks
// raised; the text between two marks is drawn as one string, as a
// reader's copy and search find it.
func drawMarked(pdf *fpdf.Fpdf, x, y float64, line [][]run) {
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			layout.Text(pdf, x, y, text.String())
			x += layout.Width(pdf, text.String())
			text.Reset()
		}
	}
	for i, w := range line {
		if i > 0 {
			text.WriteString(" ")
		}
		for _, p := range w {
			if !p.mark {
				text.WriteString(p.s)
				continue
			}
			flush()
			pdf.SetFont(fontName, "B", markPt)
			layout.Text(pdf, x, y-markRise, p.s)
			x += layout.Width(pdf, p.s)
			pdf.SetFont(fontName, "", cards.BodyPt)
		}
	}
	flush()
}

// markW is the room a ruling's mark takes at the head of its line, in
// the note's bold type.
func markW(pdf *fpdf.Fpdf, mark string) float64 {
	pdf.SetFont(fontName, "B", cards.BodyPt)
	w := layout.Width(pdf, mark+"\u00a0")
	pdf.SetFont(fontName, "", cards.BodyPt)
	return w
}

// foldLine draws a fold sheet's fold line, dashed, down the middle from
// the top of the pieces' area.
func (sh *sheet) foldLine(pdf *fpdf.Fpdf) {
	x := sh.paper.Width / 2
	setDraw(pdf, cutInk)
	pdf.SetLineWidth(0.25)
	pdf.SetDashPattern([]float64{2, 1.5}, 0)
	// The word's baseline sits its descent over the safe margin.
	base := sh.paper.Height - layout.SafeMargin - 0.5
	pdf.Line(x, areaTop-1, x, base-3.3)
	pdf.SetDashPattern(nil, 0)
	setText(pdf, headerInk)
	pdf.SetFont(fontName, "B", cards.MinPt)
	w := layout.Width(pdf, cards.FoldWord)
	layout.Text(pdf, x-w/2, base, cards.FoldWord)
}

func (sh *sheet) drawBackPage(pdf *fpdf.Fpdf, pg *page) {
	top := layout.SafeMargin
	if sh.opt.Backs == ShortEdge {
		// The header's mirror image: the front's header is behind it.
		top = sh.paper.Height - layout.SafeMargin - headerDrawn
	}
	sh.header(pdf, fmt.Sprintf("%s — backs of sheet %d of %d", sh.title(pg), pg.num, pg.n),
		"print double-sided, flip on the "+sh.opt.Backs.String(), top)
	for _, pl := range pg.items {
		// A quarter-turned piece is mirrored across its own length by a
		// long-edge flip, across its width by a short-edge one.
		flipped := (sh.opt.Backs == ShortEdge) != pl.rot
		place(pdf, pl, func(x, y float64) { drawBack(pdf, pl.p, x, y, flipped) })
	}
}

// title heads a page: Options.Title, or the rule set's markers.
func (sh *sheet) title(pg *page) string {
	if sh.opt.Title != "" {
		return sh.opt.Title
	}
	return short(pg.sys) + " markers"
}

// header writes the title, a right-aligned note and the calibration bars
// in the headerH mm from top.
func (sh *sheet) header(pdf *fpdf.Fpdf, title, note string, top float64) {
	x0 := layout.SafeMargin + guideW
	W := sh.paper.Width
	setText(pdf, black)
	pdf.SetFont(fontName, "B", 10)
	layout.Text(pdf, x0, top+3.8, title)
	tw := layout.Width(pdf, title)
	setText(pdf, headerInk)
	size := fitSize(pdf, "", note, W-2*x0-tw-6, 7)
	pdf.SetFont(fontName, "", size)
	layout.Text(pdf, W-x0-layout.Width(pdf, note), top+3.8, note)
	layout.CalibrationBars(pdf, x0, top+5.5)
}

// place draws a piece at its placement: draw paints it upright with its
// box's top-left at the given point, turned when the placement is turned.
func place(pdf *fpdf.Fpdf, pl placement, draw func(x, y float64)) {
	if !pl.rot {
		draw(pl.r.X, pl.r.Y)
		return
	}
	// Drawn at (X, Y+H) and turned a quarter counter-clockwise about that
	// point, the piece's top edge runs up the left side of the box.
	pdf.TransformBegin()
	pdf.TransformRotate(90, pl.r.X, pl.r.Y+pl.r.H)
	draw(pl.r.X, pl.r.Y+pl.r.H)
	pdf.TransformEnd()
}
