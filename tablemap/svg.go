package tablemap

import (
	"fmt"
	"html"
	"strings"
)

// SVG draws the plan as an SVG image for HTML pages, in millimetres, with
// the same shapes and labels as Draw (simpler fills: no hatching).
func (p *Plan) SVG() []byte {
	var b strings.Builder
	e := p.Extent.grow(2)
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%.2f %.2f %.2f %.2f" width="%.1fmm" height="%.1fmm" style="max-width:100%%;height:auto" font-family="Go, Helvetica, Arial, sans-serif">`,
		e.X, e.Y, e.W, e.H, e.W, e.H)
	b.WriteString("\n")
	B := p.Board
	fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#fff"/>`+"\n", B.X, B.Y, B.W, B.H)
	for _, s := range p.Shapes {
		if s.Style == "zone" {
			b.WriteString(svgArea(s, hex(lighter(s.Color, 0.88)), "none", 0, ""))
		}
		if s.Style == "objective" && s.Area() && s.Shape != "circle" {
			b.WriteString(svgArea(s, hex(lighter(styleOf("objective").fill, 0.7)), "none", 0, ""))
		}
	}
	for x := p.Grid; x < inches(p.Map.Width)-1e-9; x += p.Grid {
		fmt.Fprintf(&b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="%s" stroke-width="0.12"/>`+"\n", B.X+x*p.Scale, B.Y, B.X+x*p.Scale, B.Bottom(), hex(gridInk))
	}
	for y := p.Grid; y < inches(p.Map.Depth)-1e-9; y += p.Grid {
		fmt.Fprintf(&b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="%s" stroke-width="0.12"/>`+"\n", B.X, B.Y+y*p.Scale, B.Right(), B.Y+y*p.Scale, hex(gridInk))
	}
	for _, s := range p.Shapes {
		st := styleOf(s.Style)
		switch {
		case s.Style == "zone" || s.Style == "entry" || s.Style == "objective":
		case s.Style == "road" && s.Shape == "line":
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="%.2f" stroke-linejoin="round"/>`+"\n", svgPts(s.Poly), hex(st.line), p.Scale+0.5)
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="%.2f" stroke-linejoin="round"/>`+"\n", svgPts(s.Poly), hex(st.fill), p.Scale)
		case s.Shape == "line":
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="0.8" stroke-linecap="round"/>`+"\n", svgPts(s.Poly), hex(st.line))
		case s.Shape == "point":
			fmt.Fprintf(&b, `<circle cx="%.2f" cy="%.2f" r="1.2" fill="%s"/>`+"\n", s.Center.X, s.Center.Y, hex(st.line))
		default:
			line, w := hex(st.line), 0.35
			if s.Side != "" {
				line, w = hex(s.Color), 0.8
			}
			b.WriteString(svgArea(s, hex(st.fill), line, w, ""))
		}
	}
	for _, s := range p.Shapes {
		if s.Style == "objective" && (s.Shape == "circle" || s.Shape == "point") {
			r := max(s.Radius, 1.6)
			st := styleOf("objective")
			fmt.Fprintf(&b, `<circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s" stroke="%s" stroke-width="0.45"/>`+"\n", s.Center.X, s.Center.Y, r, hex(lighter(st.fill, 0.5)), hex(st.line))
		}
		if s.Style == "zone" {
			b.WriteString(svgArea(s, "none", hex(s.Color), 0.45, "2.2 1.2"))
		}
		if s.Style == "objective" && s.Area() && s.Shape != "circle" {
			b.WriteString(svgArea(s, "none", hex(styleOf("objective").line), 0.45, "1 0.8"))
		}
	}
	fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="none" stroke="#000" stroke-width="0.5"/>`+"\n", B.X, B.Y, B.W, B.H)
	for _, s := range p.Shapes {
		if s.Style == "entry" && s.Shape == "line" {
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="1.4"/>`+"\n", svgPts(s.Poly), hex(s.Color))
		}
	}
	for _, t := range p.Ticks {
		fmt.Fprintf(&b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f" stroke="#000" stroke-width="0.2"/>`+"\n", t[0].X, t[0].Y, t[1].X, t[1].Y)
	}
	sb := p.Scalebar
	step := sb.Length / float64(sb.Steps)
	for k := 0; k < sb.Steps; k++ {
		f := "#000"
		if k%2 == 1 {
			f = "#fff"
		}
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s" stroke="#000" stroke-width="0.2"/>`+"\n", sb.X+float64(k)*step, sb.Y, step, sb.Height, f)
	}
	for _, it := range p.Legend {
		w := it.Swatch
		st := styleOf(it.Style)
		fill, line := hex(st.fill), hex(st.line)
		switch it.Style {
		case "zone":
			fill, line = hex(lighter(it.Color, 0.88)), hex(it.Color)
		case "entry":
			fill, line = hex(it.Color), hex(it.Color)
		}
		fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="%s" stroke="%s" stroke-width="0.35"/>`+"\n", w.X, w.Y, w.W, w.H, fill, line)
	}
	for _, l := range p.allLabels() {
		if l.Back {
			g := l.Bounds.grow(0.6)
			fmt.Fprintf(&b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f" fill="#fff"/>`+"\n", g.X, g.Y, g.W, g.H)
		}
		weight, style := "normal", "normal"
		if strings.Contains(l.Style, "B") {
			weight = "bold"
		}
		if strings.Contains(l.Style, "I") {
			style = "italic"
		}
		fmt.Fprintf(&b, `<text x="%.2f" y="%.2f" font-size="%.2f" font-weight="%s" font-style="%s" fill="%s" textLength="%.2f" lengthAdjust="spacingAndGlyphs">%s</text>`+"\n",
			l.X, l.Y, l.Size*ptMM, weight, style, hex(l.Color), l.Bounds.W, html.EscapeString(l.Text))
	}
	b.WriteString("</svg>\n")
	return []byte(b.String())
}

func hex(c RGB) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func svgPts(pts []Pt) string {
	var s []string
	for _, q := range pts {
		s = append(s, fmt.Sprintf("%.2f,%.2f", q.X, q.Y))
	}
	return strings.Join(s, " ")
}

func svgArea(s Shape, fill, line string, w float64, dash string) string {
	extra := ""
	if dash != "" {
		extra = fmt.Sprintf(` stroke-dasharray="%s"`, dash)
	}
	if s.Shape == "circle" {
		return fmt.Sprintf(`<circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s" stroke="%s" stroke-width="%.2f"%s/>`+"\n", s.Center.X, s.Center.Y, s.Radius, fill, line, w, extra)
	}
	return fmt.Sprintf(`<polygon points="%s" fill="%s" stroke="%s" stroke-width="%.2f"%s/>`+"\n", svgPts(s.Poly), fill, line, w, extra)
}
