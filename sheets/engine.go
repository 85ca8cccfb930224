package sheets

import (
	"fmt"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// tableSpec is an engine table a sheet's template may print: `table "id"`.
type tableSpec struct {
	id    string
	build func(cat *catalog.Catalog, sys *catalog.System) (rules.Table, error)
}

// of adapts a table builder that needs only the rule set.
func of(f func(*catalog.System) (rules.Table, error)) func(*catalog.Catalog, *catalog.System) (rules.Table, error) {
	return func(_ *catalog.Catalog, sys *catalog.System) (rules.Table, error) { return f(sys) }
}

// span adapts a builder that lays out a range of modifiers. The ranges are
// the sheet's choice of what to show, not game numbers: they reach from
// where the outcome is nearly certain one way to where it is the other.
func span(f func(*catalog.System, int, int) (rules.Table, error), lo, hi int) func(*catalog.Catalog, *catalog.System) (rules.Table, error) {
	return func(_ *catalog.Catalog, sys *catalog.System) (rules.Table, error) { return f(sys, lo, hi) }
}

// Tables computes every engine table the sheet offers its template, in
// order (the benchmark and the tests use it).
func (s Sheet) Tables(cat *catalog.Catalog) ([]rules.Table, error) {
	sys := cat.System(s.System)
	if sys == nil {
		return nil, fmt.Errorf("sheet %s: the data has no system %q", s.ID, s.System)
	}
	var out []rules.Table
	for _, ts := range s.tables(cat, sys) {
		t, err := ts.build(cat, sys)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// TableIDs lists the ids the sheet's template may pass to `table`.
func (s Sheet) TableIDs(cat *catalog.Catalog) []string {
	sys := cat.System(s.System)
	if sys == nil {
		return nil
	}
	var ids []string
	for _, ts := range s.tables(cat, sys) {
		ids = append(ids, ts.id)
	}
	return ids
}

func imTables(*catalog.Catalog, *catalog.System) []tableSpec { return imTableList }

var imTableList = []tableSpec{
	{"shooting", of(rules.IMShootingTable)},
	{"mg-jam", of(rules.IMMGTable)},
	{"artillery-hit", of(rules.IMArtilleryHitTable)},
	{"artillery-formations", func(_ *catalog.Catalog, sys *catalog.System) (rules.Table, error) {
		return rules.IMFormationTable(sys, 0)
	}},
	{"artillery-objects", of(rules.IMObjectTable)},
	{"artillery-armour", of(rules.IMArmourTable)},
	{"escape", of(rules.IMEscapeTable)},
	{"melee", span(rules.IMMeleeTable, 0, 15)},
	{"morale", span(rules.IMMoraleTable, -8, 5)},
	{"rally", span(rules.IMRallyTable, -5, 5)},
	{"pursuit", span(rules.IMPursuitTable, -5, 5)},
	{"officer-risk", of(rules.IMOfficerRiskTable)},
	{"vehicles", of(rules.IMVehicleTable)},
	{"overload", of(rules.IMOverloadTable)},
	{"flyer-penetration", of(rules.IMFlyerPenetrationTable)},
}

// aqTables are the AQotMF sheet's tables. "destroy-tripod" gathers the
// attacks on a tripod of every unit that can make them (see attackers).
func aqTables(cat *catalog.Catalog, sys *catalog.System) []tableSpec {
	specs := []tableSpec{
		{"hit-damage-grid", of(rules.AQHitDamageGrid)},
		{"tripod-damage", of(rules.AQTripodChart)},
		{"morale", of(rules.AQMoraleTable)},
		{"reinforcements", func(_ *catalog.Catalog, sys *catalog.System) (rules.Table, error) {
			turns := rules.AQReinforcementTurns(sys)
			if turns == 0 {
				// No scenario holds a unit back: no game to count the
				// odds over, and the sheet prints the rule without them.
				return rules.Table{}, nil
			}
			return rules.AQReinforcementTable(sys, turns)
		}},
		{"tow-cable", of(rules.AQTowCableTable)},
		{"destroy-tripod", of(destroyTripodChart)},
	}
	return specs
}

// attackers are the units whose odds against a tripod the seed lets us
// work out: every stand has a profile with weapons, and the unit is not
// the tripod itself. (The Mk II Baldwin's stats, and so its Tank Gun, are
// not printed; the Rough Riders have no weapon.)
func attackers(sys *catalog.System) []catalog.Unit {
	target := ""
	if a := sys.AQotMF; a != nil {
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

// destroyTripodChart gathers the attackers' chances to destroy the tripod
// into one table for the chart: a row per unit, a column per number of
// stands in range. A unit's row stops at the stands it has; the chart
// draws it shorter.
func destroyTripodChart(sys *catalog.System) (rules.Table, error) {
	t := rules.Table{ID: "aqotmf-destroy-tripod", Corner: "Stands in range"}
	width := 0
	for _, u := range attackers(sys) {
		ut, err := rules.AQDestroyTripodByStands(sys, u.ID, u.Elements())
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
	if p := sys.Profile(sys.AQotMF.TripodDamage.Profile); p != nil {
		t.Title = "Chance to destroy an undamaged " + p.Name + " in one attack"
	}
	for i := 1; i <= width; i++ {
		t.Columns = append(t.Columns, strconv.Itoa(i))
	}
	return t, nil
}

func buildingTables(*catalog.Catalog, *catalog.System) []tableSpec {
	return []tableSpec{
		{"hit", of(rules.BuildingsHitTable)},
		{"burn", of(rules.BurnTable)},
	}
}

func evacTables(*catalog.Catalog, *catalog.System) []tableSpec {
	return []tableSpec{
		{"game-length", of(rules.EvacGameLengthTable)},
		{"ladder", of(rules.EvacLadderTable)},
	}
}
