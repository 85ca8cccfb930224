package aqotmf

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
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

// HitDamageGrid is the chance that one die hits and damages, by the
// target's Defense (rows, cover and immobilisation already added) and by
// the target's Armor and the weapon's Power (columns). The Armor columns
// are those of the profiles, plus infantry dug in; the Powers those of the
// weapons.
func HitDamageGrid(sys *catalog.System) (rules.Table, error) {
	r, die, err := aqRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "hit-damage-grid", "soft", rules.Plus(r.Cover.Soft), "hard", rules.Plus(r.Cover.Hard), "immobilised", rules.Plus(r.ImmobilisedDefense),
		"die", rules.Itoa(die), "dug_in", rules.Plus(r.DugIn.Armor), "tripod_within", r.DugIn.TripodWithin.String())
	armors := map[int]string{}
	maxDefense := 0
	for _, p := range sys.Profiles {
		if p.Armor == nil || p.Defense == nil {
			continue
		}
		maxDefense = max(maxDefense, *p.Defense+r.Cover.Hard)
		if _, ok := armors[*p.Armor]; !ok {
			armors[*p.Armor] = w.Word("armor", "armor", rules.Itoa(*p.Armor))
		}
		if MayDigIn(sys, &p) {
			dug := *p.Armor + r.DugIn.Armor
			if _, ok := armors[dug]; !ok {
				armors[dug] = w.Word("armor_dug_in", "armor", rules.Itoa(dug), "printed", rules.Itoa(*p.Armor))
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
		return rules.Table{}, fmt.Errorf("%s: no profiles with Armor or no weapons to tabulate", sys.ID)
	}
	t := rules.Table{ID: "aqotmf-hit-damage", Title: w.Title(), Corner: w.Corner()}
	for _, a := range armorList {
		for _, p := range powers {
			t.Columns = append(t.Columns, w.Word("column", "armor_label", armors[a], "power", rules.PowerLabel(p)))
		}
	}
	lucky := false
	for def := aqGridMinDefense; def <= maxDefense; def++ {
		row := rules.Row{Label: strconv.Itoa(def)}
		for _, a := range armorList {
			for _, p := range powers {
				res, err := aqDie(sys, AttackQuery{Dice: 1, Defense: def, Armor: a, Power: p})
				if err != nil {
					return rules.Table{}, err
				}
				lucky = lucky || len(res.Notes) > 0
				row.Cells = append(row.Cells, rules.Prob(res.DieDmg))
			}
		}
		t.Rows = append(t.Rows, row)
	}
	t.Notes = append(t.Notes, w.Notes()...)
	if lucky {
		if text, err := aqNoteText(sys, r.LuckyHitNote); err == nil {
			t.Notes = append(t.Notes, text)
		}
	}
	return t, w.Err()
}

// TripodChart gives the chance of each Tripod Damage Chart result for an
// attack that scores 1 to 5 points of damage on an undamaged tripod (the
// data's tripod profile), and the chance it is destroyed.
func TripodChart(sys *catalog.System) (rules.Table, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	p, err := aqTripodProfile(sys)
	if err != nil {
		return rules.Table{}, err
	}
	roll, err := newAQTripodRoll(sys, *p.Armor)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "tripod-damage", "chart", roll.chart.Name, "tripod", p.Name, "armor", rules.Itoa(*p.Armor), "per_point", rules.Plus(r.TripodDamage.PerExtraPoint))
	t := rules.Table{ID: "aqotmf-tripod-chart", Title: w.Title(), Corner: w.Corner()}
	rows := make([]rules.Row, len(roll.chart.Rows)+1)
	for i, cr := range roll.chart.Rows {
		rows[i].Label = w.Word("row", "roll", cr.Roll.Text, "result", cr.Result)
	}
	rows[len(rows)-1].Label = w.Word("destroyed")
	for pts := 1; pts <= aqChartMaxPoints; pts++ {
		t.Columns = append(t.Columns, w.Word("column", "points", rules.Itoa(pts)))
		chances, destroyed, err := roll.rowChances((pts - 1) * r.TripodDamage.PerExtraPoint)
		if err != nil {
			return rules.Table{}, err
		}
		for i, c := range chances {
			rows[i].Cells = append(rows[i].Cells, rules.Prob(c))
		}
		rows[len(rows)-1].Cells = append(rows[len(rows)-1].Cells, rules.Prob(destroyed))
	}
	t.Rows = rows
	t.Notes = append(t.Notes, w.Notes()...)
	t.Notes = append(t.Notes, aqNotes(sys, "tripod-damage")...)
	return t, w.Err()
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

// DestroyTripodByStands gives the chance that 1 to maxStands stands of
// the unit destroy an undamaged tripod (the data's tripod profile, in the
// open) in one attack. Each stand rolls its weapon's dice (Rapid Fire: 3);
// the unit's stands must share one profile with one ranged weapon.
func DestroyTripodByStands(sys *catalog.System, unitID string, maxStands int) (rules.Table, error) {
	return aqDestroyTripodByStands(sys, unitID, maxStands, aqRolls{})
}

// aqDestroyTripodByStands is DestroyTripodByStands with the rolls of
// the table it goes into, which tabulates other units against the same
// tripod.
func aqDestroyTripodByStands(sys *catalog.System, unitID string, maxStands int, rolls aqRolls) (rules.Table, error) {
	if _, _, err := aqRules(sys); err != nil {
		return rules.Table{}, err
	}
	u := sys.Unit(unitID)
	if u == nil {
		return rules.Table{}, fmt.Errorf("%s: unknown unit %q", sys.ID, unitID)
	}
	if len(u.Composition) != 1 {
		return rules.Table{}, fmt.Errorf("unit %q: expected stands of one profile, found %d lines", u.ID, len(u.Composition))
	}
	prof := sys.Profile(u.Composition[0].Profile)
	if prof == nil {
		return rules.Table{}, fmt.Errorf("unit %q: unknown profile %q", u.ID, u.Composition[0].Profile)
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
		return rules.Table{}, fmt.Errorf("%s", msg)
	}
	if err := rules.CheckRange("stands", maxStands, 1, limits.MaxDice); err != nil {
		return rules.Table{}, err
	}
	tripod, err := aqTripodProfile(sys)
	if err != nil {
		return rules.Table{}, err
	}
	w := weapons[0]
	tw := rules.WordsOf(sys, "destroy-tripod-stands", "unit", u.Name, "weapon", w.Name, "tripod", tripod.Name,
		"defense", rules.Itoa(*tripod.Defense), "armor", rules.Itoa(*tripod.Armor), "power", rules.PowerLabel(w.Power))
	t := rules.Table{ID: "aqotmf-destroy-tripod-" + u.ID, Title: tw.Title(), Corner: tw.Corner(), Columns: tw.Columns()}
	for n := 1; n <= maxStands; n++ {
		q := AttackQuery{Dice: n * w.DicePerElement(), Defense: *tripod.Defense, Armor: *tripod.Armor, Power: w.Power, Tripod: true}
		res, err := aqAttack(sys, q, rolls)
		if err != nil {
			return rules.Table{}, err
		}
		t.Rows = append(t.Rows, rules.Row{Label: strconv.Itoa(n), Cells: []rules.Cell{
			{Text: strconv.Itoa(q.Dice)}, rules.Prob(res.Damage), rules.Prob(res.Destroyed),
		}})
	}
	t.Notes = append(t.Notes, tw.Notes()...)
	t.Notes = append(t.Notes, aqNotes(sys, "tripod-damage")...)
	return t, tw.Err()
}

// MoraleTable gives the chance a unit passes or fails (routs) its
// morale check by the number of elements lost that turn, from 1 until no
// roll can pass.
func MoraleTable(sys *catalog.System) (rules.Table, error) {
	r, die, err := aqRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	if r.Morale.PerLoss <= 0 {
		return rules.Table{}, fmt.Errorf("%s: morale per_loss is %d; expected 1 or more", sys.ID, r.Morale.PerLoss)
	}
	w := rules.WordsOf(sys, "morale", "die", rules.Itoa(die), "per_loss", rules.Itoa(r.Morale.PerLoss), "pass", rules.Itoa(r.Morale.Pass))
	t := rules.Table{ID: "aqotmf-morale", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns(), Notes: w.Notes()}
	for lost := 1; ; lost++ {
		pass, err := Morale(sys, lost)
		if err != nil {
			return rules.Table{}, err
		}
		t.Rows = append(t.Rows, rules.Row{Label: strconv.Itoa(lost), Cells: []rules.Cell{
			rules.Prob(pass), rules.Prob(new(big.Rat).Sub(big.NewRat(1, 1), pass)),
		}})
		if pass.Sign() == 0 {
			break
		}
	}
	return t, w.Err()
}

// ReinforcementTurns is the length of the longest scenario that holds
// units back as reinforcements (the Boys of Company C: six turns), the
// game the reinforcement odds are worked out over; 0 when none does.
func ReinforcementTurns(sys *catalog.System) int {
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

// ReinforcementTable gives, for each turn from the first test to the
// game's last turn, the chance a unit of reinforcements arrives that
// turn, arrives able to attack, and has arrived by then.
func ReinforcementTable(sys *catalog.System, turns int) (rules.Table, error) {
	res, err := Reinforcements(sys, turns)
	if err != nil {
		return rules.Table{}, err
	}
	if len(res.Turns) == 0 {
		return rules.Table{}, fmt.Errorf("reinforcements: a game of %d turns has no test (tests start on turn %d)", turns, res.FromTurn)
	}
	// The die's faces beside each chance: "arrives on 6–10 (50 %)".
	r, _, err := aqRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	c, err := aqChart(sys, r.Reinforcements.Chart, "reinforcements")
	if err != nil {
		return rules.Table{}, err
	}
	has := func(tag string, want bool) string {
		return facesWhere(c, func(row catalog.ChartRow) bool { return row.Has(tag) == want })
	}
	w := rules.WordsOf(sys, "reinforcements", "turns", rules.Itoa(turns), "arrive", dice.Percent(res.Arrive, 0), "can_attack", dice.Percent(res.CanAttack, 0),
		"from", rules.Itoa(res.FromTurn), "of_arrivals", "", "die", "D"+rules.Itoa(c.Die),
		"arrive_on", has("arrives", true), "attack_on", has("can-attack", true), "miss_on", has("arrives", false))
	if res.Arrive.Sign() > 0 {
		// The share of arrivals able to attack, beside the shares of all
		// rolls.
		w.Set("of_arrivals", w.Word("of_arrivals", "share", dice.Percent(new(big.Rat).Quo(res.CanAttack, res.Arrive), 0)))
	}
	t := rules.Table{ID: "aqotmf-reinforcements", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns(), Notes: w.Notes()}
	for _, tr := range res.Turns {
		t.Rows = append(t.Rows, rules.Row{Label: strconv.Itoa(tr.Turn), Cells: []rules.Cell{rules.Prob(tr.Arrives), rules.Prob(tr.CanAttack), rules.Prob(tr.ArrivedBy)}})
	}
	return t, w.Err()
}

// facesWhere names the faces of a chart's die whose row is as keep says,
// as runs ("6–10", "1–5, 9"); "none" when there are none.
func facesWhere(c *catalog.Chart, keep func(catalog.ChartRow) bool) string {
	var runs []string
	start := 0
	for f := 1; f <= c.Die+1; f++ {
		in := false
		if f <= c.Die {
			if i, err := aqRow(c, f); err == nil && keep(c.Rows[i]) {
				in = true
			}
		}
		switch {
		case in && start == 0:
			start = f
		case !in && start > 0:
			run := strconv.Itoa(start)
			if f-1 > start {
				run += "–" + strconv.Itoa(f-1)
			}
			runs = append(runs, run)
			start = 0
		}
	}
	if len(runs) == 0 {
		return "none"
	}
	return strings.Join(runs, ", ")
}

// TowCableTable gives, for the data's tripod at each Armor from its
// printed value down to 1, the odds of one attempt to break free of a tow
// cable (its Speed from the profile).
func TowCableTable(sys *catalog.System) (rules.Table, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return rules.Table{}, err
	}
	p, err := aqTripodProfile(sys)
	if err != nil {
		return rules.Table{}, err
	}
	speed, err := aqInches(p.Speed, p.Name+" Speed")
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "tow-cable", "tripod", p.Name, "speed", p.Speed.String(), "fall", rules.Plus(r.TowCable.FallModifier))
	t := rules.Table{ID: "aqotmf-tow-cable", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns(), Notes: w.Notes()}
	for a := *p.Armor; a >= 1; a-- {
		res, err := TowCable(sys, speed, a)
		if err != nil {
			return rules.Table{}, err
		}
		t.Rows = append(t.Rows, rules.Row{Label: strconv.Itoa(a), Cells: []rules.Cell{
			rules.Prob(res.BreakFree), rules.Prob(res.Falls), rules.Prob(res.DestroyedIfFalls), rules.Prob(res.Destroyed),
		}})
	}
	t.Notes = append(t.Notes, aqNotes(sys, "tripod-damage")...)
	return t, w.Err()
}
