package evacuation

import (
	"fmt"
	"slices"

	"github.com/playaid/playaid/catalog"
)

// checkBlock holds an [evacuation] block to what the engine reads:
// the objective marker's values and upgrade ladder, the game-length roll,
// and the scenario rules the objective's card prints.
func checkBlock(c *catalog.BlockCheck, r *Rules) {
	s := c.Sys
	o := r.Objective
	for _, f := range []struct {
		field string
		v     int
	}{{"objective.armour", o.Armour}, {"objective.hull_points", o.HullPoints}, {"objective.max_armour", o.MaxArmour}, {"objective.max_hull_points", o.MaxHull}} {
		c.AtLeast(f.field, f.v, 0, "a marker's armour and hull points")
	}
	if o.Armour > o.MaxArmour && c.Written("objective.max_armour") && !c.Bad("objective.armour") {
		c.Errorf(c.Value("objective.max_armour"), "%s objective.max_armour is %d, below the marker's own armour %d", c.Name(), o.MaxArmour, o.Armour)
	}
	if o.HullPoints > o.MaxHull && c.Written("objective.max_hull_points") && !c.Bad("objective.hull_points") {
		c.Errorf(c.Value("objective.max_hull_points"), "%s objective.max_hull_points is %d, below the marker's own hull points %d", c.Name(), o.MaxHull, o.HullPoints)
	}
	sum, known := 0, !c.Bad("objective.ladder")
	for _, v := range o.Ladder {
		known = known && c.InBound("ladder", v)
		sum += v
	}
	if known && o.LadderTotal != 0 && sum != o.LadderTotal && !c.Bad("objective.ladder_total") {
		c.Errorf(c.Value("objective.ladder_total"), "objective upgrade ladder %v adds up to %d, but the total is printed as %d", o.Ladder, sum, o.LadderTotal)
	}
	var specials []string
	for _, sc := range s.Scenarios {
		for _, sp := range sc.Specials {
			specials = append(specials, sp.Name)
		}
	}
	for i, name := range o.Rules {
		if !slices.Contains(specials, name) {
			c.UnknownRef(c.Value(fmt.Sprintf("objective.rules.%d", i)), "scenario special rule", name, specials)
		}
	}
	gl := r.GameLength
	if c.Bad("game_length") || len(gl.Rounds) == 0 {
		return
	}
	if gl.Die <= 0 {
		c.Errorf(c.Key("game_length"), "%s game_length has rounds but no die; expected die = 6", c.Name())
		return
	}
	for i, rd := range gl.Rounds {
		p := fmt.Sprintf("game_length.round.%d", i)
		if i > 0 && rd.Round <= gl.Rounds[i-1].Round {
			c.Errorf(c.Value(p+".round"), "%s game_length: round %d after round %d; expected increasing rounds", c.Name(), rd.Round, gl.Rounds[i-1].Round)
		}
		c.Face(p+".ends_on", rd.EndsOn, 0, gl.Die)
	}
	if last := gl.Rounds[len(gl.Rounds)-1]; last.EndsOn != gl.Die {
		c.Errorf(c.Value(fmt.Sprintf("game_length.round.%d.ends_on", len(gl.Rounds)-1)), "%s game_length: the game may go on after round %d (it ends on %d of %d faces); the last round must always end it", c.Name(), last.Round, last.EndsOn, gl.Die)
	}
}
