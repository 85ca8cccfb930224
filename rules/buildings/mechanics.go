package buildings

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
)

// Destroying Buildings (an AQotMF add-on): the roll to destroy, fire and
// burning. Every number comes from the [buildings] block of the data.

// bldMaxTests bounds a burning building's tests: armour falls by at least
// a point a turn, so no real building comes near it.
const bldMaxTests = 1000

// bldRules returns the add-on's numbers and its die.
func bldRules(sys *catalog.System) (*Rules, int, error) {
	if sys == nil {
		return nil, 0, fmt.Errorf("buildings: no rule set given")
	}
	if RulesOf(sys) == nil {
		return nil, 0, fmt.Errorf("%s: no [buildings] block in the data", sys.ID)
	}
	if sys.About.Die <= 0 {
		return nil, 0, fmt.Errorf("%s: [about] has no die", sys.ID)
	}
	return RulesOf(sys), sys.About.Die, nil
}

// bldType returns the building type with the id, or an error listing the
// valid ids.
func bldType(sys *catalog.System, b *Rules, id string) (*BuildingType, error) {
	if t := b.Type(id); t != nil {
		return t, nil
	}
	ids := make([]string, len(b.Types))
	for i, t := range b.Types {
		ids[i] = t.ID
	}
	return nil, fmt.Errorf("%s: unknown building type %q; expected one of: %s", sys.ID, id, strings.Join(ids, ", "))
}

// HitResult is the outcome of one hit on a building.
type HitResult struct {
	Destroyed *big.Rat // die + Power exceeds the armour: it collapses into rubble
	Damaged   *big.Rat // die + Power exactly matches the armour: armour -1
	Fire      *big.Rat // it is left standing (damaged or not) and on fire
}

// Hit computes one hit on an undamaged building of the type: a die
// plus the weapon's Power above the Armor Rating destroys it, exactly equal
// damages it. A building hit but not destroyed rolls again for fire: a die
// plus Power (plus the heat-ray bonus for a Martian Heat Ray) above the
// Fire Rating sets it on fire. Fire is the chance of both: standing and
// burning.
func Hit(sys *catalog.System, typeID string, power int, heatRay bool) (HitResult, error) {
	b, die, err := bldRules(sys)
	if err != nil {
		return HitResult{}, err
	}
	bt, err := bldType(sys, b, typeID)
	if err != nil {
		return HitResult{}, err
	}
	if err := rules.CheckScore("Power", power); err != nil {
		return HitResult{}, err
	}
	roll := dice.Add(dice.Die(die), dice.Const(power))
	res := HitResult{Destroyed: roll.Greater(bt.Armor), Damaged: roll.Prob(bt.Armor)}
	fireRoll := roll
	if heatRay {
		fireRoll = dice.Add(roll, dice.Const(b.HeatRayFireBonus))
	}
	standing := new(big.Rat).Sub(big.NewRat(1, 1), res.Destroyed)
	res.Fire = standing.Mul(standing, fireRoll.Greater(bt.Fire))
	return res, nil
}

// BurnResult is the fate of a burning building.
type BurnResult struct {
	// Standing[t] is the chance it still stands after test t+1; the last
	// value is 0, the test no building survives.
	Standing      []*big.Rat
	ExpectedTests *big.Rat // the mean number of tests, the collapsing one included
}

// Burn follows a burning building of the armour through its tests at the
// start of each turn: a die above the armour collapses it, otherwise it
// loses burn_armor_loss points of armour, until it collapses.
func Burn(sys *catalog.System, armor int) (BurnResult, error) {
	b, die, err := bldRules(sys)
	if err != nil {
		return BurnResult{}, err
	}
	if err := rules.CheckRange("burning building: armour", armor, 0, limits.MaxStat); err != nil {
		return BurnResult{}, err
	}
	if b.BurnArmorLoss <= 0 {
		return BurnResult{}, fmt.Errorf("%s: burn_armor_loss is %d; a building that never loses armour may burn for ever", sys.ID, b.BurnArmorLoss)
	}
	const collapsed = math.MinInt
	chain := dice.Chain{
		Step: func(a int) dice.Dist {
			return dice.Map(dice.Die(die), func(r int) int {
				if r > a {
					return collapsed
				}
				return a - b.BurnArmorLoss
			})
		},
		Absorbing: func(s int) bool { return s == collapsed },
	}
	start := dice.Const(armor)
	var res BurnResult
	state := start
	for t := 1; ; t++ {
		if t > bldMaxTests {
			return BurnResult{}, fmt.Errorf("burning building: still standing after %d tests", bldMaxTests)
		}
		state = chain.After(state, 1)
		standing := new(big.Rat).Sub(big.NewRat(1, 1), chain.Absorbed(state))
		res.Standing = append(res.Standing, standing)
		if standing.Sign() == 0 {
			break
		}
	}
	res.ExpectedTests, err = chain.ExpectedSteps(start, len(res.Standing))
	if err != nil {
		return BurnResult{}, err
	}
	return res, nil
}

// HitTable gives, for each building type and each Power from –
// to +3, the chance one hit destroys, damages, or leaves it standing and on
// fire — without and with the Martian Heat Ray's fire bonus.
func HitTable(sys *catalog.System) (rules.Table, error) {
	b, die, err := bldRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	powers, rays, err := bldPowers(sys, b)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "hit", "die", rules.Itoa(die), "damaged_armor", rules.Plus(b.DamagedArmor), "heat_ray_bonus", rules.Plus(b.HeatRayFireBonus))
	t := rules.Table{ID: "buildings-hit", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns(), Notes: w.Notes(), Blank: w.Word("blank")}
	if slices.Contains(powers, 0) {
		t.Dash = w.Word("dash") // the Power of none, rules.PowerLabel
	}
	for _, bt := range b.Types {
		for _, p := range powers {
			plain, err := Hit(sys, bt.ID, p, false)
			if err != nil {
				return rules.Table{}, err
			}
			ray := rules.Impossible // no Heat Ray has this Power
			if slices.Contains(rays, p) {
				r, err := Hit(sys, bt.ID, p, true)
				if err != nil {
					return rules.Table{}, err
				}
				ray = rules.Prob(r.Fire)
			}
			t.Rows = append(t.Rows, rules.Row{
				Label: w.Word("row", "building", bt.Name, "armor", rules.Itoa(bt.Armor), "fire", rules.Itoa(bt.Fire), "power", rules.PowerLabel(p)),
				Cells: []rules.Cell{rules.Prob(plain.Destroyed), rules.Prob(plain.Damaged), rules.Prob(plain.Fire), ray},
			})
		}
	}
	// The readings the rows stand on (what has no Power) are the table's
	// notes, so the sheet marks them on it.
	for _, n := range sys.NotesTouching("hit") {
		t.Notes = append(t.Notes, strings.TrimSpace(n.Text))
	}
	return t, w.Err()
}

// bldPowers are the Power bonuses the hit table shows, those of the
// weapons of the rule set the add-on adds to (the AQotMF quick-start's:
// –, +1, +2, +3), and those of its Martian Heat Rays (+2, +3): the only
// rows whose fire roll gets the Heat Ray's bonus.
func bldPowers(sys *catalog.System, b *Rules) (powers, rays []int, err error) {
	if sys.Base == nil {
		return nil, nil, fmt.Errorf("%s: the weapons and their Power are the base rule set's, and %s adds to none", sys.ID, sys.ID)
	}
	for _, w := range sys.Base.Weapons {
		if !slices.Contains(powers, w.Power) {
			powers = append(powers, w.Power)
		}
	}
	for _, id := range b.HeatRays {
		w := sys.Base.Weapon(id)
		if w == nil {
			var ids []string
			for _, w := range sys.Base.Weapons {
				ids = append(ids, w.ID)
			}
			return nil, nil, fmt.Errorf("%s: [buildings] heat_rays: %q is not a weapon of %s; expected one of: %s", sys.ID, id, sys.Base.ID, strings.Join(ids, ", "))
		}
		if !slices.Contains(rays, w.Power) {
			rays = append(rays, w.Power)
		}
	}
	slices.Sort(powers)
	return powers, rays, nil
}

// BurnTable gives, for each building type burning from its printed armour,
// the chance it still stands after each turn's test, and the expected
// number of tests until it collapses.
func BurnTable(sys *catalog.System) (rules.Table, error) {
	b, _, err := bldRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	results := make([]BurnResult, len(b.Types))
	turns := 0
	for i, bt := range b.Types {
		results[i], err = Burn(sys, bt.Armor)
		if err != nil {
			return rules.Table{}, err
		}
		turns = max(turns, len(results[i].Standing))
	}
	w := rules.WordsOf(sys, "burn", "die", rules.Itoa(sys.About.Die), "armor_loss", rules.Itoa(b.BurnArmorLoss))
	t := rules.Table{ID: "buildings-burn", Title: w.Title(), Corner: w.Corner(), Notes: w.Notes()}
	for turn := 1; turn <= turns; turn++ {
		t.Columns = append(t.Columns, w.Word("turn", "turn", rules.Itoa(turn)))
	}
	t.Columns = append(t.Columns, w.Word("expected"))
	for i, bt := range b.Types {
		row := rules.Row{Label: w.Word("row", "building", bt.Name, "armor", rules.Itoa(bt.Armor))}
		for turn := 0; turn < turns; turn++ {
			p := new(big.Rat) // collapsed for certain after its last test
			if turn < len(results[i].Standing) {
				p = results[i].Standing[turn]
			}
			row.Cells = append(row.Cells, rules.Prob(p))
		}
		row.Cells = append(row.Cells, rules.Cell{Num: results[i].ExpectedTests})
		t.Rows = append(t.Rows, row)
	}
	for _, n := range sys.NotesTouching("burning") {
		t.Notes = append(t.Notes, strings.TrimSpace(n.Text))
	}
	return t, w.Err()
}
