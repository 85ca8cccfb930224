package catalog

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/playaid/playaid/internal/limits"
)

func (c *checker) checkScenario(sc Scenario, unitIDs []string) {
	at := c.at("scenario", sc.ID)
	c.required(at, label{"scenario", sc.ID}, "name", sc.Name)
	c.checkNumbers(at, label{"scenario", sc.ID}, &sc)
	for i, side := range sc.Sides {
		sidePath := fmt.Sprintf("side.%d", i)
		if fs := c.s.About.Factions; !at.bad(sidePath + ".faction") {
			switch {
			case side.Faction == "" && len(fs) > 0:
				c.errf(at.key(sidePath), "scenario %s, %s has no faction; expected faction = one of: %s", sc.ID, side.Name, strings.Join(fs, ", "))
			case side.Faction != "" && c.s.About.Faction(side.Faction) == "":
				c.errf(at.value(sidePath+".faction"), "scenario %s, %s: %s", sc.ID, side.Name, unknown("faction", side.Faction, fs, 12))
			}
		}
		sum, sumKnown := 0, !at.bad(sidePath+".force")
		for j, f := range side.Forces {
			fp := fmt.Sprintf("%s.force.%d", sidePath, j)
			if !inBound("points", f.Points, nil) {
				sumKnown = false
			}
			sum += f.Points
			u := c.units[f.Unit]
			if u == nil {
				if !at.bad(fp + ".unit") {
					c.unknownRef(at.value(fp+".unit"), "unit", f.Unit, unitIDs)
				}
				continue
			}
			ua := c.at("unit", u.ID)
			if side.Faction != "" && u.Faction != "" && !strings.EqualFold(u.Faction, side.Faction) {
				c.errf(at.value(fp+".unit"), "scenario %s, %s (%s): %s is a unit of the %s", sc.ID, side.Name, side.Faction, u.Name, u.Faction)
			}
			count := f.Count
			if count == 0 {
				count = 1
			}
			// Only numbers in their bounds are multiplied: the others are
			// reported, and their product could overflow.
			if at.bad(fp+".points") || at.bad(fp+".count") || ua.bad("points") ||
				!inBound("points", f.Points, nil) || !inBound("count", f.Count, nil) || !inBound("points", u.Points, nil) {
				continue
			}
			if want := count * u.Points; f.Points != want {
				c.errf(at.value(fp+".points"), "scenario %s, %s: %s printed as %d points, but %d × %s at %d = %d",
					sc.ID, side.Name, u.Name, f.Points, count, u.ID, u.Points, want)
			}
			if f.StartsInAmbush && f.Reinforcement {
				c.errf(at.key(fp+".starts_in_ambush"), "scenario %s, %s: %s starts in ambush and is held back as reinforcements; the rules keep them apart (an ambusher is placed from its terrain, a reinforcement enters from a table edge) — keep one", sc.ID, side.Name, u.Name)
			}
			for k, a := range f.Added {
				ap := fmt.Sprintf("%s.added.%d", fp, k)
				if a.Count < 1 || !inBound("count", a.Count, nil) {
					c.errf(at.value(ap+".count"), "scenario %s, %s: the stand %q the line adds needs a count of 1 or more", sc.ID, side.Name, a.Label)
				}
				if c.s.Profile(a.FightsAs) == nil {
					c.errf(at.value(ap+".fights_as"), "scenario %s, %s: the stand %q fights as %q, which is not a profile of the rule set", sc.ID, side.Name, a.Label, a.FightsAs)
				}
				c.readingRef(at, ap+".reading", fmt.Sprintf("scenario %s, %s: the stand %q", sc.ID, side.Name, a.Label), a.Reading)
			}
			c.readingRef(at, fp+".reading", fmt.Sprintf("scenario %s, %s: %s", sc.ID, side.Name, u.Name), f.Reading)
			for _, wid := range f.Equipped {
				w := c.s.Weapon(wid)
				if w == nil {
					c.errf(at.value(fp+".equipped"), "scenario %s, %s: %s is equipped with %q, which is not a weapon of the rule set", sc.ID, side.Name, u.Name, wid)
				} else if w.Faction != "" && side.Faction != "" && w.Faction != side.Faction {
					c.errf(at.value(fp+".equipped"), "scenario %s, %s: %s is equipped with the %s, a weapon of the %s", sc.ID, side.Name, u.Name, w.Name, w.Faction)
				}
			}
			for _, key := range []string{"rules", "designated"} {
				names := f.Rules
				if key == "designated" {
					names = f.Designated
				}
				for _, name := range names {
					if !slices.ContainsFunc(sc.Specials, func(sp Special) bool { return sp.Name == name }) {
						var names []string
						for _, sp := range sc.Specials {
							names = append(names, fmt.Sprintf("%q", sp.Name))
						}
						c.errf(at.value(fp+"."+key), "scenario %s, %s: %s follows the special rule %q, which the scenario does not have; expected one of its [[scenario.special]] names: %s", sc.ID, side.Name, u.Name, name, strings.Join(names, ", "))
					}
				}
			}
			for _, name := range f.Unstated {
				if !slices.ContainsFunc(c.s.NotesTouching(Slug(name)), func(n Note) bool { return strings.TrimSpace(n.Ruling) != "" }) {
					c.errf(at.value(fp+".unstated"), "scenario %s, %s: %s is equipped with the %s, which has no stats, but no note with a ruling touches %q; expected a [[note]] with touches = [%q] and the ruling players agree", sc.ID, side.Name, u.Name, name, Slug(name), Slug(name))
				}
			}
			// A unit whose counts are out of bounds is reported there;
			// its stands would add up to nothing here.
			miscounted := slices.ContainsFunc(u.Composition, func(st Stand) bool { return st.Count < 1 || st.Count > limits.MaxCount })
			if f.Stands != 0 && f.Stands != f.StandsOf(u) && !ua.bad("composition") && !miscounted {
				text := f.Text
				if text == "" {
					text = u.Name
				}
				c.l.Warn(at.value(fp+".stands"), "scenario %s, %s: %q has %d stands but the unit entry %q and the stands the line adds make %d; both cost %d points — say which stands the line adds (added = [...]), so every document counts the same",
					sc.ID, side.Name, text, f.Stands, u.ID, f.StandsOf(u), u.Points)
			}
		}
		if side.Total != 0 && side.Total != sum && sumKnown && !at.bad(sidePath+".total") {
			c.errf(at.value(sidePath+".total"), "scenario %s, %s: total printed as %d points, but the force lines add up to %d", sc.ID, side.Name, side.Total, sum)
		}
	}
	markerIDs := ids(c.s.Markers, func(m Marker) string { return m.ID })
	for i, m := range sc.Markers {
		if c.markers[m.Kind] == nil && !at.bad(fmt.Sprintf("marker.%d.kind", i)) {
			c.unknownRef(at.value(fmt.Sprintf("marker.%d.kind", i)), "marker kind", m.Kind, markerIDs)
		}
		c.readingRef(at, fmt.Sprintf("marker.%d.reading", i), "scenario "+sc.ID+", marker "+m.Kind, m.Reading)
	}
	for i, sp := range sc.Specials {
		if sp.SaidIn != "" && !slices.Contains(SaidInParts, sp.SaidIn) {
			c.errf(at.value(fmt.Sprintf("special.%d.said_in", i)), "scenario %s, special rule %q: said_in = %q; expected one of: %s", sc.ID, sp.Name, sp.SaidIn, strings.Join(SaidInParts, ", "))
		}
	}
	for i, a := range sc.Agree {
		if strings.TrimSpace(a.Text) == "" {
			c.errf(at.value(fmt.Sprintf("agree.%d", i)), "scenario %s: agree %d has no text; expected what the players settle, in the briefing's words", sc.ID, i+1)
		}
		c.readingRef(at, fmt.Sprintf("agree.%d.reading", i), "scenario "+sc.ID+", agree "+fmt.Sprint(i+1), a.Reading)
	}
	if sc.Map != nil && !at.bad("map.width") && !at.bad("map.depth") {
		c.checkMap(sc, at)
	}
}

// readingRef checks that id, which the field of the entry at names as a
// reading (what says whose), is one: a note of the rule set, or of the one
// it adds to, with a ruling. The field is placed only for a message:
// placing it scans the file.
func (c *checker) readingRef(at located, field, what, id string) {
	if id == "" || c.s.Reading(id) != nil {
		return
	}
	if c.s.About.AddOnTo != "" && c.s.Note(id) == nil {
		return // the base's, checked with it (its notes are not at hand here)
	}
	if n := c.s.Note(id); n != nil {
		c.errf(at.value(field), "%s: note %q has no ruling; a reading is a note with a ruling, printed with its mark", what, id)
		return
	}
	var known []string
	for _, n := range c.s.Readings() {
		known = append(known, n.ID)
	}
	c.errf(at.value(field), "%s: %s", what, unknown("reading", id, known, 12))
}

// inBound reports whether n lies within the bound of its key: a block's
// own (own; nil outside a block), else the catalogue's.
func inBound(key string, n int, own map[string]Bound) bool {
	b := boundOf(key, own)
	return n >= b.Lo && n <= b.Hi
}

// checkMap keeps every feature on the board, and the board on the page.
func (c *checker) checkMap(sc Scenario, at located) {
	m := sc.Map
	// Rounded to a millionth: 4ft is 48 in, not 48.00000000000001.
	w, d := math.Round(m.Width.Inches()*1e6)/1e6, math.Round(m.Depth.Inches()*1e6)/1e6
	if w <= 0 || d <= 0 {
		c.errf(at.key("map"), "scenario %s: map needs width and depth, e.g. width = '48\"'", sc.ID)
		return
	}
	for _, l := range []struct {
		field string
		l     Length
	}{{"width", m.Width}, {"depth", m.Depth}} {
		if longer(l.l.MM, limits.MaxTableMM) {
			c.errf(at.value("map."+l.field), "scenario %s: map %s is %s; expected at most %g in (%g ft)", sc.ID, l.field, l.l, limits.MaxTableMM/25.4, limits.MaxTableMM/304.8)
			return
		}
	}
	const eps = 1e-9
	var sides []string
	for _, sd := range sc.Sides {
		sides = append(sides, sd.Name)
	}
	for i, f := range m.Features {
		fp := fmt.Sprintf("map.feature.%d", i)
		if at.bad(fp) {
			continue
		}
		var xs, ys []float64
		switch f.Shape {
		case "rect":
			xs, ys = []float64{f.X, f.X + f.W}, []float64{f.Y, f.Y + f.H}
			if !(f.W > 0 && f.H > 0) {
				c.errf(at.key(fp), "scenario %s: %s %q is a rect without w and h", sc.ID, f.Kind, f.Label)
			}
		case "circle":
			xs, ys = []float64{f.X - f.R, f.X + f.R}, []float64{f.Y - f.R, f.Y + f.R}
			if !(f.R > 0) {
				c.errf(at.key(fp), "scenario %s: %s %q is a circle without r", sc.ID, f.Kind, f.Label)
			}
		case "polygon", "line":
			for _, p := range f.Points {
				if len(p) != 2 {
					c.errf(at.value(fp+".points"), "scenario %s: %s %q: each point is [x, y]", sc.ID, f.Kind, f.Label)
					break
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
		// Written so that a number that is not finite (reported on its
		// own) is outside too.
		if !(lo >= -eps && hi <= w+eps && lo2 >= -eps && hi2 <= d+eps) && finite(xs) && finite(ys) {
			c.errf(at.key(fp), "scenario %s: %s %q reaches outside the %g×%g in board (x %g–%g, y %g–%g)", sc.ID, f.Kind, f.Label, w, d, lo, hi, lo2, hi2)
		}
	}
}

func finite(v []float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
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
