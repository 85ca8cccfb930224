package aqotmf

import (
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Attackers are the units whose odds against a tripod the rules let us
// work out: every stand has a profile with weapons, and the unit is not
// the tripod itself. (A unit whose stats the book does not print, or one
// with no weapon, has none.)
func Attackers(sys *catalog.System) []catalog.Unit {
	target := ""
	if a := RulesOf(sys); a != nil {
		target = a.TripodDamage.Profile
	}
	var out []catalog.Unit
	for _, u := range sys.Units {
		ok := len(u.Composition) > 0
		for _, st := range u.Composition {
			p := sys.Profile(st.Profile)
			if p == nil || len(p.Weapons) == 0 || p.ID == target {
				ok = false
			}
		}
		if ok {
			out = append(out, u)
		}
	}
	return out
}

// aqDestroyTripodChart gathers the attackers' chances to destroy the
// tripod into one table for the sheet's chart: a row per unit, a column
// per number of stands in range. A unit's row stops at the stands it has;
// the chart draws it shorter.
func aqDestroyTripodChart(sys *catalog.System) (rules.Table, error) {
	w := rules.WordsOf(sys, "destroy-tripod")
	t := rules.Table{ID: "aqotmf-destroy-tripod", Corner: w.Corner()}
	width := 0
	rolls := aqRolls{} // every unit attacks the one tripod
	for _, u := range Attackers(sys) {
		ut, err := aqDestroyTripodByStands(sys, u.ID, u.Elements(), rolls)
		if err != nil {
			return rules.Table{}, err
		}
		row := rules.Row{Label: u.Name}
		for _, r := range ut.Rows {
			row.Cells = append(row.Cells, r.Cells[len(r.Cells)-1]) // the Destroyed column
		}
		width = max(width, len(row.Cells))
		t.Rows = append(t.Rows, row)
	}
	if p := sys.Profile(RulesOf(sys).TripodDamage.Profile); p != nil {
		w.Set("tripod", p.Name)
		t.Title = w.Title()
	}
	for i := 1; i <= width; i++ {
		t.Columns = append(t.Columns, strconv.Itoa(i))
	}
	return t, w.Err()
}
