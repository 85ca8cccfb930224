package rules

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/limits"
)

// Reference-sheet tables for All Quiet on the Martian Front. Each cell is
// the value the matching function above returns.

// Sheet ranges: what the tables show, not rules. The Defense rows run from
// just above "always hits" to the highest Defense the quick-start's
// profiles reach in hard cover (Assault Tripod 9 + 3); the damage chart is
// shown for up to five points, more than the quick-start's units score.
const (
	aqGridMinDefense = 3
	aqChartMaxPoints = 5
)

// aqPowerLabel prints a Power bonus as the seed does: "–" for none.
func aqPowerLabel(p int) string {
	if p == 0 {
		return "–"
	}
	return fmt.Sprintf("%+d", p)
}

// aqTripodProfile returns the tripod profile the sheets' tripod odds are
// for, with its stats.
func aqTripodProfile(sys *catalog.System) (*catalog.Profile, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return nil, err
	}
	p := sys.Profile(r.TripodDamage.Profile)
	if p == nil {
		return nil, fmt.Errorf("%s: tripod profile %q ([aqotmf.tripod_damage] profile) not found", sys.ID, r.TripodDamage.Profile)
	}
	if p.Defense == nil || p.Armor == nil {
		return nil, fmt.Errorf("%s: profile %q has no Defense or Armor printed", sys.ID, p.ID)
	}
	return p, nil
}

// AQHitDamageGrid is the chance that one die hits and damages, by the
// target's Defense (rows, cover and immobilisation already added) and by
// the target's Armor and the weapon's Power (columns). The Armor columns
// are those of the profiles, plus infantry dug in; the Powers those of the
// weapons.
func AQHitDamageGrid(sys *catalog.System) (Table, error) {
	r, die, err := aqRules(sys)
	if err != nil {
		return Table{}, err
	}
	w := wordsOf(sys, "hit-damage-grid", "soft", plus(r.Cover.Soft), "hard", plus(r.Cover.Hard), "immobilised", plus(r.ImmobilisedDefense),
		"die", itoa(die), "dug_in", plus(r.DugIn.Armor), "tripod_within", r.DugIn.TripodWithin.String())
	armors := map[int]string{}
	maxDefense := 0
	for _, p := range sys.Profiles {
		if p.Armor == nil || p.Defense == nil {
			continue
		}
		maxDefense = max(maxDefense, *p.Defense+r.Cover.Hard)
		if _, ok := armors[*p.Armor]; !ok {
			armors[*p.Armor] = w.word("armor", "armor", itoa(*p.Armor))
		}
		if AQMayDigIn(sys, &p) {
			dug := *p.Armor + r.DugIn.Armor
			if _, ok := armors[dug]; !ok {
				armors[dug] = w.word("armor_dug_in", "armor", itoa(dug), "printed", itoa(*p.Armor))
			}
		}
	}
	powerSet := map[int]bool{}
	for _, w := range sys.Weapons {
		powerSet[w.Power] = true
	}
	armorList := slices.Sorted(maps.Keys(armors))
	powers := slices.Sorted(maps.Keys(powerSet))
	if len(armorList) == 0 || len(powers) == 0 {
		return Table{}, fmt.Errorf("%s: no profiles with Armor or no weapons to tabulate", sys.ID)
	}
	t := Table{ID: "aqotmf-hit-damage", Title: w.title(), Corner: w.corner()}
	for _, a := range armorList {
		for _, p := range powers {
			t.Columns = append(t.Columns, w.word("column", "armor_label", armors[a], "power", aqPowerLabel(p)))
		}
	}
	lucky := false
	for def := aqGridMinDefense; def <= maxDefense; def++ {
		row := Row{Label: strconv.Itoa(def)}
		for _, a := range armorList {
			for _, p := range powers {
				res, err := AQAttack(sys, AttackQuery{Dice: 1, Defense: def, Armor: a, Power: p})
				if err != nil {
					return Table{}, err
				}
				lucky = lucky || len(res.Notes) > 0
				row.Cells = append(row.Cells, Prob(res.DieDmg))
			}
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append(t.Notes, w.notes()...)
	if lucky {
		if text, err := aqNoteText(sys, r.LuckyHitNote); err == nil {
			t.Notes = append(t.Notes, text)
		}
	}
	return t, w.err()
}

// AQTripodChart gives the chance of each Tripod Damage Chart result for an
// attack that scores 1 to 5 points of damage on an undamaged tripod (the
// data's tripod profile), and the chance it is destroyed.
func AQTripodChart(sys *catalog.System) (Table, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return Table{}, err
	}
	p, err := aqTripodProfile(sys)
	if err != nil {
		return Table{}, err
	}
	roll, err := newAQTripodRoll(sys, *p.Armor)
	if err != nil {
		return Table{}, err
	}
	w := wordsOf(sys, "tripod-damage", "chart", roll.chart.Name, "tripod", p.Name, "armor", itoa(*p.Armor), "per_point", plus(r.TripodDamage.PerExtraPoint))
	t := Table{ID: "aqotmf-tripod-chart", Title: w.title(), Corner: w.corner()}
	rows := make([]Row, len(roll.chart.Rows)+1)
	for i, cr := range roll.chart.Rows {
		rows[i].Label = w.word("row", "roll", cr.Roll.Text, "result", cr.Result)
	}
	rows[len(rows)-1].Label = w.word("destroyed")
	for pts := 1; pts <= aqChartMaxPoints; pts++ {
		t.Columns = append(t.Columns, w.word("column", "points", itoa(pts)))
		chances, destroyed, err := roll.rowChances((pts - 1) * r.TripodDamage.PerExtraPoint)
		if err != nil {
			return Table{}, err
		}
		for i, c := range chances {
			rows[i].Cells = append(rows[i].Cells, Prob(c))
		}
		rows[len(rows)-1].Cells = append(rows[len(rows)-1].Cells, Prob(destroyed))
	}
	t.Rows = rows
	t.Notes = append(t.Notes, w.notes()...)
	t.Notes = append(t.Notes, aqNotes(sys, "tripod-damage")...)
	return t, w.err()
}

// aqInches returns a length in whole inches, or an error.
func aqInches(l catalog.Length, what string) (int, error) {
	in := l.Inches() // millimetres back to inches: allow the float's rounding
	whole := math.Round(in)
	if l.IsZero() || math.Abs(in-whole) > 1e-9 {
		return 0, fmt.Errorf("%s: %q is not a whole number of inches", what, l.String())
	}
	return int(whole), nil
}

// AQDestroyTripodByStands gives the chance that 1 to maxStands stands of
// the unit destroy an undamaged tripod (the data's tripod profile, in the
// open) in one attack. Each stand rolls its weapon's dice (Rapid Fire: 3);
// the unit's stands must share one profile with one ranged weapon.
func AQDestroyTripodByStands(sys *catalog.System, unitID string, maxStands int) (Table, error) {
	return aqDestroyTripodByStands(sys, unitID, maxStands, aqRolls{})
}

// aqDestroyTripodByStands is AQDestroyTripodByStands with the rolls of
// the table it goes into, which tabulates other units against the same
// tripod.
func aqDestroyTripodByStands(sys *catalog.System, unitID string, maxStands int, rolls aqRolls) (Table, error) {
	if _, _, err := aqRules(sys); err != nil {
		return Table{}, err
	}
	u := sys.Unit(unitID)
	if u == nil {
		return Table{}, fmt.Errorf("%s: unknown unit %q", sys.ID, unitID)
	}
	if len(u.Composition) != 1 {
		return Table{}, fmt.Errorf("unit %q: expected stands of one profile, found %d lines", u.ID, len(u.Composition))
	}
	prof := sys.Profile(u.Composition[0].Profile)
	if prof == nil {
		return Table{}, fmt.Errorf("unit %q: unknown profile %q", u.ID, u.Composition[0].Profile)
	}
	var weapons []*catalog.Weapon
	for _, id := range prof.Weapons {
		if w := sys.Weapon(id); w != nil && w.Kind != "assault" {
			weapons = append(weapons, w)
		}
	}
	if len(weapons) != 1 {
		msg := fmt.Sprintf("unit %q: profile %q has %d ranged weapons; expected one", u.ID, prof.ID, len(weapons))
		if prof.Note != "" {
			msg += " (" + prof.Note + ")"
		}
		return Table{}, fmt.Errorf("%s", msg)
	}
	if err := checkRange("stands", maxStands, 1, limits.MaxDice); err != nil {
		return Table{}, err
	}
	tripod, err := aqTripodProfile(sys)
	if err != nil {
		return Table{}, err
	}
	w := weapons[0]
	tw := wordsOf(sys, "destroy-tripod-stands", "unit", u.Name, "weapon", w.Name, "tripod", tripod.Name,
		"defense", itoa(*tripod.Defense), "armor", itoa(*tripod.Armor), "power", aqPowerLabel(w.Power))
	t := Table{ID: "aqotmf-destroy-tripod-" + u.ID, Title: tw.title(), Corner: tw.corner(), Columns: tw.columns()}
	for n := 1; n <= maxStands; n++ {
		q := AttackQuery{Dice: n * w.DicePerElement(), Defense: *tripod.Defense, Armor: *tripod.Armor, Power: w.Power, Tripod: true}
		res, err := aqAttack(sys, q, rolls)
		if err != nil {
			return Table{}, err
		}
		t.Rows = append(t.Rows, Row{Label: strconv.Itoa(n), Cells: []Cell{
			{Text: strconv.Itoa(q.Dice)}, Prob(res.Damage), Prob(res.Destroyed),
		}})
	}
	t.Notes = append(t.Notes, tw.notes()...)
	t.Notes = append(t.Notes, aqNotes(sys, "tripod-damage")...)
	return t, tw.err()
}

// AQMoraleTable gives the chance a unit passes or fails (routs) its
// morale check by the number of elements lost that turn, from 1 until no
// roll can pass.
func AQMoraleTable(sys *catalog.System) (Table, error) {
	r, die, err := aqRules(sys)
	if err != nil {
		return Table{}, err
	}
	if r.Morale.PerLoss <= 0 {
		return Table{}, fmt.Errorf("%s: morale per_loss is %d; expected 1 or more", sys.ID, r.Morale.PerLoss)
	}
	w := wordsOf(sys, "morale", "die", itoa(die), "per_loss", itoa(r.Morale.PerLoss), "pass", itoa(r.Morale.Pass))
	t := Table{ID: "aqotmf-morale", Title: w.title(), Corner: w.corner(), Columns: w.columns(), Notes: w.notes()}
	for lost := 1; ; lost++ {
		pass, err := AQMorale(sys, lost)
		if err != nil {
			return Table{}, err
		}
		t.Rows = append(t.Rows, Row{Label: strconv.Itoa(lost), Cells: []Cell{
			Prob(pass), Prob(new(big.Rat).Sub(big.NewRat(1, 1), pass)),
		}})
		if pass.Sign() == 0 {
			break
		}
	}
	return t, w.err()
}

// AQReinforcementTurns is the length of the longest scenario that holds
// units back as reinforcements (the Boys of Company C: six turns), the
// game the reinforcement odds are worked out over; 0 when none does.
func AQReinforcementTurns(sys *catalog.System) int {
	turns := 0
	for _, sc := range sys.Scenarios {
		for _, side := range sc.Sides {
			for _, f := range side.Forces {
				if f.Reinforcement {
					turns = max(turns, sc.Turns)
				}
			}
		}
	}
	return turns
}

// AQReinforcementTable gives, for each turn from the first test to the
// game's last turn, the chance a unit of reinforcements arrives that
// turn, arrives able to attack, and has arrived by then.
func AQReinforcementTable(sys *catalog.System, turns int) (Table, error) {
	res, err := AQReinforcements(sys, turns)
	if err != nil {
		return Table{}, err
	}
	if len(res.Turns) == 0 {
		return Table{}, fmt.Errorf("reinforcements: a game of %d turns has no test (tests start on turn %d)", turns, res.FromTurn)
	}
	w := wordsOf(sys, "reinforcements", "turns", itoa(turns), "arrive", dice.Percent(res.Arrive, 0), "can_attack", dice.Percent(res.CanAttack, 0),
		"from", itoa(res.FromTurn), "of_arrivals", "")
	if res.Arrive.Sign() > 0 {
		// The share of arrivals able to attack, beside the shares of all
		// rolls.
		w.set("of_arrivals", w.word("of_arrivals", "share", dice.Percent(new(big.Rat).Quo(res.CanAttack, res.Arrive), 0)))
	}
	t := Table{ID: "aqotmf-reinforcements", Title: w.title(), Corner: w.corner(), Columns: w.columns(), Notes: w.notes()}
	for _, tr := range res.Turns {
		t.Rows = append(t.Rows, Row{Label: strconv.Itoa(tr.Turn), Cells: []Cell{Prob(tr.Arrives), Prob(tr.CanAttack), Prob(tr.ArrivedBy)}})
	}
	return t, w.err()
}

// AQTowCableTable gives, for the data's tripod at each Armor from its
// printed value down to 1, the odds of one attempt to break free of a tow
// cable (its Speed from the profile).
func AQTowCableTable(sys *catalog.System) (Table, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return Table{}, err
	}
	p, err := aqTripodProfile(sys)
	if err != nil {
		return Table{}, err
	}
	speed, err := aqInches(p.Speed, p.Name+" Speed")
	if err != nil {
		return Table{}, err
	}
	w := wordsOf(sys, "tow-cable", "tripod", p.Name, "speed", p.Speed.String(), "fall", plus(r.TowCable.FallModifier))
	t := Table{ID: "aqotmf-tow-cable", Title: w.title(), Corner: w.corner(), Columns: w.columns(), Notes: w.notes()}
	for a := *p.Armor; a >= 1; a-- {
		res, err := AQTowCable(sys, speed, a)
		if err != nil {
			return Table{}, err
		}
		t.Rows = append(t.Rows, Row{Label: strconv.Itoa(a), Cells: []Cell{
			Prob(res.BreakFree), Prob(res.Falls), Prob(res.DestroyedIfFalls), Prob(res.Destroyed),
		}})
	}
	t.Notes = append(t.Notes, aqNotes(sys, "tripod-damage")...)
	return t, w.err()
}
