package markers

import (
	"fmt"
	"math"
	"strconv"

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

// colors are a marker's fill (fill when it gives none) and ink (black
// when it gives none).
func colors(m *catalog.Marker, fill rgb) (rgb, rgb, error) {
	fill, err := parseColor(m.Color, fill)
	if err != nil {
		return fill, black, fmt.Errorf("marker %q: color: %w", m.ID, err)
	}
	ink, err := parseColor(m.Ink, black)
	if err != nil {
		return fill, black, fmt.Errorf("marker %q: ink: %w", m.ID, err)
	}
	return fill, ink, nil
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
	set        int      // which set of its kind: a set stays on one sheet

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
