package aqotmf

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
)

// blockBounds are the ranges of the block's blips: marker pieces, which
// the marker set prints all of (see catalog.Block.Bounds).
var blockBounds = map[string]catalog.Bound{
	"numbered":            {Lo: 0, Hi: limits.MaxMarkers},
	"dummies":             {Lo: 0, Hi: limits.MaxMarkers},
	"decoys_per_infantry": {Lo: 0, Hi: limits.MaxMarkers},
}

// Rules holds the numbers of All Quiet on the Martian Front's mechanics
// that the engine reads ([aqotmf] in data/aqotmf/system.toml).
type Rules struct {
	Cover struct {
		Soft int `toml:"soft"` // Defense bonus in soft cover
		Hard int `toml:"hard"`
	} `toml:"cover"`
	ImmobilisedDefense int `toml:"immobilised_defense"` // -4
	DugIn              struct {
		Armor        int            `toml:"armor"`         // +2
		TripodWithin catalog.Length `toml:"tripod_within"` // the bonus does not count against tripods this close
		Marker       string         `toml:"marker"`        // the marker kind that marks a unit dug in
		Types        []string       `toml:"types"`         // the profile types that may dig in ("Infantry")
		Moved        string         `toml:"moved"`         // where the bonus holds (a unit that moves off its spot loses it), for its card and roster
	} `toml:"dug_in"`
	// LuckyHitNote is the id of the source note printed wherever an Armor
	// above 10 cannot be reached by a roll ("lucky hit" is never described).
	LuckyHitNote string `toml:"lucky_hit_note"`
	Morale       struct {
		Pass    int `toml:"pass"`     // d10 - losses >= pass
		PerLoss int `toml:"per_loss"` // -1 per element lost
	} `toml:"morale"`
	TripodDamage struct {
		Chart         string `toml:"chart"`           // chart id
		PerExtraPoint int    `toml:"per_extra_point"` // +1 per damage point beyond the first
		Profile       string `toml:"profile"`         // the tripod profile the sheets' odds are for
	} `toml:"tripod_damage"`
	Reinforcements struct {
		Chart    string `toml:"chart"`
		FromTurn int    `toml:"from_turn"`
	} `toml:"reinforcements"`
	TowCable struct {
		FallModifier int `toml:"fall_modifier"` // +3 on the damage chart when it falls
		// FallsOn is the roll that falls even for a Speed this high ("or a
		// 10 for something with a Speed of 10").
		FallsOn int `toml:"falls_on"`
	} `toml:"tow_cable"`
	Blips struct {
		Numbered          int    `toml:"numbered"` // blips numbered 1–4 in the marker set
		Dummies           int    `toml:"dummies"`  // "D" blips
		DecoysPerInfantry int    `toml:"decoys_per_infantry"`
		DecoyType         string `toml:"decoy_type"` // the unit type whose blips bring decoys ("Infantry")
		// Rule is the id of the table that summarises the Hidden Units
		// rule: a scenario that lists it (by id, name or alias) deploys
		// its hidden side as blips.
		Rule          string         `toml:"rule"`
		RevealOpen    catalog.Length `toml:"reveal_open"`
		RevealTerrain catalog.Length `toml:"reveal_terrain"`
		DecoyDefense  int            `toml:"decoy_defense"`
		DecoyArmor    int            `toml:"decoy_armor"`
		Move          catalog.Length `toml:"move"`
	} `toml:"blips"`
	Ambush struct {
		Detector   catalog.Length `toml:"detector"`    // a Detector this close to the terrain's centre reveals
		EnemyClear catalog.Length `toml:"enemy_clear"` // placed more than this from any enemy
	} `toml:"ambush"`
	// Specials give special abilities in a line each (their Short), for
	// unit cards, which have no room for a rule's full text (see
	// System.Ability). Abilities the quick-start never describes have none.
	Specials []catalog.Special `toml:"special"`
}

// AbilityLines are the special abilities' lines for unit cards
// (catalog.AbilityLines).
func (r *Rules) AbilityLines() []catalog.Special { return r.Specials }

// RulesOf is the rule set's block of aqotmf numbers, or nil.
func RulesOf(sys *catalog.System) *Rules {
	if sys == nil {
		return nil
	}
	b, _ := sys.Block.(*Rules)
	return b
}
