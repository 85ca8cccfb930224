package army

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/evacuation"
)

// evacuationRules are Evacuation: Mars's army lists: the players' own
// infantry at their codex costs, and the objective marker's upgrades.
type evacuationRules struct{}

func (evacuationRules) engine() *rules.Engine { return evacuation.Engine }
func (evacuationRules) points() bool          { return true }
func (evacuationRules) listKeys() []string    { return []string{"points", "objective"} }
func (evacuationRules) unitKeys() []string    { return []string{"count", "points", "type"} }
func (evacuationRules) keyHint(key string) string {
	if key == "id" {
		return "; Evacuation: Mars has no unit catalogue: write the unit's label, type and points from your codex"
	}
	return ""
}

func (evacuationRules) check(c *checker)                          { c.evacuation() }
func (evacuationRules) roster(ro *Roster, r *Report, g *glossary) { ro.evacuation(r, g) }
func (evacuationRules) card(_ *Report, ln Line) (card, error)     { return evacCard(ln), nil }

// extraCards is the objective marker's card, with its upgrades.
func (evacuationRules) extraCards(r *Report) []card {
	if r.Pod == nil {
		return nil
	}
	return []card{podCard(r)}
}

func (evacuationRules) starter(s *catalog.System, p func(string, ...any)) error {
	ev := evacuation.RulesOf(s)
	if len(ev.Allowed) == 0 {
		return fmt.Errorf("%s: the data allows no unit types", s.ID)
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
	return nil
}

func findNorm(list []string, t string) string {
	for _, x := range list {
		if catalog.NormName(x) == catalog.NormName(t) {
			return x
		}
	}
	return ""
}

// evacuation prices an Evacuation: Mars list: the players' own units at
// their codex costs, infantry only, plus the objective marker's upgrades,
// within the rule set's points per army unless the list sets its own.
func (c *checker) evacuation() {
	l, ev := c.l, evacuation.RulesOf(c.s)
	for i, u := range l.Units {
		p := unitPath(i)
		ln := Line{Unit: u, Count: c.count(i), Name: firstOf(u.Label, u.Type, fmt.Sprintf("Unit %d", i+1))}
		who := c.unitName(i)
		switch {
		case !l.has(p + ".type"):
			c.errf(c.l.key(p), "%s has no type; %s armies are infantry only: expected type = one of: %s", who, c.s.About.Short, strings.Join(ev.Allowed, ", "))
		case findNorm(ev.Allowed, u.Type) != "":
			ln.Type = findNorm(ev.Allowed, u.Type)
		case findNorm(ev.Excluded, u.Type) != "":
			c.errf(c.l.value(p+".type"), "%s: type %q is refused: %s armies are infantry only (no %s); expected one of: %s",
				who, u.Type, c.s.About.Short, strings.Join(ev.Excluded, ", "), strings.Join(ev.Allowed, ", "))
		default:
			c.unknown(c.l.value(p+".type"), who, "type", u.Type, ev.Allowed)
		}
		switch {
		case !l.has(p + ".points"):
			c.errf(c.l.key(p), "%s has no points; write the unit's cost from your codex as points = …", who)
		case u.Points < 0:
			c.errf(c.l.value(p+".points"), "%s: points is %d; expected the unit's cost from your codex, 0 or more", who, u.Points)
		case u.Points > limits.MaxPoints:
			c.errf(c.l.value(p+".points"), "%s: points is %d; expected the unit's cost from your codex, at most %d", who, u.Points, limits.MaxPoints)
		default:
			ln.Each = u.Points
			ln.Cost = int64(ln.Count) * int64(u.Points)
		}
		c.r.Lines = append(c.r.Lines, ln)
		c.r.Used += ln.Cost
	}
	c.r.Pod = c.pod()
	if c.r.Pod != nil {
		c.r.Used += int64(c.r.Pod.Cost())
	}
	c.r.Limit = int64(ev.Points)
	if lim := c.limitPoints(fmt.Sprintf("the limit the list is built to (%d per army in %s), or leave points out", ev.Points, c.s.About.Short)); lim > 0 {
		c.r.Limit = int64(lim)
		if lim > ev.Points {
			c.warnf(c.l.value("points"), "points = %d is above the %d per army of %s; everyone at the table must agree to it", lim, ev.Points, c.s.About.Short)
		}
	}
	c.labels()
	c.limit("the units and the objective upgrades", "units or upgrades", true)
}

// pod prices the objective marker's extra armour and hull points by the
// ladder (10 for the first point, 20 for the second …), within the most
// that may be bought.
func (c *checker) pod() *Pod {
	ob := evacuation.RulesOf(c.s).Objective
	pod := &Pod{TotalArmour: ob.Armour, TotalHP: ob.HullPoints}
	o := c.l.Objective
	if o == nil {
		return pod
	}
	// inRange checks an upgrade against the most that may be bought.
	inRange := func(key, what string, extra, base, most int) bool {
		maxExtra := most - base
		if maxExtra > len(ob.Ladder) {
			maxExtra = len(ob.Ladder) // the ladder prices no more
		}
		switch {
		case extra < 0:
			c.errf(c.l.value("objective."+key), "objective: %s is %d; expected the extra points bought, 0 to %d (%s %d to %d)", key, extra, maxExtra, what, base, base+maxExtra)
			return false
		case extra > maxExtra:
			c.errf(c.l.value("objective."+key), "objective: %s +%d would make %s %d, above the most that can be bought, +%d (%s %d); expected 0 to %d",
				key, extra, what, base+extra, maxExtra, what, base+maxExtra, maxExtra)
			return false
		}
		return true
	}
	// The ladder's prices come from package rules, which the reference
	// sheet's upgrade table prints too.
	if inRange("armour", "armour", o.Armour, ob.Armour, ob.MaxArmour) {
		cost, err := evacuation.ObjectiveCost(c.s, o.Armour, 0)
		if err == nil {
			pod.Armour, pod.ArmourCost, pod.TotalArmour = o.Armour, cost, ob.Armour+o.Armour
		}
	}
	if inRange("hull_points", "hull points", o.HullPoints, ob.HullPoints, ob.MaxHull) {
		cost, err := evacuation.ObjectiveCost(c.s, 0, o.HullPoints)
		if err == nil {
			pod.Hull, pod.HullCost, pod.TotalHP = o.HullPoints, cost, ob.HullPoints+o.HullPoints
		}
	}
	return pod
}

func (ro *Roster) evacuation(r *Report, g *glossary) {
	ev := evacuation.RulesOf(r.System)
	for i, ln := range r.Lines {
		ro.Lines = append(ro.Lines, RosterLine{N: i + 1, Name: document.Esc(ln.Name), Type: document.Esc(firstOf(ln.Type, ln.Unit.Type)), Count: ln.Count, Each: ln.Each, Cost: ln.Cost})
	}
	ro.Pod = r.Pod
	ro.PodArmour, ro.PodHull = ev.Objective.Armour, ev.Objective.HullPoints
	ro.PodMaxArmour, ro.PodMaxHull = ev.Objective.MaxArmour, ev.Objective.MaxHull
	var ladder []string
	for _, v := range ev.Objective.Ladder {
		ladder = append(ladder, fmt.Sprint(v))
	}
	ro.Ladder = strings.Join(ladder, ", ")
	ro.Allowed = document.Esc(strings.Join(ev.Allowed, ", "))
	ro.Excluded = document.Esc(strings.Join(ev.Excluded, ", "))
	ro.ArmyNotes = g.refs("army", "points")
	ro.PodNotes = g.refsExcept([]string{"army", "points"}, "objective", "ladder")
	for _, sp := range ev.Specials {
		g.rule(sp.Name, document.Esc(sp.Text))
	}
}

func evacCard(ln Line) card {
	c := card{title: ln.Name, corner: fmt.Sprintf("%d pts", ln.Each), sub: firstOf(ln.Type, ln.Unit.Type)}
	c.parts = append(c.parts, part{head: "Profile and wargear", text: "Write them in from your codex.", writeOn: 5})
	if ln.Unit.Note != "" {
		c.parts = append(c.parts, part{head: "Note", text: document.OneLine(ln.Unit.Note)})
	}
	return c
}

// podCard is the objective marker's card: which pod it is on the table
// map, its Armour and hull points as tracks to strike, and the scenario's
// rules about it, each in a line.
func podCard(r *Report) card {
	ev := evacuation.RulesOf(r.System)
	p := r.Pod
	c := card{title: "Teleportation pod", corner: fmt.Sprintf("%d pts", p.Cost()), sub: "the objective marker · Pod ____ · player " + cardBlank + cardBlank}
	if pod, player := mapPod(r); pod != "" {
		c.title, c.sub = pod, "the teleportation pod · "+player
	}
	c.parts = append(c.parts, part{head: "Values", rows: [][]string{
		{"", "Base", "Bought", "Total"},
		{"Armour", fmt.Sprint(ev.Objective.Armour), fmt.Sprintf("+%d", p.Armour), fmt.Sprint(p.TotalArmour)},
		{"Hull points", fmt.Sprint(ev.Objective.HullPoints), fmt.Sprintf("+%d", p.Hull), fmt.Sprint(p.TotalHP)},
	}, bold: []bool{true}})
	// The scenario's rules about the marker, as [evacuation.objective]
	// rules names them.
	for _, sc := range r.System.Scenarios {
		for _, sp := range sc.Specials {
			if slices.Contains(ev.Objective.Rules, sp.Name) {
				c.parts = append(c.parts, part{head: sp.Name, text: document.OneLine(firstOf(sp.Short, sp.Text))})
			}
		}
	}
	armour := track{label: "Armour"}
	for v := p.TotalArmour; v >= 1; v-- {
		armour.boxes = append(armour.boxes, fmt.Sprint(v))
	}
	c.tracks = []track{armour, {label: "Hull points", boxes: make([]string, p.TotalHP)}}
	return c
}

// mapPod finds the list's pod on its scenario's table map: the objective
// of the side its player plays ("Pod 1" of "Player 1"). The list's own
// scenario counts, else the rule set's only one.
func mapPod(r *Report) (pod, player string) {
	s, l := r.System, r.List
	sc := s.Scenario(l.Scenario)
	if sc == nil && len(s.Scenarios) == 1 {
		sc = &s.Scenarios[0]
	}
	side := firstOf(l.Side, l.Player)
	if sc == nil || sc.Map == nil || side == "" {
		return "", ""
	}
	for _, f := range sc.Map.Features {
		if k := s.MapKind(f.Kind); k != nil && k.Style == "objective" && f.Label != "" && strings.EqualFold(f.Side, side) {
			return f.Label, f.Side
		}
	}
	return "", ""
}
