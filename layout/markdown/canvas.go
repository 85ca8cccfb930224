package markdown

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/layout"
)

// canvas is everything the renderer draws with. pdfCanvas draws on fpdf;
// recorder writes the operations down for golden tests and geometry
// checks. All lengths are millimetres from the top left of the page.
type canvas interface {
	AddPage()
	SetPage(n int)
	// Text draws s with its baseline starting at (x, y).
	Text(x, y float64, s string, f face)
	Line(x1, y1, x2, y2 float64, p pen)
	Polyline(pts []point, p pen)
	// Fill fills a rectangle without an outline.
	Fill(x, y, w, h float64, c rgb)
	// Mark draws a filled chart marker of the given shape centred on (x, y).
	Mark(x, y, r float64, shape int, c rgb)
	// Calibration draws layout.CalibrationBars with its top left at (x, y).
	Calibration(x, y float64)
}

type point struct{ x, y float64 }

// rgb is a colour, 0–255 a channel. Every token of text carries two, so
// they are kept small.
type rgb struct{ r, g, b uint8 }

func (c rgb) String() string { return fmt.Sprintf("#%02x%02x%02x", c.r, c.g, c.b) }

// face is a font as drawn: family and style as registered by
// layout.NewDoc (font), size in points, colour. Every token of text
// carries one, so the family and style are a pointer to the one record
// of them (faces with the same family and style share it), not two
// strings.
type face struct {
	font  *font
	size  float64
	color rgb
}

// newFace is the face of family and style ("", "B", "I" or "BI").
func newFace(family, style string, size float64, color rgb) face {
	return face{font: fontOf(family, style), size: size, color: color}
}

func (f face) family() string    { return f.font.family }
func (f face) style() string     { return f.font.style }
func (f face) metrics() *metrics { return f.font.m }
func (f face) withStyle(st string) face {
	f.font = fontOf(f.font.family, st)
	return f
}

// width of s in mm; s must already have had its fallbacks applied.
func (f face) width(s string) float64 { return f.metrics().width(s, f.size) }

// Vertical metrics of the Go fonts (hhea ascender 1901, descender -483 of
// 2048 units), used for bounding boxes.
const (
	ascent  = 0.93
	descent = 0.24
)

// pen is a stroke: width in mm, colour, dash pattern in mm (nil = solid).
type pen struct {
	width float64
	color rgb
	dash  []float64
}

// rule draws a horizontal line from x0 to x1 whose stroke ends there,
// not half a stroke beyond.
func rule(c canvas, x0, x1, y float64, p pen) {
	c.Line(x0+p.width/2, y, x1-p.width/2, y, p)
}

// Chart marker shapes.
const (
	markCircle = iota
	markSquare
	markTriangle
	markDiamond
	numMarks
)

// pdfCanvas draws on an fpdf document. It remembers the stroke, fill and
// text colour and the font it last set so it only writes changes into the
// page stream (or, for the text colour, only works out fpdf's form of it
// when it changes), and forgets them when the page changes or someone else
// drew. (fpdf writes a font operator for every SetFont, the same font or
// not: a page sets one run of text after another in the same font.)
type pdfCanvas struct {
	pdf     *fpdf.Fpdf
	state   bool // whether the fields below are known to be current
	lineW   float64
	draw    rgb
	fill    rgb
	known   bool      // whether fill is known (the stroke state may be, alone)
	dash    []float64 // pens' dash patterns are never changed after: kept, not copied
	text    rgb
	hasText bool  // whether text is known to be current
	font    *font // the font set last, at size (when hasFont)
	size    float64
	hasFont bool
	fonts   []*font // registered on the document (layout.UseFont) already
}

func (c *pdfCanvas) AddPage()      { c.pdf.AddPage(); c.forget() }
func (c *pdfCanvas) SetPage(n int) { c.pdf.SetPage(n); c.forget() }

// forget drops what the canvas knows of the page's state.
func (c *pdfCanvas) forget() { c.state, c.hasText, c.hasFont = false, false, false }

func (c *pdfCanvas) Text(x, y float64, s string, f face) {
	if !slices.Contains(c.fonts, f.font) {
		layout.UseFont(c.pdf, f.family(), f.style())
		c.fonts = append(c.fonts, f.font)
	}
	if !c.hasFont || c.font != f.font || c.size != f.size {
		c.pdf.SetFont(f.family(), f.style(), f.size) // as layout.SetFont, registered
		c.font, c.size, c.hasFont = f.font, f.size, true
	}
	if !c.hasText || c.text != f.color {
		c.pdf.SetTextColor(int(f.color.r), int(f.color.g), int(f.color.b))
		c.text, c.hasText = f.color, true
	}
	c.pdf.Text(x, y, glyphs.Visual(s)) // right-to-left words in reading order
}

func (c *pdfCanvas) setPen(p pen) {
	sameDash := slices.Equal(c.dash, p.dash) // nil and empty: both solid
	if c.state && c.lineW == p.width && c.draw == p.color && sameDash {
		return
	}
	if !c.state || c.lineW != p.width {
		c.pdf.SetLineWidth(p.width)
	}
	if !c.state || c.draw != p.color {
		c.pdf.SetDrawColor(int(p.color.r), int(p.color.g), int(p.color.b))
	}
	if !c.state || !sameDash {
		c.pdf.SetDashPattern(p.dash, 0)
	}
	if !c.state {
		c.known = false
	}
	c.state, c.lineW, c.draw, c.dash = true, p.width, p.color, p.dash
}

func (c *pdfCanvas) setFill(col rgb) {
	if !c.state {
		// Establish the stroke state too, so the cache is whole.
		c.setPen(pen{width: 0.2})
	}
	if !c.known || c.fill != col {
		c.pdf.SetFillColor(int(col.r), int(col.g), int(col.b))
		c.fill, c.known = col, true
	}
}

func (c *pdfCanvas) Line(x1, y1, x2, y2 float64, p pen) {
	c.setPen(p)
	c.pdf.Line(x1, y1, x2, y2)
}

func (c *pdfCanvas) Polyline(pts []point, p pen) {
	if len(pts) < 2 {
		return
	}
	c.setPen(p)
	c.pdf.SetLineJoinStyle("round")
	c.pdf.MoveTo(pts[0].x, pts[0].y)
	for _, q := range pts[1:] {
		c.pdf.LineTo(q.x, q.y)
	}
	c.pdf.DrawPath("D")
}

func (c *pdfCanvas) Fill(x, y, w, h float64, col rgb) {
	c.setFill(col)
	c.pdf.Rect(x, y, w, h, "F")
}

func (c *pdfCanvas) Mark(x, y, r float64, shape int, col rgb) {
	c.setFill(col)
	switch shape {
	case markCircle:
		c.pdf.Circle(x, y, r, "F")
	case markSquare:
		s := r * 0.85
		c.pdf.Rect(x-s, y-s, 2*s, 2*s, "F")
	case markTriangle:
		c.pdf.Polygon([]fpdf.PointType{{X: x, Y: y - 1.15*r}, {X: x + r, Y: y + 0.6*r}, {X: x - r, Y: y + 0.6*r}}, "F")
	case markDiamond:
		s := r * 1.15
		c.pdf.Polygon([]fpdf.PointType{{X: x, Y: y - s}, {X: x + s, Y: y}, {X: x, Y: y + s}, {X: x - s, Y: y}}, "F")
	}
}

func (c *pdfCanvas) Calibration(x, y float64) {
	layout.UseFont(c.pdf, layout.Font, "")
	layout.UseFont(c.pdf, layout.Font, "B")
	layout.CalibrationBars(c.pdf, x, y)
	c.forget()
}

// op is one recorded drawing operation with its bounding box.
type op struct {
	page           int
	text           string // the readable line for golden files
	x0, y0, x1, y1 float64
	// For text: the string, its face and baseline origin.
	str  string
	face face
	x, y float64
}

// recorder is a canvas that writes down what would be drawn.
type recorder struct {
	page, pages int
	ops         []op
}

func (r *recorder) AddPage()      { r.pages++; r.page = r.pages }
func (r *recorder) SetPage(n int) { r.page = n }

func (r *recorder) add(o op) {
	o.page = r.page
	r.ops = append(r.ops, o)
}

func (r *recorder) Text(x, y float64, s string, f face) {
	em := f.size * ptMM
	r.add(op{text: fmt.Sprintf("text %s %s/%s/%.3g %v %q", xy(x, y), f.family(), f.style(), f.size, f.color, s),
		x0: x, y0: y - ascent*em, x1: x + f.width(s), y1: y + descent*em,
		str: s, face: f, x: x, y: y})
}

func (r *recorder) Line(x1, y1, x2, y2 float64, p pen) {
	h := p.width / 2
	r.add(op{text: fmt.Sprintf("line %s %s %s", xy(x1, y1), xy(x2, y2), p),
		x0: math.Min(x1, x2) - h, y0: math.Min(y1, y2) - h, x1: math.Max(x1, x2) + h, y1: math.Max(y1, y2) + h})
}

func (r *recorder) Polyline(pts []point, p pen) {
	if len(pts) == 0 {
		return
	}
	o := op{x0: pts[0].x, y0: pts[0].y, x1: pts[0].x, y1: pts[0].y}
	var b strings.Builder
	b.WriteString("polyline")
	for _, q := range pts {
		b.WriteString(" " + xy(q.x, q.y))
		o.x0, o.y0 = math.Min(o.x0, q.x), math.Min(o.y0, q.y)
		o.x1, o.y1 = math.Max(o.x1, q.x), math.Max(o.y1, q.y)
	}
	b.WriteString(" " + p.String())
	o.text = b.String()
	h := p.width / 2
	o.x0, o.y0, o.x1, o.y1 = o.x0-h, o.y0-h, o.x1+h, o.y1+h
	r.add(o)
}

func (r *recorder) Fill(x, y, w, h float64, c rgb) {
	r.add(op{text: fmt.Sprintf("fill %s %s %v", xy(x, y), xy(w, h), c), x0: x, y0: y, x1: x + w, y1: y + h})
}

func (r *recorder) Mark(x, y, rad float64, shape int, c rgb) {
	r.add(op{text: fmt.Sprintf("mark %s r%.1f shape%d %v", xy(x, y), rad, shape, c),
		x0: x - 1.2*rad, y0: y - 1.2*rad, x1: x + 1.2*rad, y1: y + 1.2*rad})
}

func (r *recorder) Calibration(x, y float64) {
	w := newFace(layout.Font, "B", 7.5, rgb{}).width(layout.PrintInstruction)
	r.add(op{text: "calibration " + xy(x, y), x0: x, y0: y, x1: x + math.Max(w, calibrationWidth()), y1: y + layout.CalibrationHeight})
}

func (p pen) String() string {
	s := fmt.Sprintf("w%.2f %v", p.width, p.color)
	if p.dash != nil {
		s += fmt.Sprintf(" dash%v", p.dash)
	}
	return s
}

// xy formats a position rounded to 0.1 mm.
func xy(x, y float64) string { return fmt.Sprintf("%.1f,%.1f", x, y) }

// String is the golden-file form: one operation a line, grouped by page.
func (r *recorder) String() string {
	var b strings.Builder
	for p := 1; p <= r.pages; p++ {
		fmt.Fprintf(&b, "page %d\n", p)
		for _, o := range r.ops {
			if o.page == p {
				b.WriteString("  " + o.text + "\n")
			}
		}
	}
	return b.String()
}
