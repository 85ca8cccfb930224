package tablemap

import (
	"fmt"
	"html"
	"strings"
)

// SVG draws the plan as an SVG image for HTML pages, in millimetres: the
// same drawing as Draw (paint on an svgCanvas).
func (p *Plan) SVG() []byte {
	e := p.Extent.grow(2)
	c := &svgCanvas{}
	fmt.Fprintf(&c.b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="%.2f %.2f %.2f %.2f" width="%.1fmm" height="%.1fmm" style="max-width:100%%;height:auto;background:#fff" font-family="Go, Helvetica, Arial, sans-serif">`+"\n",
		e.X, e.Y, e.W, e.H, e.W, e.H)
	p.paint(c)
	c.b.WriteString("</svg>\n")
	return []byte(c.b.String())
}

// svgCanvas writes SVG elements, each with the state it is drawn in.
type svgCanvas struct {
	b          strings.Builder
	stroke     RGB
	width      float64
	fill       RGB
	dash       []float64
	cap, join  string
	clips, ids int // clipping groups open; clip paths made
}

func (c *svgCanvas) SetStroke(col RGB, w float64) { c.stroke, c.width = col, w }
func (c *svgCanvas) SetFill(col RGB)              { c.fill = col }
func (c *svgCanvas) SetDash(pattern []float64)    { c.dash = pattern }
func (c *svgCanvas) SetCap(style string)          { c.cap = style }
func (c *svgCanvas) SetJoin(style string)         { c.join = style }

// paint is the fill and stroke attributes of an op ("F", "D", "FD").
func (c *svgCanvas) paint(op string) string {
	var a strings.Builder
	if strings.Contains(op, "F") {
		fmt.Fprintf(&a, ` fill="%s"`, hex(c.fill))
	} else {
		a.WriteString(` fill="none"`)
	}
	if !strings.Contains(op, "D") {
		return a.String()
	}
	fmt.Fprintf(&a, ` stroke="%s" stroke-width="%.2f"`, hex(c.stroke), c.width)
	if len(c.dash) > 0 {
		d := make([]string, len(c.dash))
		for i, v := range c.dash {
			d[i] = fmt.Sprintf("%g", v)
		}
		fmt.Fprintf(&a, ` stroke-dasharray="%s"`, strings.Join(d, " "))
	}
	if c.cap != "" && c.cap != "butt" {
		fmt.Fprintf(&a, ` stroke-linecap="%s"`, c.cap)
	}
	if c.join != "" && c.join != "miter" {
		fmt.Fprintf(&a, ` stroke-linejoin="%s"`, c.join)
	}
	return a.String()
}

func (c *svgCanvas) Line(a, b Pt) {
	fmt.Fprintf(&c.b, `<line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f"%s/>`+"\n", a.X, a.Y, b.X, b.Y, c.paint("D"))
}

func (c *svgCanvas) Polyline(pts []Pt) {
	fmt.Fprintf(&c.b, `<polyline points="%s"%s/>`+"\n", svgPts(pts), c.paint("D"))
}

func (c *svgCanvas) Polygon(pts []Pt, op string) {
	fmt.Fprintf(&c.b, `<polygon points="%s"%s/>`+"\n", svgPts(pts), c.paint(op))
}

func (c *svgCanvas) Circle(at Pt, r float64, op string) {
	fmt.Fprintf(&c.b, `<circle cx="%.2f" cy="%.2f" r="%.2f"%s/>`+"\n", at.X, at.Y, r, c.paint(op))
}

func (c *svgCanvas) Rect(b Box, op string) {
	fmt.Fprintf(&c.b, `<rect x="%.2f" y="%.2f" width="%.2f" height="%.2f"%s/>`+"\n", b.X, b.Y, b.W, b.H, c.paint(op))
}

func (c *svgCanvas) Text(l Label) {
	weight, style := "normal", "normal"
	if strings.Contains(l.Style, "B") {
		weight = "bold"
	}
	if strings.Contains(l.Style, "I") {
		style = "italic"
	}
	fmt.Fprintf(&c.b, `<text x="%.2f" y="%.2f" font-size="%.2f" font-weight="%s" font-style="%s" fill="%s" textLength="%.2f" lengthAdjust="spacingAndGlyphs">%s</text>`+"\n",
		l.X, l.Y, l.Size*ptMM, weight, style, hex(l.Color), l.Bounds.W, html.EscapeString(l.Text))
}

// clip opens a group clipped to shape, an SVG element without paint.
func (c *svgCanvas) clip(shape string) {
	c.ids++
	c.clips++
	fmt.Fprintf(&c.b, `<clipPath id="tablemap-clip%d">%s</clipPath><g clip-path="url(#tablemap-clip%d)">`+"\n", c.ids, shape, c.ids)
}

func (c *svgCanvas) ClipPolygon(pts []Pt) {
	c.clip(fmt.Sprintf(`<polygon points="%s"/>`, svgPts(pts)))
}

func (c *svgCanvas) ClipCircle(at Pt, r float64) {
	c.clip(fmt.Sprintf(`<circle cx="%.2f" cy="%.2f" r="%.2f"/>`, at.X, at.Y, r))
}

func (c *svgCanvas) ClipEnd() {
	if c.clips > 0 {
		c.clips--
		c.b.WriteString("</g>\n")
	}
}

func hex(c RGB) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

func svgPts(pts []Pt) string {
	var s []string
	for _, q := range pts {
		s = append(s, fmt.Sprintf("%.2f,%.2f", q.X, q.Y))
	}
	return strings.Join(s, " ")
}
