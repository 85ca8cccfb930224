package buildings

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/printnum"
	"github.com/playaid/playaid/rules"
)

// Shot is the shot a Destroying Buildings worked example follows.
type Shot struct {
	Weapon  string // as the example names it
	Power   int
	HeatRay bool   // a Martian Heat Ray: the fire bonus counts
	Type    string // building type id
}

// Example works one shot at a building through the add-on's
// rules until the building is down: the hit, the roll to destroy against
// the Armor, the damaged result, the fire roll against the Fire Rating,
// the first turn's test of a burning building, and the chance the
// building is rubble by the end of that test.
func Example(sys *catalog.System, s Shot) (rules.Table, error) {
	b, die, err := bldRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	bt, err := bldType(sys, b, s.Type)
	if err != nil {
		return rules.Table{}, err
	}
	res, err := Hit(sys, bt.ID, s.Power, s.HeatRay)
	if err != nil {
		return rules.Table{}, err
	}
	d := dice.Die(die)
	bonus := s.Power
	if s.HeatRay {
		bonus += b.HeatRayFireBonus
	}
	fire := d.Greater(bt.Fire - bonus) // the fire roll alone
	intact := new(big.Rat).Sub(big.NewRat(1, 1), res.Destroyed)
	intact.Sub(intact, res.Damaged)
	burnFrom := func(armor int) (*big.Rat, BurnResult, error) {
		burn, err := Burn(sys, armor)
		if err != nil {
			return nil, BurnResult{}, err
		}
		return new(big.Rat).Sub(big.NewRat(1, 1), burn.Standing[0]), burn, nil
	}
	falls, _, err := burnFrom(bt.Armor)
	if err != nil {
		return rules.Table{}, err
	}
	fallsDamaged, _, err := burnFrom(bt.Armor + b.DamagedArmor)
	if err != nil {
		return rules.Table{}, err
	}
	// Rubble by the end of the next turn's test: destroyed at once, or on
	// fire (intact or damaged) and collapsing at the first test.
	down := new(big.Rat).Set(res.Destroyed)
	down.Add(down, new(big.Rat).Mul(new(big.Rat).Mul(intact, fire), falls))
	down.Add(down, new(big.Rat).Mul(new(big.Rat).Mul(res.Damaged, fire), fallsDamaged))

	tw := rules.WordsOf(sys, "example", "weapon", s.Weapon, "power", printnum.Signed(s.Power), "building", bt.Name,
		"die", rules.Itoa(die), "armor", rules.Itoa(bt.Armor), "fire", rules.Itoa(bt.Fire))
	e := rules.NewExample(sys.ID+"-example", tw)
	e.Step("destroy", "destroy_roll", rollText(tw, bt.Armor-s.Power+1, die, res.Destroyed),
		"damage_roll", exactText(tw, bt.Armor-s.Power, die, res.Damaged), "damaged_armor", rules.Itoa(bt.Armor+b.DamagedArmor))
	fireDice := tw.Word("fire_dice")
	if s.HeatRay {
		fireDice = tw.Word("fire_dice_heat_ray", "heat_ray_bonus", printnum.Signed(b.HeatRayFireBonus))
	}
	e.Step("fire", "fire_dice", fireDice, "fire_roll", rollText(tw, bt.Fire-bonus+1, die, fire), "chance", rules.Pct(res.Fire))
	e.Step("burning", "burn_roll", rollText(tw, bt.Armor+1, die, falls), "burnt_armor", rules.Itoa(bt.Armor-b.BurnArmorLoss))
	e.Step("rubble", "now", rules.Pct(res.Destroyed), "later", rules.Pct(down))
	return e.T, tw.Err()
}

// rollText is a roll of n or more on the die and its chance, in the
// example's words: "6+ → 50%", "a 10 → 10%", "any roll → 100%" or "no
// roll" at the ends.
func rollText(tw *rules.Words, n, die int, p *big.Rat) string {
	switch {
	case p.Sign() == 0:
		return tw.Word("no_roll")
	case n <= 1:
		return tw.Word("any_roll", "chance", rules.Pct(p))
	case n == die:
		return tw.Word("roll_of", "n", rules.Itoa(die), "chance", rules.Pct(p))
	}
	return tw.Word("roll_or_more", "n", rules.Itoa(n), "chance", rules.Pct(p))
}

// exactText is a roll of exactly n and its chance: "a 5 → 10%".
func exactText(tw *rules.Words, n, die int, p *big.Rat) string {
	if p.Sign() == 0 || n < 1 || n > die {
		return tw.Word("no_roll")
	}
	return tw.Word("roll_of", "n", rules.Itoa(n), "chance", rules.Pct(p))
}

// ExampleFromData is the example the add-on's sheet prints: the
// data's [buildings.example], its weapon read from the rule set the add-on
// adds to, so its Power is that rule set's. Without the block, the table
// is empty and the sheet prints no example.
func ExampleFromData(sys *catalog.System) (rules.Table, error) {
	b, _, err := bldRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	base, ex := sys.Base, b.Example
	switch {
	case ex.Weapon == "" && ex.Building == "":
		return rules.Table{}, nil // the data asks for no example: the sheet prints none
	case ex.Weapon == "" || ex.Building == "":
		return rules.Table{}, fmt.Errorf("%s: [buildings.example] needs a weapon and a building", sys.ID)
	}
	if base == nil {
		return rules.Table{}, fmt.Errorf("%s: the worked example's weapon %q is the base rule set's, and %s adds to none", sys.ID, ex.Weapon, sys.ID)
	}
	w := base.Weapon(ex.Weapon)
	if w == nil {
		var ids []string
		for _, w := range base.Weapons {
			ids = append(ids, w.ID)
		}
		return rules.Table{}, fmt.Errorf("%s: [buildings.example] weapon %q is not a weapon of %s; expected one of: %s", sys.ID, ex.Weapon, base.ID, strings.Join(ids, ", "))
	}
	return Example(sys, Shot{Weapon: w.Name, Power: w.Power, HeatRay: slices.Contains(b.HeatRays, w.ID), Type: ex.Building})
}
