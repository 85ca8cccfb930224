package markers

import (
	"fmt"
	"math"
	"strings"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
)

const (
	fontName = layout.Font
	ptMM     = 25.4 / 72 // millimetres per point
	capH     = 0.70      // the Go font's capital height, in ems
	bleed    = 1.5       // backs run this far past the cut line, so a duplex misfit shows no white edge
	keyline  = 0.3       // width of the line just inside each face's edge
	inkInset = 1.0       // every character's ink stays this far inside a piece's cut outline, so a blade off by a hair cuts no letter
)

// circle draws a circle as four Béziers that touch its bounding square at
// the quarter points, so the drawn disc measures exactly 2r across (fpdf's
// own Circle uses six arcs whose extremes fall between points). style is
// fpdf's: "F", "D" or "FD".
func circle(pdf *fpdf.Fpdf, cx, cy, r float64, style string) {
	k := r * 4 / 3 * (math.Sqrt2 - 1) // control distance for a quarter circle
	pdf.MoveTo(cx+r, cy)
	pdf.CurveBezierCubicTo(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
	pdf.CurveBezierCubicTo(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
	pdf.CurveBezierCubicTo(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
	pdf.CurveBezierCubicTo(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
	pdf.ClosePath()
	pdf.DrawPath(style)
}

func setFill(pdf *fpdf.Fpdf, c rgb) { pdf.SetFillColor(c.r, c.g, c.b) }
func setDraw(pdf *fpdf.Fpdf, c rgb) { pdf.SetDrawColor(c.r, c.g, c.b) }
func setText(pdf *fpdf.Fpdf, c rgb) { pdf.SetTextColor(c.r, c.g, c.b) }

// centreText writes s centred on cx with its baseline at y.
func centreText(pdf *fpdf.Fpdf, s string, cx, y float64) {
	layout.Text(pdf, cx-layout.Width(pdf, s)/2, y, s)
}

// fitSize is the largest font size up to maxPt at which s is at most w mm wide.
func fitSize(pdf *fpdf.Fpdf, style, s string, w, maxPt float64) float64 {
	pdf.SetFont(fontName, style, maxPt)
	if sw := layout.Width(pdf, s); sw > w {
		return maxPt * w / sw
	}
	return maxPt
}

// fitText writes s centred on (cx, cy) — cy the middle of its capitals —
// as large as fits w mm, at most maxPt points. It returns the size used.
func fitText(pdf *fpdf.Fpdf, style, s string, cx, cy, w, maxPt float64) float64 {
	size := fitSize(pdf, style, s, w, maxPt)
	pdf.SetFont(fontName, style, size)
	centreText(pdf, s, cx, cy+capH*size*ptMM/2)
	return size
}

// Sub-labels ("Armor", "result 7", "a full turn to stand") are read at
// the table: never smaller than subMin; one that does not fit a line at
// that size takes two.
const (
	subMin = 6.5
	subMax = 7.5
)

// maxSplit is the most words a label or sub-label may have for every
// break into two lines to be tried: a face holds a few words (the shipped
// ones at most four). A longer text is shrunk onto one line, or wrapped;
// trying each break of a text of a thousand words took seconds.
const maxSplit = 12

// subLines sets a sub-label for a face w mm wide (w2 for its lower lines
// on a round face): its size and lines.
func subLines(pdf *fpdf.Fpdf, sub string, w, w2, maxPt float64) (float64, []string) {
	pt := math.Max(subMin, math.Min(subMax, maxPt*0.3))
	if fitSize(pdf, "", sub, w, pt) >= pt {
		return pt, []string{sub}
	}
	if fitSize(pdf, "", sub, w, subMin) >= subMin {
		return subMin, []string{sub}
	}
	// Two lines as even as can be ("a full turn / to stand"), or as
	// many as it takes.
	pdf.SetFont(fontName, "", subMin)
	words := strings.Fields(sub)
	best, bestW := []string(nil), math.Inf(1)
	for i := 1; i < len(words) && len(words) <= maxSplit; i++ {
		a, b := strings.Join(words[:i], " "), strings.Join(words[i:], " ")
		if w := math.Max(layout.Width(pdf, a), layout.Width(pdf, b)); w <= w2 && w < bestW {
			best, bestW = []string{a, b}, w
		}
	}
	if best != nil {
		return subMin, best
	}
	return subMin, layout.Wrap(pdf, sub, w2)
}

// setLine is a line of a face's text as laid out: centred on the face,
// its baseline at base.
type setLine struct {
	s, style   string
	size, base float64
}

// textBox lays out a face's label (one or two lines, bold) and its
// sub-label centred in the box, as large as fits but no larger than maxPt.
// On a round face two lines stay narrower, as the circle is narrower away
// from its middle.
func textBox(pdf *fpdf.Fpdf, label, sub string, y, w, h, maxPt float64, round bool) []setLine {
	w2 := w
	if round {
		w2 = w * 0.84
	}
	var subs []string
	subPt, subGap, subH := 0.0, 0.0, 0.0
	hAll := h
	if sub != "" {
		subPt, subs = subLines(pdf, sub, w, w2, maxPt)
		subGap = math.Max(0.8, h*0.06)
		subH = float64(len(subs))*capH*subPt*ptMM + float64(len(subs)-1)*0.45*subPt*ptMM
		h -= subH + subGap
	}
	// One line, or two split at the space that lets the text grow largest.
	lines := []string{label}
	size := math.Min(fitSize(pdf, "B", label, w, maxPt), h/(capH*ptMM))
	words := strings.Fields(label)
	for i := 1; i < len(words) && len(words) <= maxSplit; i++ {
		a, b := strings.Join(words[:i], " "), strings.Join(words[i:], " ")
		byH := h / ((2*capH + 0.45) * ptMM) // two lines with a gap of 0.45 em
		s := math.Min(math.Min(fitSize(pdf, "B", a, w2, maxPt), fitSize(pdf, "B", b, w2, maxPt)), byH)
		if s > size*1.15 {
			lines, size = []string{a, b}, s
		}
	}
	lineH := capH * size * ptMM
	gap := 0.45 * size * ptMM
	block := float64(len(lines))*lineH + float64(len(lines)-1)*gap
	total := block
	if sub != "" {
		// The label's descenders (the pp of "Crippled") keep clear of
		// the sub-label's ascenders.
		_, down := inkHeight("B", lines[len(lines)-1])
		subGap = math.Max(subGap, down*size*ptMM+0.06*subPt*ptMM+0.4)
		total += subGap + subH
	}
	top := y + (hAll-total)/2
	var out []setLine
	for i, l := range lines {
		out = append(out, setLine{l, "B", size, top + lineH + float64(i)*(lineH+gap)})
	}
	for i, l := range subs {
		out = append(out, setLine{l, "", subPt, top + block + subGap + capH*subPt*ptMM + float64(i)*(capH+0.45)*subPt*ptMM})
	}
	return out
}

// faceText writes a face's label and sub-label on a piece whose cut
// outline is round (a disc of diameter w) or a w × h rectangle, its
// top-left at (x, y). The text is set in box (relative to the piece), as
// textBox sets it; where a line's ink would come within inkInset of the
// outline, it is set again smaller in a smaller box, about the piece's
// middle, while the label stays at least subMin points.
func faceText(pdf *fpdf.Fpdf, label, sub string, x, y, w, h float64, box rect, maxPt float64, round bool) {
	inside := func(l setLine, lw float64) bool {
		em := l.size * ptMM
		up, down := inkHeight(l.style, l.s)
		x0, x1 := w/2-lw/2, w/2+lw/2
		y0, y1 := l.base-up*em, l.base+down*em
		if !round {
			return x0 >= inkInset && y0 >= inkInset && x1 <= w-inkInset && y1 <= h-inkInset
		}
		r := w / 2
		dx, dy := math.Max(math.Abs(x0-r), math.Abs(x1-r)), math.Max(math.Abs(y0-r), math.Abs(y1-r))
		return math.Hypot(dx, dy) <= r-inkInset
	}
	var lines []setLine
	for f := 1.0; f > 0.2; f *= 0.92 {
		b := rect{X: w/2 - f*(w/2-box.X), Y: h/2 - f*(h/2-box.Y), W: f * box.W, H: f * box.H}
		try := textBox(pdf, label, sub, b.Y, b.W, b.H, f*maxPt, round)
		if lines != nil && try[0].size < subMin {
			break // smaller would be too small to read: keep the last that was not
		}
		lines = try
		fits := true
		for _, l := range lines {
			pdf.SetFont(fontName, l.style, l.size)
			fits = fits && inside(l, layout.Width(pdf, l.s))
		}
		if fits {
			break
		}
	}
	for _, l := range lines {
		pdf.SetFont(fontName, l.style, l.size)
		centreText(pdf, l.s, x+w/2, y+l.base)
	}
}

// ring is the keyline colour on a fill: white on dark fills, a darker
// shade on light ones.
func ring(fill rgb) rgb {
	if fill.dark() {
		return fill.tint(0.35)
	}
	return rgb{fill.r * 6 / 10, fill.g * 6 / 10, fill.b * 6 / 10}
}

// circlePt and rectPt are the largest label sizes on a face: capitals a
// third of a circle's diameter, two fifths of a rectangle's height.
func circlePt(d float64) float64 { return 0.34 * d / (capH * ptMM) }
func rectPt(h float64) float64   { return 0.40 * h / (capH * ptMM) }

// trackBox is the side of a track's boxes on a w × h card with rows rows
// of at most n boxes, or an error when they would be too small to mark.
func trackBox(w, h float64, rows, n int, labelW float64) (float64, error) {
	rowH := (h - 9) / float64(max(rows, 1))
	s := math.Min(rowH-1.5, (w-labelW-4)/float64(n)-1)
	s = math.Min(s, 8)
	if s < 4 {
		return 0, fmt.Errorf("%d boxes do not fit a %.0f × %.0f mm card; make the card bigger", n, w, h)
	}
	return s, nil
}

// rectFace paints a rectangular piece's face: its colour, a keyline 1 mm
// inside the edge, and its ink made current for the text.
func rectFace(pdf *fpdf.Fpdf, p *piece, x, y float64) {
	setFill(pdf, p.fill)
	pdf.Rect(x, y, p.w, p.h, "F")
	setDraw(pdf, ring(p.fill))
	pdf.SetLineWidth(keyline)
	pdf.Rect(x+1, y+1, p.w-2, p.h-2, "D")
	setText(pdf, p.ink)
}

// drawTrack paints a track card: its title, then a row of numbered boxes
// for each track, the first box the starting value.
func drawTrack(pdf *fpdf.Fpdf, p *piece, x, y float64) {
	rectFace(pdf, p, x, y)
	fitText(pdf, "B", p.label, x+p.w/2, y+4.6, p.w-6, 9)

	labelW, n := trackLabelWidth(pdf, p.tracks)
	s, err := trackBox(p.w, p.h, len(p.tracks), n, labelW)
	if err != nil {
		return // checked when the pieces were made
	}
	rowH := (p.h - 9) / float64(len(p.tracks))
	for i, t := range p.tracks {
		cy := y + 8 + rowH*(float64(i)+0.5)
		setText(pdf, p.ink)
		pdf.SetFont(fontName, "B", trackPt)
		layout.Text(pdf, x+2.5, cy+capH*trackPt*ptMM/2, t.label)
		bx := x + p.w - 2.5 - float64(t.to-t.from+1)*(s+1) + 1
		for v := t.from; v <= t.to; v++ {
			setFill(pdf, white)
			setDraw(pdf, ring(p.fill))
			pdf.SetLineWidth(0.2)
			pdf.Rect(bx, cy-s/2, s, s, "FD")
			setText(pdf, black)
			style := ""
			if v == t.from {
				style = "B"
			}
			fitText(pdf, style, fmt.Sprint(v), bx+s/2, cy, s*0.8, s*1.1/ptMM*0.5)
			bx += s + 1
		}
	}
}

// trackPt is the size of a track's label ("Armour", "Hull points").
const trackPt = 7.5

// trackLabelWidth is the width of the widest track label and the longest
// track's number of boxes.
func trackLabelWidth(pdf *fpdf.Fpdf, tracks []trackRow) (float64, int) {
	w, n := 0.0, 0
	pdf.SetFont(fontName, "B", trackPt)
	for _, t := range tracks {
		w = math.Max(w, layout.Width(pdf, t.label))
		n = max(n, t.to-t.from+1)
	}
	return w + 2, n
}
