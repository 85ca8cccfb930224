package markers

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
)

// A range stick is an inch ruler with a row per weapon (or rule distance)
// shading the distances it covers. It is cut into segments that join end to
// end: segment i ends with "X►" and segment i+1 starts with "◄X".
const (
	scaleH  = 7.0 // the inch scale along the measuring edge
	footerH = 4.0 // join marks and the stick's name
	inch    = 25.4
)

// band is a stretch of a row: from–to inches, with an optional factor.
type band struct {
	from, to float64
	factor   string
	shade    float64 // tint of the row colour
}

type rulerRow struct {
	label string
	color rgb
	bands []band
	end   string // the range as printed at its end: 15″
	// readings are the readings that govern the range as the book prints
	// it ("30+" read as 30″): their marks follow the range at its end,
	// their lines the stick's name in the footer of the piece that ends
	// it.
	readings []catalog.Note
}

// mark is the row's readings' marks, "" for none.
func (r rulerRow) mark() string {
	var ms []string
	for _, n := range r.readings {
		ms = append(ms, n.Mark)
	}
	return strings.Join(ms, ",")
}

// segment is one piece of a range stick: inches from–to of the whole.
type segment struct {
	title      string
	from, to   int
	index, n   int
	rows       []rulerRow
	rowH       float64
	w, h       float64
	fill, ink  rgb
	startJoin  string // join letter at the start, "" on the first segment
	finishJoin string
}

// newSegments cuts a ruler marker into segments that fit the area: whole
// inches, at most the marker's segment length, as even as possible.
func newSegments(s *catalog.System, m *catalog.Marker, area rect) ([]*segment, error) {
	if err := positive(m, "row_height", m.RowHeight); err != nil {
		return nil, err
	}
	if err := positive(m, "segment", m.Segment); err != nil {
		return nil, err
	}
	if least := capH*rowPt*ptMM + 1.3; m.RowHeight.MM < least {
		return nil, fmt.Errorf("marker %q: row_height %s is too low for its %g pt labels; expected at least %.1fmm", m.ID, m.RowHeight, rowPt, math.Ceil(least*10)/10)
	}
	if len(m.Rows) == 0 {
		return nil, fmt.Errorf("marker %q is a ruler without rows", m.ID)
	}
	fill, ink, err := colors(m, rgb{251, 247, 234})
	if err != nil {
		return nil, err
	}
	var rows []rulerRow
	longest := 0.0
	for i, r := range m.Rows {
		row, err := newRulerRow(s, m, r)
		if err != nil {
			return nil, fmt.Errorf("marker %q: row %d: %w", m.ID, i+1, err)
		}
		for _, b := range row.bands {
			longest = math.Max(longest, b.to)
		}
		rows = append(rows, row)
	}
	total := int(math.Ceil(longest - 1e-9))
	h := scaleH + float64(len(rows))*m.RowHeight.MM + footerH

	// The longest whole-inch piece that fits the area either way round.
	fits := 0.0
	if h <= area.H {
		fits = area.W
	}
	if h <= area.W {
		fits = math.Max(fits, area.H)
	}
	maxIn := math.Min(math.Floor(m.Segment.Inches()+1e-9), math.Floor(fits/inch+1e-9))
	if maxIn < 1 {
		return nil, fmt.Errorf("marker %q: a range stick %.1f mm wide with inch pieces does not fit the printable area (%.0f × %.0f mm)", m.ID, h, area.W, area.H)
	}
	n := int(math.Ceil(float64(total) / maxIn))
	var segs []*segment
	at := 0
	for i := 0; i < n; i++ {
		l := total / n
		if i < total%n {
			l++
		}
		sg := &segment{title: m.Name, from: at, to: at + l, index: i, n: n, rows: rows, rowH: m.RowHeight.MM,
			w: float64(l) * inch, h: h, fill: fill, ink: ink}
		if i > 0 {
			sg.startJoin = joinLetter(i - 1)
		}
		if i < n-1 {
			sg.finishJoin = joinLetter(i)
		}
		segs = append(segs, sg)
		at += l
	}
	return segs, nil
}

func joinLetter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return strconv.Itoa(i + 1)
}

func newRulerRow(s *catalog.System, m *catalog.Marker, r catalog.RulerRow) (rulerRow, error) {
	col, err := parseColor(r.Color, rgb{73, 80, 87})
	if err != nil {
		return rulerRow{}, err
	}
	row := rulerRow{label: r.Label, color: col}
	if r.Rule != "" {
		l, err := s.RuleLength(r.Rule)
		if err != nil {
			return row, err
		}
		if l.MM <= 0 {
			return row, fmt.Errorf("rule %q is not set", r.Rule)
		}
		row.bands = []band{{from: 0, to: l.Inches(), shade: 0.4}}
		row.end = document.Inch(l)
		return row, nil
	}
	w := s.Weapon(r.Weapon)
	if w == nil {
		return row, fmt.Errorf("unknown weapon %q", r.Weapon)
	}
	if row.label == "" {
		row.label = w.Name
	}
	if len(w.Bands) > 0 {
		// Short, medium, long: darker to lighter, each with its factor.
		shades := []float64{0.55, 0.35, 0.18}
		from := 0.0
		for i, b := range w.Bands {
			shade := shades[min(i, len(shades)-1)]
			row.bands = append(row.bands, band{from: from, to: b.Range.Inches(), factor: m.FactorWord + strconv.Itoa(b.Factor), shade: shade})
			from = b.Range.Inches()
		}
		row.end = document.Inch(w.Bands[len(w.Bands)-1].Range)
		return row, nil
	}
	if w.Range.MM <= 0 {
		return row, fmt.Errorf("weapon %q has no range to mark", w.ID)
	}
	row.bands = []band{{from: w.MinRange.Inches(), to: w.Range.Inches(), shade: 0.4}}
	row.end = document.Inch(w.Range)
	if w.RangeText != "" {
		row.end = document.Typo(w.RangeText)
	} else if !w.MinRange.IsZero() {
		row.end = document.Inch(w.MinRange) + "–" + document.Inch(w.Range)
	}
	if w.Power != 0 {
		row.end += fmt.Sprintf(" · %+d", w.Power)
	}
	if w.RangeText != "" {
		row.readings = s.Governing(w.RangeText, document.Typo)
	}
	return row, nil
}

// readings are the readings whose marks the segment prints: those of the
// rows whose range ends on it.
func (sg *segment) readings() []catalog.Note {
	var out []catalog.Note
	for _, r := range sg.rows {
		if reach := r.bands[len(r.bands)-1].to; reach > float64(sg.from) && reach <= float64(sg.to)+1e-9 {
			for _, n := range r.readings {
				if !slices.ContainsFunc(out, func(o catalog.Note) bool { return o.Mark == n.Mark }) {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// Type sizes on a stick: every row label, band factor and range is read
// at the table, so none is under rowPt; the scale's numbers and the
// joins are a little larger.
const (
	rowPt    = 7.0
	scalePt  = 7.0
	zeroPt   = 9.0
	markPt   = 6.5 // a reading's mark, raised: no character is smaller
	markRise = 0.9 // mm
)

// rowLabel is a text a row prints: where it starts, and its width; mark
// is the readings' marks set raised after it.
type rowLabel struct {
	x, w  float64
	s     string
	style string
	mark  string
}

// draw paints the segment upright with its top-left at (x, y): the inch
// scale along the top (measuring) edge, the rows, then the footer. The
// first segment's zero end is marked: a solid bar down the edge, a large
// 0 and "0 end" in the footer.
func (sg *segment) draw(pdf *fpdf.Fpdf, x, y float64) {
	setFill(pdf, sg.fill)
	pdf.Rect(x, y, sg.w, sg.h, "F")
	px := func(in float64) float64 { return x + (in-float64(sg.from))*inch }

	// Rows: shaded bands, band edges (never across a label), labels.
	for i, r := range sg.rows {
		ry := y + scaleH + float64(i)*sg.rowH
		for _, b := range r.bands {
			lo, hi := math.Max(b.from, float64(sg.from)), math.Min(b.to, float64(sg.to))
			if hi <= lo {
				continue
			}
			setFill(pdf, r.color.tint(b.shade))
			pdf.Rect(px(lo), ry+0.35, px(hi)-px(lo), sg.rowH-0.7, "F")
		}
		labels := sg.rowLabels(pdf, r, x, px)
		base := ry + sg.rowH/2 + capH*rowPt*ptMM/2
		top, bottom := base-0.75*rowPt*ptMM-0.25, base+0.22*rowPt*ptMM+0.25 // the labels' ink, with a little air
		setDraw(pdf, r.color)
		pdf.SetLineWidth(0.5)
		for _, b := range r.bands {
			for _, edge := range []float64{b.from, b.to} {
				if edge > float64(sg.from) && edge < float64(sg.to)+1e-9 && edge > 0 {
					ex := math.Min(px(edge), x+sg.w-0.25)
					edgeLine(pdf, ex, ry+0.35, ry+sg.rowH-0.35, top, bottom, labels)
				}
			}
		}
		ink := sg.ink
		if r.bands[len(r.bands)-1].to <= float64(sg.from) {
			ink = grey // the row does not reach this segment
		}
		setText(pdf, ink)
		for _, l := range labels {
			pdf.SetFont(fontName, l.style, rowPt)
			layout.Text(pdf, l.x, base, l.s)
			if l.mark != "" {
				sw := layout.Width(pdf, l.s)
				pdf.SetFont(fontName, "B", markPt)
				layout.Text(pdf, l.x+sw, base-markRise, l.mark)
			}
		}
	}
	// Thin rules between rows.
	setDraw(pdf, rgb{200, 196, 186})
	pdf.SetLineWidth(0.1)
	for i := 0; i <= len(sg.rows); i++ {
		ry := y + scaleH + float64(i)*sg.rowH
		pdf.Line(x, ry, x+sg.w, ry)
	}

	// The scale: a tick every quarter inch from the measuring edge, numbers
	// every inch running on across segments.
	setDraw(pdf, sg.ink)
	for q := sg.from * 4; q <= sg.to*4; q++ {
		tx := x + float64(q-sg.from*4)*inch/4
		l, w := 1.6, 0.15
		switch {
		case q%4 == 0:
			l, w = 3.6, 0.25
		case q%2 == 0:
			l = 2.4
		}
		// Keep the end ticks' strokes inside the piece.
		tx = math.Max(x+w/2, math.Min(tx, x+sg.w-w/2))
		pdf.SetLineWidth(w)
		pdf.Line(tx, y, tx, y+l)
	}
	zero := sg.from == 0
	if zero {
		// The zero end: a solid bar down the edge the player measures from.
		setFill(pdf, sg.ink)
		pdf.Rect(x, y, zeroBar, sg.h, "F")
	}
	setText(pdf, sg.ink)
	for in := sg.from; in <= sg.to; in++ {
		if in == sg.from && sg.startJoin != "" || in == sg.to && sg.finishJoin != "" {
			continue // the join marks stand there
		}
		s := strconv.Itoa(in)
		tx := px(float64(in))
		pdf.SetFont(fontName, "B", scalePt)
		switch {
		case in == 0:
			pdf.SetFont(fontName, "B", zeroPt)
			layout.Text(pdf, tx+zeroBar+0.8, y+6.3, s)
		case in == sg.from:
			layout.Text(pdf, tx+inkInset, y+6, s)
		case in == sg.to:
			layout.Text(pdf, tx-inkInset-0.1-layout.Width(pdf, s), y+6, s)
		default:
			centreText(pdf, s, tx, y+6)
		}
	}

	// Footer: the joins (or the zero end) and the stick's name, its
	// descenders (the g of "Range") inkInset clear of the cut edge.
	fy := y + sg.h - inkInset - 0.21*rowPt*ptMM
	pdf.SetFont(fontName, "B", scalePt)
	left := x + 1
	if zero {
		layout.Text(pdf, x+zeroBar+0.8, fy, zeroEnd)
		left = x + zeroBar + 0.8 + layout.Width(pdf, zeroEnd)
	}
	if sg.startJoin != "" {
		layout.Text(pdf, x+1, fy, "◄"+sg.startJoin)
		layout.Text(pdf, x+1, y+6, "◄"+sg.startJoin)
		left = x + 1 + layout.Width(pdf, "◄"+sg.startJoin)
	}
	right := x + sg.w - 1
	if sg.finishJoin != "" {
		s := sg.finishJoin + "►"
		right -= layout.Width(pdf, s)
		layout.Text(pdf, right, fy, s)
		layout.Text(pdf, right, y+6, s)
	}
	// The lines of the readings its rows end by, after what stands left.
	for _, n := range sg.readings() {
		pdf.SetFont(fontName, "B", rowPt)
		layout.Text(pdf, left+2, fy, n.Mark+"\u00a0")
		left += 2 + layout.Width(pdf, n.Mark+"\u00a0")
		pdf.SetFont(fontName, "", rowPt)
		line := document.RulingPrefix + document.Typo(strings.TrimSpace(n.Ruling))
		layout.Text(pdf, left, fy, line)
		left += layout.Width(pdf, line)
	}
	pdf.SetFont(fontName, "", rowPt)
	for _, name := range []string{
		fmt.Sprintf("%s %d/%d · %d–%d″ · measure from the 0 end", sg.title, sg.index+1, sg.n, sg.from, sg.to),
		fmt.Sprintf("%s %d/%d · %d–%d″", sg.title, sg.index+1, sg.n, sg.from, sg.to),
		fmt.Sprintf("%d/%d · %d–%d″", sg.index+1, sg.n, sg.from, sg.to),
	} {
		if w := layout.Width(pdf, name); w <= right-left-4 {
			centreText(pdf, name, math.Max(x+sg.w/2, left+2+w/2), fy)
			break
		}
	}
}

const (
	zeroBar = 1.2       // width of the solid bar on a stick's zero end, mm
	zeroEnd = "◄ 0 end" // the footer's mark of the zero end
)

// edgeLine draws a band edge at x from y0 to y1, leaving out the stretch
// from top to bottom where it would cross one of the labels.
func edgeLine(pdf *fpdf.Fpdf, x, y0, y1, top, bottom float64, labels []rowLabel) {
	for _, l := range labels {
		if x > l.x-0.5 && x < l.x+l.w+0.5 {
			if top-y0 > 0.25 {
				pdf.Line(x, y0, x, top)
			}
			if y1-bottom > 0.25 {
				pdf.Line(x, bottom, x, y1)
			}
			return
		}
	}
	pdf.Line(x, y0, x, y1)
}

// rowLabels lays out a row's texts: its label at the segment's start
// (after the zero bar on the first), each band's factor in the middle of
// its visible part and the range at its end, each left out where it would
// run into another.
func (sg *segment) rowLabels(pdf *fpdf.Fpdf, r rulerRow, x float64, px func(float64) float64) []rowLabel {
	start := x + 1.2
	if sg.from == 0 {
		start = x + zeroBar + 0.8
	}
	pdf.SetFont(fontName, "B", rowPt)
	out := []rowLabel{{x: start, w: layout.Width(pdf, r.label), s: r.label, style: "B"}}
	labelEnd := start + out[0].w
	reach := r.bands[len(r.bands)-1].to

	endX := px(reach)
	var endW float64
	if reach > float64(sg.from) && reach <= float64(sg.to)+1e-9 {
		mark := r.mark()
		pdf.SetFont(fontName, "B", markPt)
		markW := layout.Width(pdf, mark)
		pdf.SetFont(fontName, "", rowPt)
		endW = layout.Width(pdf, r.end) + markW
		if endX-1-endW > labelEnd+2 {
			out = append(out, rowLabel{x: endX - 1 - endW, w: endW, s: r.end, mark: mark})
		} else if endX+1+endW < x+sg.w-1 && endX+1 > labelEnd+2 {
			out = append(out, rowLabel{x: endX + 1, w: endW, s: r.end, mark: mark}) // too close to the label: after the end
		} else {
			endW = 0
		}
	}
	pdf.SetFont(fontName, "B", rowPt)
	for _, b := range r.bands {
		if b.factor == "" {
			continue
		}
		lo, hi := math.Max(b.from, float64(sg.from)), math.Min(b.to, float64(sg.to))
		if hi <= lo {
			continue
		}
		cx := (px(lo) + px(hi)) / 2
		fw := layout.Width(pdf, b.factor)
		// Move a factor clear of the label; skip one that would then run
		// past its band or into the range at the end.
		if cx-fw/2 < labelEnd+1.5 {
			cx = labelEnd + 1.5 + fw/2
		}
		if cx+fw/2 > px(hi)-0.8 || (endW > 0 && b.to == reach && cx+fw/2 > endX-1.5-endW) {
			continue
		}
		out = append(out, rowLabel{x: cx - fw/2, w: fw, s: b.factor, style: "B"})
	}
	return out
}
