package tablemap

import (
	"math"

	"github.com/playaid/playaid/internal/fpdf"
)

// Draw puts the plan on pdf's current page.
func (p *Plan) Draw(pdf *fpdf.Fpdf) { p.paint(pdfCanvas{pdf}) }

// paint draws the plan on a canvas: the one drawing of the map, which the
// PDF pages and the HTML pages' SVG share.
func (p *Plan) paint(cv canvas) {
	B := p.Board
	cv.SetCap("butt")
	cv.SetJoin("miter")
	cv.SetDash(nil)

	// Zones first, as light tints, so terrain stays readable on top.
	for _, s := range p.Shapes {
		if s.Style == "zone" {
			fill(cv, lighter(s.Color, 0.88))
			drawArea(cv, s, "F")
		}
	}
	// Area objectives: hatched, so the zone under them still shows.
	for _, s := range p.Shapes {
		if s.Style == "objective" && s.Area() && s.Shape != "circle" {
			hatch(cv, s, lighter(styleOf("objective").fill, 0.45), 2.0)
		}
	}
	// The 6" grid, faint, under the terrain.
	stroke(cv, gridInk, 0.12)
	for x := p.Grid; x < inches(p.Map.Width)-1e-9; x += p.Grid {
		cv.Line(Pt{B.X + x*p.Scale, B.Y}, Pt{B.X + x*p.Scale, B.Bottom()})
	}
	for y := p.Grid; y < inches(p.Map.Depth)-1e-9; y += p.Grid {
		cv.Line(Pt{B.X, B.Y + y*p.Scale}, Pt{B.Right(), B.Y + y*p.Scale})
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
			cv.SetCap("butt")
			cv.SetJoin("round")
			stroke(cv, st.line, 1.0*p.Scale+0.5)
			polyline(cv, s.Poly)
			stroke(cv, st.fill, 1.0*p.Scale)
			polyline(cv, s.Poly)
			cv.SetJoin("miter")
		case s.Shape == "line":
			cv.SetCap("round")
			stroke(cv, st.line, 0.8)
			polyline(cv, s.Poly)
			cv.SetCap("butt")
		case s.Shape == "point":
			fill(cv, st.line)
			cv.Circle(s.Center, 1.2, "F")
		default:
			fill(cv, st.fill)
			stroke(cv, st.line, 0.35)
			drawArea(cv, s, "FD")
			if s.Style == "woods" {
				trees(cv, s, p.Scale, p.Labels)
			}
			if s.Style == "farm" || s.Style == "building" {
				hatch(cv, s, lighter(st.line, 0.55), 1.6)
				stroke(cv, st.line, 0.35)
				drawArea(cv, s, "D")
			}
			if s.Side != "" {
				// A side's own terrain (a player's base) in its colour.
				stroke(cv, s.Color, 0.8)
				drawArea(cv, s, "D")
			}
		}
	}

	for _, s := range p.Shapes {
		if s.Style == "objective" && (s.Shape == "circle" || s.Shape == "point") {
			objectiveMark(cv, s)
		}
	}

	// Zone outlines, dashed in the side's colour.
	for _, s := range p.Shapes {
		if s.Style == "zone" {
			stroke(cv, s.Color, 0.45)
			cv.SetDash([]float64{2.2, 1.2})
			drawArea(cv, s, "D")
			cv.SetDash(nil)
		}
		if s.Style == "objective" && s.Area() && s.Shape != "circle" {
			stroke(cv, styleOf("objective").line, 0.45)
			cv.SetDash([]float64{1.0, 0.8})
			drawArea(cv, s, "D")
			cv.SetDash(nil)
		}
	}

	// The board's edge.
	stroke(cv, ink, 0.5)
	cv.Rect(B, "D")

	// Entry points on top of the edge: a thick bar with arrows inward.
	for _, s := range p.Shapes {
		if s.Style != "entry" {
			continue
		}
		switch s.Shape {
		case "line":
			cv.SetCap("butt")
			stroke(cv, s.Color, 1.4)
			polyline(cv, s.Poly)
			a, b := longest(s.Poly)
			m := Pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
			arrow(cv, m, inward(m, B), s.Color)
		default:
			stroke(cv, s.Color, 0.8)
			fill(cv, lighter(s.Color, 0.6))
			drawArea(cv, s, "FD")
		}
	}

	stroke(cv, ink, 0.2)
	for _, t := range p.Ticks {
		cv.Line(t[0], t[1])
	}

	// Scale bar: alternate black and white segments.
	sb := p.Scalebar
	step := sb.Length / float64(sb.Steps)
	stroke(cv, ink, 0.2)
	for k := 0; k < sb.Steps; k++ {
		if k%2 == 0 {
			fill(cv, ink)
		} else {
			fill(cv, RGB{255, 255, 255})
		}
		cv.Rect(Box{sb.X + float64(k)*step, sb.Y, step, sb.Height}, "FD")
	}

	for _, it := range p.Legend {
		swatch(cv, it, p.Scale)
	}
	for _, l := range p.allLabels() {
		text(cv, l)
	}
}

func stroke(cv canvas, c RGB, w float64) { cv.SetStroke(c, w) }

func fill(cv canvas, c RGB) { cv.SetFill(c) }

func text(cv canvas, l Label) {
	if l.Back {
		fill(cv, RGB{255, 255, 255})
		cv.Rect(l.Bounds.grow(0.6), "F")
	}
	cv.Text(l)
}

func polyline(cv canvas, pts []Pt) {
	if len(pts) < 2 {
		return
	}
	cv.Polyline(pts)
}

func drawArea(cv canvas, s Shape, style string) {
	if s.Shape == "circle" {
		cv.Circle(s.Center, s.Radius, style)
		return
	}
	cv.Polygon(s.Poly, style)
}

func clip(cv canvas, s Shape) {
	if s.Shape == "circle" {
		cv.ClipCircle(s.Center, s.Radius)
		return
	}
	cv.ClipPolygon(s.Poly)
}

// hatch fills the shape with diagonal lines every gap mm. Each line is
// cut to the shape's bounds before the clip: a clipped line still runs
// to its ends in the file, and a line past a base on the table's edge
// would reach into the paper's margin.
func hatch(cv canvas, s Shape, c RGB, gap float64) {
	clip(cv, s)
	stroke(cv, c, 0.3)
	b := s.Bounds
	for d := -b.H; d < b.W; d += gap {
		// The line at 45°: x = X+d+t·H, y = Bottom−t·H for t in 0…1,
		// kept where X ≤ x ≤ Right.
		t0, t1 := math.Max(0, -d/b.H), math.Min(1, (b.W-d)/b.H)
		if t0 >= t1 {
			continue
		}
		at := func(t float64) Pt { return Pt{b.X + d + t*b.H, b.Bottom() - t*b.H} }
		cv.Line(at(t0), at(t1))
	}
	cv.ClipEnd()
}

// trees stipples a wood with small tree rings every 2", leaving the
// labels clear.
func trees(cv canvas, s Shape, scale float64, labels []Label) {
	step := 2 * scale
	r := math.Min(0.35*scale, 1.4)
	stroke(cv, styleOf("woods").line, 0.25)
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
				cv.Circle(Pt{x, y}, r, "D")
			}
		}
	}
}

// objectiveMark is a ringed cross in the objective's colour.
func objectiveMark(cv canvas, s Shape) {
	r := math.Max(s.Radius, 1.6)
	st := styleOf("objective")
	fill(cv, lighter(st.fill, 0.5))
	stroke(cv, st.line, 0.45)
	cv.Circle(s.Center, r, "FD")
	stroke(cv, st.line, 0.35)
	cv.Line(Pt{s.Center.X - r*0.6, s.Center.Y}, Pt{s.Center.X + r*0.6, s.Center.Y})
	cv.Line(Pt{s.Center.X, s.Center.Y - r*0.6}, Pt{s.Center.X, s.Center.Y + r*0.6})
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

func arrow(cv canvas, at, dir Pt, c RGB) {
	const l, w = 2.6, 1.3
	tip := Pt{at.X + dir.X*l, at.Y + dir.Y*l}
	fill(cv, c)
	cv.Polygon([]Pt{tip, {at.X - dir.Y*w, at.Y + dir.X*w}, {at.X + dir.Y*w, at.Y - dir.X*w}}, "F")
}

// swatch draws a legend entry's sample.
func swatch(cv canvas, it LegendItem, scale float64) {
	b := it.Swatch
	st := styleOf(it.Style)
	s := Shape{Poly: []Pt{{b.X, b.Y}, {b.Right(), b.Y}, {b.Right(), b.Bottom()}, {b.X, b.Bottom()}}, Bounds: b}
	s.Shape = "rect"
	switch it.Style {
	case "zone":
		fill(cv, lighter(it.Color, 0.88))
		stroke(cv, it.Color, 0.45)
		cv.Rect(b, "F")
		cv.SetDash([]float64{2.2, 1.2})
		cv.Rect(b, "D")
		cv.SetDash(nil)
	case "entry":
		stroke(cv, it.Color, 1.4)
		cv.Line(Pt{b.X, b.Bottom()}, Pt{b.Right(), b.Bottom()})
		arrow(cv, Pt{b.X + b.W/2, b.Bottom()}, Pt{0, -1}, it.Color)
	case "objective":
		if it.Area { // an area is hatched on the map, with no mark in it
			hatch(cv, s, lighter(st.fill, 0.45), 2.0)
			stroke(cv, st.line, 0.45)
			cv.SetDash([]float64{1.0, 0.8})
			cv.Rect(b, "D")
			cv.SetDash(nil)
			break
		}
		objectiveMark(cv, Shape{Center: Pt{b.X + b.W/2, b.Y + b.H/2}, Radius: 1.5})
	case "road":
		stroke(cv, st.line, 3.0)
		cv.Line(Pt{b.X, b.Y + b.H/2}, Pt{b.Right(), b.Y + b.H/2})
		stroke(cv, st.fill, 2.5)
		cv.Line(Pt{b.X, b.Y + b.H/2}, Pt{b.Right(), b.Y + b.H/2})
	case "wall":
		stroke(cv, st.line, 0.8)
		cv.Line(Pt{b.X, b.Y + b.H/2}, Pt{b.Right(), b.Y + b.H/2})
	default:
		fill(cv, st.fill)
		stroke(cv, st.line, 0.35)
		cv.Rect(b, "FD")
		switch it.Style {
		case "farm", "building":
			hatch(cv, s, lighter(st.line, 0.55), 1.6)
			stroke(cv, st.line, 0.35)
			cv.Rect(b, "D")
		case "woods":
			stroke(cv, st.line, 0.25)
			cv.Circle(Pt{b.X + 2.2, b.Y + b.H/2}, 1.0, "D")
			cv.Circle(Pt{b.X + 5.8, b.Y + b.H/2}, 1.0, "D")
		}
		if it.Side != "" { // a side's own terrain, edged in its colour as on the map
			stroke(cv, it.Color, 0.8)
			cv.Rect(b, "D")
		}
	}
}
