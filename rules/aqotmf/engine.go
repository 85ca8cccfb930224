package aqotmf

import (
	"github.com/playaid/playaid/rules"
)

// Engine is the engine, registered by package rules/engines.
var Engine = &rules.Engine{Name: "aqotmf",
	Block:     rules.BlockOf(checkBlock).WithBounds(blockBounds),
	Sheet:     rules.SheetStyle{Template: "aqotmf.md", MaxPages: 2, Columns: 2, BaseSize: 7.5, Margin: 7},
	Cards:     rules.CardStyle{Template: "cards-aqotmf.md", Accent: [3]uint8{140, 36, 28}},
	Odds:      aqOdds,
	Words:     aqWords,
	Queries:   aqQueries,
	Army:      army,
	Builder:   builder{},
	Documents: documents{},
	Play:      play,
}

// aqOdds are the engine's odds tables, in the order they are listed.
var aqOdds = []rules.OddsTable{
	{ID: "targets", Build: aqTargets},
	{ID: "tripod-weapons", Build: aqTripodWeapons},
	{ID: "tripod-chart", Build: aqTripodChart},
	{ID: "decoys", Build: aqDecoys},
	{ID: "morale", Build: MoraleTable},
	{ID: "reinforcements", Build: aqReinforcements},
	{ID: "tow-cable", Build: TowCableTable},
	{ID: "hit-damage-grid", Build: HitDamageGrid},
	{ID: "tripod-damage", Build: TripodChart},
	{ID: "destroy-tripod", Build: aqDestroyTripodChart},
	{ID: "example", Build: ShotExampleFromData},
}

// aqWords are what the engine's tables read from their [odds.<table>]
// blocks, in the order the data lists them.
var aqWords = []rules.WordSpec{
	{ID: "hit-damage-grid", Title: true, Corner: true, Notes: true,
		Words: []string{"armor", "armor_dug_in", "column"},
		Vars:  []string{"soft", "hard", "immobilised", "die", "dug_in", "tripod_within", "armor", "printed", "armor_label", "power"}},
	{ID: "tripod-damage", Title: true, Corner: true, Notes: true,
		Words: []string{"row", "destroyed", "column"},
		Vars:  []string{"chart", "tripod", "armor", "per_point", "roll", "result", "points"}},
	{ID: "destroy-tripod-stands", Title: true, Corner: true, Columns: 3, Notes: true,
		Vars: []string{"unit", "weapon", "tripod", "defense", "armor", "power"}},
	{ID: "morale", Title: true, Corner: true, Columns: 2, Notes: true,
		Vars: []string{"die", "per_loss", "pass"}},
	{ID: "reinforcements", Title: true, Corner: true, Columns: 3, Notes: true,
		Words: []string{"of_arrivals", "card"},
		Vars:  []string{"turns", "arrive", "can_attack", "from", "of_arrivals", "share", "die", "arrive_on", "attack_on", "miss_on", "only_on"}},
	{ID: "tow-cable", Title: true, Corner: true, Columns: 4, Notes: true,
		Vars: []string{"tripod", "speed", "fall"}},
	{ID: "destroy-tripod", Title: true, Corner: true, Words: []string{"blank"}, Vars: []string{"tripod"}},
	// The reference cards' tables.
	{ID: "targets", Title: true, Corner: true,
		Words: []string{"target", "open", "soft", "hard", "dug_in", "immobilised"},
		Vars:  []string{"names", "defense", "armor", "soft", "hard", "dug_in", "immobilised"}},
	{ID: "tripod-weapons", Title: true, Corner: true,
		Words: []string{"column", "sweep", "dug_in_close"},
		Vars:  []string{"tripod", "within", "weapon", "power"}},
	{ID: "tripod-chart", Corner: true, Words: []string{"point", "points"}, Vars: []string{"n"}},
	{ID: "decoys", Title: true, Corner: true, Columns: 3, Words: []string{"dice"},
		Vars: []string{"defense", "armor", "weapon", "n"}},
	// The worked example (examples.go).
	{ID: "example", Title: true, Corner: true, Columns: 1,
		Words: []string{"shot_step", "shot", "one_die", "dice", "dug_in", "in_soft_cover", "in_hard_cover",
			"hit_step", "hit", "defense", "soft_cover", "hard_cover", "damage_step", "damage", "damage_power", "armor",
			"dug_in_close", "dug_in_far", "each_die_step", "each_die", "grid_armor", "grid_armor_dug_in",
			"each_stand_step", "each_stand"},
		Vars: []string{"shooter", "target", "weapon", "die", "within", "n", "dice", "power", "where", "defense", "bonus",
			"terms", "score", "chance", "armor", "hit", "damage", "grid", "printed", "need"}},
}
