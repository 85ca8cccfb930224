package imperial

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// checkBlock holds an [imperial] block to what the engine reads: the
// scores on the die, the numbers it divides or multiplies by, the charts
// (rolled with the rule set's die) and tables it names, and the rules the
// roster prints.
func checkBlock(c *catalog.BlockCheck, r *Rules) {
	s := c.Sys
	die := s.About.Die
	c.Face("unjam_score", r.UnjamScore, 1, die)
	c.Face("rally.natural", r.Rally.Natural, 0, die)
	c.Face("shooting.always_hits", r.Shooting.AlwaysHits, 0, die)
	c.AtLeast("melee.casualty_per", r.Melee.CasualtyPer, 1, "one casualty for every so many points of difference")
	c.AtLeast("old_ones.second_shot_factor", r.OldOnes.SecondShotFactor, 1, "it multiplies the chance of an overload")
	c.AtLeast("rally.natural_dms", r.Rally.NaturalDMs, 0, "DMs lost")
	// The engine rolls these charts with the rule set's die, the last
	// three with modifiers added that may be anything.
	for _, f := range []struct {
		field, id string
		modified  bool
	}{
		{"officer_risk_chart", r.OfficerRisk, false}, {"artillery.escape_chart", r.Artillery.EscapeChart, false},
		{"morale.chart", r.Morale.Chart, true}, {"rally.chart", r.Rally.Chart, true}, {"pursuit.chart", r.Pursuit.Chart, true},
	} {
		ch := c.Chart(f.field, f.id, false)
		if ch == nil || die <= 0 || c.Entry("chart", ch.ID).Bad("die") {
			continue
		}
		if ch.Die != die {
			c.Errorf(c.Entry("chart", ch.ID).Value("die"), "chart %q: die is %d, but %s rolls it with the rule set's d%d; expected die = %d", ch.ID, ch.Die, c.Name(), die, die)
		} else if f.modified {
			why := fmt.Sprintf("it is rolled with modifiers added (%s %s)", c.Name(), f.field)
			c.Covers(ch, math.MinInt, why)
		}
	}
	for _, f := range []struct{ field, id string }{
		{"artillery.factors_table", r.Artillery.FactorsTable}, {"artillery.formations_table", r.Artillery.FormationsTable},
		{"artillery.objects_table", r.Artillery.ObjectsTable}, {"artillery.armour_table", r.Artillery.ArmourTable},
		{"flyers.penetration_table", r.Flyers.PenetrationTable}, {"morale.states", r.Morale.States},
	} {
		c.Table(f.field, f.id)
	}
	for _, m := range []struct {
		field string
		mods  Modifiers
	}{{"morale.modifiers", r.Morale.Modifiers}, {"rally.modifiers", r.Rally.Modifiers}, {"pursuit.modifiers", r.Pursuit.Modifiers}} {
		c.Table(m.field+".table", m.mods.Table)
		t := s.Table(m.mods.Table)
		if t == nil {
			continue
		}
		var rows []string
		for _, row := range t.Rows {
			if len(row) > 0 {
				rows = append(rows, strings.TrimSpace(row[0]))
			}
		}
		for _, k := range []struct {
			key   string
			names []string
		}{{"one_of", m.mods.OneOf}, {"each", m.mods.Each}} {
			for i, name := range k.names {
				if !slices.Contains(rows, name) {
					c.Errorf(c.Value(fmt.Sprintf("%s.%s.%d", m.field, k.key, i)), "%s.%s: table %q has no row %q; expected one of: %s", m.field, k.key, t.ID, name, strings.Join(rows, ", "))
				}
			}
		}
	}
	var names []string
	for _, ru := range r.Rules {
		names = append(names, ru.Name)
	}
	for i, ro := range r.Roster {
		for j, name := range ro.Rules {
			if !slices.Contains(names, name) {
				c.UnknownRef(c.Value(fmt.Sprintf("roster.%d.rules.%d", i, j)), "rule", name, names)
			}
		}
	}
}
