package rules

// Worked examples: one real shot or choice per rule set, worked through
// the rule set's own tables by the engine, each number a player reads on
// the way, so a new player can check they read the sheet right. (Imperial
// Mars's is IMShotExample, in imperial_look.go.) Each example is a Table of
// steps: a label and what the player reads; its chances are the values
// the odds tables print for the same case. Its words are the rule set's
// [odds.example] block: the engine here fills their {names} with the
// numbers, so a club's copy rewords its example.

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/printnum"
)

// example is a worked example being written: one step a row, its words
// the data's ([odds.example]: title, corner, columns, and for each step
// words.<step>_step, its label, and words.<step>, what the player reads).
type example struct {
	t Table
	w *tableWords
}

// newExample starts the example id with the table's words w, their
// {names} filled so far.
func newExample(id string, w *tableWords) *example {
	return &example{t: Table{ID: id, Title: w.title(), Corner: w.corner(), Columns: w.columns()}, w: w}
}

// step adds the step name: its label and text, filled with vars (name,
// value pairs) beside those given before.
func (e *example) step(name string, vars ...string) {
	e.w.set(vars...)
	e.t.Rows = append(e.t.Rows, Row{Label: e.w.word(name + "_step"), Cells: []Cell{{Text: e.w.word(name)}}})
}

// pct is a chance as the sheets print it: 50%.
func pct(p *big.Rat) string { return Prob(p).String() }

// AQShot is the shot an AQotMF worked example follows: a profile's weapon
// at a target profile, at a distance, in cover ("", "soft", "hard") and
// dug in or not.
type AQShot struct {
	Shooter, Weapon, Target string // profile, weapon, profile ids
	Inches                  float64
	Cover                   string
	DugIn                   bool
}

// AQShotExample works one AQotMF shot through the sheet: the shooter's
// dice, the target's Defense with cover (the score to hit), its Armor
// with digging in less the weapon's Power (the score to damage), and the
// chance one die hits and damages — the cell of the hit-and-damage grid
// for the same Defense, Armor and Power.
func AQShotExample(sys *catalog.System, s AQShot) (Table, error) {
	r, die, err := aqRules(sys)
	if err != nil {
		return Table{}, err
	}
	shooter, target, w := sys.Profile(s.Shooter), sys.Profile(s.Target), sys.Weapon(s.Weapon)
	switch {
	case shooter == nil || target == nil || w == nil:
		return Table{}, fmt.Errorf("%s: worked example: profile %q, weapon %q or profile %q not found", sys.ID, s.Shooter, s.Weapon, s.Target)
	case target.Defense == nil || target.Armor == nil:
		return Table{}, fmt.Errorf("%s: worked example: the %s has no Defense or Armor printed", sys.ID, target.Name)
	}
	dist := catalog.Length{MM: s.Inches * 25.4}
	if dist.MM > w.Range.MM+1e-9 || dist.MM < w.MinRange.MM-1e-9 {
		return Table{}, fmt.Errorf("%s: worked example: %s is out of range of the %s", sys.ID, inch(dist), w.Name)
	}
	close := dist.MM <= r.DugIn.TripodWithin.MM+1e-9 && shooter.ID == r.TripodDamage.Profile
	q := AttackQuery{Dice: w.DicePerElement(), Defense: *target.Defense, Armor: *target.Armor, Power: w.Power,
		Cover: s.Cover, DugIn: s.DugIn, TripodClose: close}
	res, err := AQAttack(sys, q)
	if err != nil {
		return Table{}, err
	}
	tw := wordsOf(sys, "example", "shooter", shooter.Name, "target", target.Name, "weapon", w.Name,
		"die", itoa(die), "within", inch(r.DugIn.TripodWithin))
	e := newExample(sys.About.Short+"-example", tw)
	where := []string{inch(dist)}
	if s.DugIn {
		where = append(where, tw.word("dug_in"))
	}
	switch s.Cover {
	case "soft":
		where = append(where, tw.word("in_soft_cover"))
	case "hard":
		where = append(where, tw.word("in_hard_cover"))
	}
	dice := tw.word("dice", "n", itoa(q.Dice))
	if q.Dice == 1 {
		dice = tw.word("one_die", "n", "1")
	}
	e.step("shot", "dice", dice, "power", printnum.Signed(w.Power), "where", strings.Join(where, ", "))
	hit := []string{tw.word("defense", "defense", itoa(*target.Defense))}
	switch s.Cover {
	case "soft":
		hit = append(hit, tw.word("soft_cover", "bonus", printnum.Signed(r.Cover.Soft)))
	case "hard":
		hit = append(hit, tw.word("hard_cover", "bonus", printnum.Signed(r.Cover.Hard)))
	}
	e.step("hit", "terms", strings.Join(hit, ", "), "score", itoa(res.HitOn), "chance", pct(res.DieHit))
	dmg := []string{tw.word("armor", "armor", itoa(*target.Armor))}
	if s.DugIn {
		if close {
			dmg = append(dmg, tw.word("dug_in_close"))
		} else {
			dmg = append(dmg, tw.word("dug_in_far", "bonus", printnum.Signed(r.DugIn.Armor)))
		}
	}
	if w.Power != 0 {
		dmg = append(dmg, tw.word("power", "power", printnum.Signed(-w.Power)))
	}
	e.step("damage", "terms", strings.Join(dmg, ", "), "score", itoa(res.DamageOn), "chance", pct(res.HitDamages))
	grid := tw.word("grid_armor", "armor", itoa(res.DamageOn+w.Power))
	if s.DugIn && !close {
		grid = tw.word("grid_armor_dug_in", "armor", itoa(res.DamageOn+w.Power), "printed", itoa(*target.Armor))
	}
	e.step("each_die", "hit", pct(res.DieHit), "damage", pct(res.HitDamages), "chance", pct(res.DieDmg),
		"defense", itoa(res.HitOn), "grid", grid, "power", aqPowerLabel(w.Power))
	if q.Dice > 1 {
		e.step("each_stand", "chance", pct(res.Damage))
	}
	if err := tw.err(); err != nil {
		return Table{}, err
	}
	return e.t, nil
}

// aqShotExampleFromData is the AQotMF example the sheet prints: the
// tripod's first ranged weapon at the first profile that may dig in, dug
// in and in soft cover, at twice the reach of the dug-in rule's tripod
// exception (where the bonus counts). Data without such a weapon or
// target gives an empty table, which a sheet leaves out.
func aqShotExampleFromData(sys *catalog.System) (Table, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return Table{}, err
	}
	tripod, err := aqTripodProfile(sys)
	if err != nil {
		return Table{}, err
	}
	var w *catalog.Weapon
	for _, id := range tripod.Weapons {
		if x := sys.Weapon(id); x != nil && x.Kind == "ranged" {
			w = x
			break
		}
	}
	if w == nil {
		return Table{}, nil // nothing to shoot with: no example (a sheet prints none)
	}
	for _, p := range sys.Profiles {
		if p.Defense != nil && p.Armor != nil && AQMayDigIn(sys, &p) {
			inches := 2 * r.DugIn.TripodWithin.Inches()
			if w.Range.MM > 0 {
				inches = min(inches, w.Range.Inches())
			}
			return AQShotExample(sys, AQShot{Shooter: tripod.ID, Weapon: w.ID, Target: p.ID, Inches: inches, Cover: "soft", DugIn: true})
		}
	}
	return Table{}, nil // no target that digs in: no example
}

// BuildingShot is the shot a Destroying Buildings worked example follows.
type BuildingShot struct {
	Weapon  string // as the example names it
	Power   int
	HeatRay bool   // a Martian Heat Ray: the fire bonus counts
	Type    string // building type id
}

// BuildingExample works one shot at a building through the add-on's
// rules until the building is down: the hit, the roll to destroy against
// the Armor, the damaged result, the fire roll against the Fire Rating,
// the first turn's test of a burning building, and the chance the
// building is rubble by the end of that test.
func BuildingExample(sys *catalog.System, s BuildingShot) (Table, error) {
	b, die, err := bldRules(sys)
	if err != nil {
		return Table{}, err
	}
	bt, err := bldType(sys, b, s.Type)
	if err != nil {
		return Table{}, err
	}
	res, err := BuildingHit(sys, bt.ID, s.Power, s.HeatRay)
	if err != nil {
		return Table{}, err
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
		return Table{}, err
	}
	fallsDamaged, _, err := burnFrom(bt.Armor + b.DamagedArmor)
	if err != nil {
		return Table{}, err
	}
	// Rubble by the end of the next turn's test: destroyed at once, or on
	// fire (intact or damaged) and collapsing at the first test.
	down := new(big.Rat).Set(res.Destroyed)
	down.Add(down, new(big.Rat).Mul(new(big.Rat).Mul(intact, fire), falls))
	down.Add(down, new(big.Rat).Mul(new(big.Rat).Mul(res.Damaged, fire), fallsDamaged))

	tw := wordsOf(sys, "example", "weapon", s.Weapon, "power", printnum.Signed(s.Power), "building", bt.Name,
		"die", itoa(die), "armor", itoa(bt.Armor), "fire", itoa(bt.Fire))
	e := newExample(sys.ID+"-example", tw)
	e.step("destroy", "destroy_roll", rollText(tw, bt.Armor-s.Power+1, die, res.Destroyed),
		"damage_roll", exactText(tw, bt.Armor-s.Power, die, res.Damaged), "damaged_armor", itoa(bt.Armor+b.DamagedArmor))
	fireDice := tw.word("fire_dice")
	if s.HeatRay {
		fireDice = tw.word("fire_dice_heat_ray", "heat_ray_bonus", printnum.Signed(b.HeatRayFireBonus))
	}
	e.step("fire", "fire_dice", fireDice, "fire_roll", rollText(tw, bt.Fire-bonus+1, die, fire), "chance", pct(res.Fire))
	e.step("burning", "burn_roll", rollText(tw, bt.Armor+1, die, falls), "burnt_armor", itoa(bt.Armor-b.BurnArmorLoss))
	e.step("rubble", "now", pct(res.Destroyed), "later", pct(down))
	return e.t, tw.err()
}

// rollText is a roll of n or more on the die and its chance, in the
// example's words: "6+ → 50%", "a 10 → 10%", "any roll → 100%" or "no
// roll" at the ends.
func rollText(tw *tableWords, n, die int, p *big.Rat) string {
	switch {
	case p.Sign() == 0:
		return tw.word("no_roll")
	case n <= 1:
		return tw.word("any_roll", "chance", pct(p))
	case n == die:
		return tw.word("roll_of", "n", itoa(die), "chance", pct(p))
	}
	return tw.word("roll_or_more", "n", itoa(n), "chance", pct(p))
}

// exactText is a roll of exactly n and its chance: "a 5 → 10%".
func exactText(tw *tableWords, n, die int, p *big.Rat) string {
	if p.Sign() == 0 || n < 1 || n > die {
		return tw.word("no_roll")
	}
	return tw.word("roll_of", "n", itoa(n), "chance", pct(p))
}

// BuildingExampleFromData is the example the add-on's sheet prints: the
// data's [buildings.example], its weapon read from the rule set the add-on
// adds to, so its Power is that rule set's. Without the block, the table
// is empty and the sheet prints no example.
func BuildingExampleFromData(sys *catalog.System) (Table, error) {
	b, _, err := bldRules(sys)
	if err != nil {
		return Table{}, err
	}
	base, ex := sys.Base, b.Example
	switch {
	case ex.Weapon == "" && ex.Building == "":
		return Table{}, nil // the data asks for no example: the sheet prints none
	case ex.Weapon == "" || ex.Building == "":
		return Table{}, fmt.Errorf("%s: [buildings.example] needs a weapon and a building", sys.ID)
	}
	if base == nil {
		return Table{}, fmt.Errorf("%s: the worked example's weapon %q is the base rule set's, and %s adds to none", sys.ID, ex.Weapon, sys.ID)
	}
	w := base.Weapon(ex.Weapon)
	if w == nil {
		var ids []string
		for _, w := range base.Weapons {
			ids = append(ids, w.ID)
		}
		return Table{}, fmt.Errorf("%s: [buildings.example] weapon %q is not a weapon of %s; expected one of: %s", sys.ID, ex.Weapon, base.ID, strings.Join(ids, ", "))
	}
	return BuildingExample(sys, BuildingShot{Weapon: w.Name, Power: w.Power, HeatRay: ex.HeatRay, Type: ex.Building})
}

// EvacExample works one army's objective marker through Evacuation: Mars:
// the extra armour and hull points bought on the ladder, the points left
// for troops, and how long the marker must hold — the chance each round
// is played and the game ends after it.
func EvacExample(sys *catalog.System, extraArmour, extraHull int) (Table, error) {
	ev, err := evacRules(sys)
	if err != nil {
		return Table{}, err
	}
	o := ev.Objective
	cost, err := ObjectiveCost(sys, extraArmour, extraHull)
	if err != nil {
		return Table{}, err
	}
	rounds, err := GameLength(sys)
	if err != nil {
		return Table{}, err
	}
	tw := wordsOf(sys, "example", "die", itoa(ev.GameLength.Die))
	e := newExample(sys.ID+"-example", tw)
	// costs are the costs of the first n points on the ladder and their
	// sum: "1 + 2 = 3".
	costs := func(n int) (string, error) {
		c, err := evacLadderSum(o.Ladder, n)
		if err != nil {
			return "", err
		}
		var parts []string
		for _, p := range o.Ladder[:n] {
			parts = append(parts, strconv.Itoa(p))
		}
		sum := strings.Join(parts, " + ")
		if n > 1 {
			sum += " = " + strconv.Itoa(c)
		}
		if n == 0 {
			sum = "0"
		}
		return sum, nil
	}
	armour, err := costs(extraArmour)
	if err != nil {
		return Table{}, err
	}
	hull, err := costs(extraHull)
	if err != nil {
		return Table{}, err
	}
	e.step("armour", "n", itoa(extraArmour), "sum", armour, "value", itoa(o.Armour+extraArmour))
	e.step("hull", "n", itoa(extraHull), "sum", hull, "value", itoa(o.HullPoints+extraHull))
	e.step("troops", "points", itoa(ev.Points), "cost", itoa(cost), "left", itoa(ev.Points-cost))
	var ends []string
	mean := new(big.Rat)
	for i, r := range rounds {
		if i+1 < len(rounds) {
			e.step("round", "round", itoa(r.Round), "ends_on", itoa(ev.GameLength.Rounds[i].EndsOn), "chance", pct(r.EndsIf),
				"next", itoa(rounds[i+1].Round), "reached", pct(rounds[i+1].Reached))
		}
		ends = append(ends, itoa(r.Round)+": "+pct(r.Ends))
		mean.Add(mean, new(big.Rat).Mul(r.Ends, big.NewRat(int64(r.Round), 1)))
	}
	gl := wordsOf(sys, "game-length")
	e.step("hold", "ends", strings.Join(ends, " · "), "mean", roundsText(gl, mean))
	if err := gl.err(); err != nil {
		return Table{}, err
	}
	return e.t, tw.err()
}

// evacExampleFromData is the example the sheet prints: half the ladder
// bought for armour and for hull points (as far as each maximum allows).
func evacExampleFromData(sys *catalog.System) (Table, error) {
	ev, err := evacRules(sys)
	if err != nil {
		return Table{}, err
	}
	o := ev.Objective
	n := len(o.Ladder) / 2
	return EvacExample(sys, max(0, min(n, o.MaxArmour-o.Armour)), max(0, min(n, o.MaxHull-o.HullPoints)))
}
