package evacuation

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
)

// army is Evacuation: Mars's army lists: the players' own infantry at
// their codex costs, and the objective marker's upgrades.
var army = &rules.Army{Points: true,
	ListFields: listFields(), UnitFields: unitFields(), KeyHint: keyHint,
	Check: checkList, Starter: starter, Roster: roster, Card: unitCard, ExtraCards: extraCards}

func listFields() []rules.Field {
	return []rules.Field{
		{Key: "points", Kind: rules.NumberField, Words: "points", Least: 1},
		{Key: "objective", Kind: rules.TableField, Words: "objective marker", Fields: []rules.Field{
			{Key: "armour", Kind: rules.NumberField, Words: "extra armour"},
			{Key: "hull_points", Kind: rules.NumberField, Words: "extra hull points"},
		}},
	}
}

func unitFields() []rules.Field {
	return []rules.Field{
		{Key: "label", Kind: rules.TextField, Words: "label"},
		{Key: "type", Kind: rules.TextField, Words: "type"},
		{Key: "points", Kind: rules.NumberField, Words: "points"},
		{Key: "count", Kind: rules.NumberField, Words: "count", Least: 1},
		{Key: "note", Kind: rules.TextField, Words: "note"},
	}
}

func keyHint(key string) string {
	if key == "id" {
		return "; Evacuation: Mars has no unit catalogue: write the unit's label, type and points from your codex"
	}
	return ""
}

func starter(s *catalog.System, p func(string, ...any)) error {
	ev := RulesOf(s)
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
	p("\n# The objective marker (the teleportation pod) is Armour %d with %d %s.\n", o.Armour, o.HullPoints, rules.Plural(o.HullPoints, "hull point", "hull points"))
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

// Pod is the priced objective upgrade of a list (its Report.Extra).
type Pod struct {
	Armour, Hull         int // extra points bought
	ArmourCost, HullCost int
	TotalArmour, TotalHP int // the marker's values with the upgrades
}

// Cost is what the upgrades cost together.
func (p *Pod) Cost() int { return p.ArmourCost + p.HullCost }

// PodOf is the list's priced objective upgrades; nil when it has none.
func PodOf(r *rules.Report) *Pod {
	p, _ := r.Extra.(*Pod)
	return p
}

// checkList prices an Evacuation: Mars list: the players' own units at their
// codex costs, infantry only, plus the objective marker's upgrades,
// within the rule set's points per army unless the list sets its own.
func checkList(c *rules.ListCheck) {
	l, ev := c.List, RulesOf(c.Sys)
	short := c.Sys.About.Short
	for i, u := range l.Units {
		p := rules.UnitPath(i)
		typ := u.Str("type")
		ln := rules.Line{Unit: u, Count: c.Count(i), Name: rules.FirstOf(u.Label, typ, fmt.Sprintf("Unit %d", i+1))}
		who := c.UnitName(i)
		switch {
		case !l.Has(p + ".type"):
			c.Errorf(l.Key(p), "%s has no type; %s armies are infantry only: expected type = one of: %s", who, short, strings.Join(ev.Allowed, ", "))
		case findNorm(ev.Allowed, typ) != "":
			ln.Type = findNorm(ev.Allowed, typ)
		case findNorm(ev.Excluded, typ) != "":
			c.Errorf(l.Value(p+".type"), "%s: type %q is refused: %s armies are infantry only (no %s); expected one of: %s",
				who, typ, short, strings.Join(ev.Excluded, ", "), strings.Join(ev.Allowed, ", "))
		default:
			c.Unknown(l.Value(p+".type"), who, "type", typ, ev.Allowed)
		}
		switch pts := u.Int("points"); {
		case !l.Has(p + ".points"):
			c.Errorf(l.Key(p), "%s has no points; write the unit's cost from your codex as points = …", who)
		case pts < 0:
			c.Errorf(l.Value(p+".points"), "%s: points is %d; expected the unit's cost from your codex, 0 or more", who, pts)
		case pts > limits.MaxPoints:
			c.Errorf(l.Value(p+".points"), "%s: points is %d; expected the unit's cost from your codex, at most %d", who, pts, limits.MaxPoints)
		default:
			ln.Each = pts
			ln.Cost = int64(ln.Count) * int64(pts)
		}
		c.AddLine(ln)
	}
	pod := pod(c)
	c.Report.Extra = pod
	if pod != nil {
		c.Report.Used += int64(pod.Cost())
	}
	c.Report.Limit = int64(ev.Points)
	if lim := c.LimitPoints(fmt.Sprintf("the limit the list is built to (%d per army in %s), or leave points out", ev.Points, short)); lim > 0 {
		c.Report.Limit = int64(lim)
		if lim > ev.Points {
			c.Warnf(l.Value("points"), "points = %d is above the %d per army of %s; everyone at the table must agree to it", lim, ev.Points, short)
		}
	}
	c.Labels()
	c.Limit("the units and the objective upgrades", "units or upgrades", true)
}

// pod prices the objective marker's extra armour and hull points by the
// ladder (10 for the first point, 20 for the second …), within the most
// that may be bought.
func pod(c *rules.ListCheck) *Pod {
	ob := RulesOf(c.Sys).Objective
	pod := &Pod{TotalArmour: ob.Armour, TotalHP: ob.HullPoints}
	o := c.List.Values.Table("objective")
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
			c.Errorf(c.List.Value("objective."+key), "objective: %s is %d; expected the extra points bought, 0 to %d (%s %d to %d)", key, extra, maxExtra, what, base, base+maxExtra)
			return false
		case extra > maxExtra:
			c.Errorf(c.List.Value("objective."+key), "objective: %s +%d would make %s %d, above the most that can be bought, +%d (%s %d); expected 0 to %d",
				key, extra, what, base+extra, maxExtra, what, base+maxExtra, maxExtra)
			return false
		}
		return true
	}
	// The ladder's prices are ObjectiveCost's, which the reference
	// sheet's upgrade table prints too.
	armour, hull := o.Int("armour"), o.Int("hull_points")
	if inRange("armour", "armour", armour, ob.Armour, ob.MaxArmour) {
		cost, err := ObjectiveCost(c.Sys, armour, 0)
		if err == nil {
			pod.Armour, pod.ArmourCost, pod.TotalArmour = armour, cost, ob.Armour+armour
		}
	}
	if inRange("hull_points", "hull points", hull, ob.HullPoints, ob.MaxHull) {
		cost, err := ObjectiveCost(c.Sys, 0, hull)
		if err == nil {
			pod.Hull, pod.HullCost, pod.TotalHP = hull, cost, ob.HullPoints+hull
		}
	}
	return pod
}
