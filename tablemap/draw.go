package tablemap

import (
	"math"

	"codeberg.org/go-pdf/fpdf"

	"github.com/playaid/playaid/layout"
)

// Draw puts the plan on pdf's current page.
func (p *Plan) Draw(pdf *fpdf.Fpdf) {
	B := p.Board
	pdf.SetLineCapStyle("butt")
	pdf.SetLineJoinStyle("miter")
	pdf.SetDashPattern(nil, 0)

	// Zones first, as light tints, so terrain stays readable on top.
	for _, s := range p.Shapes {
		if s.Style == "zone" {
			fill(pdf, lighter(s.Color, 0.88))
			drawArea(pdf, s, "F")
		}
	}
	// Area objectives: hatched, so the zone under them still shows.
	for _, s := range p.Shapes {
		if s.Style == "objective" && s.Area() && s.Shape != "circle" {
			hatch(pdf, s, lighter(styleOf("objective").fill, 0.45), 2.0)
		}
	}
	// The 6" grid, faint, under the terrain.
	stroke(pdf, gridInk, 0.12)
	for x := p.Grid; x < inches(p.Map.Width)-1e-9; x += p.Grid {
		pdf.Line(B.X+x*p.Scale, B.Y, B.X+x*p.Scale, B.Bottom())
	}
	for y := p.Grid; y < inches(p.Map.Depth)-1e-9; y += p.Grid {
		pdf.Line(B.X, B.Y+y*p.Scale, B.Right(), B.Y+y*p.Scale)
	}

	for _, s := range p.Shapes {
		st := styleOf(s.Style)
		switch {
		case s.Style == "zone" || s.Style == "entry":
			// drawn below and on top
		case s.Style == "objective":
			// areas are hatched above; marks go on top of the terrain below
		case s.Style == "road" && s.Shape == "line":
			// A road 1" wide: dark edges, pale middle, round joins.
			pdf.SetLineCapStyle("butt")
			pdf.SetLineJoinStyle("round")
			stroke(pdf, st.line, 1.0*p.Scale+0.5)
			polyline(pdf, s.Poly)
			stroke(pdf, st.fill, 1.0*p.Scale)
			polyline(pdf, s.Poly)
			pdf.SetLineJoinStyle("miter")
		case s.Shape == "line":
			pdf.SetLineCapStyle("round")
			stroke(pdf, st.line, 0.8)
			polyline(pdf, s.Poly)
			pdf.SetLineCapStyle("butt")
		case s.Shape == "point":
			fill(pdf, st.line)
			pdf.Circle(s.Center.X, s.Center.Y, 1.2, "F")
		default:
			fill(pdf, st.fill)
			stroke(pdf, st.line, 0.35)
			drawArea(pdf, s, "FD")
			if s.Style == "woods" {
				trees(pdf, s, p.Scale, p.Labels)
			}
			if s.Style == "farm" || s.Style == "building" {
				hatch(pdf, s, lighter(st.line, 0.55), 1.6)
				stroke(pdf, st.line, 0.35)
				drawArea(pdf, s, "D")
			}
			if s.Side != "" {
				// A side's own terrain (a player's base) in its colour.
				stroke(pdf, s.Color, 0.8)
				drawArea(pdf, s, "D")
			}
		}
	}

	for _, s := range p.Shapes {
		if s.Style == "objective" && (s.Shape == "circle" || s.Shape == "point") {
			objectiveMark(pdf, s)
		}
	}

	// Zone outlines, dashed in the side's colour.
	for _, s := range p.Shapes {
		if s.Style == "zone" {
			stroke(pdf, s.Color, 0.45)
			pdf.SetDashPattern([]float64{2.2, 1.2}, 0)
			drawArea(pdf, s, "D")
			pdf.SetDashPattern(nil, 0)
		}
		if s.Style == "objective" && s.Area() && s.Shape != "circle" {
			stroke(pdf, styleOf("objective").line, 0.45)
			pdf.SetDashPattern([]float64{1.0, 0.8}, 0)
			drawArea(pdf, s, "D")
			pdf.SetDashPattern(nil, 0)
		}
	}

	// The board's edge.
	stroke(pdf, ink, 0.5)
	pdf.Rect(B.X, B.Y, B.W, B.H, "D")

	// Entry points on top of the edge: a thick bar with arrows inward.
	for _, s := range p.Shapes {
		if s.Style != "entry" {
			continue
		}
		switch s.Shape {
		case "line":
			pdf.SetLineCapStyle("butt")
			stroke(pdf, s.Color, 1.4)
			polyline(pdf, s.Poly)
			a, b := longest(s.Poly)
			m := Pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
			arrow(pdf, m, inward(m, B), s.Color)
		default:
			stroke(pdf, s.Color, 0.8)
			fill(pdf, lighter(s.Color, 0.6))
			drawArea(pdf, s, "FD")
		}
	}

	stroke(pdf, ink, 0.2)
	for _, t := range p.Ticks {
		pdf.Line(t[0].X, t[0].Y, t[1].X, t[1].Y)
	}

	// Scale bar: alternate black and white segments.
	sb := p.Scalebar
	step := sb.Length / float64(sb.Steps)
	stroke(pdf, ink, 0.2)
	for k := 0; k < sb.Steps; k++ {
		if k%2 == 0 {
			fill(pdf, ink)
		} else {
			fill(pdf, RGB{255, 255, 255})
		}
		pdf.Rect(sb.X+float64(k)*step, sb.Y, step, sb.Height, "FD")
	}

	for _, it := range p.Legend {
		swatch(pdf, it, p.Scale)
	}
	for _, l := range p.allLabels() {
		text(pdf, l)
	}
}

func stroke(pdf *fpdf.Fpdf, c RGB, w float64) {
	pdf.SetDrawColor(c.R, c.G, c.B)
	pdf.SetLineWidth(w)
}

func fill(pdf *fpdf.Fpdf, c RGB) { pdf.SetFillColor(c.R, c.G, c.B) }

func text(pdf *fpdf.Fpdf, l Label) {
	if l.Back {
		b := l.Bounds.grow(0.6)
		fill(pdf, RGB{255, 255, 255})
		pdf.Rect(b.X, b.Y, b.W, b.H, "F")
	}
	layout.SetFont(pdf, layout.Font, l.Style, l.Size)
	pdf.SetTextColor(l.Color.R, l.Color.G, l.Color.B)
	layout.Text(pdf, l.X, l.Y, l.Text)
	pdf.SetTextColor(0, 0, 0)
}

func points(pts []Pt) []fpdf.PointType {
	out := make([]fpdf.PointType, len(pts))
	for i, q := range pts {
		out[i] = fpdf.PointType{X: q.X, Y: q.Y}
	}
	return out
}

func polyline(pdf *fpdf.Fpdf, pts []Pt) {
	if len(pts) < 2 {
		return
	}
	pdf.MoveTo(pts[0].X, pts[0].Y)
	for _, q := range pts[1:] {
		pdf.LineTo(q.X, q.Y)
	}
	pdf.DrawPath("D")
}

func drawArea(pdf *fpdf.Fpdf, s Shape, style string) {
	if s.Shape == "circle" {
		pdf.Circle(s.Center.X, s.Center.Y, s.Radius, style)
		return
	}
	pdf.Polygon(points(s.Poly), style)
}

func clip(pdf *fpdf.Fpdf, s Shape) {
	if s.Shape == "circle" {
		pdf.ClipCircle(s.Center.X, s.Center.Y, s.Radius, false)
		return
	}
	pdf.ClipPolygon(points(s.Poly), false)
}

// hatch fills the shape with diagonal lines every gap mm.
func hatch(pdf *fpdf.Fpdf, s Shape, c RGB, gap float64) {
	clip(pdf, s)
	stroke(pdf, c, 0.3)
	b := s.Bounds
	for d := -b.H; d < b.W; d += gap {
		pdf.Line(b.X+d, b.Bottom(), b.X+d+b.H, b.Y)
	}
	pdf.ClipEnd()
}

// trees stipples a wood with small tree rings every 2", leaving the
// labels clear.
func trees(pdf *fpdf.Fpdf, s Shape, scale float64, labels []Label) {
	step := 2 * scale
	r := math.Min(0.35*scale, 1.4)
	stroke(pdf, styleOf("woods").line, 0.25)
	b := s.Bounds
	for row, y := 0, b.Y+step*0.75; y < b.Bottom(); row, y = row+1, y+step {
		off := 0.0
		if row%2 == 1 {
			off = step / 2
		}
		for x := b.X + step/2 + off - step/4; x < b.Right(); x += step {
			ring := Box{x - r, y - r, 2 * r, 2 * r}
			if !s.inside(Pt{ring.X, ring.Y}) || !s.inside(Pt{ring.Right(), ring.Bottom()}) || !s.inside(Pt{ring.X, ring.Bottom()}) || !s.inside(Pt{ring.Right(), ring.Y}) {
				continue
			}
			clear := true
			for _, l := range labels {
				clear = clear && !ring.overlaps(l.Bounds.grow(0.4))
			}
			if clear {
				pdf.Circle(x, y, r, "D")
			}
		}
	}
}

// objectiveMark is a ringed cross in the objective's colour.
func objectiveMark(pdf *fpdf.Fpdf, s Shape) {
	r := math.Max(s.Radius, 1.6)
	st := styleOf("objective")
	fill(pdf, lighter(st.fill, 0.5))
	stroke(pdf, st.line, 0.45)
	pdf.Circle(s.Center.X, s.Center.Y, r, "FD")
	stroke(pdf, st.line, 0.35)
	pdf.Line(s.Center.X-r*0.6, s.Center.Y, s.Center.X+r*0.6, s.Center.Y)
	pdf.Line(s.Center.X, s.Center.Y-r*0.6, s.Center.X, s.Center.Y+r*0.6)
}

// inward is the unit vector from an edge point toward the board.
func inward(m Pt, B Box) Pt {
	switch {
	case math.Abs(m.Y-B.Bottom()) < 0.5:
		return Pt{0, -1}
	case math.Abs(m.Y-B.Y) < 0.5:
		return Pt{0, 1}
	case math.Abs(m.X-B.X) < 0.5:
		return Pt{1, 0}
	case math.Abs(m.X-B.Right()) < 0.5:
		return Pt{-1, 0}
	}
	return Pt{0, -1}
}

func arrow(pdf *fpdf.Fpdf, at, dir Pt, c RGB) {
	const l, w = 2.6, 1.3
	tip := Pt{at.X + dir.X*l, at.Y + dir.Y*l}
	fill(pdf, c)
	pdf.Polygon([]fpdf.PointType{
		{X: tip.X, Y: tip.Y},
		{X: at.X - dir.Y*w, Y: at.Y + dir.X*w},
		{X: at.X + dir.Y*w, Y: at.Y - dir.X*w},
	}, "F")
}

// swatch draws a legend entry's sample.
func swatch(pdf *fpdf.Fpdf, it LegendItem, scale float64) {
	b := it.Swatch
	st := styleOf(it.Style)
	s := Shape{Poly: []Pt{{b.X, b.Y}, {b.Right(), b.Y}, {b.Right(), b.Bottom()}, {b.X, b.Bottom()}}, Bounds: b}
	s.Shape = "rect"
	switch it.Style {
	case "zone":
		fill(pdf, lighter(it.Color, 0.88))
		stroke(pdf, it.Color, 0.45)
		pdf.Rect(b.X, b.Y, b.W, b.H, "F")
		pdf.SetDashPattern([]float64{2.2, 1.2}, 0)
		pdf.Rect(b.X, b.Y, b.W, b.H, "D")
		pdf.SetDashPattern(nil, 0)
	case "entry":
		stroke(pdf, it.Color, 1.4)
		pdf.Line(b.X, b.Bottom(), b.Right(), b.Bottom())
		arrow(pdf, Pt{b.X + b.W/2, b.Bottom()}, Pt{0, -1}, it.Color)
	case "objective":
		if it.Area {
			hatch(pdf, s, lighter(st.fill, 0.45), 2.0)
		}
		objectiveMark(pdf, Shape{Center: Pt{b.X + b.W/2, b.Y + b.H/2}, Radius: 1.5})
	case "road":
		stroke(pdf, st.line, 3.0)
		pdf.Line(b.X, b.Y+b.H/2, b.Right(), b.Y+b.H/2)
		stroke(pdf, st.fill, 2.5)
		pdf.Line(b.X, b.Y+b.H/2, b.Right(), b.Y+b.H/2)
	case "wall":
		stroke(pdf, st.line, 0.8)
		pdf.Line(b.X, b.Y+b.H/2, b.Right(), b.Y+b.H/2)
	default:
		fill(pdf, st.fill)
		stroke(pdf, st.line, 0.35)
		pdf.Rect(b.X, b.Y, b.W, b.H, "FD")
		switch it.Style {
		case "farm", "building":
			hatch(pdf, s, lighter(st.line, 0.55), 1.6)
			stroke(pdf, st.line, 0.35)
			pdf.Rect(b.X, b.Y, b.W, b.H, "D")
		case "woods":
			stroke(pdf, st.line, 0.25)
			pdf.Circle(b.X+2.2, b.Y+b.H/2, 1.0, "D")
			pdf.Circle(b.X+5.8, b.Y+b.H/2, 1.0, "D")
		}
	}
}
