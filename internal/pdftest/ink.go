package pdftest

import (
	"math"
	"unicode/utf16"
)

// Rect is a box on a page, in mm from the page's top-left corner.
type Rect struct{ X0, Y0, X1, Y1 float64 }

// Empty reports whether r holds nothing.
func (r Rect) Empty() bool { return r.X1 < r.X0 || r.Y1 < r.Y0 }

// W and H are r's width and height.
func (r Rect) W() float64 { return r.X1 - r.X0 }
func (r Rect) H() float64 { return r.Y1 - r.Y0 }

// Union is the smallest box holding r and s.
func (r Rect) Union(s Rect) Rect {
	switch {
	case s.Empty():
		return r
	case r.Empty():
		return s
	}
	return Rect{min(r.X0, s.X0), min(r.Y0, s.Y0), max(r.X1, s.X1), max(r.Y1, s.Y1)}
}

// Intersect is what r and s share.
func (r Rect) Intersect(s Rect) Rect {
	return Rect{max(r.X0, s.X0), max(r.Y0, s.Y0), min(r.X1, s.X1), min(r.Y1, s.Y1)}
}

// Contains reports whether s lies inside r, give or take slack mm.
func (r Rect) Contains(s Rect, slack float64) bool {
	return s.X0 >= r.X0-slack && s.Y0 >= r.Y0-slack && s.X1 <= r.X1+slack && s.Y1 <= r.Y1+slack
}

var noBox = Rect{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}

// Shape is one painted path: its straight segments, and its ink.
type Shape struct {
	Page   int
	Lines  []Line
	Stroke bool // stroked
	Fill   bool // filled
	// White is true when every way it is painted is white: paper, not
	// ink (a white band behind text).
	White bool
	// Path is the extent of the path itself, curves' control points
	// included; Box is its ink: for a stroke, half the line width more,
	// and what a clip hides cut away.
	Path, Box Rect
	Width     float64 // the line width, mm
	// Rect is true for one upright rectangle (the re operator, or four
	// level and upright sides closed); Path is then the rectangle.
	Rect bool
}

// Page is one page of a PDF.
type Page struct {
	N    int
	W, H float64 // the MediaBox, mm
	// Trim is the TrimBox (a print shop's card inside its bleed), the
	// whole page where there is none.
	Trim Rect
	// Branch is the object number of the node of the page tree the page
	// hangs from: the pages of each document joined into one PDF (a game
	// night's) share theirs.
	Branch int
}

// Doc is what a PDF prints: its pages, the strings shown and the paths
// painted, in drawing order.
type Doc struct {
	Pages  []Page
	Texts  []Text
	Shapes []Shape
}

// Ink reads every page of pdf.
func Ink(pdf []byte) (*Doc, error) {
	d := &Doc{}
	fonts := map[int]*font{}
	err := eachPage(pdf, func(objs map[int]object, page int, po object, p Page, content []byte) error {
		p.N = page
		d.Pages = append(d.Pages, p)
		in := interp{fonts: fontsOf(objs, po.dict, fonts), page: page, height: p.H / mmPt}
		if err := in.run(content); err != nil {
			return err
		}
		d.Texts = append(d.Texts, in.texts...)
		d.Shapes = append(d.Shapes, in.shapes...)
		return nil
	})
	return d, err
}

type gstate struct {
	ctm                    matrix
	font                   *font
	size, leading          float64
	tc, tw, tz, rise       float64 // character and word spacing, horizontal scale (%), rise
	width                  float64 // line width
	cap                    int     // line cap: 0 butt, 1 round, 2 square
	fillWhite, strokeWhite bool
	clip                   box // in device space; hasClip false: the page
	hasClip                bool
}

// box is an extent in device space (points, y up).
type box struct{ x0, y0, x1, y1 float64 }

func emptyBox() box { return box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)} }

func (b *box) add(x, y float64) {
	b.x0, b.y0, b.x1, b.y1 = min(b.x0, x), min(b.y0, y), max(b.x1, x), max(b.y1, y)
}

func (b box) empty() bool { return b.x1 < b.x0 || b.y1 < b.y0 }

// interp interprets one page's content stream, in device space.
type interp struct {
	fonts  map[string]*font
	page   int
	height float64 // points

	st      gstate
	stack   []gstate
	tm, tlm matrix

	// The path being built: its segments, extent, and whether it is one
	// re and nothing else.
	segs      []Line
	ext       box
	curves    box // the points of curves, whose stroke is taken to reach every way
	rects     int
	others    int
	start, at [2]float64
	clipNext  bool

	texts  []Text
	shapes []Shape
}

// mm converts a device-space box to mm from the top-left corner.
func (in *interp) mm(b box) Rect {
	if b.empty() {
		return noBox
	}
	return Rect{b.x0 * mmPt, (in.height - b.y1) * mmPt, b.x1 * mmPt, (in.height - b.y0) * mmPt}
}

func (in *interp) run(content []byte) error {
	in.st = gstate{ctm: identity, tz: 100, width: 1}
	in.tm, in.tlm = identity, identity
	in.ext, in.curves = emptyBox(), emptyBox()
	return eachOp(content, in.do)
}

func (in *interp) pt(x, y float64) [2]float64 {
	x, y = in.st.ctm.Apply(x, y)
	return [2]float64{x, y}
}

func (in *interp) seg(a, b [2]float64, curve bool) {
	in.ext.add(a[0], a[1])
	in.ext.add(b[0], b[1])
	if curve {
		in.curves.add(a[0], a[1])
		in.curves.add(b[0], b[1])
		return
	}
	in.segs = append(in.segs, Line{X1: a[0], Y1: a[1], X2: b[0], Y2: b[1]})
}

// strokeInk is the ink of the path's stroke, hw (half the line width)
// each side of each segment and, but with butt caps, beyond its ends.
func (in *interp) strokeInk(hw float64) box {
	ink := emptyBox()
	if !in.curves.empty() {
		c := in.curves
		ink = box{c.x0 - hw, c.y0 - hw, c.x1 + hw, c.y1 + hw}
	}
	for _, l := range in.segs {
		dx, dy := l.X2-l.X1, l.Y2-l.Y1
		n := math.Hypot(dx, dy)
		if n == 0 {
			if in.st.cap != 0 {
				ink.add(l.X1-hw, l.Y1-hw)
				ink.add(l.X1+hw, l.Y1+hw)
			}
			continue
		}
		dx, dy = dx/n*hw, dy/n*hw
		ex, ey := 0.0, 0.0 // how far a cap reaches past an end
		if in.st.cap != 0 {
			ex, ey = dx, dy
		}
		for _, q := range [4][2]float64{
			{l.X1 - dy - ex, l.Y1 + dx - ey}, {l.X1 + dy - ex, l.Y1 - dx - ey},
			{l.X2 - dy + ex, l.Y2 + dx + ey}, {l.X2 + dy + ex, l.Y2 - dx + ey},
		} {
			ink.add(q[0], q[1])
		}
	}
	return ink
}

func (in *interp) do(op string, args []operand) {
	num := func(i int) float64 { return num(args, i) }
	nums := func(n int) (matrix, bool) {
		if len(args) < n {
			return matrix{}, false
		}
		var m matrix
		for i := range n {
			m[i] = num(len(args) - n + i)
		}
		return m, true
	}
	white := func(n int) bool {
		if len(args) < n {
			return false
		}
		for i := range n {
			v := num(len(args) - n + i)
			if (n == 4 && v > 0.01) || (n != 4 && v < 0.99) { // CMYK white is no ink
				return false
			}
		}
		return true
	}
	switch op {
	case "q":
		in.stack = append(in.stack, in.st)
	case "Q":
		if len(in.stack) > 0 {
			in.st, in.stack = in.stack[len(in.stack)-1], in.stack[:len(in.stack)-1]
		}
	case "cm":
		if m, ok := nums(6); ok {
			in.st.ctm = m.Mul(in.st.ctm)
		}
	case "w":
		in.st.width = num(0)
	case "J":
		in.st.cap = int(num(0))
	case "g":
		in.st.fillWhite = white(1)
	case "rg":
		in.st.fillWhite = white(3)
	case "k":
		in.st.fillWhite = white(4)
	case "G":
		in.st.strokeWhite = white(1)
	case "RG":
		in.st.strokeWhite = white(3)
	case "K":
		in.st.strokeWhite = white(4)

	// Paths.
	case "m":
		in.start = in.pt(num(0), num(1))
		in.at = in.start
		in.others++
	case "l":
		p := in.pt(num(0), num(1))
		in.seg(in.at, p, false)
		in.at = p
		in.others++
	case "c", "v", "y":
		n := map[string]int{"c": 3, "v": 2, "y": 2}[op]
		for k := range n {
			p := in.pt(num(2*k), num(2*k+1))
			in.seg(in.at, p, true)
			in.at = p
		}
		in.others++
	case "h":
		in.seg(in.at, in.start, false)
		in.at = in.start
	case "re":
		x, y, w, h := num(0), num(1), num(2), num(3)
		c := [4][2]float64{in.pt(x, y), in.pt(x+w, y), in.pt(x+w, y+h), in.pt(x, y+h)}
		for k := range c {
			in.seg(c[k], c[(k+1)%4], false)
		}
		in.start, in.at = c[0], c[0]
		in.rects++
	case "W", "W*":
		in.clipNext = true
	case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*":
		in.paint(op != "f" && op != "F" && op != "f*", op != "S" && op != "s")
	case "n":
		in.paint(false, false)

	// Text.
	case "BT":
		in.tm, in.tlm = identity, identity
	case "Tf":
		if len(args) >= 2 && args[0].kind == tName {
			in.st.font = in.fonts[args[0].s]
			in.st.size = num(1)
		}
	case "TL":
		in.st.leading = num(0)
	case "Tc":
		in.st.tc = num(0)
	case "Tw":
		in.st.tw = num(0)
	case "Tz":
		in.st.tz = num(0)
	case "Ts":
		in.st.rise = num(0)
	case "Tm":
		if m, ok := nums(6); ok {
			in.tm, in.tlm = m, m
		}
	case "Td":
		in.nextLine(num(0), num(1))
	case "TD":
		in.st.leading = -num(1)
		in.nextLine(num(0), num(1))
	case "T*":
		in.nextLine(0, -in.st.leading)
	case "Tj":
		if len(args) > 0 {
			in.show([]operand{args[len(args)-1]})
		}
	case "'", "\"":
		if op == "\"" && len(args) >= 3 {
			in.st.tw, in.st.tc = num(0), num(1)
		}
		in.nextLine(0, -in.st.leading)
		if len(args) > 0 {
			in.show([]operand{args[len(args)-1]})
		}
	case "TJ":
		for _, a := range args {
			if a.kind == tArray {
				in.show(a.items)
			}
		}
	}
}

func (in *interp) nextLine(tx, ty float64) {
	in.tlm = matrix{1, 0, 0, 1, tx, ty}.Mul(in.tlm)
	in.tm = in.tlm
}

// paint ends the path, painting it as asked (neither: n, which only
// ends it, or sets a clip).
func (in *interp) paint(stroke, fill bool) {
	if in.clipNext && !in.ext.empty() {
		c := in.ext
		if in.st.hasClip {
			c = box{max(c.x0, in.st.clip.x0), max(c.y0, in.st.clip.y0), min(c.x1, in.st.clip.x1), min(c.y1, in.st.clip.y1)}
		}
		in.st.clip, in.st.hasClip = c, true
	}
	if (stroke || fill) && !in.ext.empty() {
		s := Shape{Page: in.page, Stroke: stroke, Fill: fill, Path: in.mm(in.ext),
			White: (!stroke || in.st.strokeWhite) && (!fill || in.st.fillWhite)}
		s.Width = in.st.width * in.st.ctm.Scale() * mmPt
		ink := in.ext
		if stroke {
			ink = in.strokeInk(in.st.width * in.st.ctm.Scale() / 2)
			if fill {
				ink.add(in.ext.x0, in.ext.y0)
				ink.add(in.ext.x1, in.ext.y1)
			}
		}
		if in.st.hasClip {
			c := in.st.clip
			ink = box{max(ink.x0, c.x0), max(ink.y0, c.y0), min(ink.x1, c.x1), min(ink.y1, c.y1)}
		}
		s.Box = in.mm(ink)
		s.Rect = in.rects == 1 && in.others == 0 && upright(in.segs)
		if !s.Rect && in.rects == 0 && in.others == 4 && len(in.segs) == 4 && upright(in.segs) && closedRect(in.segs) {
			s.Rect = true
		}
		for _, l := range in.segs {
			l.Page, l.Filled = in.page, fill
			l.X1, l.Y1 = l.X1*mmPt, (in.height-l.Y1)*mmPt
			l.X2, l.Y2 = l.X2*mmPt, (in.height-l.Y2)*mmPt
			s.Lines = append(s.Lines, l)
		}
		in.shapes = append(in.shapes, s)
	}
	in.segs, in.ext, in.curves, in.rects, in.others, in.clipNext = nil, emptyBox(), emptyBox(), 0, 0, false
}

// upright reports whether every segment is level or upright.
func upright(segs []Line) bool {
	for _, l := range segs {
		if math.Abs(l.X1-l.X2) > 1e-6 && math.Abs(l.Y1-l.Y2) > 1e-6 {
			return false
		}
	}
	return true
}

// closedRect reports whether four upright segments go round one
// rectangle: each starts where the one before ends, the last back at the
// first.
func closedRect(segs []Line) bool {
	for i, l := range segs {
		n := segs[(i+1)%len(segs)]
		if math.Abs(l.X2-n.X1) > 1e-6 || math.Abs(l.Y2-n.Y1) > 1e-6 {
			return false
		}
	}
	return true
}

// show prints a string, or TJ's strings and adjustments, advancing the
// text matrix, and records it as one Text with its ink.
func (in *interp) show(items []operand) {
	f := in.st.font
	if f == nil {
		f = &font{dw: 500, widths: map[int]float64{}, ink: map[int]glyphInk{}}
	}
	st := in.st
	m := in.tm.Mul(st.ctm)
	scale := m.Scale()
	dir := [2]float64{1, 0}
	if l := math.Hypot(m[0], m[1]); l > 0 {
		dir = [2]float64{round(m[0] / l), round(-m[1] / l)}
	}
	t := Text{Page: in.page, X: m[4] * mmPt, Y: (in.height - m[5]) * mmPt, Size: round(st.size * scale), Font: f.name, Dir: dir, White: st.fillWhite}
	ink := emptyBox()
	var s []byte
	h := st.tz / 100
	for _, it := range items {
		if it.kind == tNum {
			in.tm = matrix{1, 0, 0, 1, -it.num / 1000 * st.size * h, 0}.Mul(in.tm)
			continue
		}
		if it.kind != tString {
			continue
		}
		s = append(s, it.str...)
		codes, runes := codesOf(it.str, f.wide)
		for i, c := range codes {
			g := f.glyph(c, runes[i])
			gb := emptyBox()
			if !g.empty {
				trm := matrix{st.size * h, 0, 0, st.size, 0, st.rise}.Mul(in.tm).Mul(st.ctm)
				for _, q := range [4][2]float64{{g.x0, g.y0}, {g.x1, g.y0}, {g.x1, g.y1}, {g.x0, g.y1}} {
					x, y := trm.Apply(q[0], q[1])
					gb.add(x, y)
					ink.add(x, y)
				}
			}
			t.Glyphs = append(t.Glyphs, Glyph{R: runes[i], Box: in.mm(gb)})
			tx := f.advance(c)/1000*st.size + st.tc
			if !f.wide && c == ' ' {
				tx += st.tw
			}
			in.tm = matrix{1, 0, 0, 1, tx * h, 0}.Mul(in.tm)
		}
	}
	t.S = decode(s, f.wide)
	t.Box = in.mm(ink)
	in.texts = append(in.texts, t)
}

// codesOf splits a shown string into its codes, and the character each
// stands for.
func codesOf(s []byte, wide bool) ([]int, []rune) {
	if !wide {
		cs, rs := make([]int, len(s)), make([]rune, len(s))
		for i, b := range s {
			cs[i], rs[i] = int(b), rune(b)
		}
		return cs, rs
	}
	cs := make([]int, len(s)/2)
	u := make([]uint16, len(s)/2)
	for i := range cs {
		cs[i] = int(s[2*i])<<8 | int(s[2*i+1])
		u[i] = uint16(cs[i])
	}
	rs := make([]rune, len(cs))
	for i, c := range u {
		rs[i] = rune(c)
		if utf16.IsSurrogate(rune(c)) {
			rs[i] = '?'
		}
	}
	return cs, rs
}
