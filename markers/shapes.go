package markers

import (
	"fmt"
	"math"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
)

// shape is one marker shape of the data (catalog.MarkerShapes): how a kind
// of that shape becomes pieces, how a piece's face and back are drawn, and
// what listings give as its size. shapes holds one for each, as goldmark's
// renderer holds a function for each kind of node: a new shape is a line
// here (and its line in catalog's markerShapes, which says what the data
// must give it) and its own drawing.
type shape struct {
	// pieces makes the kind's pieces: sets copies of its faces fs
	// (counters), or of its own geometry (templates, range sticks).
	pieces func(pdf *fpdf.Fpdf, s *catalog.System, m *catalog.Marker, sets int, fs []face, back *backArt, area rect) ([]*piece, error)
	front  func(pdf *fpdf.Fpdf, p *piece, x, y float64)
	// back paints the back with the piece's box at (x, y), its fill
	// running bleed mm past the cut line; flipped turns asymmetric
	// outlines upside down, as the short-edge flip shows them.
	back func(pdf *fpdf.Fpdf, p *piece, x, y float64, flipped bool)
	size func(m *catalog.Marker, ps []*piece) string
}

var shapes = map[string]shape{
	"circle":   {pieces: counters("size", "size"), front: circleFront, back: circleBack, size: func(m *catalog.Marker, _ []*piece) string { return "⌀ " + m.Size.String() }},
	"square":   {pieces: counters("size", "size"), front: rectFront, back: rectBack, size: func(m *catalog.Marker, _ []*piece) string { return m.Size.String() + " × " + m.Size.String() }},
	"rect":     {pieces: counters("width", "height"), front: rectFront, back: rectBack, size: widthByHeight},
	"track":    {pieces: trackPieces, front: drawTrack, back: rectBack, size: widthByHeight},
	"template": {pieces: templatePieces, front: templateFront, back: templateBack, size: templateSize},
	"ruler":    {pieces: rulerPieces, front: func(pdf *fpdf.Fpdf, p *piece, x, y float64) { p.seg.draw(pdf, x, y) }, back: rectBack, size: rulerSize},
}

// expand turns a marker kind into the pieces to print. sets is the number
// of sets (each face once per set, times its own count); numbered the
// number of numbered faces; decoys the extra faces numbered on.
func expand(pdf *fpdf.Fpdf, s *catalog.System, m *catalog.Marker, sets, numbered, decoys int, area rect) ([]*piece, error) {
	sh, ok := shapes[m.Shape]
	if !ok {
		return nil, fmt.Errorf("marker %q: %s", m.ID, catalog.Unknown("shape", m.Shape, catalog.MarkerShapes))
	}
	fs, err := faces(s, m, numbered, decoys)
	if err != nil {
		return nil, err
	}
	// Sets and faces are each bounded; their product is what is drawn.
	perSet := 0
	for _, f := range fs {
		perSet += f.count
	}
	if n := sets * perSet; n > limits.MaxMarkers {
		return nil, optionf("marker %q: %d pieces to print; expected at most %d of a kind", m.ID, n, limits.MaxMarkers)
	}
	back, err := backOf(m, fs)
	if err != nil {
		return nil, err
	}
	return sh.pieces(pdf, s, m, sets, fs, back, area)
}

// backOf is what every piece of m shows on its back, or nil.
func backOf(m *catalog.Marker, fs []face) (*backArt, error) {
	if m.Back == "" {
		return nil, nil
	}
	fill, _ := parseColor(m.Color, rgb{222, 226, 230})
	if len(fs) > 0 {
		fill = fs[0].fill
	}
	fill, err := parseColor(m.BackColor, fill)
	if err != nil {
		return nil, fmt.Errorf("marker %q: back_color: %w", m.ID, err)
	}
	ink := black
	if fill.dark() {
		ink = white
	}
	if ink, err = parseColor(m.BackInk, ink); err != nil {
		return nil, fmt.Errorf("marker %q: back_ink: %w", m.ID, err)
	}
	return &backArt{text: m.Back, fill: fill, ink: ink}, nil
}

// counters makes counters w × h from the marker's sizes of those keys:
// each face of a set, times its count, in every set.
func counters(w, h string) func(*fpdf.Fpdf, *catalog.System, *catalog.Marker, int, []face, *backArt, rect) ([]*piece, error) {
	return func(_ *fpdf.Fpdf, s *catalog.System, m *catalog.Marker, sets int, fs []face, back *backArt, _ rect) ([]*piece, error) {
		for _, k := range []string{w, h} {
			if err := positive(m, k, catalog.MarkerLength(m, k)); err != nil {
				return nil, err
			}
		}
		return facePieces(s, m, sets, fs, back, catalog.MarkerLength(m, w).MM, catalog.MarkerLength(m, h).MM, nil)
	}
}

// facePieces is a piece for each face of each set; none when the faces
// were counted down to none.
func facePieces(s *catalog.System, m *catalog.Marker, sets int, fs []face, back *backArt, w, h float64, tracks []trackRow) ([]*piece, error) {
	if len(fs) == 0 {
		if m.Numbered.Set || len(m.Labels) > 0 || len(m.Faces) > 0 {
			return nil, nil // counted down to none
		}
		return nil, fmt.Errorf("marker %q has nothing to print; expected labels, numbered faces or [[marker.face]]", m.ID)
	}
	var out []*piece
	for i := 0; i < sets; i++ {
		for _, f := range fs {
			for j := 0; j < f.count; j++ {
				out = append(out, &piece{sys: s, kind: m, shape: m.Shape, w: w, h: h, set: i,
					label: f.label, sub: f.sub, fill: f.fill, ink: f.ink, back: back, tracks: tracks})
			}
		}
	}
	return out, nil
}

// trackPieces makes track cards: a counter with a row of boxes for each
// track, which must fit.
func trackPieces(pdf *fpdf.Fpdf, s *catalog.System, m *catalog.Marker, sets int, fs []face, back *backArt, _ rect) ([]*piece, error) {
	for _, k := range []string{"width", "height"} {
		if err := positive(m, k, catalog.MarkerLength(m, k)); err != nil {
			return nil, err
		}
	}
	var tracks []trackRow
	for _, t := range m.Tracks {
		from, err := t.From.Value(s, 0)
		if err != nil {
			return nil, fmt.Errorf("marker %q: track %q: %w", m.ID, t.Label, err)
		}
		to, err := t.To.Value(s, 0)
		if err != nil {
			return nil, fmt.Errorf("marker %q: track %q: %w", m.ID, t.Label, err)
		}
		if to < from {
			return nil, fmt.Errorf("marker %q: track %q runs from %d to %d; expected from ≤ to", m.ID, t.Label, from, to)
		}
		tracks = append(tracks, trackRow{label: t.Label, from: from, to: to})
	}
	if len(tracks) == 0 {
		return nil, fmt.Errorf("marker %q is a track card without tracks", m.ID)
	}
	labelW, n := trackLabelWidth(pdf, tracks)
	if _, err := trackBox(m.Width.MM, m.Height.MM, len(tracks), n, labelW); err != nil {
		// Name the longest track and the numbers it runs between: the
		// data to mend may be a rule number, not the marker.
		for i, t := range tracks {
			if t.to-t.from+1 == n {
				err = fmt.Errorf("track %q runs from %s to %s: %w", t.label, numText(m.Tracks[i].From, t.from), numText(m.Tracks[i].To, t.to), err)
				break
			}
		}
		return nil, fmt.Errorf("marker %q: %w", m.ID, err)
	}
	return facePieces(s, m, sets, fs, back, m.Width.MM, m.Height.MM, tracks)
}

// numText is a track's end as the data gives it: "12", or "100
// (evacuation.objective.max_armour)".
func numText(n catalog.Num, v int) string {
	if n.Rule != "" {
		return fmt.Sprintf("%d (%s)", v, n.Rule)
	}
	return fmt.Sprint(v)
}

// templatePieces makes sets copies of a sweep template.
func templatePieces(_ *fpdf.Fpdf, s *catalog.System, m *catalog.Marker, sets int, _ []face, back *backArt, _ rect) ([]*piece, error) {
	t, err := newTemplate(s, m)
	if err != nil {
		return nil, err
	}
	fill, ink, err := colors(m, rgb{245, 159, 0})
	if err != nil {
		return nil, err
	}
	p := &piece{sys: s, kind: m, shape: m.Shape, w: t.w, h: t.h, label: t.title, sub: t.detail,
		fill: fill, ink: ink, back: back, tmpl: t}
	out := make([]*piece, sets)
	for i := range out {
		c := *p
		c.set = i
		out[i] = &c
	}
	return out, nil
}

// rulerPieces makes sets range sticks, each cut into segments that fit
// the page.
func rulerPieces(_ *fpdf.Fpdf, s *catalog.System, m *catalog.Marker, sets int, _ []face, _ *backArt, area rect) ([]*piece, error) {
	segs, err := newSegments(s, m, area)
	if err != nil {
		return nil, err
	}
	var out []*piece
	for i := 0; i < sets; i++ {
		for _, sg := range segs {
			out = append(out, &piece{sys: s, kind: m, shape: m.Shape, w: sg.w, h: sg.h, seg: sg, set: i})
		}
	}
	return out, nil
}

func widthByHeight(m *catalog.Marker, _ []*piece) string {
	return m.Width.String() + " × " + m.Height.String()
}

func templateSize(m *catalog.Marker, _ []*piece) string {
	return fmt.Sprintf("%s × %s, radius %s", m.Length, m.Width, m.Radius)
}

func rulerSize(_ *catalog.Marker, ps []*piece) string {
	if len(ps) == 0 {
		return ""
	}
	return fmt.Sprintf("%d″ × %.0fmm in %d pieces", ps[len(ps)-1].seg.to, ps[0].h, ps[0].seg.n)
}

// drawFront paints a piece's face with its box's top-left at (x, y),
// upright.
func drawFront(pdf *fpdf.Fpdf, p *piece, x, y float64) {
	pdf.SetLineWidth(keyline) // the same state before every piece
	shapes[p.shape].front(pdf, p, x, y)
}

// drawBack paints a piece's back (see shape.back).
func drawBack(pdf *fpdf.Fpdf, p *piece, x, y float64, flipped bool) {
	pdf.SetLineWidth(keyline) // the same state before every back
	setFill(pdf, p.back.fill)
	shapes[p.shape].back(pdf, p, x, y, flipped)
}

func circleFront(pdf *fpdf.Fpdf, p *piece, x, y float64) {
	r := p.w / 2
	setFill(pdf, p.fill)
	circle(pdf, x+r, y+r, r, "F")
	setDraw(pdf, ring(p.fill))
	pdf.SetLineWidth(keyline)
	circle(pdf, x+r, y+r, r-1.1, "D")
	setText(pdf, p.ink)
	faceText(pdf, p.label, p.sub, x, y, p.w, p.h, circleBox(p), circlePt(p.w), true)
}

func rectFront(pdf *fpdf.Fpdf, p *piece, x, y float64) {
	rectFace(pdf, p, x, y)
	faceText(pdf, p.label, p.sub, x, y, p.w, p.h, rectBox(p), rectPt(p.h), false)
}

// circleBox and rectBox are where a face's text is set, in the piece.
func circleBox(p *piece) rect { return rect{X: p.w * 0.12, Y: p.h * 0.2, W: p.w * 0.76, H: p.h * 0.6} }

func rectBox(p *piece) rect {
	pad := math.Min(p.h*0.18, 3)
	return rect{X: 2.5, Y: pad, W: p.w - 5, H: p.h - 2*pad}
}

func templateFront(pdf *fpdf.Fpdf, p *piece, x, y float64) { p.tmpl.draw(pdf, p, x, y) }

func circleBack(pdf *fpdf.Fpdf, p *piece, x, y float64, _ bool) {
	b := p.back
	r := p.w / 2
	circle(pdf, x+r, y+r, r+bleed, "F")
	setDraw(pdf, ring(b.fill))
	pdf.SetLineWidth(keyline)
	circle(pdf, x+r, y+r, r-1.1, "D")
	setText(pdf, b.ink)
	faceText(pdf, b.text, "", x, y, p.w, p.h, circleBox(p), circlePt(p.w), true)
}

func templateBack(pdf *fpdf.Fpdf, p *piece, x, y float64, flipped bool) {
	b := p.back
	p.tmpl.path(pdf, x, y, bleed, flipped)
	pdf.DrawPath("F")
	setText(pdf, b.ink)
	p.tmpl.text(pdf, []bandLine{{"B", b.text, 11, 0}}, x, y, flipped)
}

func rectBack(pdf *fpdf.Fpdf, p *piece, x, y float64, _ bool) {
	b := p.back
	pdf.Rect(x-bleed, y-bleed, p.w+2*bleed, p.h+2*bleed, "F")
	setDraw(pdf, ring(b.fill))
	pdf.SetLineWidth(keyline)
	pdf.Rect(x+1, y+1, p.w-2, p.h-2, "D")
	setText(pdf, b.ink)
	faceText(pdf, b.text, "", x, y, p.w, p.h, rectBox(p), rectPt(p.h), false)
}
