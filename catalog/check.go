package catalog

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/playaid/playaid/diag"
)

// checker runs the cross-checks of one merged system: required fields,
// references between entries, chart coverage and points sums.
type checker struct {
	ld *loader
	s  *System
	l  *diag.List
}

func (c *checker) at(kind, id string) located { return c.ld.at(kind, c.s.ID, id) }

func (c *checker) errf(pos diag.Pos, format string, args ...any) { c.l.Add(pos, format, args...) }

// ids lists the ids of a kind, for "expected one of" and "did you mean".
func ids[T any](items []T, idOf func(T) string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = idOf(it)
	}
	sort.Strings(out)
	return out
}

// unknownRef reports a reference to an id that does not exist.
func (c *checker) unknownRef(pos diag.Pos, what, id string, known []string) {
	c.errf(pos, "%s", unknown(what, id, known, 12))
}

func (c *checker) check() {
	s := c.s
	about := c.ld.locs["about/"+s.ID]
	if s.About.Name == "" {
		c.errf(about.pos(), "[about] of %s has no name; expected name = \"…\"", s.ID)
	}
	if s.About.Die <= 0 {
		c.errf(about.pos(), "[about] of %s has no die; expected die = 6, 10 or 20", s.ID)
	}
	weaponIDs := ids(s.Weapons, func(w Weapon) string { return w.ID })
	profileIDs := ids(s.Profiles, func(p Profile) string { return p.ID })
	unitIDs := ids(s.Units, func(u Unit) string { return u.ID })
	chartIDs := ids(s.Charts, func(ch Chart) string { return ch.ID })

	for _, p := range s.Profiles {
		at := c.at("profile", p.ID)
		if p.Name == "" {
			c.errf(at.pos(), "profile %q has no name", p.ID)
		}
		for i, w := range p.Weapons {
			if s.Weapon(w) == nil {
				c.unknownRef(at.value(fmt.Sprintf("weapons.%d", i)), "weapon", w, weaponIDs)
			}
		}
	}
	for _, w := range s.Weapons {
		if w.Name == "" {
			c.errf(c.at("weapon", w.ID).pos(), "weapon %q has no name", w.ID)
		}
		if w.Dice < 0 {
			c.errf(c.at("weapon", w.ID).value("dice"), "weapon %q: dice is %d, expected 1 or more", w.ID, w.Dice)
		}
	}
	for _, u := range s.Units {
		at := c.at("unit", u.ID)
		if u.Name == "" {
			c.errf(at.pos(), "unit %q has no name", u.ID)
		}
		if u.Points < 0 {
			c.errf(at.value("points"), "unit %q: points is %d, expected 0 or more", u.ID, u.Points)
		}
		for i, st := range u.Composition {
			if st.Count <= 0 {
				c.errf(at.value(fmt.Sprintf("composition.%d.count", i)), "unit %q: composition count is %d, expected 1 or more", u.ID, st.Count)
			}
			if st.Profile != "" && s.Profile(st.Profile) == nil {
				c.unknownRef(at.value(fmt.Sprintf("composition.%d.profile", i)), "profile", st.Profile, profileIDs)
			}
		}
	}
	for _, ch := range s.Charts {
		c.checkChart(ch)
	}
	for _, t := range s.Tables {
		at := c.at("table", t.ID)
		if len(t.Columns) == 0 {
			c.errf(at.pos(), "table %q has no columns", t.ID)
		}
		for i, r := range t.Rows {
			if len(r) != len(t.Columns) {
				c.errf(at.value(fmt.Sprintf("rows.%d", i)), "table %q row %d has %d cells, expected %d (one per column)", t.ID, i+1, len(r), len(t.Columns))
			}
		}
	}
	for _, n := range s.Notes {
		c.checkNote(n)
	}
	if r := s.AQotMF; r != nil {
		at := c.ld.locs["block/aqotmf"]
		for field, id := range map[string]string{"tripod_damage.chart": r.TripodDamage.Chart, "reinforcements.chart": r.Reinforcements.Chart} {
			if id != "" && s.Chart(id) == nil {
				c.unknownRef(at.value(field), "chart", id, chartIDs)
			}
		}
	}
	if r := s.Evacuation; r != nil {
		sum := 0
		for _, v := range r.Objective.Ladder {
			sum += v
		}
		if r.Objective.LadderTotal != 0 && sum != r.Objective.LadderTotal {
			at := c.ld.locs["block/evacuation"]
			c.errf(at.value("objective.ladder_total"), "objective upgrade ladder %v adds up to %d, but the total is printed as %d", r.Objective.Ladder, sum, r.Objective.LadderTotal)
		}
	}
	for _, sc := range s.Scenarios {
		c.checkScenario(sc, unitIDs)
	}
	c.checkMarkers()
	c.checkWords()
}

// checkChart makes sure every face of the die answers to exactly one row
// and that no two rows overlap, open rows included.
func (c *checker) checkChart(ch Chart) {
	at := c.at("chart", ch.ID)
	if ch.Die <= 0 {
		c.errf(at.pos(), "chart %q has no die; expected die = 6, 10 or 20", ch.ID)
		return
	}
	if len(ch.Rows) == 0 {
		c.errf(at.pos(), "chart %q has no rows", ch.ID)
		return
	}
	for i := range ch.Rows {
		for j := 0; j < i; j++ {
			a, b := ch.Rows[j].Roll, ch.Rows[i].Roll
			if a.Min <= b.Max && b.Min <= a.Max {
				c.errf(at.value(fmt.Sprintf("row.%d.roll", i)), "chart %q: row %q overlaps row %q; each result must answer to one row", ch.ID, b.Text, a.Text)
			}
		}
	}
	var gaps []string
	for face := 1; face <= ch.Die; face++ {
		found := false
		for _, r := range ch.Rows {
			if r.Roll.Contains(face) {
				found = true
				break
			}
		}
		if !found {
			gaps = append(gaps, fmt.Sprint(face))
		}
	}
	if len(gaps) > 0 {
		c.errf(at.pos(), "chart %q (d%d) has a gap: no row for %s; expected rows covering 1–%d exactly once", ch.ID, ch.Die, strings.Join(gaps, ", "), ch.Die)
	}
}

func (c *checker) checkScenario(sc Scenario, unitIDs []string) {
	at := c.at("scenario", sc.ID)
	if sc.Name == "" {
		c.errf(at.pos(), "scenario %q has no name", sc.ID)
	}
	for i, side := range sc.Sides {
		sidePath := fmt.Sprintf("side.%d", i)
		sum := 0
		for j, f := range side.Forces {
			fp := fmt.Sprintf("%s.force.%d", sidePath, j)
			u := c.s.Unit(f.Unit)
			if u == nil {
				c.unknownRef(at.value(fp+".unit"), "unit", f.Unit, unitIDs)
				sum += f.Points
				continue
			}
			count := f.Count
			if count == 0 {
				count = 1
			}
			if want := count * u.Points; f.Points != want {
				c.errf(at.value(fp+".points"), "scenario %s, %s: %s printed as %d points, but %d × %s at %d = %d",
					sc.ID, side.Name, u.Name, f.Points, count, u.ID, u.Points, want)
			}
			if f.StartsInAmbush && f.Reinforcement {
				c.errf(at.key(fp+".starts_in_ambush"), "scenario %s, %s: %s starts in ambush and is held back as reinforcements; the rules keep them apart (an ambusher is placed from its terrain, a reinforcement enters from a table edge) — keep one", sc.ID, side.Name, u.Name)
			}
			if f.Stands != 0 && f.Stands != u.Elements() {
				text := f.Text
				if text == "" {
					text = u.Name
				}
				c.l.Warn(at.value(fp+".stands"), "scenario %s, %s: %q has %d stands but the unit entry %q has %d; both cost %d points — the data keeps both, as printed",
					sc.ID, side.Name, text, f.Stands, u.ID, u.Elements(), u.Points)
			}
			sum += f.Points
		}
		if side.Total != 0 && side.Total != sum {
			c.errf(at.value(sidePath+".total"), "scenario %s, %s: total printed as %d points, but the force lines add up to %d", sc.ID, side.Name, side.Total, sum)
		}
	}
	markerIDs := ids(c.s.Markers, func(m Marker) string { return m.ID })
	for i, m := range sc.Markers {
		if c.s.Marker(m.Kind) == nil {
			c.unknownRef(at.value(fmt.Sprintf("marker.%d.kind", i)), "marker kind", m.Kind, markerIDs)
		}
	}
	if sc.Map != nil {
		c.checkMap(sc, at)
	}
}

// checkMap keeps every feature on the board.
func (c *checker) checkMap(sc Scenario, at located) {
	m := sc.Map
	// Rounded to a millionth: 4ft is 48 in, not 48.00000000000001.
	w, d := math.Round(m.Width.Inches()*1e6)/1e6, math.Round(m.Depth.Inches()*1e6)/1e6
	if w <= 0 || d <= 0 {
		c.errf(at.key("map"), "scenario %s: map needs width and depth, e.g. width = '48\"'", sc.ID)
		return
	}
	const eps = 1e-9
	var sides []string
	for _, sd := range sc.Sides {
		sides = append(sides, sd.Name)
	}
	for i, f := range m.Features {
		fp := fmt.Sprintf("map.feature.%d", i)
		var xs, ys []float64
		switch f.Shape {
		case "rect":
			xs, ys = []float64{f.X, f.X + f.W}, []float64{f.Y, f.Y + f.H}
			if f.W <= 0 || f.H <= 0 {
				c.errf(at.key(fp), "scenario %s: %s %q is a rect without w and h", sc.ID, f.Kind, f.Label)
			}
		case "circle":
			xs, ys = []float64{f.X - f.R, f.X + f.R}, []float64{f.Y - f.R, f.Y + f.R}
			if f.R <= 0 {
				c.errf(at.key(fp), "scenario %s: %s %q is a circle without r", sc.ID, f.Kind, f.Label)
			}
		case "polygon", "line":
			for _, p := range f.Points {
				if len(p) != 2 {
					c.errf(at.value(fp+".points"), "scenario %s: %s %q: each point is [x, y]", sc.ID, f.Kind, f.Label)
					continue
				}
				xs, ys = append(xs, p[0]), append(ys, p[1])
			}
			if need := map[string]int{"line": 2, "polygon": 3}[f.Shape]; len(xs) < need {
				c.errf(at.key(fp), "scenario %s: %s %q: a %s needs at least %d points", sc.ID, f.Kind, f.Label, f.Shape, need)
			}
		case "point":
			xs, ys = []float64{f.X}, []float64{f.Y}
		default:
			c.errf(at.value(fp+".shape"), "scenario %s: feature shape %q; expected rect, circle, polygon, line or point", sc.ID, f.Shape)
			continue
		}
		// A feature's side picks its colour and legend on the map: it must
		// be one of the scenario's sides.
		if f.Side != "" && !slices.Contains(sides, f.Side) {
			c.unknownRef(at.value(fp+".side"), "side", f.Side, sides)
		}
		lo, hi := minmax(xs)
		lo2, hi2 := minmax(ys)
		if lo < -eps || hi > w+eps || lo2 < -eps || hi2 > d+eps {
			c.errf(at.key(fp), "scenario %s: %s %q reaches outside the %g×%g in board (x %g–%g, y %g–%g)", sc.ID, f.Kind, f.Label, w, d, lo, hi, lo2, hi2)
		}
	}
}

func minmax(v []float64) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range v {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	if len(v) == 0 {
		return 0, 0
	}
	return lo, hi
}
