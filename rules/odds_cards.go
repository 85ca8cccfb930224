package rules

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"unicode"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/printnum"
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
		infantry := AQMayDigIn(sys, &p)
		tripod := p.ID == sys.AQotMF.TripodDamage.Profile
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
func (t aqTarget) heading(w *tableWords) string {
	return w.word("target", "names", joinNames(t.names), "defense", itoa(t.defense), "armor", itoa(t.arm))
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
func aqSituations(r *catalog.AQRules, w *tableWords) []aqSituation {
	always := func(aqTarget) bool { return true }
	w.set("soft", printnum.Signed(r.Cover.Soft), "hard", printnum.Signed(r.Cover.Hard), "dug_in", printnum.Signed(r.DugIn.Armor),
		"immobilised", printnum.Signed(r.ImmobilisedDefense))
	return []aqSituation{
		{w.word("open"), func(*AttackQuery) {}, always},
		{w.word("soft"), func(q *AttackQuery) { q.Cover = "soft" }, always},
		{w.word("hard"), func(q *AttackQuery) { q.Cover = "hard" }, func(t aqTarget) bool { return !t.tripod }},
		{w.word("dug_in"), func(q *AttackQuery) { q.DugIn = true }, func(t aqTarget) bool { return t.infantry }},
		{w.word("immobilised"), func(q *AttackQuery) { q.Immobilised = true }, func(t aqTarget) bool { return t.tripod }},
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
func aqTargets(sys *catalog.System) (Table, error) {
	w := wordsOf(sys, "targets")
	t := Table{ID: "cards-aqotmf-targets", Title: w.title(), Corner: w.corner()}
	powers := aqPowers(sys)
	for _, p := range powers {
		t.Columns = append(t.Columns, powerLabel(p))
	}
	for _, tg := range aqTargetList(sys) {
		t.Rows = append(t.Rows, Row{Label: tg.heading(w)})
		for _, s := range aqSituations(sys.AQotMF, w) {
			if !s.show(tg) {
				continue
			}
			row := Row{Label: s.label}
			for _, p := range powers {
				q := AttackQuery{Dice: 1, Defense: tg.defense, Armor: tg.arm, Power: p}
				s.q(&q)
				res, err := AQAttack(sys, q)
				if err != nil {
					return Table{}, err
				}
				row.Cells = append(row.Cells, Prob(res.DieDmg))
			}
			t.Rows = append(t.Rows, row)
		}
	}
	return t, w.err()
}

// aqTripodWeapons is the chance one die of each of the tripod's ranged
// weapons hits and damages each human target; for a weapon with the
// Sweep special, also the chance each other element under the template
// is damaged once the shot hits (a damage roll only). Dug-in targets get
// a row for a tripod within the dug-in rule's reach, where the bonus is
// lost.
func aqTripodWeapons(sys *catalog.System) (Table, error) {
	r := sys.AQotMF
	tripod := sys.Profile(r.TripodDamage.Profile)
	if tripod == nil {
		return Table{}, fmt.Errorf("%s: tripod profile %q not found", sys.ID, r.TripodDamage.Profile)
	}
	var ws []*catalog.Weapon
	for _, id := range tripod.Weapons {
		if w := sys.Weapon(id); w != nil && w.Kind == "ranged" {
			ws = append(ws, w)
		}
	}
	if len(ws) == 0 {
		return Table{}, fmt.Errorf("%s: the %s has no ranged weapon", sys.ID, tripod.Name)
	}
	// The targets and their circumstances are the targets table's words.
	tw := wordsOf(sys, "targets")
	ww := wordsOf(sys, "tripod-weapons", "tripod", tripod.Name, "within", inch(r.DugIn.TripodWithin))
	t := Table{ID: "cards-aqotmf-tripod-weapons", Title: ww.title(), Corner: ww.corner()}
	type col struct {
		w      *catalog.Weapon
		others bool
	}
	var cols []col
	for _, w := range ws {
		t.Columns = append(t.Columns, ww.word("column", "weapon", w.Name, "power", printnum.Signed(w.Power)))
		cols = append(cols, col{w, false})
		if slices.Contains(w.Specials, "Sweep") {
			t.Columns = append(t.Columns, ww.word("sweep"))
			cols = append(cols, col{w, true})
		}
	}
	situations := aqSituations(r, tw)
	situations = append(situations[:4:4], aqSituation{
		label: ww.word("dug_in_close"),
		q:     func(q *AttackQuery) { q.DugIn, q.TripodClose = true, true },
		show:  func(t aqTarget) bool { return t.infantry },
	})
	for _, tg := range aqTargetList(sys) {
		if tg.tripod {
			continue
		}
		t.Rows = append(t.Rows, Row{Label: tg.heading(tw)})
		for _, s := range situations {
			if !s.show(tg) {
				continue
			}
			row := Row{Label: s.label}
			for _, c := range cols {
				q := AttackQuery{Dice: 1, Defense: tg.defense, Armor: tg.arm, Power: c.w.Power}
				s.q(&q)
				res, err := AQAttack(sys, q)
				if err != nil {
					return Table{}, err
				}
				p := res.DieDmg
				if c.others {
					p = res.HitDamages
				}
				row.Cells = append(row.Cells, Prob(p))
			}
			t.Rows = append(t.Rows, row)
		}
	}
	if err := tw.err(); err != nil {
		return Table{}, err
	}
	return t, ww.err()
}

// aqTripodChart is the engine's Tripod Damage Chart odds with each row
// labelled by its roll alone (the front of the card says what it does).
func aqTripodChart(sys *catalog.System) (Table, error) {
	t, err := AQTripodChart(sys)
	if err != nil {
		return Table{}, err
	}
	c := sys.Chart(sys.AQotMF.TripodDamage.Chart)
	for i := range t.Rows {
		if i < len(c.Rows) {
			t.Rows[i].Label = c.Rows[i].Roll.Printed()
		}
	}
	w := wordsOf(sys, "tripod-chart")
	t.Corner = w.corner()
	for i := range t.Columns {
		t.Columns[i] = w.word(plural(i+1, "point", "points"), "n", itoa(i+1))
	}
	return t, w.err()
}

// aqTripodAttacks is the chance each unit whose stands carry one ranged
// weapon destroys an undamaged tripod in one attack, by the stands in
// range (columns); a unit's row stops at the stands it has.
func aqTripodAttacks(sys *catalog.System) (Table, error) {
	tripod := sys.Profile(sys.AQotMF.TripodDamage.Profile)
	if tripod == nil {
		return Table{}, fmt.Errorf("%s: tripod profile %q not found", sys.ID, sys.AQotMF.TripodDamage.Profile)
	}
	w := wordsOf(sys, "tripod-attacks", "tripod", tripod.Name)
	t := Table{ID: "cards-aqotmf-tripod-attacks", Title: w.title(), Corner: w.corner()}
	width := 0
	rolls := aqRolls{} // every unit attacks the one tripod
	for _, u := range sys.Units {
		if len(u.Composition) != 1 {
			continue
		}
		p := sys.Profile(u.Composition[0].Profile)
		if p == nil || p.ID == tripod.ID || len(p.Weapons) == 0 {
			continue
		}
		ut, err := aqDestroyTripodByStands(sys, u.ID, u.Elements(), rolls)
		if err != nil {
			continue // not one ranged weapon: no odds to give
		}
		row := Row{Label: u.Name}
		for _, r := range ut.Rows {
			row.Cells = append(row.Cells, r.Cells[len(r.Cells)-1])
		}
		width = max(width, len(row.Cells))
		t.Rows = append(t.Rows, row)
	}
	for i := 1; i <= width; i++ {
		t.Columns = append(t.Columns, strconv.Itoa(i))
	}
	for i := range t.Rows {
		for len(t.Rows[i].Cells) < width {
			t.Rows[i].Cells = append(t.Rows[i].Cells, Cell{Text: "–"})
		}
	}
	return t, w.err()
}

// aqDecoys is the chance that one element's shot with each weapon of the
// rule set damages — and so reveals — a decoy blip (the data's decoy
// Defense and Armor), in the open and in cover.
func aqDecoys(sys *catalog.System) (Table, error) {
	r := sys.AQotMF
	b := r.Blips
	w := wordsOf(sys, "decoys", "defense", itoa(b.DecoyDefense), "armor", itoa(b.DecoyArmor))
	t := Table{ID: "cards-aqotmf-decoys", Title: w.title(), Corner: w.corner(), Columns: w.columns()}
	covers := []string{"", "soft", "hard"} // the columns: open, soft cover, hard cover
	for _, wp := range sys.Weapons {
		if wp.Kind != "ranged" {
			continue
		}
		label := wp.Name
		if n := wp.DicePerElement(); n > 1 {
			label = w.word("dice", "weapon", wp.Name, "n", itoa(n))
		}
		row := Row{Label: label}
		for _, c := range covers {
			res, err := AQAttack(sys, AttackQuery{Dice: wp.DicePerElement(), Defense: b.DecoyDefense, Armor: b.DecoyArmor, Power: wp.Power, Cover: c})
			if err != nil {
				return Table{}, err
			}
			row.Cells = append(row.Cells, Prob(res.Damage))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, w.err()
}

// aqReinforcements is the engine's reinforcement table over the longest
// scenario that holds units back; none (no rows) when no scenario does:
// there is no game to count over, and the deck leaves the card out.
func aqReinforcements(sys *catalog.System) (Table, error) {
	turns := AQReinforcementTurns(sys)
	if turns == 0 {
		return Table{}, nil
	}
	return AQReinforcementTable(sys, turns)
}

// imWeapons is the chance a tray shooting with each small arm (and each
// MG, one tray of its dice) scores one hit or more at each range band,
// with the weapon's factor alone: tactical factors move it up or down the
// Small Arms table.
func imWeapons(sys *catalog.System) (Table, error) {
	tw := wordsOf(sys, "weapons")
	t := Table{ID: "cards-im-weapons", Title: tw.title(), Corner: tw.corner()}
	width := 0
	for _, w := range sys.Weapons {
		if w.Kind != "small-arms" || len(w.Bands) == 0 {
			continue
		}
		row := Row{Label: w.Name}
		for _, b := range w.Bands {
			res, err := IMShoot(sys, b.Factor, 1)
			if err != nil {
				return Table{}, err
			}
			hit := new(big.Rat).Sub(big.NewRat(1, 1), res.PerTray[0])
			row.Cells = append(row.Cells, Cell{Text: inch(b.Range) + ": " + Prob(hit).String()})
		}
		if width == 0 {
			for _, b := range w.Bands {
				t.Columns = append(t.Columns, capital(b.Name))
			}
		}
		width = max(width, len(row.Cells))
		t.Rows = append(t.Rows, row)
	}
	return t, tw.err()
}

// capital is s with its first letter in capitals ("short" → "Short").
func capital(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}
