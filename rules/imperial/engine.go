package imperial

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Engine is the engine, registered by package rules/engines.
var Engine = &rules.Engine{Name: "imperial",
	Block:     rules.BlockOf(checkBlock).WithBounds(blockBounds),
	Sheet:     rules.SheetStyle{Template: "imperial-mars.md", MaxPages: 4, Columns: 2, BaseSize: 7.5, Margin: 7},
	Cards:     rules.CardStyle{Template: "cards-imperial-mars.md", Accent: [3]uint8{34, 58, 112}},
	Odds:      imOdds,
	Words:     imWords,
	Queries:   imQueries,
	Army:      army,
	Builder:   builder{},
	Documents: documents{},
	Play:      play,
}

// imOdds are the engine's odds tables, in the order they are listed.
var imOdds = []rules.OddsTable{
	{ID: "shooting", Build: ShootingTable},
	{ID: "mg-jam", Build: MGTable},
	{ID: "artillery-hit", Build: ArtilleryHitTable},
	{ID: "artillery-formations", Build: func(sys *catalog.System) (rules.Table, error) { return FormationTable(sys, 0) }},
	{ID: "artillery-objects", Build: ObjectTable},
	{ID: "artillery-armour", Build: ArmourTable},
	{ID: "escape", Build: EscapeTable},
	// Melee runs from an even fight to the difference where every
	// column is certain (its suffers are your opponent's inflicts at the
	// negative). Morale, rally and pursuit run over every total their
	// tables of modifiers reach (reach.go).
	{ID: "melee", Build: reaching(MeleeTable, MeleeReach)},
	{ID: "morale", Build: reaching(MoraleTable, MoraleReach)},
	{ID: "rally", Build: reaching(RallyTable, RallyReach)},
	{ID: "pursuit", Build: reaching(PursuitTable, PursuitReach)},
	{ID: "officer-risk", Build: OfficerRiskTable},
	{ID: "vehicles", Build: VehicleTable},
	{ID: "overload", Build: OverloadTable},
	{ID: "flyer-penetration", Build: FlyerPenetrationTable},
	// One look per shot (imperial_look.go).
	{ID: "look-shooting", Build: func(sys *catalog.System) (rules.Table, error) {
		return ShotLookTable(sys, "small-arms", "mg", "old-ones")
	}},
	{ID: "look-small-arms", Build: func(sys *catalog.System) (rules.Table, error) { return ShotLookTable(sys, "small-arms") }},
	{ID: "look-mg", Build: func(sys *catalog.System) (rules.Table, error) { return ShotLookTable(sys, "mg") }},
	{ID: "look-artillery", Build: ArtilleryLookTable},
	{ID: "shooting-ladder", Build: ShootingLadder},
	{ID: "shot-example", Build: ShotExampleFromData},
}

// imWords are what the engine's tables read from their [odds.<table>]
// blocks, in the order the data lists them.
var imWords = []rules.WordSpec{
	{ID: "shooting", Title: true, Corner: true, Columns: 5, Notes: true, Words: []string{"below"}, Vars: []string{"always", "lowest"}},
	{ID: "mg-jam", Title: true, Corner: true, Columns: 5},
	{ID: "artillery-hit", Title: true, Corner: true, Columns: 1, Words: []string{"or_less", "or_more"}, Vars: []string{"n"}},
	{ID: "artillery-formations", Title: true, Corner: true, Columns: 1, Words: []string{"blank", "alone"}, Vars: []string{"modifier", "die"}},
	{ID: "artillery-objects", Title: true, Columns: 1},
	{ID: "artillery-armour", Title: true, Corner: true},
	{ID: "flyer-penetration", Title: true, Corner: true},
	{ID: "melee", Title: true, Corner: true, Words: []string{"inflicts", "suffers", "or_more"}, Vars: []string{"n"}},
	{ID: "morale", Title: true, Corner: true, Words: []string{"or_less", "or_more"}, Vars: []string{"n"}},
	{ID: "rally", Title: true, Corner: true, Words: []string{"or_less", "or_more"}, Vars: []string{"n"}},
	{ID: "pursuit", Title: true, Corner: true, Words: []string{"or_less", "or_more"}, Vars: []string{"n"}},
	{ID: "officer-risk", Title: true, Corner: true, Columns: 2},
	{ID: "escape", Title: true, Corner: true, Columns: 2},
	{ID: "overload", Title: true, Corner: true, Columns: 2},
	{ID: "vehicles", Title: true, Corner: true, Columns: 5},
	// One look per shot.
	{ID: "look-shooting", Title: true, Corner: true,
		Words: []string{"factor", "one_hit", "two_hits", "setting", "trays", "jams", "blank", "none"},
		Vars:  []string{"setting", "weapon", "trays"}},
	{ID: "look-artillery", Title: true, Corner: true, Words: []string{"smoothbore", "rifle", "row"}, Vars: []string{"gun", "kind"}},
	{ID: "shooting-ladder", Title: true, Corner: true, Columns: 4, Words: []string{"or_less", "or_more"}, Vars: []string{"n"}},
	{ID: "shot-example", Title: true, Corner: true, Columns: 1,
		Words: []string{"weapon_step", "weapon", "band_step", "band", "factor_step", "total_step", "table_step", "below",
			"one_on", "two_on", "chance_step", "one_chance", "two_chance", "no_chance",
			"volley_step", "volley", "hits_one", "hits_n", "hits_more", "sep", "casualties_step", "casualties",
			"morale_step", "morale", "factor", "result", "or_more", "range"},
		Vars: []string{"weapon", "distance", "band", "range", "always", "score", "chance",
			"trays", "hits", "n", "mean", "lost", "figures", "share", "target", "modifier", "why", "results",
			"factor", "result", "roll", "lo", "hi"}},
}
