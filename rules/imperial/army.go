package imperial

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
)

// imperialRules are Imperial Mars's army lists: no points, one unit a
// company or troop, checked for organisation (training, morale class,
// figures on trays by order).
var army = &rules.Army{ListFields: listFields(), UnitFields: unitFields(), KeyHint: keyHint,
	Check: checkList, Starter: starter, Roster: roster, Card: unitCard}

func listFields() []rules.Field { return nil }

func unitFields() []rules.Field {
	return []rules.Field{
		{Key: "label", Kind: rules.TextField, Words: "label"},
		{Key: "type", Kind: rules.TextField, Words: "type"},
		{Key: "training", Kind: rules.TextField, Words: "training"},
		{Key: "morale", Kind: rules.TextField, Words: "morale"},
		{Key: "figures", Kind: rules.NumberField, Words: "figures", Least: 1},
		{Key: "order", Kind: rules.TextField, Words: "order"},
		{Key: "weapon", Kind: rules.TextField, Words: "weapon"},
		{Key: "trays", Kind: rules.NumberField, Words: "trays", Least: 1},
		{Key: "vehicle", Kind: rules.TextField, Words: "vehicle"},
		{Key: "note", Kind: rules.TextField, Words: "note"},
	}
}

func keyHint(key string) string {
	if key == "points" || key == "count" {
		return "; Imperial Mars has no points: write one [[unit]] per company with its figures"
	}
	return ""
}

func starter(s *catalog.System, p func(string, ...any)) error {
	im := RulesOf(s)
	if len(im.Training) == 0 || len(im.MoraleClasses) == 0 || len(im.Orders) == 0 {
		return fmt.Errorf("%s: the data has no training, morale classes or orders", s.ID)
	}
	p("name   = \"My force\"\n")
	if len(s.About.Factions) > 0 {
		p("faction = %q  # one of: %s\n", s.About.Factions[0], rules.Quoted(s.About.Factions))
	}
	p("# Imperial Mars has no points: the list is checked for organisation.\n\n")
	var ts, cs, os, ws []string
	for _, t := range im.Training {
		ts = append(ts, fmt.Sprintf("%s (%d action points)", t.ID, t.ActionPoints))
	}
	for _, c := range im.MoraleClasses {
		cs = append(cs, fmt.Sprintf("%s (%s)", c.ID, c.Name))
	}
	var order *Order
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
	return nil
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
func checkList(c *rules.ListCheck) {
	l, s, im := c.List, c.Sys, RulesOf(c.Sys)
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
		p := rules.UnitPath(i)
		who := c.UnitName(i)
		ln, d := rules.Line{Unit: u, Count: 1, Name: rules.FirstOf(u.Label, u.Str("type"), fmt.Sprintf("Unit %d", i+1))}, &LineData{}
		ln.Extra = d
		typ := strings.ToLower(u.Str("type"))
		switch {
		case u.Str("type") == "":
			c.Errorf(l.Key(p), "%s has no type; expected type = one of: %s", who, strings.Join(imTypes, ", "))
		case !slices.Contains(imTypes, typ):
			c.Unknown(l.Value(p+".type"), who, "type", u.Str("type"), imTypes)
			typ = ""
		default:
			ln.Type = typ
		}

		if u.Str("training") != "" {
			if t := findTraining(im, u.Str("training")); t != nil {
				d.Training, d.ActionPoints = t, t.ActionPoints
			} else {
				c.Unknown(l.Value(p+".training"), who, "training", u.Str("training"), trainIDs)
			}
		} else if troops(typ) {
			c.Errorf(l.Key(p), "%s has no training; its action points come from it: expected training = %s", who, orList(trainText))
		}
		if typ == imOfficer {
			d.ActionPoints = im.OfficerActionPoints // "Officers and Runners have 5 Action Points"
		}

		if u.Str("morale") != "" {
			if m := findClass(im, u.Str("morale")); m != nil {
				d.Class = m
			} else {
				unknownClass(c, l.Value(p+".morale"), who, u.Str("morale"), im)
			}
		} else if troops(typ) {
			c.Errorf(l.Key(p), "%s has no morale class; expected morale = one of: %s", who, classList(im))
		}

		if u.Str("weapon") != "" {
			if w := s.Weapon(u.Str("weapon")); w != nil {
				d.Weapon = w
				c.WeaponFaction(i, w)
				if typ != "" && im.Carries != nil && !slices.Contains(im.Carries[typ], w.Kind) {
					c.Warnf(l.Value(p+".weapon"), "%s: a unit of type %q does not carry the %s (%s); expected a weapon of kind: %s", who, typ, w.Name, w.Kind, rules.FirstOf(strings.Join(im.Carries[typ], ", "), "none"))
				}
			} else {
				c.Unknown(l.Value(p+".weapon"), who, "weapon", u.Str("weapon"), weaponIDs)
			}
		}
		if u.Str("vehicle") != "" {
			if v := findVehicle(im, u.Str("vehicle")); v != nil {
				d.Vehicle = v
				if typ != "" && typ != imVehicle {
					c.Errorf(l.Key(p+".vehicle"), "%s: vehicle = %q is for units of type = \"vehicle\", not %q", who, u.Str("vehicle"), typ)
				}
			} else {
				c.Unknown(l.Value(p+".vehicle"), who, "vehicle", u.Str("vehicle"), vehicleIDs)
			}
		}

		switch {
		case typ == imInfantry || typ == imHorse:
			trays(c, i, d, typ, orderIDs)
		case u.Str("order") != "" && findOrder(im, u.Str("order")) == nil:
			c.Unknown(l.Value(p+".order"), who, "order", u.Str("order"), orderIDs)
		case u.Str("order") != "" && typ != "":
			c.Warnf(l.Key(p+".order"), "%s: order sets the figures per tray of infantry and horse; a unit of type %q takes none, so it is not checked", who, typ)
		}
		if l.Has(p+".figures") && !figuresOK(u) {
			c.Errorf(l.Value(p+".figures"), "%s: figures is %d; expected 1 to %d", who, u.Int("figures"), limits.MaxCount)
		}
		c.AddLine(ln)
	}
	c.Labels()
}

// trays works out the figures per tray from the order, the full trays and
// the figures over, and checks the trays against the most a tray may hold.
func trays(c *rules.ListCheck, i int, d *LineData, typ string, orderIDs []string) {
	l, im := c.List, RulesOf(c.Sys)
	u := l.Units[i]
	p := rules.UnitPath(i)
	who := c.UnitName(i)
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
	if !l.Has(p + ".figures") {
		c.Errorf(l.Key(p), "%s has no figures; write how many figures the unit has, as figures = …", who)
	}
	if u.Str("order") == "" {
		c.Errorf(l.Key(p), "%s has no order; expected order = %s", who, orList(orders))
		return
	}
	o := findOrder(im, u.Str("order"))
	if o == nil {
		c.Unknown(l.Value(p+".order"), who, "order", u.Str("order"), orderIDs)
		return
	}
	d.Order = o
	per := perTray(*o, typ)
	switch {
	case per == 0:
		c.Errorf(l.Value(p+".order"), "%s: %s has no %s order (the figures-per-tray table prints none); expected order = %s", who, typ, o.ID, orList(orders))
		return
	case per > most:
		c.Errorf(l.Value(p+".order"), "%s: %s order puts %d %s figures on a tray, above the most a tray may hold, %d", who, o.ID, per, kind, most)
		return
	}
	d.PerTray = per
	if !figuresOK(u) {
		return
	}
	d.Trays, d.Remainder = u.Int("figures")/per, u.Int("figures")%per
	if d.Remainder > 0 {
		down, up := d.Trays*per, (d.Trays+1)*per
		msg := fmt.Sprintf("%s: %d figures in %s order (%d a tray) make %d full trays and %d %s over; field %d or %d figures, or put the figures over on a tray of their own",
			who, u.Int("figures"), o.ID, per, d.Trays, d.Remainder, rules.Plural(d.Remainder, "figure", "figures"), down, up)
		if down == 0 {
			msg = fmt.Sprintf("%s: %d %s in %s order (%d a tray) %s not fill a tray; field %d figures, or put %s on a tray of %s own",
				who, u.Int("figures"), rules.Plural(u.Int("figures"), "figure", "figures"), o.ID, per, rules.Plural(u.Int("figures"), "does", "do"), up,
				rules.Plural(u.Int("figures"), "it", "them"), rules.Plural(u.Int("figures"), "its", "their"))
		}
		c.Warnf(l.Value(p+".figures"), "%s", msg)
	}
	minShoot := im.Shooting.MinInfantryFigures
	shooters, err := ShootingTrays(c.Sys, typ == imInfantry, d.OnTrays(), nil)
	switch {
	case err != nil:
	case shooters.ThinOrder:
		c.Warnf(l.Value(p+".order"), "%s: %s order puts %d infantry %s on a tray, and infantry trays with fewer than %d figures may not shoot", who, o.ID, per, rules.Plural(per, "figure", "figures"), minShoot)
	case shooters.ThinTray:
		over := " over"
		if d.Trays == 0 {
			over = ""
		}
		c.Warnf(l.Value(p+".figures"), "%s: the tray of %d %s%s cannot shoot (infantry trays with fewer than %d figures may not shoot)", who, d.Remainder, rules.Plural(d.Remainder, "figure", "figures"), over, minShoot)
	}
	if l.Has(p + ".trays") {
		need := d.Trays
		if d.Remainder > 0 {
			need++
		}
		switch {
		case u.Int("trays") < 1 || u.Int("trays") > limits.MaxCount:
			c.Errorf(l.Value(p+".trays"), "%s: trays is %d; expected 1 to %d", who, u.Int("trays"), limits.MaxCount)
		case ceilDiv(u.Int("figures"), u.Int("trays")) > most:
			c.Errorf(l.Value(p+".trays"), "%s: %d figures on %d trays puts %d on a tray; no tray may hold more than %d %s figures (at least %d trays)",
				who, u.Int("figures"), u.Int("trays"), ceilDiv(u.Int("figures"), u.Int("trays")), most, kind, ceilDiv(u.Int("figures"), most))
		case u.Int("trays") != need:
			c.Errorf(l.Value(p+".trays"), "%s: %s order (%d a tray) puts %d figures on %d trays, not %d; write trays = %d or change the order",
				who, o.ID, per, u.Int("figures"), need, u.Int("trays"), need)
		}
	}
}

// figuresOK reports whether a unit's figures are a number to count trays
// by: 1 to limits.MaxCount.
func figuresOK(u rules.Unit) bool {
	return u.Int("figures") >= 1 && u.Int("figures") <= limits.MaxCount
}

// OnTrays is how the unit's figures stand on their trays.
func (d *LineData) OnTrays() Trays {
	return Trays{PerTray: d.PerTray, Full: d.Trays, Remainder: d.Remainder}
}

func perTray(o Order, typ string) int {
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

// byID returns the item whose id is id, or nil.
func byID[T any](items []T, id string, idOf func(*T) string) *T {
	for i := range items {
		if idOf(&items[i]) == id {
			return &items[i]
		}
	}
	return nil
}

func findTraining(im *Rules, id string) *Training {
	return byID(im.Training, id, func(t *Training) string { return t.ID })
}

func findClass(im *Rules, id string) *Class {
	return byID(im.MoraleClasses, id, func(c *Class) string { return c.ID })
}

func findOrder(im *Rules, id string) *Order {
	return byID(im.Orders, id, func(o *Order) string { return o.ID })
}

func findVehicle(im *Rules, id string) *Vehicle {
	return byID(im.Vehicles, id, func(v *Vehicle) string { return v.ID })
}

func classList(im *Rules) string {
	var s []string
	for _, m := range im.MoraleClasses {
		s = append(s, fmt.Sprintf("%s (%s)", m.ID, m.Name))
	}
	return strings.Join(s, ", ")
}

// unknownClass reports a morale class that is not one of the classes. The
// classes are single letters, too short for spelling suggestions: only a
// difference of case is suggested.
func unknownClass(c *rules.ListCheck, pos diag.Pos, who, got string, im *Rules) {
	msg := fmt.Sprintf("%s: unknown morale class %q", who, got)
	for _, m := range im.MoraleClasses {
		if strings.EqualFold(m.ID, got) {
			msg += fmt.Sprintf(" (did you mean %q?)", m.ID)
		}
	}
	c.Errorf(pos, "%s; expected one of: %s", msg, classList(im))
}

// LineData is what the check works out of an Imperial Mars unit (its
// Line.Extra): training and action points, morale class, order and
// trays, weapon and vehicle.
type LineData struct {
	Training     *Training
	Class        *Class
	Order        *Order
	Weapon       *catalog.Weapon
	Vehicle      *Vehicle
	ActionPoints int
	PerTray      int // figures per tray for the order; 0 when trays are not counted
	Trays        int // full trays
	Remainder    int // figures over the full trays
}

// DataOf is what the check worked out of the line; empty for a line of
// another engine.
func DataOf(ln rules.Line) *LineData {
	if d, ok := ln.Extra.(*LineData); ok {
		return d
	}
	return &LineData{}
}
