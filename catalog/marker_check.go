package catalog

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/internal/limits"
)

// checkMarkers checks every marker kind of the system: a known shape with
// positive sizes, faces to print, colours, and the weapons and rule numbers
// templates, range sticks and tracks read.
func (c *checker) checkMarkers() {
	weaponIDs := ids(c.s.Weapons, func(w Weapon) string { return w.ID })
	for i := range c.s.Markers {
		c.checkMarker(&c.s.Markers[i], weaponIDs)
	}
}

func (c *checker) checkMarker(m *Marker, weaponIDs []string) {
	at := c.at("marker", m.ID)
	if m.Name == "" {
		c.errf(at.pos(), "marker %q has no name; expected name = \"…\"", m.ID)
	}
	c.checkNumbers(at, label{"marker", m.ID}, m)
	sh := markerShapeOf(m.Shape)
	if sh == nil {
		pos := at.value("shape")
		if m.Shape == "" {
			pos = at.pos()
		}
		c.errf(pos, "marker %q: %s", m.ID, Unknown("shape", m.Shape, MarkerShapes))
	} else {
		for _, field := range sh.sizes {
			switch l := markerLengths[field](m); {
			case at.bad(field):
			case l.MM <= 0:
				pos := at.value(field)
				if l.IsZero() {
					pos = at.pos()
				}
				c.errf(pos, "marker %q (%s): %s is %s; expected a size above zero with its unit, e.g. %s = \"25mm\"", m.ID, m.Shape, field, lengthOrMissing(l), field)
			case longer(l.MM, limits.MaxMarkerMM):
				c.errf(at.value(field), "marker %q (%s): %s is %s; expected at most %d mm, to fit A4 and Letter paper", m.ID, m.Shape, field, l, limits.MaxMarkerMM)
			}
		}
	}

	// num resolves a count or number of faces; -1 when it is not known.
	num := func(field string, n Num, min int) int {
		if at.bad(field) {
			return -1
		}
		v, err := n.Value(c.s, min)
		switch {
		case err != nil:
			c.errf(at.value(field), "marker %q: %s: %v", m.ID, field, err)
		case v < min || v > limits.MaxMarkers:
			c.errf(at.value(field), "marker %q: %s is %d; expected %d–%d", m.ID, field, v, min, limits.MaxMarkers)
		default:
			return v
		}
		return -1
	}
	sets := num("count", m.Count, 1)
	perSet := num("numbered", m.Numbered, 0)
	if perSet >= 0 {
		perSet += len(m.Labels)
	}
	if m.Decoys && !m.Numbered.Set {
		c.errf(at.value("decoys"), "marker %q: decoys number on from the numbered faces, but the kind has no numbered = …", m.ID)
	}
	for i, f := range m.Faces {
		fp := fmt.Sprintf("face.%d", i)
		if strings.TrimSpace(f.Label) == "" {
			c.errf(at.key(fp), "marker %q: face %d has no label", m.ID, i+1)
		}
		if n := num(fp+".count", f.Count, 1); n < 0 || perSet < 0 {
			perSet = -1
		} else {
			perSet += n
		}
		c.color(at, fp+".color", m.ID, f.Color)
		c.color(at, fp+".ink", m.ID, f.Ink)
	}
	for _, f := range []string{"color", "ink", "back_color", "back_ink"} {
		c.color(at, f, m.ID, map[string]string{"color": m.Color, "ink": m.Ink, "back_color": m.BackColor, "back_ink": m.BackInk}[f])
	}

	if sets > 0 && perSet > 0 && sets*perSet > limits.MaxMarkers {
		c.errf(at.value("count"), "marker %q: %d sets of %d pieces make %d; expected at most %d pieces of a kind", m.ID, sets, perSet, sets*perSet, limits.MaxMarkers)
	}

	if sh != nil && sh.check != nil {
		sh.check(c, m, at, weaponIDs)
	}
}

// checkFaces: a counter needs something to print.
func (c *checker) checkFaces(m *Marker, at located, _ []string) {
	if !m.Numbered.Set && len(m.Labels) == 0 && len(m.Faces) == 0 {
		c.errf(at.pos(), "marker %q has nothing to print; expected labels = [\"…\"], numbered = N or [[marker.face]]", m.ID)
	}
}

// checkTemplate: the band must fit its arc, and the weapon it carries
// must exist.
func (c *checker) checkTemplate(m *Marker, at located, weaponIDs []string) {
	if m.Radius.MM > 0 && m.Length.MM > 2*m.Radius.MM {
		c.errf(at.value("length"), "marker %q: length %s is longer than the outer arc's diameter (radius %s); expected length at most twice the radius", m.ID, m.Length, m.Radius)
	}
	if m.Radius.MM > 0 && m.Width.MM >= m.Radius.MM {
		c.errf(at.value("width"), "marker %q: band width %s must be less than the radius %s", m.ID, m.Width, m.Radius)
	}
	if m.Weapon != "" && c.s.Weapon(m.Weapon) == nil {
		c.unknownRef(at.value("weapon"), "weapon", m.Weapon, weaponIDs)
	}
}

// checkTracks: a track card needs tracks, each from a number to a
// number no smaller.
func (c *checker) checkTracks(m *Marker, at located, _ []string) {
	if len(m.Tracks) == 0 {
		c.errf(at.pos(), "marker %q is a track without tracks; expected [[marker.track]] with label, from and to", m.ID)
	}
	for i, t := range m.Tracks {
		tp := fmt.Sprintf("track.%d", i)
		from, err1 := t.From.Value(c.s, 0)
		to, err2 := t.To.Value(c.s, 0)
		for _, e := range []struct {
			field string
			n     Num
			err   error
		}{{"from", t.From, err1}, {"to", t.To, err2}} {
			if !e.n.Set {
				c.errf(at.key(tp), "marker %q: track %q has no %s", m.ID, t.Label, e.field)
			} else if e.err != nil {
				c.errf(at.value(tp+"."+e.field), "marker %q: track %q: %v", m.ID, t.Label, e.err)
			}
		}
		if err1 == nil && err2 == nil && t.From.Set && t.To.Set && from > to {
			c.errf(at.value(tp+".to"), "marker %q: track %q runs from %d to %d; expected from ≤ to", m.ID, t.Label, from, to)
		}
	}
}

// Range sticks: an inch scale and a footer above and below the rows, in
// mm, as the markers generator draws them. The stick must be narrower than
// a marker can be.
const (
	inch        = 25.4
	rulerMargin = 7 + 4
)

// checkRuler: a range stick is cut into whole inches and needs rows, each
// a weapon with a range or a labelled distance of the rules.
func (c *checker) checkRuler(m *Marker, at located, weaponIDs []string) {
	if m.Segment.MM < inch-1e-9 && !at.bad("segment") {
		c.errf(at.value("segment"), "marker %q (ruler): segment is %s; expected at least 1 in: the stick is cut into whole inches", m.ID, lengthOrMissing(m.Segment))
	}
	if len(m.Rows) == 0 {
		c.errf(at.pos(), "marker %q is a ruler without rows; expected [[marker.row]] with weapon = \"…\" or rule = \"…\"", m.ID)
	}
	if h := rulerMargin + float64(len(m.Rows))*m.RowHeight.MM; m.RowHeight.MM > 0 && longer(h, limits.MaxMarkerMM) {
		c.errf(at.value("row_height"), "marker %q (ruler): %d rows of %s make a stick %.0f mm wide; expected at most %d mm", m.ID, len(m.Rows), m.RowHeight, h, limits.MaxMarkerMM)
	}
	for i, r := range m.Rows {
		rp := fmt.Sprintf("row.%d", i)
		c.color(at, rp+".color", m.ID, r.Color)
		switch {
		case (r.Weapon == "") == (r.Rule == ""):
			c.errf(at.key(rp), "marker %q: row %d needs either weapon = \"…\" or rule = \"…\"", m.ID, i+1)
		case r.Weapon != "":
			w := c.s.Weapon(r.Weapon)
			if w == nil {
				c.unknownRef(at.value(rp+".weapon"), "weapon", r.Weapon, weaponIDs)
			} else if w.Range.MM <= 0 && len(w.Bands) == 0 {
				c.errf(at.value(rp+".weapon"), "marker %q: weapon %q has no range or range bands to mark", m.ID, r.Weapon)
			}
		default:
			l, err := c.s.RuleLength(r.Rule)
			if err != nil {
				c.errf(at.value(rp+".rule"), "marker %q: %v", m.ID, err)
			} else if l.MM <= 0 {
				c.errf(at.value(rp+".rule"), "marker %q: rule %q is not set; expected a distance such as '6\"'", m.ID, r.Rule)
			}
			if r.Label == "" {
				c.errf(at.key(rp), "marker %q: row %d marks rule %q but has no label", m.ID, i+1, r.Rule)
			}
		}
	}
}

func (c *checker) color(at located, field, id, s string) {
	if s == "" {
		return
	}
	if _, _, _, err := ParseColor(s); err != nil {
		c.errf(at.value(field), "marker %q: %s: %v", id, field, err)
	}
}

func lengthOrMissing(l Length) string {
	if l.IsZero() {
		return "missing"
	}
	return l.String()
}
