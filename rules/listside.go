package rules

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
func (c *ListCheck) side() {
	l, s := c.List, c.Sys
	factions := s.About.Factions
	sc := s.Scenario(l.Scenario)
	if len(factions) == 0 && l.Faction != "" {
		c.Errorf(l.Value("faction"), "%s names no factions: every army is its player's own; remove faction", s.About.Short)
	}
	if sc != nil && len(sc.Sides) > 0 {
		var names []string
		for _, sd := range sc.Sides {
			names = append(names, fmt.Sprintf("%q", sd.Name))
		}
		switch {
		case l.Side == "":
			c.Errorf(l.Top(), "the list names no side of %s; add side = %s under scenario (one of: %s)", sc.Name, names[c.guessSide(sc)], strings.Join(names, ", "))
			return
		}
		for i := range sc.Sides {
			if strings.EqualFold(sc.Sides[i].Name, l.Side) {
				c.Report.Scenario, c.Report.Side = sc, &sc.Sides[i]
			}
		}
		if c.Report.Side == nil {
			c.Errorf(l.Value("side"), "side %q is not a side of %s; expected one of: %s", l.Side, sc.Name, strings.Join(names, ", "))
			return
		}
		c.Report.Faction = s.About.Faction(c.Report.Side.Faction)
		if l.Faction != "" && !strings.EqualFold(l.Faction, c.Report.Side.Faction) {
			c.Errorf(l.Value("faction"), "faction = %q, but the %s side plays the %s; write faction = %q or leave faction out", l.Faction, c.Report.Side.Name, c.Report.Side.Faction, c.Report.Side.Faction)
		}
		return
	}
	if l.Side != "" && sc == nil && l.Scenario == "" {
		c.Errorf(l.Value("side"), "side = %q names a side of a scenario, but the list names no scenario; add scenario = \"…\", or write faction = \"…\" for a list for no scenario", l.Side)
	}
	switch {
	case len(factions) == 0:
	case l.Faction == "":
		if l.Scenario == "" {
			c.Errorf(l.Top(), "the list names no faction; add faction = %q (one of: %s)", factions[0], Quoted(factions))
		}
	case s.About.Faction(l.Faction) == "":
		c.Unknown(l.Value("faction"), "", "faction", l.Faction, factions)
	default:
		c.Report.Faction = s.About.Faction(l.Faction)
	}
}

// guessSide is the side whose faction the list's first known unit
// belongs to: the likely fix for a list written before lists named their
// side. The first side when none fits.
func (c *ListCheck) guessSide(sc *catalog.Scenario) int {
	for _, u := range c.List.Units {
		if e := c.Sys.Unit(u.Str("id")); e != nil && e.Faction != "" {
			for i, sd := range sc.Sides {
				if strings.EqualFold(sd.Faction, e.Faction) {
					return i
				}
			}
		}
	}
	return 0
}

func Quoted(ss []string) string {
	var out []string
	for _, s := range ss {
		out = append(out, fmt.Sprintf("%q", s))
	}
	return strings.Join(out, ", ")
}

// SidePoints is the points the list's side plays at: its force list's
// total; 0 when the list has no side or the side no points.
func (r *Report) SidePoints() int {
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

// SideLimit holds the list to its side's points: a list that states
// another limit is told so. It returns the limit to check against.
func (c *ListCheck) SideLimit(own int) int {
	pts := c.Report.SidePoints()
	if pts == 0 {
		return own
	}
	if c.List.Has(PointsKey) && c.List.Values.Int(PointsKey) != pts {
		c.Errorf(c.List.Value(PointsKey), "points = %d, but %s plays at %d points; write points = %d or leave points out", c.List.Values.Int(PointsKey), c.Report.sideName(), pts, pts)
	}
	return pts
}

// Forces holds an AQotMF list to its faction, and to its side's force
// list where the scenario prints one: every force line's units, no
// others.
func (c *ListCheck) Forces() {
	r := c.Report
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
			c.Errorf(c.List.Value(UnitPath(i)+".id"), "%s: %s is a unit of the %s; %s fields units of the %s only — remove it", c.UnitName(i), e.Name, e.Faction, who, r.Faction)
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
		u := c.Sys.Unit(f.Unit)
		if u == nil {
			continue
		}
		switch {
		case n < w:
			c.Errorf(c.List.Top(), "%s fields %d × %s (its force list); the list has %d — add %d", r.sideName(), w, u.Name, n, w-n)
		case n > w:
			c.Errorf(c.List.Key(UnitPath(last[f.Unit])), "%s fields %d × %s (its force list); the list has %d — remove %d", r.sideName(), w, u.Name, n, n-w)
		}
	}
	for id, i := range last {
		if _, listed := want[id]; !listed {
			c.Errorf(c.List.Value(UnitPath(i)+".id"), "%s: %s is not in the force list of %s; remove it", c.UnitName(i), c.Sys.Unit(id).Name, r.sideName())
		}
	}
}

// WeaponFaction reports a weapon only another faction carries.
func (c *ListCheck) WeaponFaction(i int, w *catalog.Weapon) {
	f := c.Report.Faction
	if f == "" || w.Faction == "" || strings.EqualFold(w.Faction, f) {
		return
	}
	c.Errorf(c.List.Value(UnitPath(i)+".weapon"), "%s: the %s is a weapon of the %s; a list of the %s cannot field it — pick another weapon", c.UnitName(i), w.Name, w.Faction, f)
}

// Plays says whether the list may play side i of the scenario sc, and
// why not: a list for the scenario plays the side it names; a list for
// no scenario plays a side of its faction (any side, where the sides have
// none); a list for another scenario plays none of its sides.
func (r *Report) Plays(sc *catalog.Scenario, i int) error {
	if i < 0 || i >= len(sc.Sides) {
		return fmt.Errorf("%s has no side %d", sc.Name, i+1)
	}
	sd := sc.Sides[i]
	switch {
	case r.List.Scenario != "" && r.List.Scenario != sc.ID:
		name := r.List.Scenario
		if o := r.System.Scenario(name); o != nil {
			name = o.Name
		}
		return fmt.Errorf("it is a list for %s, not %s", name, sc.Name)
	case r.List.Scenario != "" && (r.Side == nil || r.Side.Name != sd.Name):
		if r.Side != nil {
			return fmt.Errorf("it is the list of %s, not %s", r.Side.Name, sd.Name)
		}
		return fmt.Errorf("it names no side of %s", sc.Name)
	case r.List.Scenario == "" && sd.Faction != "" && !strings.EqualFold(r.Faction, sd.Faction):
		return fmt.Errorf("it is a %s list, and %s plays the %s", r.Faction, sd.Name, sd.Faction)
	}
	return nil
}
