package markers

import (
	"fmt"
	"math"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/printnum"
)

// template is the Heat Ray's sweep template: a curved band between two
// concentric arcs width apart, whose outer arc's chord is the length end to
// end. Drawn upright it bows upwards, the chord lying parallel to the page's
// top edge.
type template struct {
	length, width, radius float64 // mm
	half                  float64 // half the angle the band spans, radians
	w, h                  float64 // bounding box
	title, detail         string
}

func newTemplate(s *catalog.System, m *catalog.Marker) (*template, error) {
	for _, f := range []struct {
		name string
		l    catalog.Length
	}{{"length", m.Length}, {"width", m.Width}, {"radius", m.Radius}} {
		if err := positive(m, f.name, f.l); err != nil {
			return nil, err
		}
	}
	t := &template{length: m.Length.MM, width: m.Width.MM, radius: m.Radius.MM}
	if t.length > 2*t.radius {
		return nil, fmt.Errorf("marker %q: length %s is longer than the outer arc's diameter (radius %s)", m.ID, m.Length, m.Radius)
	}
	if t.width >= t.radius {
		return nil, fmt.Errorf("marker %q: band width %s must be less than the radius %s", m.ID, m.Width, m.Radius)
	}
	t.half = math.Asin(t.length / 2 / t.radius)
	inner := t.radius - t.width
	t.w = t.length
	t.h = t.radius - inner*math.Cos(t.half) // from the outer arc's top to the inner arc's ends
	t.title = m.Name
	if m.Weapon != "" {
		w := s.Weapon(m.Weapon)
		if w == nil {
			return nil, fmt.Errorf("marker %q: unknown weapon %q", m.ID, m.Weapon)
		}
		t.title = w.Name
		rng := w.RangeText
		if rng == "" {
			rng = w.Range.String()
			if !w.MinRange.IsZero() {
				rng = w.MinRange.String() + "–" + rng
			}
		}
		t.detail = "Range " + document.Typo(rng) + " · Power " + printnum.Signed(w.Power)
	}
	return t, nil
}

// path draws the band's outline with its bounding box's top-left at (x, y),
// grown by g mm all round (for the back's bleed), bowing down instead of up
// when flipped.
func (t *template) path(pdf *fpdf.Fpdf, x, y, g float64, flipped bool) {
	cx := x + t.w/2
	cy := y + t.radius // the arcs' centre, below the band
	R, r := t.radius+g, t.radius-t.width-g
	// Grown, the band spans a little more angle, but no more than keeps it
	// inside its box grown by g: the outer ends set the width, the inner
	// ends the depth.
	a := t.half
	if g > 0 {
		inner := t.radius - t.width
		aW := math.Asin(math.Min(1, (t.radius*math.Sin(t.half)+g)/R))
		aD := math.Acos(math.Min(1, (inner*math.Cos(t.half)-g)/r))
		a = math.Min(aW, aD)
	}
	pt := func(rad, ang float64) (float64, float64) {
		px, py := cx+rad*math.Sin(ang), cy-rad*math.Cos(ang)
		if flipped {
			py = 2*(y+t.h/2) - py
		}
		return px, py
	}
	pdf.MoveTo(pt(R, -a))
	arc(pdf, pt, R, -a, a)
	pdf.LineTo(pt(r, a))
	arc(pdf, pt, r, a, -a)
	pdf.ClosePath()
}

// arc appends a circular arc from angle a0 to a1 (radians from the top,
// clockwise) as cubic Béziers of at most 15°.
func arc(pdf *fpdf.Fpdf, pt func(rad, ang float64) (float64, float64), rad, a0, a1 float64) {
	n := int(math.Ceil(math.Abs(a1-a0) / (math.Pi / 12)))
	step := (a1 - a0) / float64(n)
	k := 4.0 / 3 * math.Tan(step/4) // control distance for a unit circle
	for i := 0; i < n; i++ {
		b0, b1 := a0+float64(i)*step, a0+float64(i+1)*step
		// Control points lie along the tangents, k·rad from each end.
		c0 := rad * math.Hypot(1, k)
		c1x, c1y := pt(c0, b0+math.Atan(k))
		c2x, c2y := pt(c0, b1-math.Atan(k))
		ex, ey := pt(rad, b1)
		pdf.CurveBezierCubicTo(c1x, c1y, c2x, c2y, ex, ey)
	}
}

// draw paints the template's face at (x, y).
func (t *template) draw(pdf *fpdf.Fpdf, p *piece, x, y float64) {
	setFill(pdf, p.fill)
	t.path(pdf, x, y, 0, false)
	pdf.DrawPath("F")
	// A keyline just inside the edge, so the outline stands out to cut.
	setDraw(pdf, p.ink.tint(0.55))
	pdf.SetLineWidth(0.25)
	inset := &template{length: t.length, width: t.width - 1.6, radius: t.radius - 0.8, w: t.w, h: t.h}
	inset.half = t.half - 0.8/t.radius
	inset.pathAt(pdf, x, y, t)
	pdf.DrawPath("D")

	setText(pdf, p.ink)
	lines := []bandLine{{"B", t.title, 11, 0}} // alone, in the middle
	if t.detail != "" {
		lines = []bandLine{{"B", t.title, 11, -0.8}, {"", t.detail, 8.5, 4.2}}
	}
	t.text(pdf, lines, x, y, false)
}

// pathAt draws t's outline concentric with outer, whose box is at (x, y).
func (t *template) pathAt(pdf *fpdf.Fpdf, x, y float64, outer *template) {
	cx, cy := x+outer.w/2, y+outer.radius
	pt := func(rad, ang float64) (float64, float64) { return cx + rad*math.Sin(ang), cy - rad*math.Cos(ang) }
	R, r := t.radius, t.radius-t.width
	pdf.MoveTo(pt(R, -t.half))
	arc(pdf, pt, R, -t.half, t.half)
	pdf.LineTo(pt(r, t.half))
	arc(pdf, pt, r, t.half, -t.half)
	pdf.ClosePath()
}
