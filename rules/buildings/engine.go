package buildings

import (
	"github.com/playaid/playaid/rules"
)

// Engine is the engine, registered by package rules/engines.
var Engine = &rules.Engine{Name: "buildings",
	Block:     rules.BlockOf(checkBlock),
	Sheet:     rules.SheetStyle{Template: "buildings.md", MaxPages: 1, Columns: 1, BaseSize: 7.5, Margin: 8},
	Cards:     rules.CardStyle{Template: "cards-buildings.md", Accent: [3]uint8{150, 84, 20}},
	Odds:      bldOdds,
	Words:     bldWords,
	Queries:   bldQueries,
	Builder:   rules.NoBuilder{},
	Documents: rules.NoDocuments{},
	Play:      play,
}

// bldOdds are the engine's odds tables, in the order they are listed.
var bldOdds = []rules.OddsTable{
	{ID: "hit", Build: HitTable},
	{ID: "burn", Build: BurnTable},
	{ID: "example", Build: ExampleFromData},
}

// bldWords are what the engine's tables read from their [odds.<table>]
// blocks, in the order the data lists them.
var bldWords = []rules.WordSpec{
	{ID: "hit", Title: true, Corner: true, Columns: 4, Notes: true,
		Words: []string{"row", "blank", "dash"},
		Vars:  []string{"die", "damaged_armor", "heat_ray_bonus", "building", "armor", "fire", "power"}},
	{ID: "burn", Title: true, Corner: true, Notes: true,
		Words: []string{"turn", "expected", "row"},
		Vars:  []string{"die", "armor_loss", "turn", "building", "armor"}},
	{ID: "example", Title: true, Corner: true, Columns: 1,
		Words: []string{"destroy_step", "destroy", "fire_step", "fire", "fire_dice", "fire_dice_heat_ray",
			"burning_step", "burning", "rubble_step", "rubble", "roll_or_more", "roll_of", "any_roll", "no_roll"},
		Vars: []string{"weapon", "power", "building", "die", "armor", "fire", "destroy_roll", "damage_roll", "damaged_armor",
			"fire_dice", "heat_ray_bonus", "fire_roll", "chance", "burn_roll", "burnt_armor", "now", "later", "n"}},
}
