package evacuation

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
)

// blockBounds are the ranges of the block's upgrade costs, as points,
// and of its game-length rounds, 0 or more (see catalog.Block.Bounds).
var blockBounds = map[string]catalog.Bound{
	"ladder":       {Lo: 0, Hi: limits.MaxPoints},
	"ladder_total": {Lo: 0, Hi: limits.MaxPoints},
	"round":        {Lo: 0, Hi: limits.MaxStat},
}

// Round is one round of Evacuation: Mars's game-length roll.
type Round struct {
	Round  int    `toml:"round"`
	EndsOn int    `toml:"ends_on"` // faces of the die out of which the game ends after this round
	Text   string `toml:"text"`    // as printed: "Round 8: 2/6 chance of ending"
}

// Rules holds Evacuation: Mars's numbers.
type Rules struct {
	Points   int      `toml:"points"`   // per army
	Excluded []string `toml:"excluded"` // unit types refused
	Allowed  []string `toml:"allowed"`  // unit types allowed (infantry, jump infantry …)
	// AllowedSaid is the book's own words for what is allowed ("Infantry
	// only"): the list above is partly the pack's reading of them.
	AllowedSaid string `toml:"allowed_said"`
	// ExcludedMore is how the book ends its list of refused types ("etc"):
	// printed after the list so that it reads as open, as the book's does,
	// held to the last type by a no-break space (never a line alone).
	ExcludedMore string `toml:"excluded_more"`
	Objective    struct {
		Armour     int   `toml:"armour"`
		HullPoints int   `toml:"hull_points"`
		MaxArmour  int   `toml:"max_armour"`
		MaxHull    int   `toml:"max_hull_points"`
		Ladder     []int `toml:"ladder"` // cost of the 1st, 2nd … extra point
		// LadderTotal is the total the seed prints for the whole ladder
		// (150); the loader checks the ladder adds up to it.
		LadderTotal int            `toml:"ladder_total"`
		Claim       catalog.Length `toml:"claim"` // claimed within this distance
		// Rules names the scenarios' special rules printed on the
		// objective marker's unit card.
		Rules []string `toml:"rules"`
	} `toml:"objective"`
	GameLength struct {
		Die    int     `toml:"die"`
		Rounds []Round `toml:"round"`
	} `toml:"game_length"`
	TieBreakers []string          `toml:"tie_breakers"`
	Specials    []catalog.Special `toml:"special"`
}

// WordRules are the rules the block keeps as words
// (catalog.WordRulesBlock).
func (r *Rules) WordRules() []catalog.Special { return r.Specials }

// RulesOf is the rule set's block of evacuation numbers, or nil.
func RulesOf(sys *catalog.System) *Rules {
	if sys == nil {
		return nil
	}
	b, _ := sys.Block.(*Rules)
	return b
}
