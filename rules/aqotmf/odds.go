package aqotmf

import (
	"slices"
	"strconv"
	"strings"

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

// aqDestroyTripodChart is the chance each attacker destroys an undamaged
// tripod (the data's tripod profile, in the open) in one attack: a row per
// unit, a column per number of stands in range, up to the most stands a
// scenario fields of any of them. A unit's row stops at the most it
// fields (blank beyond: it cannot field more). Where a scenario adds stands on a reading (the
// Captain's stand, which the book gives no stats), the reading is the
// table's note, so its mark prints on the table.
func aqDestroyTripodChart(sys *catalog.System) (rules.Table, error) {
	tripod, err := aqTripodProfile(sys)
	if err != nil {
		return rules.Table{}, err
	}
	w := rules.WordsOf(sys, "destroy-tripod", "tripod", tripod.Name)
	t := rules.Table{ID: "aqotmf-destroy-tripod", Title: w.Title(), Corner: w.Corner(), Blank: w.Word("blank")}
	width := 0
	rolls := aqRolls{} // every unit attacks the one tripod
	var readings []string
	for _, u := range Attackers(sys) {
		stands, ruled := FieldedStands(sys, &u)
		ut, err := aqDestroyTripodByStands(sys, u.ID, stands, rolls)
		if err != nil {
			return rules.Table{}, err
		}
		row := rules.Row{Label: u.Name}
		for _, r := range ut.Rows {
			row.Cells = append(row.Cells, r.Cells[len(r.Cells)-1]) // the Destroyed column
		}
		width = max(width, len(row.Cells))
		t.Rows = append(t.Rows, row)
		for _, id := range ruled {
			if n := sys.Note(id); n != nil && !slices.Contains(readings, strings.TrimSpace(n.Text)) {
				readings = append(readings, strings.TrimSpace(n.Text))
			}
		}
	}
	for i := 1; i <= width; i++ {
		t.Columns = append(t.Columns, strconv.Itoa(i))
	}
	for i := range t.Rows {
		for len(t.Rows[i].Cells) < width {
			t.Rows[i].Cells = append(t.Rows[i].Cells, rules.Impossible)
		}
	}
	t.Notes = readings
	return t, w.Err()
}

// FieldedStands is the most stands of the unit any scenario's force line
// fields (the unit entry's own, and stands a line adds), or the unit
// entry's when no scenario fields it; with the readings under which a
// line adds the stands that make that most.
func FieldedStands(sys *catalog.System, u *catalog.Unit) (stands int, readings []string) {
	stands = u.Elements()
	for _, sc := range sys.Scenarios {
		for _, side := range sc.Sides {
			for _, f := range side.Forces {
				if f.Unit != u.ID {
					continue
				}
				n := max(f.Stands, f.StandsOf(u))
				var ruled []string
				for _, a := range f.Added {
					if a.Reading != "" {
						ruled = append(ruled, a.Reading)
					}
				}
				switch {
				case n > stands:
					stands, readings = n, ruled
				case n == stands && n > u.Elements():
					readings = append(readings, ruled...)
				}
			}
		}
	}
	return stands, readings
}
