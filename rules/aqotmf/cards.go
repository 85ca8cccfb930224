package aqotmf

import (
	"fmt"
	"slices"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/printnum"
	"github.com/playaid/playaid/rules"
)

// The odds tables laid out for a reference card: the AQotMF ones by the
// targets a player shoots at, not by every Defense and Armor, from the
// same functions as the sheet's. They are in the registry (odds.go) with
// the others.

// aqTarget is one kind of target a card's odds are worked out against:
// the profiles that share its Defense, Armor and type.
type aqTarget struct {
	names         []string
	defense, arm  int
	infantry      bool // may dig in
	tripod        bool // the tripod of the Tripod Damage Chart: may be immobilised by tow cables
	profileWeapon []string
}

// aqTargets groups the rule set's profiles that have a Defense and an
// Armor by those stats (Infantry and Machine Gunners are one target).
func aqTargetList(sys *catalog.System) []aqTarget {
	var out []aqTarget
	for _, p := range sys.Profiles {
		if p.Defense == nil || p.Armor == nil {
			continue
		}
		infantry := MayDigIn(sys, &p)
		tripod := p.ID == RulesOf(sys).TripodDamage.Profile
		found := false
		for i := range out {
			t := &out[i]
			if t.defense == *p.Defense && t.arm == *p.Armor && t.infantry == infantry && t.tripod == tripod {
				t.names = append(t.names, p.Name)
				found = true
			}
		}
		if !found {
			out = append(out, aqTarget{names: []string{p.Name}, defense: *p.Defense, arm: *p.Armor, infantry: infantry, tripod: tripod, profileWeapon: p.Weapons})
		}
	}
	return out
}

// heading is the target's row heading, in the targets table's words.
func (t aqTarget) heading(w *rules.Words) string {
	return w.Word("target", "names", joinNames(t.names), "defense", rules.Itoa(t.defense), "armor", rules.Itoa(t.arm))
}

func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	s := names[0]
	for _, n := range names[1 : len(names)-1] {
		s += ", " + n
	}
	return s + " and " + names[len(names)-1]
}

// aqSituation is a target's circumstance a card shows a row for.
type aqSituation struct {
	label string
	q     func(q *AttackQuery)
	show  func(t aqTarget) bool
}

// aqSituations are the circumstances, in the targets table's words (w).
func aqSituations(r *Rules, w *rules.Words) []aqSituation {
	always := func(aqTarget) bool { return true }
	w.Set("soft", printnum.Signed(r.Cover.Soft), "hard", printnum.Signed(r.Cover.Hard), "dug_in", printnum.Signed(r.DugIn.Armor),
		"immobilised", printnum.Signed(r.ImmobilisedDefense))
	return []aqSituation{
		{w.Word("open"), func(*AttackQuery) {}, always},
		{w.Word("soft"), func(q *AttackQuery) { q.Cover = "soft" }, always},
		{w.Word("hard"), func(q *AttackQuery) { q.Cover = "hard" }, func(t aqTarget) bool { return !t.tripod }},
		{w.Word("dug_in"), func(q *AttackQuery) { q.DugIn = true }, func(t aqTarget) bool { return t.infantry }},
		{w.Word("immobilised"), func(q *AttackQuery) { q.Immobilised = true }, func(t aqTarget) bool { return t.tripod }},
	}
}

// aqPowers are the weapons' Power bonuses, lowest first.
func aqPowers(sys *catalog.System) []int {
	var ps []int
	for _, w := range sys.Weapons {
		if !slices.Contains(ps, w.Power) {
			ps = append(ps, w.Power)
		}
	}
	slices.Sort(ps)
	return ps
}

// powerLabel is a Power bonus as the rule set prints it: "–" for none.
func powerLabel(p int) string {
	if p == 0 {
		return "–"
	}
	return printnum.Signed(p)
}

// aqTargets is the chance one die hits and damages each target in each
// circumstance (rows, under a heading row per target), by the weapon's
// Power (columns).
func aqTargets(sys *catalog.System) (rules.Table, error) {
	w := rules.WordsOf(sys, "targets")
	t := rules.Table{ID: "cards-aqotmf-targets", Title: w.Title(), Corner: w.Corner()}
	powers := aqPowers(sys)
	for _, p := range powers {
		t.Columns = append(t.Columns, powerLabel(p))
	}
	for _, tg := range aqTargetList(sys) {
		t.Rows = append(t.Rows, rules.Row{Label: tg.heading(w)})
		for _, s := range aqSituations(RulesOf(sys), w) {
			if !s.show(tg) {
				continue
			}
			row := rules.Row{Label: s.label}
			for _, p := range powers {
				q := AttackQuery{Dice: 1, Defense: tg.defense, Armor: tg.arm, Power: p}
				s.q(&q)
				res, err := aqDie(sys, q)
				if err != nil {
					return rules.Table{}, err
				}
				row.Cells = append(row.Cells, rules.Prob(res.DieDmg))
			}
			t.Rows = append(t.Rows, row)
		}
	}
	return t, w.Err()
}

// aqTripodWeapons is the chance one die of each of the tripod's ranged
// weapons hits and damages each human target; for a weapon with the
// Sweep special, also the chance each other element under the template
// is damaged once the shot hits (a damage roll only). Dug-in targets get
// a row for a tripod within the dug-in rule's reach, where the bonus is
// lost.
func aqTripodWeapons(sys *catalog.System) (rules.Table, error) {
	r := RulesOf(sys)
	tripod := sys.Profile(r.TripodDamage.Profile)
	if tripod == nil {
		return rules.Table{}, fmt.Errorf("%s: tripod profile %q not found", sys.ID, r.TripodDamage.Profile)
	}
	var ws []*catalog.Weapon
	for _, id := range tripod.Weapons {
		if w := sys.Weapon(id); w != nil && w.Kind == "ranged" {
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return rules.Table{}, fmt.Errorf("%s: the %s has no ranged weapon", sys.ID, tripod.Name)
	}
	// The targets and their circumstances are the targets table's words.
	tw := rules.WordsOf(sys, "targets")
	ww := rules.WordsOf(sys, "tripod-weapons", "tripod", tripod.Name, "within", rules.Inch(r.DugIn.TripodWithin))
	t := rules.Table{ID: "cards-aqotmf-tripod-weapons", Title: ww.Title(), Corner: ww.Corner()}
	type col struct {
		w      *catalog.Weapon
		others bool
	}
	var cols []col
	for _, w := range ws {
		t.Columns = append(t.Columns, ww.Word("column", "weapon", w.Name, "power", printnum.Signed(w.Power)))
		cols = append(cols, col{w, false})
		if slices.Contains(w.Specials, "Sweep") {
			t.Columns = append(t.Columns, ww.Word("sweep"))
			cols = append(cols, col{w, true})
		}
	}
	situations := aqSituations(r, tw)
	situations = append(situations[:4:4], aqSituation{
		label: ww.Word("dug_in_close"),
		q:     func(q *AttackQuery) { q.DugIn, q.TripodClose = true, true },
		show:  func(t aqTarget) bool { return t.infantry },
	})
	for _, tg := range aqTargetList(sys) {
		if tg.tripod {
			continue
		}
		t.Rows = append(t.Rows, rules.Row{Label: tg.heading(tw)})
		for _, s := range situations {
			if !s.show(tg) {
				continue
			}
			row := rules.Row{Label: s.label}
			for _, c := range cols {
				q := AttackQuery{Dice: 1, Defense: tg.defense, Armor: tg.arm, Power: c.w.Power}
				s.q(&q)
				res, err := aqDie(sys, q)
				if err != nil {
					return rules.Table{}, err
				}
				p := res.DieDmg
				if c.others {
					p = res.HitDamages
				}
				row.Cells = append(row.Cells, rules.Prob(p))
			}
			t.Rows = append(t.Rows, row)
		}
	}
	if err := tw.Err(); err != nil {
		return rules.Table{}, err
	}
	return t, ww.Err()
}

// aqTripodChart is the engine's Tripod Damage Chart odds with each row
// labelled by its roll alone (the front of the card says what it does).
func aqTripodChart(sys *catalog.System) (rules.Table, error) {
	t, err := TripodChart(sys)
	if err != nil {
		return rules.Table{}, err
	}
	c := sys.Chart(RulesOf(sys).TripodDamage.Chart)
	for i := range t.Rows {
		if i < len(c.Rows) {
			t.Rows[i].Label = c.Rows[i].Roll.Printed()
		}
	}
	w := rules.WordsOf(sys, "tripod-chart")
	t.Corner = w.Corner()
	for i := range t.Columns {
		t.Columns[i] = w.Word(rules.Plural(i+1, "point", "points"), "n", rules.Itoa(i+1))
	}
	return t, w.Err()
}

// aqDecoys is the chance that one element's shot with each weapon of the
// rule set damages — and so reveals — a decoy blip (the data's decoy
// Defense and Armor), in the open and in cover.
func aqDecoys(sys *catalog.System) (rules.Table, error) {
	r := RulesOf(sys)
	b := r.Blips
	w := rules.WordsOf(sys, "decoys", "defense", rules.Itoa(b.DecoyDefense), "armor", rules.Itoa(b.DecoyArmor))
	t := rules.Table{ID: "cards-aqotmf-decoys", Title: w.Title(), Corner: w.Corner(), Columns: w.Columns()}
	covers := []string{"", "soft", "hard"} // the columns: open, soft cover, hard cover
	for _, wp := range sys.Weapons {
		if wp.Kind != "ranged" {
			continue
		}
		label := wp.Name
		if n := wp.DicePerElement(); n > 1 {
			label = w.Word("dice", "weapon", wp.Name, "n", rules.Itoa(n))
		}
		row := rules.Row{Label: label}
		for _, c := range covers {
			res, err := Attack(sys, AttackQuery{Dice: wp.DicePerElement(), Defense: b.DecoyDefense, Armor: b.DecoyArmor, Power: wp.Power, Cover: c})
			if err != nil {
				return rules.Table{}, err
			}
			row.Cells = append(row.Cells, rules.Prob(res.Damage))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, w.Err()
}

// aqReinforcements is the engine's reinforcement table over the longest
// scenario that holds units back; none (no rows) when no scenario does:
// there is no game to count over, and the deck leaves the card out.
func aqReinforcements(sys *catalog.System) (rules.Table, error) {
	turns := ReinforcementTurns(sys)
	if turns == 0 {
		return rules.Table{}, nil
	}
	return ReinforcementTable(sys, turns)
}
