package markers

import (
	"math"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
)

// bandLine is a line of text on the template: its style and text, its
// largest size, and how far below the band's middle its capitals' middle
// lies.
type bandLine struct {
	style, s string
	maxPt    float64
	dy       float64
}

// text writes lines centred on the band's middle at its centre, each as
// large as fits 55 % of the template's length; where a line's ink would
// come within inkInset of the band's outline, all are set again smaller
// and closer together, while every line stays at least subMin points.
// Flipped, the band bows down (the back of a short-edge flip).
func (t *template) text(pdf *fpdf.Fpdf, lines []bandLine, x, y float64, flipped bool) {
	mid := t.width / 2
	if flipped {
		mid = t.h - t.width/2
	}
	type set struct {
		size, base, w float64
	}
	var best []set
	for f := 1.0; f > 0.2; f *= 0.92 {
		try := make([]set, len(lines))
		fits, small := true, false
		for i, l := range lines {
			size := fitSize(pdf, l.style, l.s, t.w*0.55, f*l.maxPt)
			pdf.SetFont(fontName, l.style, size)
			w := layout.Width(pdf, l.s)
			base := mid + f*l.dy + capH*size*ptMM/2
			up, down := inkHeight(l.style, l.s)
			y0, y1 := base-up*size*ptMM, base+down*size*ptMM
			if flipped { // measured on the band as drawn upright
				y0, y1 = t.h-y1, t.h-y0
			}
			fits = fits && t.clear(t.w/2-w/2, y0, t.w/2+w/2, y1) >= inkInset
			small = small || size < subMin
			try[i] = set{size, base, w}
		}
		if best != nil && small {
			break // smaller would be too small to read: keep the last that was not
		}
		best = try
		if fits {
			break
		}
	}
	for i, l := range lines {
		pdf.SetFont(fontName, l.style, best[i].size)
		layout.Text(pdf, x+t.w/2-best[i].w/2, y+best[i].base, l.s)
	}
}

// clear is how far the box x0–x1, y0–y1 (mm from the template's box's
// top-left, upright) lies inside the band's outline at least: its outer
// and inner arcs and its straight ends.
func (t *template) clear(x0, y0, x1, y1 float64) float64 {
	cx, cy := t.w/2, t.radius // the arcs' centre
	far, ends := 0.0, math.Inf(1)
	for _, c := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
		d := math.Hypot(c[0]-cx, c[1]-cy)
		far = math.Max(far, d)
		th := math.Abs(math.Atan2(c[0]-cx, cy-c[1]))
		ends = math.Min(ends, d*math.Sin(t.half-th))
	}
	near := math.Hypot(math.Max(x0, math.Min(cx, x1))-cx, math.Max(y0, math.Min(cy, y1))-cy)
	return math.Min(math.Min(t.radius-far, near-(t.radius-t.width)), ends)
}
