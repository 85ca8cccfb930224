package raster

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/playaid/playaid/internal/pdfsyntax"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// matrix is a PDF transformation [a b c d e f] (internal/pdfsyntax).
type matrix = pdfsyntax.Matrix

var identity = pdfsyntax.Identity

// apply is where m moves p.
func apply(m matrix, p pt) pt {
	x, y := m.Apply(p.x, p.y)
	return pt{x, y}
}

type pt struct{ x, y float64 }

func (p pt) add(q pt) pt             { return pt{p.x + q.x, p.y + q.y} }
func (p pt) sub(q pt) pt             { return pt{p.x - q.x, p.y - q.y} }
func (p pt) mul(k float64) pt        { return pt{p.x * k, p.y * k} }
func (p pt) len() float64            { return math.Hypot(p.x, p.y) }
func (p pt) dot(q pt) float64        { return p.x*q.x + p.y*q.y }
func (p pt) cross(q pt) float64      { return p.x*q.y - p.y*q.x }
func lerp(a, b pt, t float64) pt     { return pt{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t} }
func finite(p pt) bool               { return !math.IsNaN(p.x+p.y) && !math.IsInf(p.x+p.y, 0) }
func (p pt) f32() (float32, float32) { return float32(p.x), float32(p.y) }

// A path is segments in pixels: moveTo, lineTo, quadTo, cubeTo, closePath.
const (
	moveTo = iota
	lineTo
	quadTo
	cubeTo
	closePath
)

type pathOp struct {
	kind int
	p    [3]pt
}

// farOff bounds a point, in pixels: a page is a few thousand.
const farOff = 1e6

// maxPathOps bounds one path: a card's largest (a string of text) is a
// few thousand.
const maxPathOps = 1 << 20

// gstate is the graphics state q saves and Q restores.
type gstate struct {
	ctm             matrix
	fill, stroke    color.RGBA
	lineWidth       float64
	cap, join       int
	miter           float64
	dash            []float64
	dashPhase       float64
	font            *font
	fontSize        float64
	charSp, wordSp  float64
	hscale, leading float64
	rise            float64
	render          int
}

// painter runs a page's content onto img.
type painter struct {
	doc   *Doc
	img   *image.RGBA
	res   dict
	gs    gstate
	stack []gstate
	path  []pathOp
	start pt // the current subpath's first point, in pixels
	cur   pt
	// text: the text matrix and the line matrix, inside BT … ET
	tm, tlm matrix
	inText  bool
	ras     vector.Rasterizer
	segs    []pathOp
}

func (p *painter) run(content []byte, ctm matrix) error {
	p.gs = gstate{ctm: ctm, fill: color.RGBA{0, 0, 0, 255}, stroke: color.RGBA{0, 0, 0, 255}, lineWidth: 1, miter: 10, hscale: 1}
	l := &lexer{B: content}
	var args []any
	for {
		v, err := l.Value()
		if err == pdfsyntax.ErrEOF {
			return nil
		}
		if err != nil {
			return err
		}
		o, ok := v.(op)
		if !ok {
			if len(args) > 64 {
				return errors.New("too many operands")
			}
			args = append(args, v)
			continue
		}
		if err := p.do(string(o), args); err != nil {
			return fmt.Errorf("%s: %v", o, err)
		}
		args = args[:0]
	}
}

// nums reads n numbers.
func nums(args []any, n int) ([]float64, error) {
	if len(args) != n {
		return nil, fmt.Errorf("%d operands, expected %d", len(args), n)
	}
	out := make([]float64, n)
	for i, a := range args {
		f, ok := a.(float64)
		if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("operand %d is not a number", i+1)
		}
		out[i] = f
	}
	return out, nil
}

func colour(v ...float64) color.RGBA {
	c := func(f float64) uint8 { return uint8(math.Round(255 * math.Max(0, math.Min(1, f)))) }
	switch len(v) {
	case 1:
		return color.RGBA{c(v[0]), c(v[0]), c(v[0]), 255}
	case 3:
		return color.RGBA{c(v[0]), c(v[1]), c(v[2]), 255}
	}
	k := v[3]
	return color.RGBA{c((1 - v[0]) * (1 - k)), c((1 - v[1]) * (1 - k)), c((1 - v[2]) * (1 - k)), 255}
}

// counts gives each operator its operand count (-1: its own reading).
var counts = map[string]int{
	"q": 0, "Q": 0, "cm": 6, "w": 1, "J": 1, "j": 1, "M": 1, "d": -1, "i": 1, "ri": 1,
	"g": 1, "G": 1, "rg": 3, "RG": 3, "k": 4, "K": 4,
	"m": 2, "l": 2, "c": 6, "v": 4, "y": 4, "h": 0, "re": 4,
	"f": 0, "F": 0, "f*": 0, "S": 0, "s": 0, "B": 0, "B*": 0, "b": 0, "b*": 0, "n": 0,
	"BT": 0, "ET": 0, "Tf": -1, "Td": 2, "TD": 2, "Tm": 6, "T*": 0, "Tc": 1, "Tw": 1, "Tz": 1, "TL": 1, "Ts": 1, "Tr": 1,
	"Tj": -1, "TJ": -1, "'": -1, "\"": -1,
}

func (p *painter) do(o string, args []any) error {
	n, known := counts[o]
	if !known {
		return errors.New("an operator this page printer does not draw (an image, a clip, a shading…)")
	}
	var a []float64
	if n >= 0 {
		var err error
		if a, err = nums(args, n); err != nil {
			return err
		}
	}
	g := &p.gs
	switch o {
	case "q":
		if len(p.stack) > 256 {
			return errors.New("graphics states nested too deep")
		}
		p.stack = append(p.stack, p.gs)
	case "Q":
		if len(p.stack) == 0 {
			return errors.New("a Q (restore) without its q (save)")
		}
		p.gs = p.stack[len(p.stack)-1]
		p.stack = p.stack[:len(p.stack)-1]
	case "cm":
		g.ctm = matrix(a).Mul(g.ctm)
	case "w":
		g.lineWidth = a[0]
	case "J":
		g.cap = int(a[0])
	case "j":
		g.join = int(a[0])
	case "M":
		g.miter = a[0]
	case "i", "ri":
	case "d":
		if len(args) != 2 {
			return errors.New("expected an array and a phase")
		}
		arr, ok1 := args[0].([]any)
		ph, ok2 := args[1].(float64)
		ds, err := nums(arr, len(arr))
		if !ok1 || !ok2 || err != nil || len(ds) > 64 {
			return errors.New("expected an array of numbers and a phase")
		}
		g.dash, g.dashPhase = ds, ph
	case "g", "rg", "k":
		g.fill = colour(a...)
	case "G", "RG", "K":
		g.stroke = colour(a...)
	case "m":
		p.cur = apply(g.ctm, pt{a[0], a[1]})
		p.start = p.cur
		return p.add(pathOp{kind: moveTo, p: [3]pt{p.cur}})
	case "l":
		p.cur = apply(g.ctm, pt{a[0], a[1]})
		return p.add(pathOp{kind: lineTo, p: [3]pt{p.cur}})
	case "c", "v", "y":
		var c1, c2, e pt
		switch o {
		case "c":
			c1, c2, e = pt{a[0], a[1]}, pt{a[2], a[3]}, pt{a[4], a[5]}
			c1, c2 = apply(g.ctm, c1), apply(g.ctm, c2)
		case "v":
			c1, c2, e = p.cur, apply(g.ctm, pt{a[0], a[1]}), pt{a[2], a[3]}
		case "y":
			c1, e = apply(g.ctm, pt{a[0], a[1]}), pt{a[2], a[3]}
		}
		e = apply(g.ctm, e)
		if o == "y" {
			c2 = e
		}
		p.cur = e
		return p.add(pathOp{kind: cubeTo, p: [3]pt{c1, c2, e}})
	case "h":
		p.cur = p.start
		return p.add(pathOp{kind: closePath})
	case "re":
		x, y, w, h := a[0], a[1], a[2], a[3]
		c := func(q pt) pt { return apply(g.ctm, q) }
		p.start, p.cur = c(pt{x, y}), c(pt{x, y})
		return p.add(pathOp{kind: moveTo, p: [3]pt{c(pt{x, y})}},
			pathOp{kind: lineTo, p: [3]pt{c(pt{x + w, y})}},
			pathOp{kind: lineTo, p: [3]pt{c(pt{x + w, y + h})}},
			pathOp{kind: lineTo, p: [3]pt{c(pt{x, y + h})}},
			pathOp{kind: closePath})
	case "f", "F", "f*":
		// Even-odd is filled as non-zero: fpdf's shapes never overlap
		// themselves.
		p.fill(p.path, g.fill)
		p.path = p.path[:0]
	case "S", "s":
		if o == "s" {
			p.add(pathOp{kind: closePath})
		}
		p.strokePath()
		p.path = p.path[:0]
	case "B", "B*", "b", "b*":
		if o == "b" || o == "b*" {
			p.add(pathOp{kind: closePath})
		}
		p.fill(p.path, g.fill)
		p.strokePath()
		p.path = p.path[:0]
	case "n":
		p.path = p.path[:0]
	default:
		return p.text(o, args, a)
	}
	return nil
}

func (p *painter) add(ops ...pathOp) error {
	if len(p.path)+len(ops) > maxPathOps {
		return errors.New("a path too long")
	}
	for _, o := range ops {
		for _, q := range o.p {
			if !finite(q) || math.Abs(q.x) > farOff || math.Abs(q.y) > farOff {
				return errors.New("a point that is not a number, or far off the page")
			}
		}
	}
	p.path = append(p.path, ops...)
	return nil
}

// fill paints the inside of path (in pixels) in c.
func (p *painter) fill(path []pathOp, c color.RGBA) {
	if x0, y0, x1, y1, ok := rectangle(path); ok {
		p.fillRect(x0, y0, x1, y1, c)
		return
	}
	lo, hi := pt{math.Inf(1), math.Inf(1)}, pt{math.Inf(-1), math.Inf(-1)}
	for _, o := range path {
		for k := range o.count() {
			q := o.p[k]
			lo, hi = pt{math.Min(lo.x, q.x), math.Min(lo.y, q.y)}, pt{math.Max(hi.x, q.x), math.Max(hi.y, q.y)}
		}
	}
	r := image.Rect(int(math.Floor(lo.x)), int(math.Floor(lo.y)), int(math.Ceil(hi.x))+1, int(math.Ceil(hi.y))+1).Intersect(p.img.Bounds())
	if r.Empty() {
		return
	}
	// Each outline, flattened, is clipped to r (and a pixel round it)
	// before the rasteriser sees it: it would step through every row
	// between a point far above the page and the page.
	off := pt{float64(r.Min.X), float64(r.Min.Y)}
	lo, hi = off.sub(pt{1, 1}), pt{float64(r.Max.X) + 1, float64(r.Max.Y) + 1}
	p.ras.Reset(r.Dx(), r.Dy())
	for _, l := range flatten(path) {
		q := clip(l.pts, lo, hi)
		if len(q) < 3 {
			continue
		}
		p.ras.MoveTo(q[0].sub(off).f32())
		for _, x := range q[1:] {
			p.ras.LineTo(x.sub(off).f32())
		}
		p.ras.ClosePath()
	}
	p.ras.DrawOp = draw.Over
	p.ras.Draw(p.img, r, image.NewUniform(c), image.Point{})
}

// clip is the polygon q cut to the rectangle lo–hi (Sutherland and
// Hodgman: against each edge in turn).
func clip(q []pt, lo, hi pt) []pt {
	edges := []struct {
		in  func(pt) bool
		cut func(a, b pt) pt
	}{
		{func(p pt) bool { return p.x >= lo.x }, func(a, b pt) pt { return lerp(a, b, (lo.x-a.x)/(b.x-a.x)) }},
		{func(p pt) bool { return p.x <= hi.x }, func(a, b pt) pt { return lerp(a, b, (hi.x-a.x)/(b.x-a.x)) }},
		{func(p pt) bool { return p.y >= lo.y }, func(a, b pt) pt { return lerp(a, b, (lo.y-a.y)/(b.y-a.y)) }},
		{func(p pt) bool { return p.y <= hi.y }, func(a, b pt) pt { return lerp(a, b, (hi.y-a.y)/(b.y-a.y)) }},
	}
	inside := true
	for _, x := range q {
		inside = inside && x.x >= lo.x && x.x <= hi.x && x.y >= lo.y && x.y <= hi.y
	}
	if inside {
		return q
	}
	for _, e := range edges {
		if len(q) == 0 {
			return nil
		}
		var out []pt
		prev := q[len(q)-1]
		for _, cur := range q {
			switch ci, pi := e.in(cur), e.in(prev); {
			case ci && pi:
				out = append(out, cur)
			case ci:
				out = append(out, e.cut(prev, cur), cur)
			case pi:
				out = append(out, e.cut(prev, cur))
			}
			prev = cur
		}
		q = out
	}
	return q
}

func (o pathOp) count() int {
	switch o.kind {
	case quadTo:
		return 2
	case cubeTo:
		return 3
	case closePath:
		return 0
	}
	return 1
}

// polyline is a subpath flattened to points.
type polyline struct {
	pts    []pt
	closed bool
}

// flatten turns path into polylines, curves cut into pieces at most a
// quarter of a pixel off.
func flatten(path []pathOp) []polyline {
	var out []polyline
	var cur *polyline
	last := pt{}
	for _, o := range path {
		switch o.kind {
		case moveTo:
			out = append(out, polyline{pts: []pt{o.p[0]}})
			cur = &out[len(out)-1]
			last = o.p[0]
			continue
		case closePath:
			if cur != nil {
				cur.closed = true
				last = cur.pts[0]
				cur = nil
			}
			continue
		}
		if cur == nil { // a segment after h starts where the subpath did
			out = append(out, polyline{pts: []pt{last}})
			cur = &out[len(out)-1]
		}
		switch o.kind {
		case lineTo:
			cur.pts = append(cur.pts, o.p[0])
		case quadTo, cubeTo:
			c1, c2, e := o.p[0], o.p[1], o.p[2]
			if o.kind == quadTo {
				c1, c2, e = lerp(last, o.p[0], 2.0/3), lerp(o.p[1], o.p[0], 2.0/3), o.p[1]
			}
			size := c1.sub(last).len() + c2.sub(c1).len() + e.sub(c2).len()
			n := max(2, min(256, int(math.Ceil(math.Sqrt(size)))))
			for k := 1; k <= n; k++ {
				t := float64(k) / float64(n)
				a, b, c := lerp(last, c1, t), lerp(c1, c2, t), lerp(c2, e, t)
				d, f := lerp(a, b, t), lerp(b, c, t)
				cur.pts = append(cur.pts, lerp(d, f, t))
			}
		}
		last = cur.pts[len(cur.pts)-1]
	}
	return out
}

// strokePath strokes the path in the stroke colour, line width, caps,
// joins and dashes of the graphics state.
func (p *painter) strokePath() {
	g := &p.gs
	s := g.ctm.Scale()
	hw := g.lineWidth * s / 2
	if hw <= 0 {
		hw = 0.5 // a line of width 0: the thinnest the device draws
	}
	lines := flatten(p.path)
	if len(g.dash) > 0 {
		lines = dashes(lines, g.dash, g.dashPhase, s)
	}
	p.segs = p.segs[:0]
	for _, l := range lines {
		p.strokeLine(l, hw)
	}
	p.fill(p.segs, g.stroke)
}

// poly adds a polygon to the stroke's outline, turned counter-clockwise so
// that overlapping pieces add up instead of cancelling out.
func (p *painter) poly(q ...pt) {
	area := 0.0
	for i := range q {
		area += q[i].cross(q[(i+1)%len(q)])
	}
	if area < 0 {
		for i, j := 0, len(q)-1; i < j; i, j = i+1, j-1 {
			q[i], q[j] = q[j], q[i]
		}
	}
	p.segs = append(p.segs, pathOp{kind: moveTo, p: [3]pt{q[0]}})
	for _, x := range q[1:] {
		p.segs = append(p.segs, pathOp{kind: lineTo, p: [3]pt{x}})
	}
	p.segs = append(p.segs, pathOp{kind: closePath})
}

func (p *painter) disc(c pt, r float64) {
	q := make([]pt, 24)
	for i := range q {
		a := 2 * math.Pi * float64(i) / float64(len(q))
		q[i] = pt{c.x + r*math.Cos(a), c.y + r*math.Sin(a)}
	}
	p.poly(q...)
}

func (p *painter) strokeLine(l polyline, hw float64) {
	// Points that repeat give no direction: drop them.
	pts := l.pts[:1:1]
	for _, q := range l.pts[1:] {
		if q.sub(pts[len(pts)-1]).len() > 1e-9 {
			pts = append(pts, q)
		}
	}
	if l.closed && len(pts) > 2 && pts[0].sub(pts[len(pts)-1]).len() < 1e-9 {
		pts = pts[:len(pts)-1]
	}
	if len(pts) < 2 {
		if p.gs.cap == 1 {
			p.disc(pts[0], hw)
		}
		return
	}
	n := len(pts) - 1
	if l.closed {
		n = len(pts)
	}
	normal := func(a, b pt) pt {
		d := b.sub(a)
		d = d.mul(1 / d.len())
		return pt{-d.y * hw, d.x * hw}
	}
	for i := range n {
		a, b := pts[i], pts[(i+1)%len(pts)]
		d := b.sub(a).mul(1 / b.sub(a).len())
		nv := normal(a, b)
		if !l.closed && p.gs.cap == 2 { // square caps reach hw past the ends
			if i == 0 {
				a = a.sub(d.mul(hw))
			}
			if i == n-1 {
				b = b.add(d.mul(hw))
			}
		}
		p.poly(a.add(nv), b.add(nv), b.sub(nv), a.sub(nv))
	}
	if !l.closed && p.gs.cap == 1 {
		p.disc(pts[0], hw)
		p.disc(pts[len(pts)-1], hw)
	}
	// Joins, at every inner point and, closed, at the first.
	for i := range len(pts) {
		if !l.closed && (i == 0 || i == len(pts)-1) {
			continue
		}
		prev, v, next := pts[(i+len(pts)-1)%len(pts)], pts[i], pts[(i+1)%len(pts)]
		d1, d2 := v.sub(prev), next.sub(v)
		cross := d1.cross(d2)
		if math.Abs(cross) < 1e-12*d1.len()*d2.len() && d1.dot(d2) > 0 {
			continue // straight on
		}
		if p.gs.join == 1 {
			p.disc(v, hw)
			continue
		}
		o1, o2 := normal(prev, v), normal(v, next)
		if cross > 0 {
			o1, o2 = o1.mul(-1), o2.mul(-1)
		}
		m := o1.add(o2)
		cos := 0.0
		if m.len() > 1e-12 {
			m = m.mul(1 / m.len())
			cos = m.dot(o1) / hw
		}
		if p.gs.join == 0 && cos > 0 && 1/cos <= p.gs.miter {
			p.poly(v, v.add(o1), v.add(m.mul(hw/cos)), v.add(o2))
		} else {
			p.poly(v, v.add(o1), v.add(o2))
		}
	}
}

// dashes cuts polylines into the dashes of pattern (in user units, scale
// to pixels), starting phase into it.
func dashes(lines []polyline, pattern []float64, phase, scale float64) []polyline {
	total := 0.0
	for _, d := range pattern {
		if d < 0 {
			return lines
		}
		total += d
	}
	if total <= 0 {
		return lines
	}
	pat := make([]float64, len(pattern))
	for i, d := range pattern {
		pat[i] = d * scale
	}
	var out []polyline
	for _, l := range lines {
		pts := l.pts
		if l.closed {
			pts = append(pts[:len(pts):len(pts)], pts[0])
		}
		// Where in the pattern the line starts.
		k, left := 0, math.Mod(phase*scale, total*scale)
		if left < 0 {
			left += total * scale
		}
		for left >= pat[k] {
			left -= pat[k]
			k = (k + 1) % len(pat)
		}
		left = pat[k] - left
		on := k%2 == 0
		var cur *polyline
		if on {
			out = append(out, polyline{pts: []pt{pts[0]}})
			cur = &out[len(out)-1]
		}
		for i := 0; i+1 < len(pts); i++ {
			a, b := pts[i], pts[i+1]
			seg := b.sub(a).len()
			pos := 0.0
			for steps := 0; seg-pos > left && steps < 1<<16; steps++ {
				pos += left
				q := lerp(a, b, pos/seg)
				if on {
					cur.pts = append(cur.pts, q)
				} else {
					out = append(out, polyline{pts: []pt{q}})
					cur = &out[len(out)-1]
				}
				on = !on
				k = (k + 1) % len(pat)
				left = pat[k]
			}
			left -= seg - pos
			if on {
				cur.pts = append(cur.pts, b)
			}
		}
		if len(out) > 1<<16 {
			break
		}
	}
	return out
}

// text runs the text operators.
func (p *painter) text(o string, args []any, a []float64) error {
	g := &p.gs
	switch o {
	case "BT":
		p.tm, p.tlm, p.inText = identity, identity, true
		return nil
	case "ET":
		p.inText = false
		return nil
	case "Tf":
		if len(args) != 2 {
			return errors.New("expected a font and a size")
		}
		n, ok1 := args[0].(name)
		size, ok2 := args[1].(float64)
		if !ok1 || !ok2 {
			return errors.New("expected a font and a size")
		}
		fonts, err := p.doc.f.dict(p.res["Font"])
		if err != nil {
			return fmt.Errorf("no fonts in the page's resources")
		}
		ref, ok := fonts[n]
		if !ok {
			return fmt.Errorf("font %s is not in the page's resources", n)
		}
		fo, err := p.doc.font(ref)
		if err != nil {
			return err
		}
		g.font, g.fontSize = fo, size
		return nil
	case "Tc":
		g.charSp = a[0]
		return nil
	case "Tw":
		g.wordSp = a[0]
		return nil
	case "Tz":
		g.hscale = a[0] / 100
		return nil
	case "TL":
		g.leading = a[0]
		return nil
	case "Ts":
		g.rise = a[0]
		return nil
	case "Tr":
		if a[0] != 0 && a[0] != 3 {
			return errors.New("text drawn other than filled (or invisible) is not printed")
		}
		g.render = int(a[0])
		return nil
	}
	if !p.inText {
		return errors.New("text outside BT … ET")
	}
	switch o {
	case "Td", "TD":
		if o == "TD" {
			g.leading = -a[1]
		}
		p.tlm = matrix{1, 0, 0, 1, a[0], a[1]}.Mul(p.tlm)
		p.tm = p.tlm
	case "Tm":
		p.tm, p.tlm = matrix(a), matrix(a)
	case "T*":
		p.tlm = matrix{1, 0, 0, 1, 0, -g.leading}.Mul(p.tlm)
		p.tm = p.tlm
	case "Tj", "'", "\"":
		if o == "\"" {
			if len(args) != 3 {
				return errors.New("expected two numbers and a string")
			}
			w, err := nums(args[:2], 2)
			if err != nil {
				return err
			}
			g.wordSp, g.charSp = w[0], w[1]
			args = args[2:]
		}
		if o != "Tj" {
			p.tlm = matrix{1, 0, 0, 1, 0, -g.leading}.Mul(p.tlm)
			p.tm = p.tlm
		}
		s, ok := oneString(args)
		if !ok {
			return errors.New("expected a string")
		}
		return p.show([]any{s})
	case "TJ":
		if len(args) != 1 {
			return errors.New("expected an array")
		}
		arr, ok := args[0].([]any)
		if !ok {
			return errors.New("expected an array")
		}
		return p.show(arr)
	}
	return nil
}

func oneString(args []any) (string, bool) {
	if len(args) != 1 {
		return "", false
	}
	s, ok := args[0].(string)
	return s, ok
}

// show draws strings (and, between them, TJ's moves in thousandths of
// an em) at the text matrix, and moves it past them.
func (p *painter) show(items []any) error {
	g := &p.gs
	fo := g.font
	if fo == nil {
		return errors.New("text before a font is set (Tf)")
	}
	fs, th := g.fontSize, g.hscale
	p.segs = p.segs[:0]
	for _, it := range items {
		switch v := it.(type) {
		case float64:
			p.tm = matrix{1, 0, 0, 1, -v / 1000 * fs * th, 0}.Mul(p.tm)
			continue
		case string:
			for k := 0; k+1 < len(v); k += 2 {
				cid := int(v[k])<<8 | int(v[k+1])
				if g.render != 3 {
					trm := matrix{fs * th, 0, 0, fs, 0, g.rise}.Mul(p.tm).Mul(g.ctm)
					if err := p.glyph(fo, fo.gid(cid), trm); err != nil {
						return err
					}
				}
				// Word spacing applies to the one-byte code 32 only:
				// never in a two-byte font (PDF 9.3.3).
				tx := (fo.width(cid)/1000*fs + g.charSp) * th
				p.tm = matrix{1, 0, 0, 1, tx, 0}.Mul(p.tm)
			}
		default:
			return errors.New("a TJ array holds only strings and numbers")
		}
	}
	if len(p.segs) > 0 {
		p.fill(p.segs, g.fill)
	}
	return nil
}

// glyph adds glyph gid's outline, placed by trm (em units to pixels), to
// the segments to fill.
func (p *painter) glyph(fo *font, gid uint16, trm matrix) error {
	ops, ok := fo.glyphs[gid]
	if !ok {
		segs, err := fo.sfnt.LoadGlyph(&fo.buf, sfnt.GlyphIndex(gid), fixed.Int26_6(fo.upem*64), nil)
		if err != nil && err != sfnt.ErrNotFound {
			return fmt.Errorf("glyph %d: %v", gid, err)
		}
		// sfnt's units are 1/64 of a font unit, y down; an em is upem.
		k := 1 / (64 * fo.upem)
		at := func(q fixed.Point26_6) pt { return pt{float64(q.X) * k, -float64(q.Y) * k} }
		for _, s := range segs {
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				ops = append(ops, pathOp{kind: moveTo, p: [3]pt{at(s.Args[0])}})
			case sfnt.SegmentOpLineTo:
				ops = append(ops, pathOp{kind: lineTo, p: [3]pt{at(s.Args[0])}})
			case sfnt.SegmentOpQuadTo:
				ops = append(ops, pathOp{kind: quadTo, p: [3]pt{at(s.Args[0]), at(s.Args[1])}})
			case sfnt.SegmentOpCubeTo:
				ops = append(ops, pathOp{kind: cubeTo, p: [3]pt{at(s.Args[0]), at(s.Args[1]), at(s.Args[2])}})
			}
		}
		fo.glyphs[gid] = ops
	}
	if len(p.segs)+len(ops) > maxPathOps {
		return errors.New("a string too long")
	}
	for _, o := range ops {
		for k := range o.count() {
			o.p[k] = apply(trm, o.p[k])
			if q := o.p[k]; !finite(q) || math.Abs(q.x) > farOff || math.Abs(q.y) > farOff {
				return errors.New("text far off the page")
			}
		}
		p.segs = append(p.segs, o)
	}
	return nil
}

// rectangle reports whether path is one rectangle with level and upright
// sides (re, with no turn), and its corners.
func rectangle(path []pathOp) (x0, y0, x1, y1 float64, ok bool) {
	if len(path) != 5 || path[0].kind != moveTo || path[4].kind != closePath {
		return 0, 0, 0, 0, false
	}
	var q [4]pt
	for i := range q {
		if i > 0 && path[i].kind != lineTo {
			return 0, 0, 0, 0, false
		}
		q[i] = path[i].p[0]
	}
	level := q[0].y == q[1].y && q[1].x == q[2].x && q[2].y == q[3].y && q[3].x == q[0].x
	upright := q[0].x == q[1].x && q[1].y == q[2].y && q[2].x == q[3].x && q[3].y == q[0].y
	if !level && !upright {
		return 0, 0, 0, 0, false
	}
	return math.Min(q[0].x, q[2].x), math.Min(q[0].y, q[2].y), math.Max(q[0].x, q[2].x), math.Max(q[0].y, q[2].y), true
}

// fillRect paints the rectangle from (x0, y0) to (x1, y1) in c, each
// pixel covered by the share of it the rectangle covers: what the
// rasteriser gives, without its cost on a page-wide background.
func (p *painter) fillRect(x0, y0, x1, y1 float64, c color.RGBA) {
	b := p.img.Bounds()
	x0, x1 = math.Max(x0, float64(b.Min.X)), math.Min(x1, float64(b.Max.X))
	y0, y1 = math.Max(y0, float64(b.Min.Y)), math.Min(y1, float64(b.Max.Y))
	if x1 <= x0 || y1 <= y0 {
		return
	}
	cover := func(i int, lo, hi float64) float64 {
		return math.Max(0, math.Min(float64(i+1), hi)-math.Max(float64(i), lo))
	}
	xa, xb := int(math.Floor(x0)), int(math.Ceil(x1))
	cx := make([]float64, xb-xa)
	for x := xa; x < xb; x++ {
		cx[x-xa] = cover(x, x0, x1) * float64(c.A) / 255
	}
	solid := [4]uint8{c.R, c.G, c.B, 255}
	for y := int(math.Floor(y0)); y < int(math.Ceil(y1)); y++ {
		cy := cover(y, y0, y1)
		row := p.img.Pix[p.img.PixOffset(xa, y):p.img.PixOffset(xb, y)]
		for i, cov := range cx {
			a := cy * cov
			px := row[4*i : 4*i+4 : 4*i+4]
			if a >= 1 {
				copy(px, solid[:])
				continue
			}
			// Over, as the rasteriser draws: a coverage of 1/65535ths.
			m := uint32(a * 0xffff)
			blend := func(d uint8, s uint8) uint8 {
				return uint8((uint32(d)*0x101*(0xffff-m) + uint32(s)*0x101*m) / 0xffff >> 8)
			}
			px[0], px[1], px[2] = blend(px[0], c.R), blend(px[1], c.G), blend(px[2], c.B)
			px[3] = blend(px[3], 255)
		}
	}
}
