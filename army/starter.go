package army

import (
	"fmt"
	"sort"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
)

// Starter returns a commented starter list for the rule set: the keys a
// list takes, the choices the catalogue offers, and one unit. It validates
// as it stands (a test makes sure), so a player can edit from something
// that works.
func Starter(s *catalog.System) (string, error) {
	if s == nil || !armySystem(s) {
		id := ""
		if s != nil {
			id = s.ID
		}
		return "", fmt.Errorf("system %q has no army lists", id)
	}
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# A new %s army list.\n", s.About.Name)
	p("# Check it:  playaid army validate FILE\n# Print it:  playaid army print FILE [--cards]\n")
	p("system = %q\n", s.ID)
	switch rulesKind(s) {
	case "aqotmf":
		if len(s.Units) == 0 {
			return "", fmt.Errorf("%s: the catalogue has no units", s.ID)
		}
		first := s.Units[0]
		p("name   = \"My army\"\n")
		p("points = %-6d # the limit the list is built to; leave it out for no limit\n", first.Points)
		p("hidden = false  # true when the scenario has the list deploy as hidden units (blips)\n")
		if ids := scenarioIDs(s); len(ids) > 0 {
			p("# scenario = %q  # optional, one of: %s\n", ids[0], strings.Join(ids, ", "))
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
	case "evacuation":
		ev := s.Evacuation
		if len(ev.Allowed) == 0 {
			return "", fmt.Errorf("%s: the data allows no unit types", s.ID)
		}
		p("name   = \"My army\"\n")
		p("# points = %d  # the scenario's %d per army applies when left out\n", ev.Points, ev.Points)
		p("\n# Infantry only. Types allowed: %s.\n# Refused: %s.\n", strings.Join(ev.Allowed, ", "), strings.Join(ev.Excluded, ", "))
		p("# Profiles and costs come from your own codex: write each unit's points.\n")
		p("\n[[unit]]\nlabel  = \"My first squad\"\ntype   = %q\npoints = 0      # the unit's cost from your codex\n", ev.Allowed[0])
		o := ev.Objective
		var sums []string
		total := 0
		for i, c := range o.Ladder {
			total += c
			sums = append(sums, fmt.Sprintf("+%d costs %d", i+1, total))
		}
		p("\n# The objective marker (the teleportation pod) is Armour %d with %d %s.\n", o.Armour, o.HullPoints, document.Plural(o.HullPoints, "hull point", "hull points"))
		p("# Extra points of each are bought on the ladder: %s.\n", strings.Join(sums, ", "))
		p("[objective]\narmour      = 0  # extra armour, at most +%d (Armour %d)\nhull_points = 0  # extra hull points, at most +%d (%d in all)\n",
			o.MaxArmour-o.Armour, o.MaxArmour, o.MaxHull-o.HullPoints, o.MaxHull)
	case "imperial":
		im := s.Imperial
		if len(im.Training) == 0 || len(im.MoraleClasses) == 0 || len(im.Orders) == 0 {
			return "", fmt.Errorf("%s: the data has no training, morale classes or orders", s.ID)
		}
		p("name   = \"My force\"\n")
		p("# Imperial Mars has no points: the list is checked for organisation.\n\n")
		var ts, cs, os, ws []string
		for _, t := range im.Training {
			ts = append(ts, fmt.Sprintf("%s (%d action points)", t.ID, t.ActionPoints))
		}
		for _, c := range im.MoraleClasses {
			cs = append(cs, fmt.Sprintf("%s (%s)", c.ID, c.Name))
		}
		var order *catalog.IMOrder
		for i, o := range im.Orders {
			d := fmt.Sprintf("%s (%d foot", o.ID, o.Foot)
			if o.Horse > 0 {
				d += fmt.Sprintf(", %d horse", o.Horse)
			}
			os = append(os, d+" a tray)")
			if order == nil && o.Foot > 0 {
				order = &im.Orders[i]
			}
		}
		weapon := ""
		for _, w := range s.Weapons {
			ws = append(ws, w.ID)
			if weapon == "" && len(w.Bands) > 0 {
				weapon = w.ID
			}
		}
		p("# type:     %s\n", strings.Join(imTypes, ", "))
		p("# training: %s\n", strings.Join(ts, ", "))
		p("# morale:   %s\n", strings.Join(cs, ", "))
		p("# order:    %s\n", strings.Join(os, ", "))
		p("# weapon:   %s\n", strings.Join(ws, ", "))
		p("\n[[unit]]\nlabel    = \"1st Company\"\ntype     = %q\ntraining = %q\nmorale   = %q\n", imInfantry, im.Training[0].ID, im.MoraleClasses[len(im.MoraleClasses)/2].ID)
		if order != nil {
			p("figures  = %-8d # a whole number of trays: %d a tray in %s order\norder    = %q\n", order.Foot*6, order.Foot, order.ID, order.ID)
		}
		if weapon != "" {
			p("weapon   = %q\n", weapon)
		}
	}
	return b.String(), nil
}
