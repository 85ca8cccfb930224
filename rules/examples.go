package rules

// Worked examples: one real shot or choice per rule set, worked through
// the rule set's own tables by the engine, each number a player reads on
// the way, so a new player can check they read the sheet right. (Imperial
// Mars's is IMShotExample, in imperial_look.go.) Each example is a Table of
// steps: a label and what the player reads; its chances are the values
// the odds tables print for the same case.

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
)

// example is a worked example being written: one step a row.
type example struct{ t Table }

func newExample(id, title string) *example {
	return &example{t: Table{ID: id, Title: title, Corner: "Step", Columns: []string{"You read"}}}
}

func (e *example) step(label, format string, args ...any) {
	e.t.Rows = append(e.t.Rows, Row{Label: label, Cells: []Cell{{Text: fmt.Sprintf(format, args...)}}})
}

// pct is a chance as the sheets print it: 50%.
func pct(p *big.Rat) string { return Prob(p).String() }

// plusTerms prints a base and its modifiers: "Defense 5, soft cover +1".
func plusTerms(base string, terms [][2]string) string {
	parts := []string{base}
	for _, t := range terms {
		parts = append(parts, strings.TrimSpace(t[0]+" "+t[1]))
	}
	return strings.Join(parts, ", ")
}

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
	e := newExample(sys.About.Short+"-example", fmt.Sprintf("Worked example: %s shoots %s", shooter.Name, target.Name))
	where := []string{inch(dist)}
	if s.DugIn {
		where = append(where, "dug in")
	}
	if s.Cover != "" {
		where = append(where, "in "+s.Cover+" cover")
	}
	e.step("Shot", "%s (%s, Power %s) at %s, %s", w.Name, count(q.Dice, "die", "dice"), signed(w.Power), target.Name, strings.Join(where, ", "))
	var hit [][2]string
	switch s.Cover {
	case "soft":
		hit = append(hit, [2]string{"soft cover", signed(r.Cover.Soft)})
	case "hard":
		hit = append(hit, [2]string{"hard cover", signed(r.Cover.Hard)})
	}
	e.step("To hit", "%s: a D%d of %d or more, %s", plusTerms("Defense "+strconv.Itoa(*target.Defense), hit), die, res.HitOn, pct(res.DieHit))
	var dmg [][2]string
	if s.DugIn {
		if close {
			dmg = append(dmg, [2]string{"dug in (no bonus: tripod within " + inch(r.DugIn.TripodWithin) + ")", ""})
		} else {
			dmg = append(dmg, [2]string{"dug in (tripod beyond " + inch(r.DugIn.TripodWithin) + ")", signed(r.DugIn.Armor)})
		}
	}
	if w.Power != 0 {
		dmg = append(dmg, [2]string{"Power", signed(-w.Power)})
	}
	e.step("To damage", "%s: a D%d of %d or more, %s", plusTerms("Armor "+strconv.Itoa(*target.Armor), dmg), die, res.DamageOn, pct(res.HitDamages))
	grid := fmt.Sprintf("Armor %d", res.DamageOn+w.Power)
	if s.DugIn && !close {
		grid += fmt.Sprintf(" (%d dug in)", *target.Armor)
	}
	e.step("Each die", "hits and damages %s × %s = %s: a stand removed (the grid's Defense %d, %s, Power %s)",
		pct(res.DieHit), pct(res.HitDamages), pct(res.DieDmg), res.HitOn, grid, aqPowerLabel(w.Power))
	if q.Dice > 1 {
		e.step("Each stand", "at least one damage: %s", pct(res.Damage))
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

	e := newExample(sys.ID+"-example", fmt.Sprintf("Worked example: %s (Power %s) at %s", s.Weapon, signed(s.Power), bt.Name))
	e.step("To destroy", "D%d%s above Armor %d: %s; exactly %d: %s, Armor %d", die, signed(s.Power), bt.Armor,
		rollText(bt.Armor-s.Power+1, die, res.Destroyed), bt.Armor, exactText(bt.Armor-s.Power, die, res.Damaged), bt.Armor+b.DamagedArmor)
	fireText := "D" + strconv.Itoa(die) + signed(s.Power)
	if s.HeatRay {
		fireText += signed(b.HeatRayFireBonus)
	}
	e.step("Fire", "%s above Fire %d: %s; standing and on fire %s", fireText, bt.Fire, rollText(bt.Fire-bonus+1, die, fire), pct(res.Fire))
	e.step("Burning", "next turn D%d above %d: %s; else Armor %d", die, bt.Armor, rollText(bt.Armor+1, die, falls), bt.Armor-b.BurnArmorLoss)
	e.step("Rubble", "at once %s; after the next turn's test %s", pct(res.Destroyed), pct(down))
	return e.t, nil
}

// rollText is a roll of n or more on the die and its chance: "6 or more,
// 50%", "a 10, 10%", "any roll" or "no roll" at the ends.
func rollText(n, die int, p *big.Rat) string {
	switch {
	case p.Sign() == 0:
		return "no roll"
	case n <= 1:
		return "any roll → " + pct(p)
	case n == die:
		return "a " + strconv.Itoa(die) + " → " + pct(p)
	}
	return strconv.Itoa(n) + "+ → " + pct(p)
}

// exactText is a roll of exactly n and its chance: "a 5, 10%".
func exactText(n, die int, p *big.Rat) string {
	if p.Sign() == 0 || n < 1 || n > die {
		return "no roll"
	}
	return "a " + strconv.Itoa(n) + " → " + pct(p)
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
	e := newExample(sys.ID+"-example", "Worked example: fortify your objective marker, then hold it")
	buy := func(label string, n, from int, what string) error {
		c, err := evacLadderSum(o.Ladder, n)
		if err != nil {
			return err
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
		e.step(label, "+%d: %s points, %s", n, sum, fmt.Sprintf(what, from+n))
		return nil
	}
	if err := buy("Extra armour", extraArmour, o.Armour, "Armour %d"); err != nil {
		return Table{}, err
	}
	if err := buy("Extra hull points", extraHull, o.HullPoints, "%d hull points"); err != nil {
		return Table{}, err
	}
	e.step("Points for troops", "%d − %d = %d", ev.Points, cost, ev.Points-cost)
	var ends []string
	mean := new(big.Rat)
	for i, r := range rounds {
		if i+1 < len(rounds) {
			e.step(fmt.Sprintf("End of round %d", r.Round), "D%d: %d in %d ends it, %s; else round %d is played (%s of games)",
				ev.GameLength.Die, ev.GameLength.Rounds[i].EndsOn, ev.GameLength.Die, pct(r.EndsIf), rounds[i+1].Round, pct(rounds[i+1].Reached))
		}
		ends = append(ends, fmt.Sprintf("%d: %s", r.Round, pct(r.Ends)))
		mean.Add(mean, new(big.Rat).Mul(r.Ends, big.NewRat(int64(r.Round), 1)))
	}
	e.step("Hold it to the end", "the game ends after round %s; %s on average", strings.Join(ends, " · "), roundsText(mean))
	return e.t, nil
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
