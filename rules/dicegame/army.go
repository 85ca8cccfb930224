package dicegame

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// army is a dice rule set's army lists: every unit is an entry of the
// catalogue, priced at count × its points, within the list's points (or
// its side's, or the [dice.army] points), at most [dice.army] max of one.
var army = &rules.Army{Points: true,
	ListFields: listFields(), UnitFields: rules.EntryUnitFields(), KeyHint: keyHint,
	Check: checkList, Starter: starter, Roster: roster, Card: unitCard}

func listFields() []rules.Field {
	return []rules.Field{{Key: "points", Kind: rules.NumberField, Words: "points", Least: 1}}
}

func keyHint(key string) string {
	if key == "type" {
		return "; a unit of this rule set is a catalogue entry: its stats come with id"
	}
	return ""
}

// limitOf is the rule set's own points limit, 0 for none.
func limitOf(s *catalog.System) int {
	if r := RulesOf(s); r != nil {
		return r.Army.Points
	}
	return 0
}

func starter(s *catalog.System, p func(string, ...any)) error {
	if len(s.Units) == 0 {
		return fmt.Errorf("%s: the catalogue has no units", s.ID)
	}
	first := s.Units[0]
	p("name   = \"My army\"\n")
	if lim := limitOf(s); lim > 0 {
		p("points = %-6d # the limit the list is built to: the game's is %d\n", lim, lim)
	} else {
		p("points = %-6d # the limit the list is built to; leave it out for no limit\n", first.Points)
	}
	if first.Faction != "" {
		p("faction = %q  # the list's faction, one of: %s\n", first.Faction, rules.Quoted(s.About.Factions))
	}
	if ids := rules.ScenarioIDs(s); len(ids) > 0 {
		p("# For a scenario, name it and the side the list plays instead of faction:\n")
		p("# scenario = %q  # one of: %s\n", ids[0], strings.Join(ids, ", "))
	}
	p("\n# The units of the catalogue: id, name, points.\n")
	w := 0
	for _, u := range s.Units {
		w = max(w, len(u.ID))
	}
	for _, u := range s.Units {
		p("#   %-*s  %s, %d points\n", w, u.ID, u.Name, u.Points)
	}
	p("\n[[unit]]\nid    = %q\nlabel = %q\n", first.ID, first.Name)
	p("# count = 2   # how many of this unit\n")
	return nil
}

// checkList prices a list: every unit a catalogue entry, count × its points.
func checkList(c *rules.ListCheck) {
	l, s := c.List, c.Sys
	most := 0
	if r := RulesOf(s); r != nil {
		most = r.Army.Max
	}
	// A unit over the most is told at the line that crosses it, with
	// how many the whole list takes.
	taken := map[string]int{}
	type over struct {
		line int
		e    *catalog.Unit
	}
	var overs []over
	for i := range l.Units {
		ln := c.EntryLine(i)
		if e := ln.Entry; e != nil {
			taken[e.ID] += ln.Count
			if most > 0 && taken[e.ID] > most && taken[e.ID]-ln.Count <= most {
				overs = append(overs, over{i, e})
			}
		}
		c.AddLine(ln)
	}
	for _, o := range overs {
		n := taken[o.e.ID]
		c.Errorf(l.Key(rules.UnitPath(o.line)), "%s: %d × %s in the list; a list takes at most %d of one unit — remove %d", c.UnitName(o.line), n, o.e.Name, most, n-most)
	}
	own := c.LimitPoints("the limit the list is built to (1 or more), or leave points out for the game's")
	if own == 0 && !l.Has("points") {
		own = limitOf(s)
	}
	c.Report.Limit = int64(c.SideLimit(own))
	c.Forces()
	c.Labels()
	c.Limit("the units", "units", c.Report.Side == nil || c.Report.SidePoints() == 0)
}

// stats describes a catalogue unit for the builder: each kind of model
// with its stats, weapons and special rules, as the cards head them.
func stats(sys *catalog.System, u *catalog.Unit) []string {
	m := modelOf(sys)
	return rules.EntryStats(sys, u, func(p *catalog.Profile) []string {
		var parts []string
		if m != nil {
			for _, s := range m.stats {
				if n, ok := profileStats(p)[s.ID]; ok && s.Of == kindProfile {
					parts = append(parts, s.Name+" "+show(s.Show, s.Zero, n))
				}
			}
		}
		return parts
	})
}
