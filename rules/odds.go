package rules

import (
	"math"
	"strconv"

	"github.com/playaid/playaid/catalog"
)

// OddsTable is one odds table a document may print by its id: a reference
// sheet's template (`table "id"`), a reference card's back (`engine
// "id"`). Sheets and cards read the one list OddsTables gives, so the
// same id is the same table wherever it prints.
type OddsTable struct {
	ID    string
	Build func(*catalog.System) (Table, error)
}

// oddsTables are each engine's odds tables, in the order they are listed.
var oddsTables = map[*Engine][]OddsTable{
	AQEngine: {
		{"targets", aqTargets},
		{"tripod-weapons", aqTripodWeapons},
		{"tripod-chart", aqTripodChart},
		{"tripod-attacks", aqTripodAttacks},
		{"decoys", aqDecoys},
		{"morale", AQMoraleTable},
		{"reinforcements", aqReinforcements},
		{"tow-cable", AQTowCableTable},
		{"hit-damage-grid", AQHitDamageGrid},
		{"tripod-damage", AQTripodChart},
		{"destroy-tripod", aqDestroyTripodChart},
		{"example", aqShotExampleFromData},
	},
	BuildingsEngine: {
		{"hit", BuildingsHitTable},
		{"burn", BurnTable},
		{"example", BuildingExampleFromData},
	},
	EvacEngine: {
		{"game-length", EvacGameLengthTable},
		{"ladder", EvacLadderTable},
		{"example", evacExampleFromData},
	},
	IMEngine: {
		{"shooting", IMShootingTable},
		{"weapons", imWeapons},
		{"mg-jam", IMMGTable},
		{"artillery-hit", IMArtilleryHitTable},
		{"artillery-formations", func(sys *catalog.System) (Table, error) { return IMFormationTable(sys, 0) }},
		{"artillery-objects", IMObjectTable},
		{"artillery-armour", IMArmourTable},
		{"escape", IMEscapeTable},
		// The ranges of modifiers are the documents' choice of what to
		// show, not game numbers: they reach from where the outcome is
		// nearly certain one way to where it is the other.
		{"melee", modifiers(IMMeleeTable, 0, 15)},
		{"morale", modifiers(IMMoraleTable, -8, 5)},
		{"rally", modifiers(IMRallyTable, -5, 5)},
		{"pursuit", modifiers(IMPursuitTable, -5, 5)},
		{"officer-risk", IMOfficerRiskTable},
		{"vehicles", IMVehicleTable},
		{"overload", IMOverloadTable},
		{"flyer-penetration", IMFlyerPenetrationTable},
		// One look per shot (imperial_look.go).
		{"look-shooting", func(sys *catalog.System) (Table, error) { return IMShotLookTable(sys, "small-arms", "mg") }},
		{"look-small-arms", func(sys *catalog.System) (Table, error) { return IMShotLookTable(sys, "small-arms") }},
		{"look-mg", func(sys *catalog.System) (Table, error) { return IMShotLookTable(sys, "mg") }},
		{"look-artillery", IMArtilleryLookTable},
		{"shooting-ladder", IMShootingLadder},
		{"shot-example", IMShotExampleFromData},
	},
}

// OddsTables lists the odds tables of a rule set: its engine's, in order.
func OddsTables(sys *catalog.System) []OddsTable {
	return oddsTables[EngineOf(sys)]
}

// OddsTableIDs lists the ids of a rule set's odds tables, in order.
func OddsTableIDs(sys *catalog.System) []string {
	var ids []string
	for _, t := range OddsTables(sys) {
		ids = append(ids, t.ID)
	}
	return ids
}

// modifiers adapts a builder that lays out a range of modifiers.
func modifiers(f func(*catalog.System, int, int) (Table, error), lo, hi int) func(*catalog.System) (Table, error) {
	return func(sys *catalog.System) (Table, error) { return f(sys, lo, hi) }
}

// AQAttackers are the units whose odds against a tripod the rules let us
// work out: every stand has a profile with weapons, and the unit is not
// the tripod itself. (A unit whose stats the book does not print, or one
// with no weapon, has none.)
func AQAttackers(sys *catalog.System) []catalog.Unit {
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

// aqDestroyTripodChart gathers the attackers' chances to destroy the
// tripod into one table for the sheet's chart: a row per unit, a column
// per number of stands in range. A unit's row stops at the stands it has;
// the chart draws it shorter.
func aqDestroyTripodChart(sys *catalog.System) (Table, error) {
	w := wordsOf(sys, "destroy-tripod")
	t := Table{ID: "aqotmf-destroy-tripod", Corner: w.corner()}
	width := 0
	rolls := aqRolls{} // every unit attacks the one tripod
	for _, u := range AQAttackers(sys) {
		ut, err := aqDestroyTripodByStands(sys, u.ID, u.Elements(), rolls)
		if err != nil {
			return Table{}, err
		}
		row := Row{Label: u.Name}
		for _, r := range ut.Rows {
			row.Cells = append(row.Cells, r.Cells[len(r.Cells)-1]) // the Destroyed column
		}
		width = max(width, len(row.Cells))
		t.Rows = append(t.Rows, row)
	}
	if p := sys.Profile(sys.AQotMF.TripodDamage.Profile); p != nil {
		w.set("tripod", p.Name)
		t.Title = w.title()
	}
	for i := 1; i <= width; i++ {
		t.Columns = append(t.Columns, strconv.Itoa(i))
	}
	return t, w.err()
}

// The words and numbers of the card tables, as the documents print them
// (document.Inch, document.Count, which sit above this package; the
// signed modifier is internal/printed, below both).

// inch is a length in inches, to a thousandth, with the inch mark: 6″.
func inch(l catalog.Length) string {
	return strconv.FormatFloat(math.Round(l.Inches()*1000)/1000, 'f', -1, 64) + "″"
}
