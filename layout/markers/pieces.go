package markers

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"
	"github.com/playaid/playaid/catalog"
)

// rgb is a colour.
type rgb struct{ r, g, b int }

// tint mixes c with white: f = 1 is c, f = 0 is white.
func (c rgb) tint(f float64) rgb {
	mix := func(v int) int { return int(math.Round(float64(v)*f + 255*(1-f))) }
	return rgb{mix(c.r), mix(c.g), mix(c.b)}
}

// dark reports whether white text reads better than black on c.
func (c rgb) dark() bool { return 0.299*float64(c.r)+0.587*float64(c.g)+0.114*float64(c.b) < 150 }

var (
	white = rgb{255, 255, 255}
	black = rgb{29, 29, 27}
	grey  = rgb{120, 120, 120}
)

func parseColor(s string, or rgb) (rgb, error) {
	if s == "" {
		return or, nil
	}
	r, g, b, err := catalog.ParseColor(s)
	return rgb{r, g, b}, err
}

// piece is one thing to cut out: a counter face, a template or one segment
// of a range stick. Sizes are millimetres as drawn upright; the packer may
// turn a piece a quarter turn to fit the page.
type piece struct {
	sys   *catalog.System
	kind  *catalog.Marker
	shape string
	w, h  float64

	label, sub string
	fill, ink  rgb
	back       *backArt // nil: nothing on the back

	tmpl   *template
	seg    *segment
	tracks []trackRow
}

// backArt is what a piece shows on the back of the sheet. Every piece of a
// kind shares one backArt, so backs cannot tell faces apart.
type backArt struct {
	text      string
	fill, ink rgb
}

// trackRow is a row of numbered boxes on a track card.
type trackRow struct {
	label    string
	from, to int
}

// sizeErr reports a size that cannot be drawn.
func sizeErr(m *catalog.Marker, field string, l catalog.Length) error {
	got := l.String()
	if l.IsZero() {
		got = "missing"
	}
	return fmt.Errorf("marker %q (%s): %s is %s; expected a size above zero, e.g. %s = \"25mm\"", m.ID, m.Shape, field, got, field)
}

func positive(m *catalog.Marker, field string, l catalog.Length) error {
	if l.MM <= 0 || math.IsNaN(l.MM) || math.IsInf(l.MM, 0) {
		return sizeErr(m, field, l)
	}
	return nil
}

// face is one printed face before copies are made.
type face struct {
	label, sub string
	fill, ink  rgb
	count      int
}

// faces lists the faces of one set of m, plus decoys numbered on.
func faces(s *catalog.System, m *catalog.Marker, numbered, decoys int) ([]face, error) {
	fill, err := parseColor(m.Color, rgb{222, 226, 230})
	if err != nil {
		return nil, fmt.Errorf("marker %q: color: %w", m.ID, err)
	}
	defInk := black
	if fill.dark() {
		defInk = white
	}
	ink, err := parseColor(m.Ink, defInk)
	if err != nil {
		return nil, fmt.Errorf("marker %q: ink: %w", m.ID, err)
	}
	var out []face
	for i := 1; i <= numbered+decoys; i++ {
		out = append(out, face{label: strconv.Itoa(i), sub: m.Sub, fill: fill, ink: ink, count: 1})
	}
	for _, l := range m.Labels {
		out = append(out, face{label: l, sub: m.Sub, fill: fill, ink: ink, count: 1})
	}
	for _, f := range m.Faces {
		n, err := f.Count.Value(s, 1)
		if err != nil {
			return nil, fmt.Errorf("marker %q: face %q: count: %w", m.ID, f.Label, err)
		}
		if n < 0 {
			return nil, fmt.Errorf("marker %q: face %q: count is %d; expected 0 or more", m.ID, f.Label, n)
		}
		ff, err := parseColor(f.Color, fill)
		if err != nil {
			return nil, fmt.Errorf("marker %q: face %q: color: %w", m.ID, f.Label, err)
		}
		fi := ink
		if f.Ink != "" {
			if fi, err = parseColor(f.Ink, ink); err != nil {
				return nil, fmt.Errorf("marker %q: face %q: ink: %w", m.ID, f.Label, err)
			}
		} else if f.Color != "" && m.Ink == "" && ff.dark() != fill.dark() {
			fi = black
			if ff.dark() {
				fi = white
			}
		}
		sub := f.Sub
		if sub == "" {
			sub = m.Sub
		}
		out = append(out, face{label: f.Label, sub: sub, fill: ff, ink: fi, count: n})
	}
	return out, nil
}

// expand turns a marker kind into the pieces to print. sets is the number
// of sets (each face once per set, times its own count); numbered the
// number of numbered faces; decoys the extra faces numbered on.
func expand(pdf *fpdf.Fpdf, s *catalog.System, m *catalog.Marker, sets, numbered, decoys int, area rect) ([]*piece, error) {
	fs, err := faces(s, m, numbered, decoys)
	if err != nil {
		return nil, err
	}
	var back *backArt
	if m.Back != "" {
		fill, _ := parseColor(m.Color, rgb{222, 226, 230})
		if len(fs) > 0 {
			fill = fs[0].fill
		}
		if fill, err = parseColor(m.BackColor, fill); err != nil {
			return nil, fmt.Errorf("marker %q: back_color: %w", m.ID, err)
		}
		ink := black
		if fill.dark() {
			ink = white
		}
		if ink, err = parseColor(m.BackInk, ink); err != nil {
			return nil, fmt.Errorf("marker %q: back_ink: %w", m.ID, err)
		}
		back = &backArt{text: m.Back, fill: fill, ink: ink}
	}

	var w, h float64
	var tracks []trackRow
	switch m.Shape {
	case "circle", "square":
		if err := positive(m, "size", m.Size); err != nil {
			return nil, err
		}
		w, h = m.Size.MM, m.Size.MM
	case "rect", "track":
		if err := positive(m, "width", m.Width); err != nil {
			return nil, err
		}
		if err := positive(m, "height", m.Height); err != nil {
			return nil, err
		}
		w, h = m.Width.MM, m.Height.MM
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
		if m.Shape == "track" {
			if len(tracks) == 0 {
				return nil, fmt.Errorf("marker %q is a track card without tracks", m.ID)
			}
			labelW, n := trackLabelWidth(pdf, tracks)
			if _, err := trackBox(w, h, len(tracks), n, labelW); err != nil {
				return nil, fmt.Errorf("marker %q: %w", m.ID, err)
			}
		}
	case "template":
		t, err := newTemplate(s, m)
		if err != nil {
			return nil, err
		}
		fill, err := parseColor(m.Color, rgb{245, 159, 0})
		if err != nil {
			return nil, fmt.Errorf("marker %q: color: %w", m.ID, err)
		}
		ink, err := parseColor(m.Ink, black)
		if err != nil {
			return nil, fmt.Errorf("marker %q: ink: %w", m.ID, err)
		}
		p := &piece{sys: s, kind: m, shape: m.Shape, w: t.w, h: t.h, label: t.title, sub: t.detail,
			fill: fill, ink: ink, back: back, tmpl: t}
		return repeat(p, sets), nil
	case "ruler":
		segs, err := newSegments(s, m, area)
		if err != nil {
			return nil, err
		}
		var out []*piece
		for i := 0; i < sets; i++ {
			for _, sg := range segs {
				out = append(out, &piece{sys: s, kind: m, shape: m.Shape, w: sg.w, h: sg.h, seg: sg})
			}
		}
		return out, nil
	default:
		return nil, fmt.Errorf("marker %q: shape %q; expected one of: %s", m.ID, m.Shape, strings.Join(catalog.MarkerShapes, ", "))
	}
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
				out = append(out, &piece{sys: s, kind: m, shape: m.Shape, w: w, h: h,
					label: f.label, sub: f.sub, fill: f.fill, ink: f.ink, back: back, tracks: tracks})
			}
		}
	}
	return out, nil
}

func repeat(p *piece, n int) []*piece {
	out := make([]*piece, n)
	for i := range out {
		c := *p
		out[i] = &c
	}
	return out
}

// inches prints a distance for a sheet: 6″, 2.5″.
func inches(l catalog.Length) string {
	v := l.Inches()
	if math.Abs(v-math.Round(v)) < 1e-9 {
		return strconv.Itoa(int(math.Round(v))) + "″"
	}
	return strconv.FormatFloat(v, 'f', -1, 64) + "″"
}

// printed turns the ASCII inch mark of the data into a double prime.
func printed(s string) string { return strings.ReplaceAll(s, `"`, "″") }
