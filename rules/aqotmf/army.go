package aqotmf

import (
	"fmt"
	"sort"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// army is All Quiet on the Martian Front's army lists: every unit is an
// entry of the catalogue, priced at count × its points; a hidden list
// deploys as blips.
var army = &rules.Army{Points: true,
	ListFields: listFields(), UnitFields: unitFields(), KeyHint: keyHint,
	Check: checkList, Starter: starter, Roster: roster, Card: unitCard, ExtraCards: extraCards}

func listFields() []rules.Field {
	return []rules.Field{{Key: "points", Kind: rules.NumberField, Words: "points", Least: 1}, {Key: "hidden", Kind: rules.CheckField, Words: "deploys hidden"}}
}

func unitFields() []rules.Field {
	return rules.EntryUnitFields(
		rules.Field{Key: "ambush", Kind: rules.CheckField, Words: "ambush"},
		rules.Field{Key: "reinforcement", Kind: rules.CheckField, Words: "reinforcement"})
}

func keyHint(key string) string {
	// An AQotMF unit takes no type: the catalogue's comes with the id,
	// and a second, unchecked opinion would only mislead.
	switch key {
	case "type", "training", "morale", "figures":
		return "; an AQotMF unit is a catalogue entry: its stats come with id"
	}
	return ""
}

func starter(s *catalog.System, p func(string, ...any)) error {
	if len(s.Units) == 0 {
		return fmt.Errorf("%s: the catalogue has no units", s.ID)
	}
	first := s.Units[0]
	p("name   = \"My army\"\n")
	p("points = %-6d # the limit the list is built to; leave it out for no limit\n", first.Points)
	p("hidden = false  # true when the scenario has the list deploy as hidden units (blips)\n")
	if first.Faction != "" {
		p("faction = %q  # the list's faction, one of: %s\n", first.Faction, rules.Quoted(s.About.Factions))
	}
	if ids := rules.ScenarioIDs(s); len(ids) > 0 {
		p("# For a scenario, name it and the side the list plays instead of faction:\n")
		p("# scenario = %q  # one of: %s\n", ids[0], strings.Join(ids, ", "))
		if sc := s.Scenario(ids[0]); len(sc.Sides) > 0 {
			var names []string
			for _, sd := range sc.Sides {
				names = append(names, fmt.Sprintf("%q", sd.Name))
			}
			p("# side = %s  # one of: %s\n", names[0], strings.Join(names, ", "))
		}
	}
	p("\n# The units of the catalogue: id, name, points.\n")
	units := append([]catalog.Unit(nil), s.Units...)
	sort.Slice(units, func(i, j int) bool { return units[i].ID < units[j].ID })
	w := 0
	for _, u := range units {
		w = max(w, len(u.ID))
	}
	for _, u := range units {
		p("#   %-*s  %s, %d points\n", w, u.ID, u.Name, u.Points)
	}
	p("\n[[unit]]\nid    = %q\nlabel = %q\n", first.ID, first.Name)
	p("# count = 2             # how many of this unit\n")
	p("# ambush = true         # set up in ambush: no blip for it\n")
	p("# reinforcement = true  # held back as reinforcements: no blip for it\n")
	return nil
}

// checkList prices an All Quiet on the Martian Front list: every unit is a
// catalogue entry; a unit entry costs count × the entry's points.
func checkList(c *rules.ListCheck) {
	l := c.List
	for i, u := range l.Units {
		p := rules.UnitPath(i)
		ln := c.EntryLine(i)
		if u.Bool("ambush") && u.Bool("reinforcement") {
			c.Warnf(l.Key(p+".reinforcement"), "%s is both in ambush and a reinforcement; the rules describe them apart (an ambusher is placed from its terrain, a reinforcement enters later from a table edge) — keep one", c.UnitName(i))
		}
		c.AddLine(ln)
	}
	c.Report.Limit = int64(c.SideLimit(c.LimitPoints("the limit the list is built to (1 or more), or leave points out for no limit")))
	c.Forces()
	c.Labels()
	if c.Report.Side != nil && c.Report.SidePoints() > 0 {
		c.Limit("the units", "units", false)
	} else {
		c.Limit("the units", "units", true)
	}
}

// listBlips is how many blips and decoys a list may deploy under the
// Hidden Units rules, counted by CountBlips: a unit set up in ambush or
// held back as reinforcements gets no blip. A list that does not deploy
// hidden (hidden = false, the default) has none; none says why. Unknown
// unit ids are skipped.
func listBlips(l *rules.List, sys *catalog.System) (b Blips, none string) {
	if !l.Values.Bool("hidden") {
		return Blips{}, "set hidden = true for a side that deploys hidden"
	}
	var units []BlipUnit
	for _, u := range l.Units {
		if e := sys.Unit(u.Str("id")); e != nil {
			units = append(units, BlipUnit{Count: u.N(), Type: e.Type, Ambush: u.Bool("ambush"), Reinforcement: u.Bool("reinforcement")})
		}
	}
	b, err := CountBlips(sys, units)
	if err != nil {
		return Blips{}, err.Error()
	}
	if b.Blips == 0 {
		return b, "every unit of it starts in ambush or as a reinforcement"
	}
	return b, ""
}
