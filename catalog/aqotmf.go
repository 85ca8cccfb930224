package catalog

// AQRules holds the numbers of All Quiet on the Martian Front's mechanics
// that the engine reads ([aqotmf] in data/aqotmf/system.toml).
type AQRules struct {
	Cover struct {
		Soft int `toml:"soft"` // Defense bonus in soft cover
		Hard int `toml:"hard"`
	} `toml:"cover"`
	ImmobilisedDefense int `toml:"immobilised_defense"` // -4
	DugIn              struct {
		Armor        int      `toml:"armor"`         // +2
		TripodWithin Length   `toml:"tripod_within"` // the bonus does not count against tripods this close
		Marker       string   `toml:"marker"`        // the marker kind that marks a unit dug in
		Types        []string `toml:"types"`         // the profile types that may dig in ("Infantry")
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
		Rule          string `toml:"rule"`
		RevealOpen    Length `toml:"reveal_open"`
		RevealTerrain Length `toml:"reveal_terrain"`
		DecoyDefense  int    `toml:"decoy_defense"`
		DecoyArmor    int    `toml:"decoy_armor"`
		Move          Length `toml:"move"`
	} `toml:"blips"`
	Ambush struct {
		Detector   Length `toml:"detector"`    // a Detector this close to the terrain's centre reveals
		EnemyClear Length `toml:"enemy_clear"` // placed more than this from any enemy
	} `toml:"ambush"`
	// Specials give special abilities in a line each (their Short), for
	// unit cards, which have no room for a rule's full text (see
	// System.Ability). Abilities the quick-start never describes have none.
	Specials []Special `toml:"special"`
}

// BuildingType is one kind of building of the Destroying Buildings add-on.
type BuildingType struct {
	ID    string `toml:"id"`
	Name  string `toml:"name"`
	Armor int    `toml:"armor"`
	Fire  int    `toml:"fire"` // Fire Rating
	Text  string `toml:"text"` // the seed's description
}

// BuildingRules holds the Destroying Buildings add-on's numbers.
type BuildingRules struct {
	Types              []BuildingType  `toml:"type"`
	HeatRayFireBonus   int             `toml:"heat_ray_fire_bonus"`   // +2 on fire rolls
	DamagedArmor       int             `toml:"damaged_armor"`         // -1 when the roll equals the armour
	BurnArmorLoss      int             `toml:"burn_armor_loss"`       // armour lost each turn a burning building stands
	TallFloors         int             `toml:"tall_floors"`           // 4 or more stories is tall
	DangerZonePerFloor Length          `toml:"danger_zone_per_floor"` // 1" of danger zone per floor
	Example            BuildingExample `toml:"example"`               // the sheet's worked example
}

// BuildingExample is the shot the add-on's sheet works through: a weapon
// of the rule set the add-on adds to, at a building type.
type BuildingExample struct {
	Weapon   string `toml:"weapon"`   // weapon id in the base rule set
	HeatRay  bool   `toml:"heat_ray"` // a Martian Heat Ray: the fire bonus counts
	Building string `toml:"building"` // building type id
}

// Type returns the building type with the id, or nil.
func (b *BuildingRules) Type(id string) *BuildingType {
	return find(b.Types, id, func(t *BuildingType) string { return t.ID })
}

// EvacRound is one round of Evacuation: Mars's game-length roll.
type EvacRound struct {
	Round  int    `toml:"round"`
	EndsOn int    `toml:"ends_on"` // faces of the die out of which the game ends after this round
	Text   string `toml:"text"`    // as printed: "Round 8: 2/6 chance of ending"
}

// EvacRules holds Evacuation: Mars's numbers.
type EvacRules struct {
	Points    int      `toml:"points"`   // per army
	Excluded  []string `toml:"excluded"` // unit types refused
	Allowed   []string `toml:"allowed"`  // unit types allowed (infantry, jump infantry …)
	Objective struct {
		Armour     int   `toml:"armour"`
		HullPoints int   `toml:"hull_points"`
		MaxArmour  int   `toml:"max_armour"`
		MaxHull    int   `toml:"max_hull_points"`
		Ladder     []int `toml:"ladder"` // cost of the 1st, 2nd … extra point
		// LadderTotal is the total the seed prints for the whole ladder
		// (150); the loader checks the ladder adds up to it.
		LadderTotal int    `toml:"ladder_total"`
		Claim       Length `toml:"claim"` // claimed within this distance
		// Rules names the scenarios' special rules printed on the
		// objective marker's unit card.
		Rules []string `toml:"rules"`
	} `toml:"objective"`
	GameLength struct {
		Die    int         `toml:"die"`
		Rounds []EvacRound `toml:"round"`
	} `toml:"game_length"`
	TieBreakers []string  `toml:"tie_breakers"`
	Specials    []Special `toml:"special"`
}
