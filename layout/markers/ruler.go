package markers

import (
	"fmt"
	"math"
	"strconv"

	"codeberg.org/go-pdf/fpdf"
	"github.com/playaid/playaid/catalog"
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
	if len(m.Rows) == 0 {
		return nil, fmt.Errorf("marker %q is a ruler without rows", m.ID)
	}
	fill, err := parseColor(m.Color, rgb{251, 247, 234})
	if err != nil {
		return nil, fmt.Errorf("marker %q: color: %w", m.ID, err)
	}
	ink, err := parseColor(m.Ink, black)
	if err != nil {
		return nil, fmt.Errorf("marker %q: ink: %w", m.ID, err)
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
		row.end = inches(l)
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
			row.bands = append(row.bands, band{from: from, to: b.Range.Inches(), factor: fmt.Sprintf("%+d", b.Factor), shade: shade})
			from = b.Range.Inches()
		}
		row.end = inches(w.Bands[len(w.Bands)-1].Range)
		return row, nil
	}
	if w.Range.MM <= 0 {
		return row, fmt.Errorf("weapon %q has no range to mark", w.ID)
	}
	row.bands = []band{{from: w.MinRange.Inches(), to: w.Range.Inches(), shade: 0.4}}
	row.end = inches(w.Range)
	if w.RangeText != "" {
		row.end = printed(w.RangeText)
	} else if !w.MinRange.IsZero() {
		row.end = inches(w.MinRange) + "–" + inches(w.Range)
	}
	if w.Power != 0 {
		row.end += fmt.Sprintf(" · %+d", w.Power)
	}
	return row, nil
}

// draw paints the segment upright with its top-left at (x, y): the inch
// scale along the top (measuring) edge, the rows, then the footer.
func (sg *segment) draw(pdf *fpdf.Fpdf, x, y float64) {
	setFill(pdf, sg.fill)
	pdf.Rect(x, y, sg.w, sg.h, "F")
	px := func(in float64) float64 { return x + (in-float64(sg.from))*inch }

	// Rows: shaded bands, band edges, labels.
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
		setDraw(pdf, r.color)
		pdf.SetLineWidth(0.5)
		for _, b := range r.bands {
			for _, edge := range []float64{b.from, b.to} {
				if edge > float64(sg.from) && edge < float64(sg.to)+1e-9 && edge > 0 {
					ex := math.Min(px(edge), x+sg.w-0.25)
					pdf.Line(ex, ry+0.35, ex, ry+sg.rowH-0.35)
				}
			}
		}
		sg.rowText(pdf, r, x, ry, px)
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
	setText(pdf, sg.ink)
	pdf.SetFont(fontName, "B", 6.5)
	for in := sg.from; in <= sg.to; in++ {
		if in == sg.from && sg.startJoin != "" || in == sg.to && sg.finishJoin != "" {
			continue // the join marks stand there
		}
		s := strconv.Itoa(in)
		tx := px(float64(in))
		switch {
		case in == sg.from:
			pdf.Text(tx+0.8, y+6, s)
		case in == sg.to:
			pdf.Text(tx-0.8-pdf.GetStringWidth(s), y+6, s)
		default:
			centreText(pdf, s, tx, y+6)
		}
	}

	// Footer: the joins and the stick's name.
	fy := y + sg.h - 1.1
	pdf.SetFont(fontName, "B", 7)
	if sg.startJoin != "" {
		pdf.Text(x+1, fy, "◄"+sg.startJoin)
		pdf.Text(x+1, y+6, "◄"+sg.startJoin)
	}
	if sg.finishJoin != "" {
		s := sg.finishJoin + "►"
		pdf.Text(x+sg.w-1-pdf.GetStringWidth(s), fy, s)
		pdf.Text(x+sg.w-1-pdf.GetStringWidth(s), y+6, s)
	}
	pdf.SetFont(fontName, "", 5.5)
	name := fmt.Sprintf("%s %d/%d · %d–%d″ · measure from the top edge", sg.title, sg.index+1, sg.n, sg.from, sg.to)
	if sg.w < 100 {
		name = fmt.Sprintf("%s %d/%d · %d–%d″", sg.title, sg.index+1, sg.n, sg.from, sg.to)
	}
	centreText(pdf, name, x+sg.w/2, fy)
}

// rowText labels a row at the segment's start, writes each band's factor
// in the middle of its visible part and the range at its end.
func (sg *segment) rowText(pdf *fpdf.Fpdf, r rulerRow, x, ry float64, px func(float64) float64) {
	size := math.Min(6, (sg.rowH-1.3)/(capH*ptMM))
	base := ry + sg.rowH/2 + capH*size*ptMM/2
	reach := r.bands[len(r.bands)-1].to
	ink := sg.ink
	if reach <= float64(sg.from) {
		ink = grey // the row does not reach this segment
	}
	setText(pdf, ink)
	pdf.SetFont(fontName, "B", size)
	labelEnd := x + 1.2 + pdf.GetStringWidth(r.label)
	pdf.Text(x+1.2, base, r.label)

	pdf.SetFont(fontName, "", size)
	endX := px(reach)
	var endW float64
	if reach > float64(sg.from) && reach <= float64(sg.to)+1e-9 {
		endW = pdf.GetStringWidth(r.end)
		if endX-1-endW > labelEnd+2 {
			pdf.Text(endX-1-endW, base, r.end)
		} else if endX+1+endW < x+sg.w-1 && endX+1 > labelEnd+2 {
			pdf.Text(endX+1, base, r.end) // too close to the label: after the end
		}
	}
	pdf.SetFont(fontName, "B", size)
	for _, b := range r.bands {
		if b.factor == "" {
			continue
		}
		lo, hi := math.Max(b.from, float64(sg.from)), math.Min(b.to, float64(sg.to))
		if hi <= lo {
			continue
		}
		cx := (px(lo) + px(hi)) / 2
		fw := pdf.GetStringWidth(b.factor)
		// Skip a factor that would touch the label or the range at the end.
		if cx-fw/2 < labelEnd+1.5 {
			cx = labelEnd + 1.5 + fw/2
		}
		if cx+fw/2 > px(hi)-0.8 || (endW > 0 && b.to == reach && cx+fw/2 > endX-1.5-endW) {
			continue
		}
		centreText(pdf, b.factor, cx, base)
	}
}
