package army

import (
	"fmt"
	"sort"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/internal/printnum"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/imperial"
)

// imperialRules are Imperial Mars's army lists: no points, one unit a
// company or troop, checked for organisation (training, morale class,
// figures on trays by order).
type imperialRules struct{}

func (imperialRules) engine() *rules.Engine { return imperial.Engine }
func (imperialRules) points() bool          { return false }
func (imperialRules) listKeys() []string    { return []string{} }
func (imperialRules) unitKeys() []string {
	return []string{"type", "training", "morale", "figures", "order", "weapon", "vehicle", "trays"}
}
func (imperialRules) keyHint(key string) string {
	if key == "points" || key == "count" {
		return "; Imperial Mars has no points: write one [[unit]] per company with its figures"
	}
	return ""
}

func (imperialRules) check(c *checker)                          { c.imperial() }
func (imperialRules) roster(ro *Roster, r *Report, g *glossary) { ro.imperial(r, g) }
func (imperialRules) card(r *Report, ln Line) (card, error)     { return imCard(r, ln) }
func (imperialRules) extraCards(*Report) []card                 { return nil }

func (imperialRules) starter(s *catalog.System, p func(string, ...any)) error {
	im := imperial.RulesOf(s)
	if len(im.Training) == 0 || len(im.MoraleClasses) == 0 || len(im.Orders) == 0 {
		return fmt.Errorf("%s: the data has no training, morale classes or orders", s.ID)
	}
	p("name   = \"My force\"\n")
	if len(s.About.Factions) > 0 {
		p("faction = %q  # one of: %s\n", s.About.Factions[0], quoted(s.About.Factions))
	}
	p("# Imperial Mars has no points: the list is checked for organisation.\n\n")
	var ts, cs, os, ws []string
	for _, t := range im.Training {
		ts = append(ts, fmt.Sprintf("%s (%d action points)", t.ID, t.ActionPoints))
	}
	for _, c := range im.MoraleClasses {
		cs = append(cs, fmt.Sprintf("%s (%s)", c.ID, c.Name))
	}
	var order *imperial.Order
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
func (c *checker) imperial() {
	l, s, im := c.l, c.s, imperial.RulesOf(c.s)
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
				c.weaponFaction(i, w)
				if typ != "" && im.Carries != nil && !contains(im.Carries[typ], w.Kind) {
					c.warnf(c.l.value(p+".weapon"), "%s: a unit of type %q does not carry the %s (%s); expected a weapon of kind: %s", who, typ, w.Name, w.Kind, firstOf(strings.Join(im.Carries[typ], ", "), "none"))
				}
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
		if l.has(p+".figures") && !figuresOK(u) {
			c.errf(c.l.value(p+".figures"), "%s: figures is %d; expected 1 to %d", who, u.Figures, limits.MaxCount)
		}
		c.r.Lines = append(c.r.Lines, ln)
	}
	c.labels()
}

// trays works out the figures per tray from the order, the full trays and
// the figures over, and checks the trays against the most a tray may hold.
func (c *checker) trays(i int, ln *Line, typ string, orderIDs []string) {
	l, im := c.l, imperial.RulesOf(c.s)
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
	if !figuresOK(u) {
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
	shooters, err := imperial.ShootingTrays(c.s, typ == imInfantry, ln.trays(), nil)
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
		case u.Trays < 1 || u.Trays > limits.MaxCount:
			c.errf(c.l.value(p+".trays"), "%s: trays is %d; expected 1 to %d", who, u.Trays, limits.MaxCount)
		case ceilDiv(u.Figures, u.Trays) > most:
			c.errf(c.l.value(p+".trays"), "%s: %d figures on %d trays puts %d on a tray; no tray may hold more than %d %s figures (at least %d trays)",
				who, u.Figures, u.Trays, ceilDiv(u.Figures, u.Trays), most, kind, ceilDiv(u.Figures, most))
		case u.Trays != need:
			c.errf(c.l.value(p+".trays"), "%s: %s order (%d a tray) puts %d figures on %d trays, not %d; write trays = %d or change the order",
				who, o.ID, per, u.Figures, need, u.Trays, need)
		}
	}
}

// figuresOK reports whether a unit's figures are a number to count trays
// by: 1 to limits.MaxCount.
func figuresOK(u Unit) bool { return u.Figures >= 1 && u.Figures <= limits.MaxCount }

// trays is how the line's figures stand on their trays.
func (ln Line) trays() imperial.Trays {
	return imperial.Trays{PerTray: ln.PerTray, Full: ln.Trays, Remainder: ln.Remainder}
}

func perTray(o imperial.Order, typ string) int {
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

func findTraining(im *imperial.Rules, id string) *imperial.Training {
	return byID(im.Training, id, func(t *imperial.Training) string { return t.ID })
}

func findClass(im *imperial.Rules, id string) *imperial.Class {
	return byID(im.MoraleClasses, id, func(c *imperial.Class) string { return c.ID })
}

func findOrder(im *imperial.Rules, id string) *imperial.Order {
	return byID(im.Orders, id, func(o *imperial.Order) string { return o.ID })
}

func findVehicle(im *imperial.Rules, id string) *imperial.Vehicle {
	return byID(im.Vehicles, id, func(v *imperial.Vehicle) string { return v.ID })
}

func classList(im *imperial.Rules) string {
	var s []string
	for _, m := range im.MoraleClasses {
		s = append(s, fmt.Sprintf("%s (%s)", m.ID, m.Name))
	}
	return strings.Join(s, ", ")
}

// unknownClass reports a morale class that is not one of the classes. The
// classes are single letters, too short for spelling suggestions: only a
// difference of case is suggested.
func (c *checker) unknownClass(pos diag.Pos, who, got string, im *imperial.Rules) {
	msg := fmt.Sprintf("%s: unknown morale class %q", who, got)
	for _, m := range im.MoraleClasses {
		if strings.EqualFold(m.ID, got) {
			msg += fmt.Sprintf(" (did you mean %q?)", m.ID)
		}
	}
	c.errf(pos, "%s; expected one of: %s", msg, classList(im))
}

func (ro *Roster) imperial(r *Report, g *glossary) {
	s := r.System
	im := imperial.RulesOf(s)
	ro.ArmyNotes = g.refs("army", "organisation")
	var trainings, classes, orders []string
	kinds := map[string]bool{}
	for i, ln := range r.Lines {
		u := ln.Unit
		rl := RosterLine{N: i + 1, Name: document.Esc(ln.Name), Type: document.Esc(firstOf(ln.Type, u.Type)), Count: 1, ActionPoints: ln.ActionPoints, Figures: u.Figures}
		if t := ln.Training; t != nil {
			rl.Training = document.Esc(t.Name)
			if !contains(trainings, t.ID) {
				trainings = append(trainings, t.ID)
			}
		}
		if c := ln.Class; c != nil {
			rl.Morale = document.Esc(c.ID)
			if !contains(classes, c.ID) {
				classes = append(classes, c.ID)
			}
		}
		if o := ln.Order; o != nil {
			rl.Order = document.Esc(o.Name)
			if !contains(orders, o.ID) {
				orders = append(orders, o.ID)
			}
		}
		if ln.PerTray > 0 && u.Figures > 0 {
			rl.Trays = fmt.Sprintf("%d × %d", ln.Trays, ln.PerTray)
			if ln.Remainder > 0 {
				rl.Trays += fmt.Sprintf(" + 1 × %d", ln.Remainder)
			}
		}
		if w := ln.Weapon; w != nil {
			rl.Weapon = document.Esc(w.Name)
			g.imWeapon(w)
			kinds[w.Kind] = true
		}
		if v := ln.Vehicle; v != nil {
			rl.Vehicle = document.Esc(v.Name)
			rl.Weapon = firstOf(rl.Weapon, document.Esc(v.Weapons))
			if g.once("vehicle/" + v.ID) {
				// The rulings on vehicles (their Morale effect, ±V on the
				// morale table) marked on the Morale they explain.
				g.rule(v.Name+" ("+v.Title+")", document.Esc(fmt.Sprintf("Movement %s, Armour %s, Morale %+d", v.Movement, v.Armour, v.Morale))+g.refs(v.ID, "vehicles")+
					document.Esc(fmt.Sprintf(", SDL %d, THL %d, BDL %d. Weapons: %s.", v.SDL, v.THL, v.BDL, v.Weapons)))
			}
		}
		kinds[ln.Type] = true
		ro.Lines = append(ro.Lines, rl)
	}
	var parts []string
	for _, t := range im.Training {
		if contains(trainings, t.ID) {
			parts = append(parts, fmt.Sprintf("%s %d", t.Name, t.ActionPoints))
		}
	}
	if kinds[imOfficer] {
		parts = append(parts, fmt.Sprintf("officers and runners %d", im.OfficerActionPoints))
	}
	if len(parts) > 0 {
		g.rule("Action points a turn", document.Esc(strings.Join(parts, ", ")+"."))
	}
	parts = nil
	for _, c := range im.MoraleClasses {
		if contains(classes, c.ID) {
			parts = append(parts, fmt.Sprintf("%s = %s", c.ID, c.Name))
		}
	}
	if len(parts) > 0 {
		g.rule("Morale classes", document.Esc(strings.Join(parts, ", ")+"."))
	}
	parts = nil
	for _, o := range im.Orders {
		if contains(orders, o.ID) {
			p := fmt.Sprintf("%s: %d foot", o.Name, o.Foot)
			if o.Horse > 0 {
				p += fmt.Sprintf(" or %d horse", o.Horse)
			}
			parts = append(parts, p+" a tray")
		}
	}
	if len(parts) > 0 {
		g.rule("Figures per tray", document.Esc(fmt.Sprintf("%s. No tray may ever hold more than %d foot or %d mounted figures.", strings.Join(parts, "; "), im.MaxFootPerTray, im.MaxMountedPerTray)))
	}
	// The seed's rules that bear on what the list fields, as the data's
	// [[imperial.roster]] names them.
	var want []string
	for _, ro := range im.Roster {
		if ro.For == "any" || kinds[ro.For] {
			want = append(want, ro.Rules...)
		}
	}
	for _, name := range want {
		for _, ru := range im.Rules {
			if ru.Name == name {
				g.rule(ru.Name, document.Esc(ru.Text))
			}
		}
	}
}

func (g *glossary) imWeapon(w *catalog.Weapon) {
	if !g.once("weapon/" + w.ID) {
		return
	}
	row := WeaponRow{Name: document.Esc(w.Name) + g.refs(w.ID), Range: "–", Power: "–", Specials: "–"}
	for _, b := range w.Bands {
		row.Bands = append(row.Bands, fmt.Sprintf("%s %s: %d", document.Esc(b.Name), document.Inch(b.Range), b.Factor))
	}
	if len(row.Bands) > 0 {
		row.Range = strings.Join(row.Bands, "; ")
	} else if !w.Range.IsZero() {
		row.Range = document.Inch(w.Range)
	}
	var extra []string
	if w.Trays > 0 {
		extra = append(extra, fmt.Sprintf("fires as %d trays", w.Trays))
	}
	if len(w.Jam) > 0 {
		var js []string
		for _, j := range w.Jam {
			js = append(js, fmt.Sprint(j))
		}
		extra = append(extra, "jams on "+strings.Join(js, "/"))
	}
	if w.Setting > 0 {
		extra = append(extra, fmt.Sprintf("setting %d", w.Setting))
	}
	if w.Note != "" {
		extra = append(extra, document.Esc(w.Note))
	}
	row.Extra = strings.Join(extra, "; ")
	if row.Extra != "" {
		row.Specials = row.Extra
	}
	g.weapons = append(g.weapons, row)
}

func imCard(r *Report, ln Line) (card, error) {
	s := r.System
	c := card{title: ln.Name, corner: firstOf(ln.Type, ln.Unit.Type)}
	var sub []string
	if t := ln.Training; t != nil {
		sub = append(sub, fmt.Sprintf("%s, %d AP", t.Name, ln.ActionPoints))
	} else if ln.ActionPoints > 0 {
		sub = append(sub, fmt.Sprintf("%d AP", ln.ActionPoints))
	}
	if m := ln.Class; m != nil {
		sub = append(sub, fmt.Sprintf("Morale %s (%s)", m.ID, m.Name))
	}
	c.sub = strings.Join(sub, " · ")
	u := ln.Unit
	if ln.Order != nil && ln.PerTray > 0 {
		org := fmt.Sprintf("%d figures in %s: %d trays of %d", u.Figures, ln.Order.Name, ln.Trays, ln.PerTray)
		if ln.Remainder > 0 {
			org += fmt.Sprintf(" and 1 of %d", ln.Remainder)
		}
		c.parts = append(c.parts, part{head: "Organisation", text: org + "."})
	} else if u.Figures > 0 {
		c.parts = append(c.parts, part{head: "Organisation", text: fmt.Sprintf("%d %s.", u.Figures, document.Plural(u.Figures, "figure", "figures"))})
	}
	if v := ln.Vehicle; v != nil {
		c.parts = append(c.parts, part{head: v.Name, rows: [][]string{
			{"Movement", document.Inch(v.Movement)}, {"Armour", v.Armour}, {"Morale effect", printnum.Signed(v.Morale)},
			{"SDL / THL / BDL", fmt.Sprintf("%d / %d / %d", v.SDL, v.THL, v.BDL)},
		}, text: ""})
		if v.Weapons != "" {
			c.parts = append(c.parts, part{text: "Weapons: " + v.Weapons + "."})
		}
		odds, err := imperial.VehicleDamage(s, v.ID)
		if err != nil {
			return c, err
		}
		c.parts = append(c.parts, part{head: "Odds", rows: [][]string{
			{"Penetrated: out of action", document.Pct(odds.OutOfAction)},
			{"Breakdown test: breaks down", document.Pct(odds.Breakdown)},
		}})
	}
	if w := ln.Weapon; w != nil {
		shooters, err := imperial.ShootingTrays(s, ln.Type == imInfantry, ln.trays(), w)
		if err != nil {
			return c, err
		}
		trays := shooters.Trays
		wp := part{head: w.Name}
		if trays > maxOddsTrays {
			wp.text = fmt.Sprintf("%d trays: too many to work out the odds of.", trays)
		} else if len(w.Bands) > 0 && trays > 0 {
			wp.rows = append(wp.rows, []string{fmt.Sprintf("Factor alone, %d %s", trays, document.Plural(trays, "tray", "trays")), "1 hit", "2 hits", "Mean"})
			wp.bold = append(wp.bold, true)
			for _, b := range w.Bands {
				res, err := imperial.Shoot(s, b.Factor, trays)
				if err != nil {
					return c, err
				}
				two := "–"
				if res.PerTray[2].Sign() > 0 {
					two = document.Pct(res.PerTray[2])
				}
				wp.rows = append(wp.rows, []string{fmt.Sprintf("%s to %s: %s", b.Name, document.Inch(b.Range), printnum.Signed(b.Factor)), document.Pct(res.PerTray[1]), two, res.Hits.Mean().FloatString(1)})
				wp.bold = append(wp.bold, false)
			}
		} else if !w.Range.IsZero() {
			wp.text = "Range " + document.Inch(w.Range) + "."
		}
		c.parts = append(c.parts, wp)
		if len(w.Bands) > 0 && trays > 0 && trays <= maxOddsTrays {
			c.parts = append(c.parts, part{text: "A tray's chances with the weapon's factor only: add the tactical factors for the row."})
		}
		if len(w.Jam) > 0 {
			jams, err := imperial.MGJam(s, w.ID)
			if err != nil {
				return c, err
			}
			var js []string
			for i, j := range jams {
				js = append(js, fmt.Sprintf("round %d: %s", i+1, document.Pct(j)))
			}
			row := "Jams " + strings.Join(js, ", ")
			if un, err := imperial.Unjam(s); err == nil {
				row += "; clears " + document.Pct(un)
			}
			c.parts = append(c.parts, part{text: row + "."})
		}
		if w.Setting > 0 {
			one, err := imperial.Overload(s, w.Setting, false)
			if err != nil {
				return c, err
			}
			two, err := imperial.Overload(s, w.Setting, true)
			if err != nil {
				return c, err
			}
			c.parts = append(c.parts, part{text: fmt.Sprintf("Overload: %s a tray, %s on a second shot in the turn.", document.Pct(one), document.Pct(two))})
		}
	}
	if ln.Type == imOfficer {
		risk, err := imperial.OfficerRisk(s)
		if err != nil {
			return c, err
		}
		p := part{head: "Risk to officers", text: "When his unit takes casualties:"}
		if ch := s.Chart(imperial.RulesOf(s).OfficerRisk); ch != nil && ch.Die > 0 {
			p.text = fmt.Sprintf("When his unit takes casualties, roll 1d%d:", ch.Die)
		}
		for _, o := range risk.Outcomes {
			res, _, _ := strings.Cut(o.Result, ";")
			p.rows = append(p.rows, []string{o.Roll + ": " + res, document.Pct(o.P)})
		}
		c.parts = append(c.parts, p)
	}
	if u.Note != "" {
		c.parts = append(c.parts, part{head: "Note", text: document.OneLine(u.Note)})
	}
	c.tracks = imTracks(s, ln)
	return c, nil
}

// imTracks are an Imperial Mars unit's tracks: a box for each figure,
// tray by tray, to strike as casualties fall; a vehicle's small-arms hits
// up to its Threshold Hits Level; and the Disruption Markers a unit of
// troops holds, each box named by the morale state it brings.
func imTracks(s *catalog.System, ln Line) []track {
	var out []track
	if f := ln.Unit.Figures; f > 0 {
		out = append(out, track{label: "Figures lost", boxes: make([]string, min(f, maxTrackBoxes)), group: ln.PerTray})
	}
	if v := ln.Vehicle; v != nil && v.THL > 0 {
		out = append(out, track{label: "Hits (THL)", boxes: make([]string, min(v.THL, maxTrackBoxes))})
	}
	if !troops(ln.Type) {
		return out
	}
	if t := s.Table(imperial.RulesOf(s).Morale.States); t != nil {
		dms := track{label: "DMs", group: 2} // two lines of two: the states' names are long
		for _, row := range t.Rows {
			if len(row) >= 2 && row[0] != "0" {
				dms.boxes = append(dms.boxes, row[0]+" "+row[1])
			}
		}
		if len(dms.boxes) > 0 {
			out = append(out, dms)
		}
	}
	return out
}

// maxTrackBoxes bounds a track: a company of hundreds of figures gets the
// first ones (a card has room for no more).
const maxTrackBoxes = 60
