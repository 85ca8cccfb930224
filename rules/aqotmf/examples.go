package aqotmf

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/printnum"
	"github.com/playaid/playaid/rules"
)

// Shot is the shot an AQotMF worked example follows: a profile's weapon
// at a target profile, at a distance, in cover ("", "soft", "hard") and
// dug in or not.
type Shot struct {
	Shooter, Weapon, Target string // profile, weapon, profile ids
	Inches                  float64
	Cover                   string
	DugIn                   bool
}

// ShotExample works one AQotMF shot through the sheet: the shooter's
// dice, the target's Defense with cover (the score to hit), its Armor
// with digging in less the weapon's Power (the score to damage), and the
// chance one die hits and damages — the cell of the hit-and-damage grid
// for the same Defense, Armor and Power.
func ShotExample(sys *catalog.System, s Shot) (rules.Table, error) {
	r, die, err := aqRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	shooter, target, w := sys.Profile(s.Shooter), sys.Profile(s.Target), sys.Weapon(s.Weapon)
	switch {
	case shooter == nil || target == nil || w == nil:
		return rules.Table{}, fmt.Errorf("%s: worked example: profile %q, weapon %q or profile %q not found", sys.ID, s.Shooter, s.Weapon, s.Target)
	case target.Defense == nil || target.Armor == nil:
		return rules.Table{}, fmt.Errorf("%s: worked example: the %s has no Defense or Armor printed", sys.ID, target.Name)
	}
	dist := catalog.Length{MM: s.Inches * 25.4}
	if dist.MM > w.Range.MM+1e-9 || dist.MM < w.MinRange.MM-1e-9 {
		return rules.Table{}, fmt.Errorf("%s: worked example: %s is out of range of the %s", sys.ID, rules.Inch(dist), w.Name)
	}
	close := dist.MM <= r.DugIn.TripodWithin.MM+1e-9 && shooter.ID == r.TripodDamage.Profile
	q := AttackQuery{Dice: w.DicePerElement(), Defense: *target.Defense, Armor: *target.Armor, Power: w.Power,
		Cover: s.Cover, DugIn: s.DugIn, TripodClose: close}
	res, err := Attack(sys, q)
	if err != nil {
		return rules.Table{}, err
	}
	tw := rules.WordsOf(sys, "example", "shooter", shooter.Name, "target", target.Name, "weapon", w.Name,
		"die", rules.Itoa(die), "within", rules.Inch(r.DugIn.TripodWithin))
	e := rules.NewExample(sys.About.Short+"-example", tw)
	where := []string{rules.Inch(dist)}
	if s.DugIn {
		where = append(where, tw.Word("dug_in"))
	}
	switch s.Cover {
	case "soft":
		where = append(where, tw.Word("in_soft_cover"))
	case "hard":
		where = append(where, tw.Word("in_hard_cover"))
	}
	dice := tw.Word("dice", "n", rules.Itoa(q.Dice))
	if q.Dice == 1 {
		dice = tw.Word("one_die", "n", "1")
	}
	e.Step("shot", "dice", dice, "power", printnum.Signed(w.Power), "where", strings.Join(where, ", "))
	hit := []string{tw.Word("defense", "defense", rules.Itoa(*target.Defense))}
	switch s.Cover {
	case "soft":
		hit = append(hit, tw.Word("soft_cover", "bonus", printnum.Signed(r.Cover.Soft)))
	case "hard":
		hit = append(hit, tw.Word("hard_cover", "bonus", printnum.Signed(r.Cover.Hard)))
	}
	e.Step("hit", "terms", strings.Join(hit, ", "), "score", rules.Itoa(res.HitOn), "chance", rules.Pct(res.DieHit))
	dmg := []string{tw.Word("armor", "armor", rules.Itoa(*target.Armor))}
	if s.DugIn {
		if close {
			dmg = append(dmg, tw.Word("dug_in_close"))
		} else {
			dmg = append(dmg, tw.Word("dug_in_far", "bonus", printnum.Signed(r.DugIn.Armor)))
		}
	}
	if w.Power == 0 {
		e.Step("damage", "terms", strings.Join(dmg, ", "), "score", rules.Itoa(res.DamageOn), "chance", rules.Pct(res.HitDamages))
	} else {
		// The Power is added to the die (the reading the sheet marks), so
		// the line says so rather than taking it off the Armor as a minus.
		e.StepAs("damage", "damage_power", "terms", strings.Join(dmg, ", "), "need", rules.Itoa(res.DamageOn+w.Power),
			"power", printnum.Signed(w.Power), "score", rules.Itoa(res.DamageOn), "chance", rules.Pct(res.HitDamages))
	}
	grid := tw.Word("grid_armor", "armor", rules.Itoa(res.DamageOn+w.Power))
	if s.DugIn && !close {
		grid = tw.Word("grid_armor_dug_in", "armor", rules.Itoa(res.DamageOn+w.Power), "printed", rules.Itoa(*target.Armor))
	}
	e.Step("each_die", "hit", rules.Pct(res.DieHit), "damage", rules.Pct(res.HitDamages), "chance", rules.Pct(res.DieDmg),
		"defense", rules.Itoa(res.HitOn), "grid", grid, "power", rules.PowerLabel(w.Power))
	if q.Dice > 1 {
		e.Step("each_stand", "chance", rules.Pct(res.Damage))
	}
	if err := tw.Err(); err != nil {
		return rules.Table{}, err
	}
	return e.T, nil
}

// aqShotExampleFromData is the AQotMF example the sheet prints: the
// tripod's first ranged weapon at the first profile that may dig in, dug
// in and in soft cover, at twice the reach of the dug-in rule's tripod
// exception (where the bonus counts). Data without such a weapon or
// target gives an empty table, which a sheet leaves out.
func ShotExampleFromData(sys *catalog.System) (rules.Table, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	tripod, err := aqTripodProfile(sys)
	if err != nil {
		return rules.Table{}, err
	}
	var w *catalog.Weapon
	for _, id := range tripod.Weapons {
		if x := sys.Weapon(id); x != nil && x.Kind == "ranged" {
			w = x
			break
		}
	}
	if w == nil {
		return rules.Table{}, nil // nothing to shoot with: no example (a sheet prints none)
	}
	for _, p := range sys.Profiles {
		if p.Defense != nil && p.Armor != nil && MayDigIn(sys, &p) {
			inches := 2 * r.DugIn.TripodWithin.Inches()
			if w.Range.MM > 0 {
				inches = min(inches, w.Range.Inches())
			}
			return ShotExample(sys, Shot{Shooter: tripod.ID, Weapon: w.ID, Target: p.ID, Inches: inches, Cover: "soft", DugIn: true})
		}
	}
	return rules.Table{}, nil // no target that digs in: no example
}
