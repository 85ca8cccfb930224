package evacuation

import (
	"github.com/playaid/playaid/rules"
)

// Engine is the engine, registered by package rules/engines.
var Engine = &rules.Engine{Name: "evacuation",
	Block:     rules.BlockOf(checkBlock).WithBounds(blockBounds),
	Sheet:     rules.SheetStyle{Template: "evacuation-mars.md", MaxPages: 1, Columns: 1, BaseSize: 7.5, Margin: 8},
	Cards:     rules.CardStyle{Template: "cards-evacuation-mars.md", Accent: [3]uint8{18, 104, 104}},
	Odds:      evacOdds,
	Words:     evacWords,
	Queries:   evacQueries,
	Army:      army,
	Builder:   builder{},
	Documents: documents{},
	Play:      play,
}

// evacOdds are the engine's odds tables, in the order they are listed.
var evacOdds = []rules.OddsTable{
	{ID: "game-length", Build: GameLengthTable},
	{ID: "ladder", Build: LadderTable},
	{ID: "example", Build: evacExampleFromData},
}

// evacWords are what the engine's tables read from their [odds.<table>]
// blocks, in the order the data lists them.
var evacWords = []rules.WordSpec{
	{ID: "game-length", Title: true, Corner: true, Columns: 3, Notes: true,
		Words: []string{"round", "rounds", "ends"},
		Vars:  []string{"rounds", "n", "ends_on", "die", "chance"}},
	{ID: "ladder", Title: true, Corner: true, Columns: 4, Notes: true,
		Words: []string{"hull_point", "hull_points"},
		Vars:  []string{"armour", "hull_points", "hull_point_words", "max_armour", "max_hull", "armour_plus", "hull_plus", "first", "both"}},
	{ID: "example", Title: true, Corner: true, Columns: 1,
		Words: []string{"armour_step", "armour", "hull_step", "hull", "troops_step", "troops", "round_step", "round",
			"hold_step", "hold"},
		Vars: []string{"die", "n", "sum", "value", "points", "cost", "left", "round", "ends_on", "chance", "next", "reached",
			"ends", "mean"}},
}
