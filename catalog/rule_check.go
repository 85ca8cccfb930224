package catalog

import (
	"fmt"
	"math"
)

// ruleCheck checks a rule block of a system: the numbers the engine reads
// from it, and the charts and tables it names.
type ruleCheck struct {
	c    *checker
	at   located // where the block stands: "aqotmf"
	name label   // "[aqotmf]"
}

// atLeast reports a rule number written below lo: the engine divides by
// it, or loops until it has made a difference. (One left out is checked
// where it is read: a rule set may do without the rule.)
func (r ruleCheck) atLeast(field string, v, lo int, why string) {
	if v < lo && r.written(field) {
		r.c.errf(r.at.value(field), "%s %s is %d; expected %d or more (%s)", r.name, named(field), v, lo, why)
	}
}

// face reports a rule number that is not a face of the die (lo to die).
func (r ruleCheck) face(field string, v, lo, die int) {
	if (v < lo || v > die) && die > 0 && r.written(field) {
		r.c.errf(r.at.value(field), "%s %s is %d; expected a roll of the d%d, %d–%d", r.name, named(field), v, die, lo, die)
	}
}

// written reports whether the field is written with a value of its type.
func (r ruleCheck) written(field string) bool {
	return r.at.ix != nil && r.at.ix.Has(r.at.path+"."+field) && !r.at.bad(field)
}

// chart and table report a reference to an entry that does not exist;
// required says the engine cannot do without it.
func (r ruleCheck) chart(field, id string, required bool) *Chart {
	ch := r.c.charts[id]
	switch {
	case r.at.bad(field):
	case id == "" && required:
		r.c.errf(r.at.pos(), "%s has no %s; expected the id of a chart", r.name, field)
	case id != "" && ch == nil:
		r.c.unknownRef(r.at.value(field), "chart", id, ids(r.c.s.Charts, func(c Chart) string { return c.ID }))
	}
	return ch
}

func (r ruleCheck) table(field, id string) {
	if id != "" && r.c.s.Table(id) == nil && !r.at.bad(field) {
		r.c.unknownRef(r.at.value(field), "table", id, ids(r.c.s.Tables, func(t Table) string { return t.ID }))
	}
}

func (c *checker) rules(block string) ruleCheck {
	return ruleCheck{c: c, at: c.ld.locs["block/"+c.s.ID+"/"+block], name: label{kind: "[" + block + "]"}}
}

// block returns the check of the system's block that r, one of its
// fields, is.
func (c *checker) block(r any) ruleCheck {
	for _, b := range c.s.Rules.set() {
		if b.v.Interface() == r {
			return c.rules(b.name)
		}
	}
	return ruleCheck{c: c}
}

// checkEngine checks that the system names its engine and that its
// numbers are in that engine's block: the engine reads no other.
func (c *checker) checkEngine() {
	s := c.s
	at, named := c.ld.locs["engine/"+s.ID]
	for _, b := range s.Rules.set() {
		bat := c.rules(b.name).at
		switch {
		case !named && !c.ld.broke[s.ID]:
			c.errf(bat.pos(), "system %s has a [%s] block but names no engine; expected engine = %q in its system.toml, beside system = %q", s.ID, b.name, b.name, s.ID)
		case named && b.name != s.Engine:
			c.errf(bat.pos(), "a [%s] block in system %s, which runs on the %s engine; expected its numbers in [%s]", b.name, s.ID, s.Engine, s.Engine)
		}
	}
	if named && len(s.Rules.set()) == 0 && !c.ld.broke[s.ID] {
		c.errf(at.pos(), "system %s runs on the %s engine but has no [%s] block; expected the engine's numbers there", s.ID, s.Engine, s.Engine)
	}
}

// checkRules checks the system's rule blocks.
func (c *checker) checkRules() {
	die := c.s.About.Die
	if r := c.s.AQotMF; r != nil {
		rc := c.block(r)
		c.checkNumbers(rc.at, rc.name, r)
		rc.atLeast("morale.per_loss", r.Morale.PerLoss, 1, "each element lost must lower the roll")
		rc.atLeast("tripod_damage.per_extra_point", r.TripodDamage.PerExtraPoint, 0, "damage beyond the first point adds to the roll")
		rc.atLeast("tow_cable.fall_modifier", r.TowCable.FallModifier, 0, "a fall adds to the roll")
		for _, f := range []struct {
			field string
			v     int
		}{{"blips.decoy_defense", r.Blips.DecoyDefense}, {"blips.decoy_armor", r.Blips.DecoyArmor}} {
			rc.atLeast(f.field, f.v, 0, "a stat")
		}
		if ch := rc.chart("tripod_damage.chart", r.TripodDamage.Chart, false); ch != nil && (r.TripodDamage.PerExtraPoint > 0 || r.TowCable.FallModifier > 0) {
			c.covers(ch, 1, "it is rolled with modifiers added ([aqotmf] tripod_damage.per_extra_point, tow_cable.fall_modifier)")
		}
		rc.chart("reinforcements.chart", r.Reinforcements.Chart, false)
		if id := r.TripodDamage.Profile; id != "" && !rc.at.bad("tripod_damage.profile") {
			if p := c.profiles[id]; p == nil {
				c.unknownRef(rc.at.value("tripod_damage.profile"), "profile", id, ids(c.s.Profiles, func(p Profile) string { return p.ID }))
			} else {
				c.checkTripod(p, die)
			}
		}
	}
	if r := c.s.Buildings; r != nil {
		rc := c.block(r)
		c.checkNumbers(rc.at, rc.name, r)
		rc.atLeast("burn_armor_loss", r.BurnArmorLoss, 1, "a burning building must lose armour each turn, or it may burn for ever")
		for i, t := range r.Types {
			rc.atLeast(fmt.Sprintf("type.%d.armor", i), t.Armor, 0, "an Armor Rating")
		}
	}
	if r := c.s.Evacuation; r != nil {
		c.checkEvacuation(r)
	}
	if r := c.s.Imperial; r != nil {
		rc := c.block(r)
		c.checkNumbers(rc.at, rc.name, r)
		rc.face("unjam_score", r.UnjamScore, 1, die)
		rc.face("rally.natural", r.Rally.Natural, 0, die)
		rc.face("shooting.always_hits", r.Shooting.AlwaysHits, 0, die)
		rc.atLeast("melee.casualty_per", r.Melee.CasualtyPer, 1, "one casualty for every so many points of difference")
		rc.atLeast("old_ones.second_shot_factor", r.OldOnes.SecondShotFactor, 1, "it multiplies the chance of an overload")
		rc.atLeast("rally.natural_dms", r.Rally.NaturalDMs, 0, "DMs lost")
		// The engine rolls these charts with the rule set's die, the last
		// three with modifiers added that may be anything.
		for _, f := range []struct {
			field, id string
			modified  bool
		}{
			{"officer_risk_chart", r.OfficerRisk, false}, {"artillery.escape_chart", r.Artillery.EscapeChart, false},
			{"morale.chart", r.Morale.Chart, true}, {"rally.chart", r.Rally.Chart, true}, {"pursuit.chart", r.Pursuit.Chart, true},
		} {
			ch := rc.chart(f.field, f.id, false)
			if ch == nil || die <= 0 || c.at("chart", ch.ID).bad("die") {
				continue
			}
			if ch.Die != die {
				c.errf(c.at("chart", ch.ID).value("die"), "chart %q: die is %d, but %s rolls it with the rule set's d%d; expected die = %d", ch.ID, ch.Die, rc.name, die, die)
			} else if f.modified {
				why := fmt.Sprintf("it is rolled with modifiers added (%s %s)", rc.name, f.field)
				c.covers(ch, math.MinInt, why)
			}
		}
		for _, f := range []struct{ field, id string }{
			{"artillery.factors_table", r.Artillery.FactorsTable}, {"artillery.formations_table", r.Artillery.FormationsTable},
			{"artillery.objects_table", r.Artillery.ObjectsTable}, {"artillery.armour_table", r.Artillery.ArmourTable},
			{"flyers.penetration_table", r.Flyers.PenetrationTable},
		} {
			rc.table(f.field, f.id)
		}
	}
}

// checkTripod checks the profile the tripod odds are worked out for
// ([aqotmf] tripod_damage.profile): an attack needs its Defense and
// Armor, a tow cable its Speed, which the rules cover in whole inches
// from 0 to the die's faces ("or a 10 for something with a Speed of 10").
func (c *checker) checkTripod(p *Profile, die int) {
	at := c.at("profile", p.ID)
	why := "the tripod the odds are worked out for ([aqotmf] tripod_damage.profile)"
	if (p.Defense == nil || p.Armor == nil) && !at.bad("defense") && !at.bad("armor") {
		c.errf(at.pos(), "profile %q is %s: it needs defense and armor", p.ID, why)
	}
	in := p.Speed.Inches()
	if whole := math.Round(in); !at.bad("speed") && die > 0 && (math.Abs(in-whole) > 1e-9 || whole > float64(die)) {
		pos := at.value("speed")
		if p.Speed.IsZero() {
			pos = at.pos()
		}
		c.errf(pos, "profile %q is %s: its speed is %s; expected whole inches from 0 to %d, the Speeds the tow cable rules cover", p.ID, why, lengthOrMissing(p.Speed), die)
	}
}

func (c *checker) checkEvacuation(r *EvacRules) {
	rc := c.block(r)
	c.checkNumbers(rc.at, rc.name, r)
	o := r.Objective
	for _, f := range []struct {
		field string
		v     int
	}{{"objective.armour", o.Armour}, {"objective.hull_points", o.HullPoints}, {"objective.max_armour", o.MaxArmour}, {"objective.max_hull_points", o.MaxHull}} {
		rc.atLeast(f.field, f.v, 0, "a marker's armour and hull points")
	}
	if o.Armour > o.MaxArmour && rc.written("objective.max_armour") && !rc.at.bad("objective.armour") {
		c.errf(rc.at.value("objective.max_armour"), "%s objective.max_armour is %d, below the marker's own armour %d", rc.name, o.MaxArmour, o.Armour)
	}
	if o.HullPoints > o.MaxHull && rc.written("objective.max_hull_points") && !rc.at.bad("objective.hull_points") {
		c.errf(rc.at.value("objective.max_hull_points"), "%s objective.max_hull_points is %d, below the marker's own hull points %d", rc.name, o.MaxHull, o.HullPoints)
	}
	sum, known := 0, !rc.at.bad("objective.ladder")
	for _, v := range o.Ladder {
		known = known && inBound("ladder", v)
		sum += v
	}
	if known && o.LadderTotal != 0 && sum != o.LadderTotal && !rc.at.bad("objective.ladder_total") {
		c.errf(rc.at.value("objective.ladder_total"), "objective upgrade ladder %v adds up to %d, but the total is printed as %d", o.Ladder, sum, o.LadderTotal)
	}
	gl := r.GameLength
	if rc.at.bad("game_length") || len(gl.Rounds) == 0 {
		return
	}
	if gl.Die <= 0 {
		c.errf(rc.at.key("game_length"), "%s game_length has rounds but no die; expected die = 6", rc.name)
		return
	}
	for i, rd := range gl.Rounds {
		p := fmt.Sprintf("game_length.round.%d", i)
		if i > 0 && rd.Round <= gl.Rounds[i-1].Round {
			c.errf(rc.at.value(p+".round"), "%s game_length: round %d after round %d; expected increasing rounds", rc.name, rd.Round, gl.Rounds[i-1].Round)
		}
		rc.face(p+".ends_on", rd.EndsOn, 0, gl.Die)
	}
	if last := gl.Rounds[len(gl.Rounds)-1]; last.EndsOn != gl.Die {
		c.errf(rc.at.value(fmt.Sprintf("game_length.round.%d.ends_on", len(gl.Rounds)-1)), "%s game_length: the game may go on after round %d (it ends on %d of %d faces); the last round must always end it", rc.name, last.Round, last.EndsOn, gl.Die)
	}
}

// covers reports the first total from lo up that no row of the chart
// answers to, for a chart rolled with modifiers: lo is 1 when modifiers
// only add, math.MinInt when they may take away too.
func (c *checker) covers(ch *Chart, lo int, why string) {
	if ch.Die <= 0 || len(ch.Rows) == 0 {
		return // reported on the chart
	}
	want := "rows for every total from 1 up, the last open (\"N+\")"
	if lo == math.MinInt {
		want = "rows for every total, the first and last open (\"<=N\", \"N+\")"
	}
	at := c.at("chart", ch.ID)
	prev := -1
	for total := lo; ; {
		i := ch.row(total)
		switch {
		case i < 0 && prev < 0:
			c.errf(at.pos(), "chart %q: no row for the lowest totals, but %s; expected %s", ch.ID, why, want)
			return
		case i < 0:
			c.errf(at.value(fmt.Sprintf("row.%d.roll", prev)), "chart %q: no row for totals above %d, but %s; expected %s", ch.ID, total-1, why, want)
			return
		case ch.Rows[i].Roll.Max == math.MaxInt:
			return
		}
		prev, total = i, ch.Rows[i].Roll.Max+1
	}
}
