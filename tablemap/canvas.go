package tablemap

import (
	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
)

// canvas is what the painter (paint) draws on, in millimetres from the
// page's top left: a PDF page (pdfCanvas) or an SVG image (svgCanvas).
// Like a PDF page it has a state — stroke, fill, dash, caps and joins —
// that holds until it is set again. An op says how to draw an outline:
// "F" fills it, "D" strokes it, "FD" does both.
type canvas interface {
	SetStroke(c RGB, width float64)
	SetFill(c RGB)
	SetDash(pattern []float64) // nil: solid
	SetCap(style string)       // "butt" or "round"
	SetJoin(style string)      // "miter" or "round"

	Line(a, b Pt)
	Polyline(pts []Pt) // stroked, open
	Polygon(pts []Pt, op string)
	Circle(c Pt, r float64, op string)
	Rect(b Box, op string)
	Text(l Label) // in its own face and colour

	// ClipPolygon and ClipCircle limit drawing to the shape until ClipEnd.
	ClipPolygon(pts []Pt)
	ClipCircle(c Pt, r float64)
	ClipEnd()
}

// pdfCanvas draws on an fpdf document's current page.
type pdfCanvas struct{ pdf *fpdf.Fpdf }

func (c pdfCanvas) SetStroke(col RGB, w float64) {
	c.pdf.SetDrawColor(col.R, col.G, col.B)
	c.pdf.SetLineWidth(w)
}

func (c pdfCanvas) SetFill(col RGB)           { c.pdf.SetFillColor(col.R, col.G, col.B) }
func (c pdfCanvas) SetDash(pattern []float64) { c.pdf.SetDashPattern(pattern, 0) }
func (c pdfCanvas) SetCap(style string)       { c.pdf.SetLineCapStyle(style) }
func (c pdfCanvas) SetJoin(style string)      { c.pdf.SetLineJoinStyle(style) }
func (c pdfCanvas) Line(a, b Pt)              { c.pdf.Line(a.X, a.Y, b.X, b.Y) }

func (c pdfCanvas) Polyline(pts []Pt) {
	c.pdf.MoveTo(pts[0].X, pts[0].Y)
	for _, q := range pts[1:] {
		c.pdf.LineTo(q.X, q.Y)
	}
	c.pdf.DrawPath("D")
}

func (c pdfCanvas) Polygon(pts []Pt, op string)        { c.pdf.Polygon(points(pts), op) }
func (c pdfCanvas) Circle(at Pt, r float64, op string) { c.pdf.Circle(at.X, at.Y, r, op) }
func (c pdfCanvas) Rect(b Box, op string)              { c.pdf.Rect(b.X, b.Y, b.W, b.H, op) }
func (c pdfCanvas) ClipPolygon(pts []Pt)               { c.pdf.ClipPolygon(points(pts), false) }
func (c pdfCanvas) ClipCircle(at Pt, r float64)        { c.pdf.ClipCircle(at.X, at.Y, r, false) }
func (c pdfCanvas) ClipEnd()                           { c.pdf.ClipEnd() }

func (c pdfCanvas) Text(l Label) {
	layout.SetFont(c.pdf, layout.Font, l.Style, l.Size)
	c.pdf.SetTextColor(l.Color.R, l.Color.G, l.Color.B)
	layout.Text(c.pdf, l.X, l.Y, l.Text)
	c.pdf.SetTextColor(0, 0, 0)
}

func points(pts []Pt) []fpdf.PointType {
	out := make([]fpdf.PointType, len(pts))
	for i, q := range pts {
		out[i] = fpdf.PointType{X: q.X, Y: q.Y}
	}
	return out
}
