package aqotmf

import (
	"fmt"
	"math"

	"github.com/playaid/playaid/catalog"
)

// checkBlock holds an [aqotmf] block to what the engine reads of it:
// numbers it divides or loops by, the charts, tables, profile and marker
// it names, the special abilities' lines, and the scenarios' game length
// against the reinforcements' first test.
func checkBlock(c *catalog.BlockCheck, r *Rules) {
	s := c.Sys
	die := s.About.Die
	c.AtLeast("morale.per_loss", r.Morale.PerLoss, 1, "each element lost must lower the roll")
	c.AtLeast("tripod_damage.per_extra_point", r.TripodDamage.PerExtraPoint, 0, "damage beyond the first point adds to the roll")
	c.AtLeast("tow_cable.fall_modifier", r.TowCable.FallModifier, 0, "a fall adds to the roll")
	for _, f := range []struct {
		field string
		v     int
	}{{"blips.decoy_defense", r.Blips.DecoyDefense}, {"blips.decoy_armor", r.Blips.DecoyArmor}} {
		c.AtLeast(f.field, f.v, 0, "a stat")
	}
	if ch := c.Chart("tripod_damage.chart", r.TripodDamage.Chart, false); ch != nil && (r.TripodDamage.PerExtraPoint > 0 || r.TowCable.FallModifier > 0) {
		c.Covers(ch, 1, "it is rolled with modifiers added ([aqotmf] tripod_damage.per_extra_point, tow_cable.fall_modifier)")
	}
	c.Chart("reinforcements.chart", r.Reinforcements.Chart, false)
	if id := r.TripodDamage.Profile; id != "" && !c.Bad("tripod_damage.profile") {
		if p := s.Profile(id); p == nil {
			c.UnknownRef(c.Value("tripod_damage.profile"), "profile", id, catalog.IDs(s.Profiles, func(p catalog.Profile) string { return p.ID }))
		} else {
			checkTripod(c, p, die)
		}
	}
	if r.Blips.Rule != "" && s.Table(r.Blips.Rule) == nil {
		c.UnknownRef(c.Value("blips.rule"), "table", r.Blips.Rule, catalog.IDs(s.Tables, func(t catalog.Table) string { return t.ID }))
	}
	if r.DugIn.Marker != "" {
		c.Marker("dug_in.marker", r.DugIn.Marker)
	}
	checkAQSpecials(c, r)
	for _, sc := range s.Scenarios {
		reinforced := false
		for _, side := range sc.Sides {
			for _, f := range side.Forces {
				reinforced = reinforced || f.Reinforcement
			}
		}
		at := c.Entry("scenario", sc.ID)
		if reinforced && sc.Turns < r.Reinforcements.FromTurn && !at.Bad("turns") && c.InBound("turns", sc.Turns) {
			pos := at.Value("turns")
			if sc.Turns == 0 {
				pos = at.Pos()
			}
			c.Errorf(pos, "scenario %s holds units back as reinforcements, which test from turn %d ([aqotmf.reinforcements] from_turn), but the game lasts %d turns; expected turns = %d or more", sc.ID, r.Reinforcements.FromTurn, sc.Turns, r.Reinforcements.FromTurn)
		}
	}
}

// checkTripod checks the profile the tripod odds are worked out for
// ([aqotmf] tripod_damage.profile): an attack needs its Defense and
// Armor, a tow cable its Speed, which the rules cover in whole inches
// from 0 to the die's faces ("or a 10 for something with a Speed of 10").
func checkTripod(c *catalog.BlockCheck, p *catalog.Profile, die int) {
	at := c.Entry("profile", p.ID)
	why := "the tripod the odds are worked out for ([aqotmf] tripod_damage.profile)"
	if (p.Defense == nil || p.Armor == nil) && !at.Bad("defense") && !at.Bad("armor") {
		c.Errorf(at.Pos(), "profile %q is %s: it needs defense and armor", p.ID, why)
	}
	in := p.Speed.Inches()
	if whole := math.Round(in); !at.Bad("speed") && die > 0 && (math.Abs(in-whole) > 1e-9 || whole > float64(die)) {
		pos := at.Value("speed")
		if p.Speed.IsZero() {
			pos = at.Pos()
		}
		c.Errorf(pos, "profile %q is %s: its speed is %s; expected whole inches from 0 to %d, the Speeds the tow cable rules cover", p.ID, why, catalog.LengthOrMissing(p.Speed), die)
	}
}

// checkAQSpecials checks the names the unit cards read from the block:
// each line of [[aqotmf.special]] names a special ability some profile or
// weapon lists (a misspelt name would leave the cards without it and no
// one the wiser), and gives its line.
func checkAQSpecials(c *catalog.BlockCheck, r *Rules) {
	s := c.Sys
	var names []string
	add := func(specials []string) {
		for _, sp := range specials {
			if a := s.Ability(sp); !containsNorm(names, a.Name) {
				names = append(names, a.Name)
			}
		}
	}
	for _, p := range s.Profiles {
		add(p.Specials)
	}
	for _, w := range s.Weapons {
		add(w.Specials)
	}
	for i, sp := range r.Specials {
		switch {
		case !containsNorm(names, sp.Name):
			c.UnknownRef(c.Value(fmt.Sprintf("special.%d.name", i)), "special ability", sp.Name, names)
		case sp.Short == "":
			c.Errorf(c.Value(fmt.Sprintf("special.%d.name", i)), "special %q has no short; expected short = \"…\", the rule in a line for unit cards", sp.Name)
		}
	}
}

func containsNorm(list []string, name string) bool {
	for _, x := range list {
		if catalog.NormName(x) == catalog.NormName(name) {
			return true
		}
	}
	return false
}
