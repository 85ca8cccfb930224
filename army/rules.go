package army

import (
	"fmt"
	"sort"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/rules"
)

// aqotmf prices an All Quiet on the Martian Front list: every unit is a
// catalogue entry; a unit entry costs count × the entry's points.
func (c *checker) aqotmf() {
	l, s := c.l, c.s
	ids := make([]string, len(s.Units))
	for i, u := range s.Units {
		ids[i] = u.ID
	}
	sort.Strings(ids)
	for i, u := range l.Units {
		p := unitPath(i)
		ln := Line{Unit: u, Count: c.count(i)}
		switch e := s.Unit(u.ID); {
		case u.ID == "":
			c.errf(c.l.key(p), "%s has no id; expected id = one of the %s units: %s", c.unitName(i), s.About.Short, strings.Join(ids, ", "))
		case e == nil:
			c.unknown(c.l.value(p+".id"), c.unitName(i), "unit id", u.ID, ids)
		default:
			ln.Entry, ln.Type, ln.Each = e, e.Type, e.Points
			ln.Cost = ln.Count * e.Points
			if l.has(p+".points") && u.Points != ln.Cost {
				c.errf(c.l.value(p+".points"), "%s: points = %d, but %d × %s costs %d × %d = %d; write points = %d or leave points out",
					c.unitName(i), u.Points, ln.Count, e.ID, ln.Count, e.Points, ln.Cost, ln.Cost)
			}
		}
		ln.Name = firstOf(u.Label, entryName(ln.Entry), u.ID, fmt.Sprintf("Unit %d", i+1))
		if u.Ambush && u.Reinforcement {
			c.warnf(c.l.key(p+".reinforcement"), "%s is both in ambush and a reinforcement; the rules describe them apart (an ambusher is placed from its terrain, a reinforcement enters later from a table edge) — keep one", c.unitName(i))
		}
		c.r.Lines = append(c.r.Lines, ln)
		c.r.Used += ln.Cost
	}
	c.r.Limit = l.Points
	if l.has("points") && l.Points <= 0 {
		c.errf(c.l.value("points"), "points is %d; expected the limit the list is built to (1 or more), or leave points out for no limit", l.Points)
		c.r.Limit = 0
	}
	c.labels()
	c.limit("the units", "units")
}

func entryName(e *catalog.Unit) string {
	if e == nil {
		return ""
	}
	return e.Name
}

func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// labels warns when two units share a label: the roster and the cards
// could not tell them apart.
func (c *checker) labels() {
	first := map[string]int{}
	for i, u := range c.l.Units {
		if u.Label == "" {
			continue
		}
		if j, dup := first[u.Label]; dup {
			c.warnf(c.l.value(unitPath(i)+".label"), "%s has the same label as unit %d; give each unit its own label so the roster tells them apart", c.unitName(i), j+1)
			continue
		}
		first[u.Label] = i
	}
}

// norm spells a unit type for comparison: lower case, hyphens and
// underscores as spaces, a plural last word made singular ("Drop-Pods" is
// "drop pod").
func norm(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	t = strings.NewReplacer("-", " ", "_", " ").Replace(t)
	t = strings.Join(strings.Fields(t), " ")
	if len(t) > 3 && strings.HasSuffix(t, "s") && !strings.HasSuffix(t, "ss") {
		t = t[:len(t)-1]
	}
	return t
}

func findNorm(list []string, t string) string {
	for _, x := range list {
		if norm(x) == norm(t) {
			return x
		}
	}
	return ""
}

// evacuation prices an Evacuation: Mars list: the players' own units at
// their codex costs, infantry only, plus the objective marker's upgrades,
// within the rule set's points per army unless the list sets its own.
func (c *checker) evacuation() {
	l, ev := c.l, c.s.Evacuation
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
		case u.Points > maxPoints:
			c.errf(c.l.value(p+".points"), "%s: points is %d; expected the unit's cost from your codex, at most %d", who, u.Points, maxPoints)
		default:
			ln.Each = u.Points
			ln.Cost = ln.Count * u.Points
		}
		c.r.Lines = append(c.r.Lines, ln)
		c.r.Used += ln.Cost
	}
	c.r.Pod = c.pod()
	if c.r.Pod != nil {
		c.r.Used += c.r.Pod.Cost()
	}
	c.r.Limit = ev.Points
	if l.has("points") {
		switch {
		case l.Points <= 0:
			c.errf(c.l.value("points"), "points is %d; expected the limit the list is built to (%d per army in %s), or leave points out", l.Points, ev.Points, c.s.About.Short)
		default:
			c.r.Limit = l.Points
			if l.Points > ev.Points {
				c.warnf(c.l.value("points"), "points = %d is above the %d per army of %s; everyone at the table must agree to it", l.Points, ev.Points, c.s.About.Short)
			}
		}
	}
	c.labels()
	c.limit("the units and the objective upgrades", "units or upgrades")
}

// pod prices the objective marker's extra armour and hull points by the
// ladder (10 for the first point, 20 for the second …), within the most
// that may be bought.
func (c *checker) pod() *Pod {
	ob := c.s.Evacuation.Objective
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
		cost, err := rules.ObjectiveCost(c.s, o.Armour, 0)
		if err == nil {
			pod.Armour, pod.ArmourCost, pod.TotalArmour = o.Armour, cost, ob.Armour+o.Armour
		}
	}
	if inRange("hull_points", "hull points", o.HullPoints, ob.HullPoints, ob.MaxHull) {
		cost, err := rules.ObjectiveCost(c.s, 0, o.HullPoints)
		if err == nil {
			pod.Hull, pod.HullCost, pod.TotalHP = o.HullPoints, cost, ob.HullPoints+o.HullPoints
		}
	}
	return pod
}

// The unit types an Imperial Mars list knows. They decide which checks
// apply: the numbers of those checks all come from the catalogue.
const (
	imInfantry  = "infantry"
	imHorse     = "horse"
	imArtillery = "artillery"
	imVehicle   = "vehicle"
	imOfficer   = "officer"
)

var imTypes = []string{imInfantry, imHorse, imArtillery, imVehicle, imOfficer}

// troops are the types that need a training (for their action points) and
// a morale class.
func troops(t string) bool { return t == imInfantry || t == imHorse || t == imArtillery }

// imperial checks an Imperial Mars list for organisation: there are no
// points. Training gives the action points, the order the figures per tray.
func (c *checker) imperial() {
	l, s, im := c.l, c.s, c.s.Imperial
	trainIDs, orderIDs := []string{}, []string{}
	var trainText []string
	for _, t := range im.Training {
		trainIDs = append(trainIDs, t.ID)
		trainText = append(trainText, fmt.Sprintf("%s (%d action points)", t.ID, t.ActionPoints))
	}
	for _, o := range im.Orders {
		orderIDs = append(orderIDs, o.ID)
	}
	weaponIDs := make([]string, len(s.Weapons))
	for i, w := range s.Weapons {
		weaponIDs[i] = w.ID
	}
	sort.Strings(weaponIDs)
	vehicleIDs := make([]string, len(im.Vehicles))
	for i, v := range im.Vehicles {
		vehicleIDs[i] = v.ID
	}
	for i, u := range l.Units {
		p := unitPath(i)
		who := c.unitName(i)
		ln := Line{Unit: u, Count: 1, Name: firstOf(u.Label, u.Type, fmt.Sprintf("Unit %d", i+1))}
		typ := strings.ToLower(u.Type)
		switch {
		case u.Type == "":
			c.errf(c.l.key(p), "%s has no type; expected type = one of: %s", who, strings.Join(imTypes, ", "))
		case !contains(imTypes, typ):
			c.unknown(c.l.value(p+".type"), who, "type", u.Type, imTypes)
			typ = ""
		default:
			ln.Type = typ
		}

		if u.Training != "" {
			if t := findTraining(im, u.Training); t != nil {
				ln.Training, ln.ActionPoints = t, t.ActionPoints
			} else {
				c.unknown(c.l.value(p+".training"), who, "training", u.Training, trainIDs)
			}
		} else if troops(typ) {
			c.errf(c.l.key(p), "%s has no training; its action points come from it: expected training = %s", who, orList(trainText))
		}
		if typ == imOfficer {
			ln.ActionPoints = im.OfficerActionPoints // "Officers and Runners have 5 Action Points"
		}

		if u.Morale != "" {
			if m := findClass(im, u.Morale); m != nil {
				ln.Class = m
			} else {
				c.unknownClass(c.l.value(p+".morale"), who, u.Morale, im)
			}
		} else if troops(typ) {
			c.errf(c.l.key(p), "%s has no morale class; expected morale = one of: %s", who, classList(im))
		}

		if u.Weapon != "" {
			if w := s.Weapon(u.Weapon); w != nil {
				ln.Weapon = w
			} else {
				c.unknown(c.l.value(p+".weapon"), who, "weapon", u.Weapon, weaponIDs)
			}
		}
		if u.Vehicle != "" {
			if v := findVehicle(im, u.Vehicle); v != nil {
				ln.Vehicle = v
				if typ != "" && typ != imVehicle {
					c.errf(c.l.key(p+".vehicle"), "%s: vehicle = %q is for units of type = \"vehicle\", not %q", who, u.Vehicle, typ)
				}
			} else {
				c.unknown(c.l.value(p+".vehicle"), who, "vehicle", u.Vehicle, vehicleIDs)
			}
		}

		switch {
		case typ == imInfantry || typ == imHorse:
			c.trays(i, &ln, typ, orderIDs)
		case u.Order != "" && findOrder(im, u.Order) == nil:
			c.unknown(c.l.value(p+".order"), who, "order", u.Order, orderIDs)
		case u.Order != "" && typ != "":
			c.warnf(c.l.key(p+".order"), "%s: order sets the figures per tray of infantry and horse; a unit of type %q takes none, so it is not checked", who, typ)
		}
		if l.has(p+".figures") && u.Figures < 1 {
			c.errf(c.l.value(p+".figures"), "%s: figures is %d; expected 1 or more", who, u.Figures)
		}
		c.r.Lines = append(c.r.Lines, ln)
	}
	c.labels()
}

// trays works out the figures per tray from the order, the full trays and
// the figures over, and checks the trays against the most a tray may hold.
func (c *checker) trays(i int, ln *Line, typ string, orderIDs []string) {
	l, im := c.l, c.s.Imperial
	u := l.Units[i]
	p := unitPath(i)
	who := c.unitName(i)
	most, kind := im.MaxFootPerTray, "foot"
	if typ == imHorse {
		most, kind = im.MaxMountedPerTray, "mounted"
	}
	var orders []string
	for _, o := range im.Orders {
		if n := perTray(o, typ); n > 0 {
			orders = append(orders, fmt.Sprintf("%s (%d a tray)", o.ID, n))
		}
	}
	if !l.has(p + ".figures") {
		c.errf(c.l.key(p), "%s has no figures; write how many figures the unit has, as figures = …", who)
	}
	if u.Order == "" {
		c.errf(c.l.key(p), "%s has no order; expected order = %s", who, orList(orders))
		return
	}
	o := findOrder(im, u.Order)
	if o == nil {
		c.unknown(c.l.value(p+".order"), who, "order", u.Order, orderIDs)
		return
	}
	ln.Order = o
	per := perTray(*o, typ)
	switch {
	case per == 0:
		c.errf(c.l.value(p+".order"), "%s: %s has no %s order (the figures-per-tray table prints none); expected order = %s", who, typ, o.ID, orList(orders))
		return
	case per > most:
		c.errf(c.l.value(p+".order"), "%s: %s order puts %d %s figures on a tray, above the most a tray may hold, %d", who, o.ID, per, kind, most)
		return
	}
	ln.PerTray = per
	if u.Figures < 1 {
		return
	}
	ln.Trays, ln.Remainder = u.Figures/per, u.Figures%per
	if ln.Remainder > 0 {
		down, up := ln.Trays*per, (ln.Trays+1)*per
		msg := fmt.Sprintf("%s: %d figures in %s order (%d a tray) make %d full trays and %d %s over; field %d or %d figures, or put the figures over on a tray of their own",
			who, u.Figures, o.ID, per, ln.Trays, ln.Remainder, document.Plural(ln.Remainder, "figure", "figures"), down, up)
		if down == 0 {
			msg = fmt.Sprintf("%s: %d %s in %s order (%d a tray) %s not fill a tray; field %d figures, or put %s on a tray of %s own",
				who, u.Figures, document.Plural(u.Figures, "figure", "figures"), o.ID, per, document.Plural(u.Figures, "does", "do"), up,
				document.Plural(u.Figures, "it", "them"), document.Plural(u.Figures, "its", "their"))
		}
		c.warnf(c.l.value(p+".figures"), "%s", msg)
	}
	minShoot := im.Shooting.MinInfantryFigures
	shooters, err := rules.IMShootingTrays(c.s, typ == imInfantry, ln.trays(), nil)
	switch {
	case err != nil:
	case shooters.ThinOrder:
		c.warnf(c.l.value(p+".order"), "%s: %s order puts %d infantry %s on a tray, and infantry trays with fewer than %d figures may not shoot", who, o.ID, per, document.Plural(per, "figure", "figures"), minShoot)
	case shooters.ThinTray:
		over := " over"
		if ln.Trays == 0 {
			over = ""
		}
		c.warnf(c.l.value(p+".figures"), "%s: the tray of %d %s%s cannot shoot (infantry trays with fewer than %d figures may not shoot)", who, ln.Remainder, document.Plural(ln.Remainder, "figure", "figures"), over, minShoot)
	}
	if l.has(p + ".trays") {
		need := ln.Trays
		if ln.Remainder > 0 {
			need++
		}
		switch {
		case u.Trays < 1:
			c.errf(c.l.value(p+".trays"), "%s: trays is %d; expected 1 or more", who, u.Trays)
		case ceilDiv(u.Figures, u.Trays) > most:
			c.errf(c.l.value(p+".trays"), "%s: %d figures on %d trays puts %d on a tray; no tray may hold more than %d %s figures (at least %d trays)",
				who, u.Figures, u.Trays, ceilDiv(u.Figures, u.Trays), most, kind, ceilDiv(u.Figures, most))
		case u.Trays != need:
			c.errf(c.l.value(p+".trays"), "%s: %s order (%d a tray) puts %d figures on %d trays, not %d; write trays = %d or change the order",
				who, o.ID, per, u.Figures, need, u.Trays, need)
		}
	}
}

// trays is how the line's figures stand on their trays.
func (ln Line) trays() rules.IMTrays {
	return rules.IMTrays{PerTray: ln.PerTray, Full: ln.Trays, Remainder: ln.Remainder}
}

func perTray(o catalog.IMOrder, typ string) int {
	if typ == imHorse {
		return o.Horse
	}
	return o.Foot
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// orList joins "a, b or c".
func orList(s []string) string {
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

func findTraining(im *catalog.IMRules, id string) *catalog.IMTraining {
	for i := range im.Training {
		if im.Training[i].ID == id {
			return &im.Training[i]
		}
	}
	return nil
}

func findClass(im *catalog.IMRules, id string) *catalog.IMClass {
	for i := range im.MoraleClasses {
		if im.MoraleClasses[i].ID == id {
			return &im.MoraleClasses[i]
		}
	}
	return nil
}

func findOrder(im *catalog.IMRules, id string) *catalog.IMOrder {
	for i := range im.Orders {
		if im.Orders[i].ID == id {
			return &im.Orders[i]
		}
	}
	return nil
}

func findVehicle(im *catalog.IMRules, id string) *catalog.IMVehicle {
	for i := range im.Vehicles {
		if im.Vehicles[i].ID == id {
			return &im.Vehicles[i]
		}
	}
	return nil
}

func classList(im *catalog.IMRules) string {
	var s []string
	for _, m := range im.MoraleClasses {
		s = append(s, fmt.Sprintf("%s (%s)", m.ID, m.Name))
	}
	return strings.Join(s, ", ")
}

// unknownClass reports a morale class that is not one of the classes. The
// classes are single letters, too short for spelling suggestions: only a
// difference of case is suggested.
func (c *checker) unknownClass(pos diag.Pos, who, got string, im *catalog.IMRules) {
	msg := fmt.Sprintf("%s: unknown morale class %q", who, got)
	for _, m := range im.MoraleClasses {
		if strings.EqualFold(m.ID, got) {
			msg += fmt.Sprintf(" (did you mean %q?)", m.ID)
		}
	}
	c.errf(pos, "%s; expected one of: %s", msg, classList(im))
}
