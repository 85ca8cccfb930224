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
	d, err := Ink(pdf)
	if err != nil {
		return nil, err
	}
	var out []Line
	for _, s := range d.Shapes {
		out = append(out, s.Lines...)
	}
	return out, nil
}
