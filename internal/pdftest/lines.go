package pdftest

// Line is a straight segment a page strokes, or an edge of a rectangle it
// fills or strokes, in mm from the page's top-left corner after every
// transform.
type Line struct {
	Page           int
	X1, Y1, X2, Y2 float64
	Filled         bool // an edge of a filled shape (else stroked)
}

// Lines returns the straight segments painted on every page of pdf: the
// m, l, h and re path operators painted by S, s, f, F, f*, B, B*, b or b*,
// through cm, q and Q. Curves are skipped.
func Lines(pdf []byte) ([]Line, error) {
	var out []Line
	err := eachPage(pdf, func(_ map[int]object, page int, _ object, height float64, content []byte) error {
		ls, err := paths(content)
		for _, l := range ls {
			l.Page = page
			l.X1, l.Y1 = l.X1*mmPt, (height-l.Y1)*mmPt
			l.X2, l.Y2 = l.X2*mmPt, (height-l.Y2)*mmPt
			out = append(out, l)
		}
		return err
	})
	return out, err
}

// paths interprets the path operators of a content stream, in points
// from the bottom-left corner.
func paths(content []byte) ([]Line, error) {
	var (
		out       []Line
		ctm       = identity
		stack     []matrix
		cur       []Line // the path being built
		start, at [2]float64
	)
	pt := func(x, y float64) [2]float64 {
		return [2]float64{ctm[0]*x + ctm[2]*y + ctm[4], ctm[1]*x + ctm[3]*y + ctm[5]}
	}
	seg := func(a, b [2]float64) { cur = append(cur, Line{X1: a[0], Y1: a[1], X2: b[0], Y2: b[1]}) }
	err := eachOp(content, func(op string, args []operand) {
		num := func(i int) float64 { return num(args, i) }
		switch op {
		case "q":
			stack = append(stack, ctm)
		case "Q":
			if len(stack) > 0 {
				ctm, stack = stack[len(stack)-1], stack[:len(stack)-1]
			}
		case "cm":
			if len(args) >= 6 {
				m := matrix{num(0), num(1), num(2), num(3), num(4), num(5)}
				ctm = m.Mul(ctm)
			}
		case "m":
			start = pt(num(0), num(1))
			at = start
		case "l":
			p := pt(num(0), num(1))
			seg(at, p)
			at = p
		case "h":
			seg(at, start)
			at = start
		case "re":
			x, y, w, h := num(0), num(1), num(2), num(3)
			c := [4][2]float64{pt(x, y), pt(x+w, y), pt(x+w, y+h), pt(x, y+h)}
			for k := range c {
				seg(c[k], c[(k+1)%4])
			}
			start, at = c[0], c[0]
		case "S", "s", "f", "F", "f*", "B", "B*", "b", "b*":
			filled := op != "S" && op != "s"
			for _, l := range cur {
				l.Filled = filled
				out = append(out, l)
			}
			cur = nil
		case "n":
			cur = nil
		}
	})
	return out, err
}
