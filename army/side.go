package army

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// A list knows its side. A list for a scenario names the side it plays
// (side = "Martians", as the scenario names it); a list for no scenario
// names its faction (faction = "Humans"). The side gives the faction, the
// points limit and, in a scenario with a fixed force list, the units; the
// rule set's checks hold the list to them. A rule set whose data names no
// factions (Evacuation: Mars: every army is its player's own) asks for
// the side alone.

// side resolves the list's scenario, side and faction, reporting what is
// missing or unknown. It returns "" for a faction it cannot tell.
func (c *checker) side() {
	l, s := c.l, c.s
	factions := s.About.Factions
	sc := s.Scenario(l.Scenario)
	if len(factions) == 0 && l.Faction != "" {
		c.errf(l.value("faction"), "%s names no factions: every army is its player's own; remove faction", s.About.Short)
	}
	if sc != nil && len(sc.Sides) > 0 {
		var names []string
		for _, sd := range sc.Sides {
			names = append(names, fmt.Sprintf("%q", sd.Name))
		}
		switch {
		case l.Side == "":
			c.errf(l.top(), "the list names no side of %s; add side = %s under scenario (one of: %s)", sc.Name, names[c.guessSide(sc)], strings.Join(names, ", "))
			return
		}
		for i := range sc.Sides {
			if strings.EqualFold(sc.Sides[i].Name, l.Side) {
				c.r.Scenario, c.r.Side = sc, &sc.Sides[i]
			}
		}
		if c.r.Side == nil {
			c.errf(l.value("side"), "side %q is not a side of %s; expected one of: %s", l.Side, sc.Name, strings.Join(names, ", "))
			return
		}
		c.r.Faction = s.About.Faction(c.r.Side.Faction)
		if l.Faction != "" && !strings.EqualFold(l.Faction, c.r.Side.Faction) {
			c.errf(l.value("faction"), "faction = %q, but the %s side plays the %s; write faction = %q or leave faction out", l.Faction, c.r.Side.Name, c.r.Side.Faction, c.r.Side.Faction)
		}
		return
	}
	if l.Side != "" && sc == nil && l.Scenario == "" {
		c.errf(l.value("side"), "side = %q names a side of a scenario, but the list names no scenario; add scenario = \"…\", or write faction = \"…\" for a list for no scenario", l.Side)
	}
	switch {
	case len(factions) == 0:
	case l.Faction == "":
		if l.Scenario == "" {
			c.errf(l.top(), "the list names no faction; add faction = %q (one of: %s)", factions[0], quoted(factions))
		}
	case s.About.Faction(l.Faction) == "":
		c.unknown(l.value("faction"), "", "faction", l.Faction, factions)
	default:
		c.r.Faction = s.About.Faction(l.Faction)
	}
}

// guessSide is the side whose faction the list's first known unit
// belongs to: the likely fix for a list written before lists named their
// side. The first side when none fits.
func (c *checker) guessSide(sc *catalog.Scenario) int {
	for _, u := range c.l.Units {
		if e := c.s.Unit(u.ID); e != nil && e.Faction != "" {
			for i, sd := range sc.Sides {
				if strings.EqualFold(sd.Faction, e.Faction) {
					return i
				}
			}
		}
	}
	return 0
}

func quoted(ss []string) string {
	var out []string
	for _, s := range ss {
		out = append(out, fmt.Sprintf("%q", s))
	}
	return strings.Join(out, ", ")
}

// sidePoints is the points the list's side plays at: its force list's
// total; 0 when the list has no side or the side no points.
func (r *Report) sidePoints() int {
	if r.Side == nil {
		return 0
	}
	if r.Side.Total > 0 {
		return r.Side.Total
	}
	n := 0
	for _, f := range r.Side.Forces {
		n += f.Points
	}
	return n
}

// sideName names the side in messages: "the Martians of Scenario 1: The
// Boys of Company C".
func (r *Report) sideName() string {
	return fmt.Sprintf("the %s side of %s", r.Side.Name, r.Scenario.Name)
}

// sideLimit holds the list to its side's points: a list that states
// another limit is told so. It returns the limit to check against.
func (c *checker) sideLimit(own int) int {
	pts := c.r.sidePoints()
	if pts == 0 {
		return own
	}
	if c.l.has("points") && c.l.Points != pts {
		c.errf(c.l.value("points"), "points = %d, but %s plays at %d points; write points = %d or leave points out", c.l.Points, c.r.sideName(), pts, pts)
	}
	return pts
}

// forces holds an AQotMF list to its faction, and to its side's force
// list where the scenario prints one: every force line's units, no
// others.
func (c *checker) forces() {
	r := c.r
	have := map[string]int{}
	last := map[string]int{}
	for i, ln := range r.Lines {
		e := ln.Entry
		if e == nil {
			continue
		}
		if r.Faction != "" && e.Faction != "" && !strings.EqualFold(e.Faction, r.Faction) {
			who := "a list of the " + r.Faction
			if r.Side != nil {
				who = r.sideName()
			}
			c.errf(c.l.value(unitPath(i)+".id"), "%s: %s is a unit of the %s; %s fields units of the %s only — remove it", c.unitName(i), e.Name, e.Faction, who, r.Faction)
			continue
		}
		have[e.ID] += ln.Count
		last[e.ID] = i
	}
	if r.Side == nil || len(r.Side.Forces) == 0 {
		return
	}
	want := map[string]int{}
	for _, f := range r.Side.Forces {
		want[f.Unit] += max(f.Count, 1)
	}
	for _, f := range r.Side.Forces {
		n, w := have[f.Unit], want[f.Unit]
		if w == 0 {
			continue
		}
		want[f.Unit] = 0 // report a unit once
		u := c.s.Unit(f.Unit)
		if u == nil {
			continue
		}
		switch {
		case n < w:
			c.errf(c.l.top(), "%s fields %d × %s (its force list); the list has %d — add %d", r.sideName(), w, u.Name, n, w-n)
		case n > w:
			c.errf(c.l.key(unitPath(last[f.Unit])), "%s fields %d × %s (its force list); the list has %d — remove %d", r.sideName(), w, u.Name, n, n-w)
		}
	}
	for id, i := range last {
		if _, listed := want[id]; !listed {
			c.errf(c.l.value(unitPath(i)+".id"), "%s: %s is not in the force list of %s; remove it", c.unitName(i), c.s.Unit(id).Name, r.sideName())
		}
	}
}

// weaponFaction reports a weapon only another faction carries.
func (c *checker) weaponFaction(i int, w *catalog.Weapon) {
	f := c.r.Faction
	if f == "" || w.Faction == "" || strings.EqualFold(w.Faction, f) {
		return
	}
	c.errf(c.l.value(unitPath(i)+".weapon"), "%s: the %s is a weapon of the %s; a list of the %s cannot field it — pick another weapon", c.unitName(i), w.Name, w.Faction, f)
}
