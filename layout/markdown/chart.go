package markdown

import (
	"math"
	"strconv"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/layout"
)

// chartSpec is the TOML body of a ```chart block:
//
//	title = "Chance to destroy a tripod"
//	x_label = "Armour"
//	y_label = "chance (%)"
//	x = [6, 7, 8, 9, 10]
//	y_max = 100            # optional, default 100
//
//	[[series]]
//	name = "Heat Ray"
//	y = [90, 80, 70, 60, 50]   # percent, one value per x
type chartSpec struct {
	Title  string        `toml:"title"`
	XLabel string        `toml:"x_label"`
	YLabel string        `toml:"y_label"`
	X      []float64     `toml:"x"`
	YMax   float64       `toml:"y_max"`
	Series []chartSeries `toml:"series"`
}

type chartSeries struct {
	Name string    `toml:"name"`
	Y    []float64 `toml:"y"`
}

// Series are told apart by colour, dash pattern and marker shape, so they
// stay distinct on a black-and-white printer.
var seriesColors = []rgb{
	{31, 94, 168},  // blue
	{200, 55, 45},  // red
	{40, 140, 70},  // green
	{225, 130, 20}, // orange
	{120, 80, 160}, // purple
	{110, 75, 50},  // brown
}

var seriesDashes = [][]float64{nil, {1.8, 0.9}, {0.5, 0.7}, {2.4, 0.8, 0.5, 0.8}}

const maxSeries = 8

// parseChart decodes and checks a chart block; line is the source line of
// the body's first line, so errors point into the Markdown.
func parseChart(decode Decoder, file string, body []byte, line int) (chartSpec, diag.List) {
	var s chartSpec
	if decode == nil {
		var l diag.List
		l.Add(diag.Pos{File: file, Line: line}, "a chart is not drawn here: draw its numbers as a table")
		return s, l
	}
	errs := decode(file, body, &s)
	for i := range errs {
		if errs[i].Line > 0 {
			errs[i].Line += line - 1
		} else {
			errs[i].Line = line
		}
	}
	if len(errs) > 0 {
		return s, errs
	}
	bad := func(format string, args ...any) {
		errs.Add(diag.Pos{File: file, Line: line}, "chart: "+format, args...)
	}
	if s.YMax == 0 {
		s.YMax = 100
	}
	if s.YMax < 0 {
		bad("y_max %g is negative", s.YMax)
	}
	if len(s.X) < 2 {
		bad("x needs at least two values")
	}
	for i := 1; i < len(s.X); i++ {
		if s.X[i] <= s.X[i-1] {
			bad("x must increase: %g follows %g", s.X[i], s.X[i-1])
			break
		}
	}
	if len(s.Series) == 0 {
		bad("no [[series]]")
	}
	if len(s.Series) > maxSeries {
		bad("%d series; at most %d stay readable", len(s.Series), maxSeries)
	}
	for i, se := range s.Series {
		name := se.Name
		if name == "" {
			bad("series %d has no name", i+1)
			name = strconv.Itoa(i + 1)
		}
		if len(se.Y) != len(s.X) {
			bad("series %q has %d values for %d x values", name, len(se.Y), len(s.X))
		}
		for _, v := range se.Y {
			if v < 0 || v > s.YMax || math.IsNaN(v) {
				bad("series %q: %g is outside 0–%g", name, v, s.YMax)
				break
			}
		}
	}
	return s, errs
}

// niceStep returns a step of 1, 2, 2.5 or 5 × a power of ten giving at
// most n intervals over span.
func niceStep(span float64, n int) float64 {
	raw := span / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*p >= raw-1e-9 {
			return m * p
		}
	}
	return 10 * p
}

func fmtNum(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func (r *walker) chart(body []byte, line int) {
	s, errs := parseChart(r.opt.Decode, r.opt.File, body, line)
	if len(errs) > 0 {
		r.errs = append(r.errs, errs...)
		return
	}
	w := r.width()
	base := r.opt.BaseSize
	tf := newFace(layout.Font, "B", base, colText)
	lf := newFace(layout.Font, "", smaller(base, 0.8), colText)   // tick labels, legend
	af := newFace(layout.Font, "I", smaller(base, 0.8), colMuted) // axis labels
	lem := lf.size * ptMM

	// Vertical budget, top to bottom.
	titleH := 0.0
	if s.Title != "" {
		titleH = tf.size * ptMM * 1.5
	}
	ylabH := 0.0
	if s.YLabel != "" {
		ylabH = lem * 2
	}
	ph := math.Min(math.Max(w*0.42, 30), 46) // plot height
	tickH := lem * 1.5
	xlabH := 0.0
	if s.XLabel != "" {
		xlabH = lem * 1.4
	}

	// Y ticks: labelled every major step, gridlines every minor one.
	major := niceStep(s.YMax, 5)
	minor := niceStep(s.YMax, 10)
	var yLabels []string
	labelW := 0.0
	for v := 0.0; v <= s.YMax+1e-9; v += major {
		l := fmtNum(v) + "%"
		yLabels = append(yLabels, l)
		labelW = max(labelW, lf.width(l))
	}
	plotX := labelW + 1.6 // relative to the box's left
	plotW := w - plotX - 2

	// Legend entries laid out in rows.
	type entry struct {
		x, y float64 // relative to the legend's top left
		name string
	}
	var entries []entry
	const sample = 7.0
	ex, rows := 0.0, 1
	for _, se := range s.Series {
		name := fallback(se.Name, lf.metrics())
		ew := sample + 1.2 + lf.width(name) + 4
		if ex > 0 && ex+ew > plotW {
			ex, rows = 0, rows+1
		}
		entries = append(entries, entry{ex, float64(rows-1) * lem * 1.6, name})
		ex += ew
	}
	legendH := float64(rows)*lem*1.6 + 0.6
	h := titleH + ylabH + ph + tickH + xlabH + legendH

	// X ticks.
	n := len(s.X)
	every := max(1, int(math.Ceil(float64(n)/14)))
	x0, x1 := s.X[0], s.X[n-1]
	padX := plotW * 0.03
	xpos := func(v float64) float64 { return plotX + padX + (v-x0)/(x1-x0)*(plotW-2*padX) }

	title := fallback(s.Title, tf.metrics())
	ylab := fallback(s.YLabel, af.metrics())
	xlab := fallback(s.XLabel, af.metrics())

	draw := func(c canvas, x, y float64) {
		top := y + titleH + ylabH
		bottom := top + ph
		ypos := func(v float64) float64 { return bottom - v/s.YMax*ph }
		if title != "" {
			c.Text(x, y+tf.size*ptMM*1.05, title, tf)
		}
		if ylab != "" {
			c.Text(x, top-lem*1.1, ylab, af)
		}
		grid := pen{width: 0.12, color: rgb{214, 219, 225}}
		axis := pen{width: 0.3, color: colText}
		for v := minor; v <= s.YMax+1e-9; v += minor {
			c.Line(x+plotX, ypos(v), x+plotX+plotW, ypos(v), grid)
		}
		for i, l := range yLabels {
			v := float64(i) * major
			c.Text(x+plotX-1.2-lf.width(l), ypos(v)+lem*0.35, l, lf)
		}
		for i := 0; i < n; i += every {
			px := x + xpos(s.X[i])
			c.Line(px, top, px, bottom, grid)
			c.Line(px, bottom, px, bottom+0.9, axis)
			l := fmtNum(s.X[i])
			c.Text(px-lf.width(l)/2, bottom+0.9+lem*0.95, l, lf)
		}
		c.Line(x+plotX, top, x+plotX, bottom, axis)
		c.Line(x+plotX, bottom, x+plotX+plotW, bottom, axis)
		if xlab != "" {
			c.Text(x+plotX+(plotW-af.width(xlab))/2, bottom+tickH+lem*0.95, xlab, af)
		}
		for i, se := range s.Series {
			p := seriesPen(i)
			pts := make([]point, n)
			for j, v := range se.Y {
				pts[j] = point{x + xpos(s.X[j]), ypos(v)}
			}
			c.Polyline(pts, p)
			for _, q := range pts {
				c.Mark(q.x, q.y, 0.55, i%numMarks, p.color)
			}
		}
		ly := bottom + tickH + xlabH + 0.6
		for i, e := range entries {
			p := seriesPen(i)
			ex, ey := x+plotX+e.x, ly+e.y+lem*0.5
			c.Line(ex, ey, ex+sample, ey, p)
			c.Mark(ex+sample/2, ey, 0.55, i%numMarks, p.color)
			c.Text(ex+sample+1.2, ey+lem*0.35, e.name, lf)
		}
	}
	r.space(paraGap * r.em)
	r.emit(box{h: h, draw: draw, line: int32(line - 1), what: aChart})
	r.space(paraGap * r.em)
}

func seriesPen(i int) pen {
	return pen{width: 0.4, color: seriesColors[i%len(seriesColors)], dash: seriesDashes[i%len(seriesDashes)]}
}

// calibrationWidth is the width layout.CalibrationBars needs: the 4 in bar
// and its label, or the print instruction above it.
func calibrationWidth() float64 {
	f := newFace(layout.Font, "", 7, rgb{})
	bars := max(100+2+f.width("100 mm"), 101.6+2+f.width("4 in"))
	instr := newFace(layout.Font, "B", 7.5, rgb{}).width(layout.PrintInstruction)
	return max(bars, instr)
}

func (r *walker) calibration(line int) {
	need := calibrationWidth()
	if w := r.width(); w < need {
		r.errorf(line, "calibration bars need %.0f mm of width; here are %.0f mm: put them in a one-column section (<!-- columns: 1 -->)", need, w)
		return
	}
	r.space(paraGap * r.em)
	r.emit(box{h: layout.CalibrationHeight, line: int32(line), what: theCalibrationBars,
		draw: func(c canvas, x, y float64) { c.Calibration(x, y) }})
	r.space(paraGap * r.em)
}
