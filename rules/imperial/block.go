package imperial

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
)

// blockBounds are the ranges of the block's counts of figures: far above
// any army, so that no sum of them overflows (see catalog.Block.Bounds).
var blockBounds = map[string]catalog.Bound{
	"foot":                 {Lo: 0, Hi: limits.MaxCount},
	"horse":                {Lo: 0, Hi: limits.MaxCount},
	"max_foot_per_tray":    {Lo: 0, Hi: limits.MaxCount},
	"max_mounted_per_tray": {Lo: 0, Hi: limits.MaxCount},
	"min_infantry_figures": {Lo: 0, Hi: limits.MaxCount},
}

// Rules holds Imperial Mars's numbers the engine and the army checker read
// ([imperial] in data/imperial-mars/system.toml). Tables only printed, or
// read cell by cell (artillery factors, penetration), are [[table]]s; the
// die charts (morale, rally, pursuit, officer risk, escape) are [[chart]]s,
// named here by id.
type Rules struct {
	Training            []Training     `toml:"training"`
	OfficerActionPoints int            `toml:"officer_action_points"`  // officers and runners
	ExtraActionPointDMs int            `toml:"extra_action_point_dms"` // DMs collected per action point spent beyond the allowance
	MoraleClasses       []Class        `toml:"morale_class"`
	Tray                catalog.Length `toml:"tray"` // side of the square movement tray
	Orders              []Order        `toml:"order"`
	MaxFootPerTray      int            `toml:"max_foot_per_tray"`
	MaxMountedPerTray   int            `toml:"max_mounted_per_tray"`
	Shooting            Shooting       `toml:"shooting"`
	UnjamScore          int            `toml:"unjam_score"` // d20 at or above this clears a jammed MG
	Artillery           Artillery      `toml:"artillery"`
	Melee               struct {
		CasualtyPer int `toml:"casualty_per"` // one casualty per this many full points of difference
	} `toml:"melee"`
	OfficerRisk string `toml:"officer_risk_chart"` // chart id
	Morale      struct {
		Chart string `toml:"chart"` // results chart: row value = DMs taken
		// States is the table of the morale states by DMs held (0 Steady
		// … 4 Dispersed): the unit cards' DM track.
		States    string    `toml:"states"`
		Modifiers Modifiers `toml:"modifiers"`
	} `toml:"morale"`
	Rally struct {
		Chart            string         `toml:"chart"`   // row value = DMs lost
		Natural          int            `toml:"natural"` // the face with its own rule (a natural 20)
		NaturalDMs       int            `toml:"natural_dms"`
		NaturalText      string         `toml:"natural_text"`       // the seed's words for it
		MinEnemyDistance catalog.Length `toml:"min_enemy_distance"` // rally only when over this far from the enemy
		Modifiers        Modifiers      `toml:"modifiers"`
	} `toml:"rally"`
	Pursuit struct {
		Chart     string    `toml:"chart"`
		Modifiers Modifiers `toml:"modifiers"` // added to the rally's
	} `toml:"pursuit"`
	OldOnes struct {
		SecondShotFactor int `toml:"second_shot_factor"` // the overload chance is multiplied by this for a second shot in a turn
		VehicleHitFactor int `toml:"vehicle_hit_factor"` // each hit on an armoured vehicle counts as this many small-arms hits
	} `toml:"old_ones"`
	VehicleMoraleRange catalog.Length `toml:"vehicle_morale_range"` // a vehicle's morale effect reaches this far (and in sight)
	Vehicles           []Vehicle      `toml:"vehicle"`
	// Carries lists, by unit type, the kinds of weapon a unit of that
	// type carries ("infantry" → small-arms, old-ones); a type not
	// listed carries none.
	Carries map[string][]string `toml:"carries"`
	Flyers  Flyers              `toml:"flyers"`
	// Example is the shot the reference works through, from the weapon
	// to the target's morale test; without it the first small-arms
	// weapon at its middle band is worked to the chance of a hit.
	Example Example           `toml:"example"`
	Rules   []catalog.Special `toml:"rule"` // rules in words, as the seed prints them
	// Roster lists which of Rules an army roster prints, by what the list
	// fields, in the order printed.
	Roster []RosterRules `toml:"roster"`
}

// Modifiers names the table of a roll's modifiers (a row a modifier, a
// column of numbers for each kind of troops), the rows a unit has at most
// one of (its class) and the rows that count once for each of a thing
// (each 20% lost, each DM): what the odds tables' range of totals is
// worked out from.
type Modifiers struct {
	Table string   `toml:"table"`
	OneOf []string `toml:"one_of"`
	Each  []string `toml:"each"`
}

// Example is a unit's volley the reference follows: the weapon, the
// distance and the tactical factors (by their printed names), the trays
// shooting; then the target — a kind of troops, a column of the morale
// modifiers — its figures, the casualties that bring on its test and the
// morale modifiers it tests with (by their printed names).
type Example struct {
	Weapon        string         `toml:"weapon"`
	Distance      catalog.Length `toml:"distance"`
	Factors       []string       `toml:"factors"`
	Trays         int            `toml:"trays"`
	Target        string         `toml:"target"`
	Figures       int            `toml:"figures"`
	Lost          int            `toml:"lost"`
	MoraleFactors []string       `toml:"morale_factors"`
}

// RosterRules names rules of [[imperial.rule]] an army roster prints when
// the list fields For: a unit type ("officer", "vehicle"), a weapon kind
// ("mg"), or "any" for every list.
type RosterRules struct {
	For   string   `toml:"for"`
	Rules []string `toml:"rules"`
}

// Training is a training class and the action points it gives.
type Training struct {
	ID           string `toml:"id"`
	Name         string `toml:"name"`
	ActionPoints int    `toml:"action_points"`
}

// Class is a morale class, A to E.
type Class struct {
	ID   string `toml:"id"`
	Name string `toml:"name"`
}

// Order is an order (close, open, extended) and the figures per tray it
// takes, for foot and for horse.
type Order struct {
	ID    string `toml:"id"`
	Name  string `toml:"name"`
	Foot  int    `toml:"foot"`  // figures per tray; 0 where the seed prints none
	Horse int    `toml:"horse"` // figures per tray; 0 where the seed prints none
	Note  string `toml:"note"`
}

// Shooting is the Small Arms Shooting Table.
type Shooting struct {
	AlwaysHits         int        `toml:"always_hits"`          // a natural roll this high always hits
	MinInfantryFigures int        `toml:"min_infantry_figures"` // infantry trays with fewer figures may not shoot
	Rows               []ShootRow `toml:"row"`
}

// ShootRow is one row of the shooting table.
type ShootRow struct {
	Factors []int `toml:"factors"`  // the factors the row is printed for
	Open    bool  `toml:"open"`     // "10+": this row and above
	OneHit  int   `toml:"one_hit"`  // d20 score for 1 hit
	TwoHits int   `toml:"two_hits"` // d20 score for 2 hits; 0 = none ("-")
}

// Artillery names the artillery tables and charts the engine reads.
type Artillery struct {
	FactorsTable    string `toml:"factors_table"`
	FormationsTable string `toml:"formations_table"` // scores for 1, 2, 3 hits by gun type
	ObjectsTable    string `toml:"objects_table"`    // scores for 1 hit, 2 hits, destroyed
	ArmourTable     string `toml:"armour_table"`     // penetration scores by armour level
	EscapeChart     string `toml:"escape_chart"`     // transported troops: row value = percent escaping
}

// Vehicle is one of the seed's example vehicles.
type Vehicle struct {
	ID       string         `toml:"id"`
	Name     string         `toml:"name"`  // "Walker"
	Title    string         `toml:"title"` // "The Watt-Rippon Ambulatory Redoubt"
	Movement catalog.Length `toml:"movement"`
	Armour   string         `toml:"armour"` // Weak, Protective, Strong or Citadel: a column of the armour table
	Morale   int            `toml:"morale"`
	SDL      int            `toml:"sdl"` // significant damage level: d20 equal or above puts a penetrated vehicle out of action
	THL      int            `toml:"thl"` // threshold hits level: hits that force a breakdown roll
	BDL      int            `toml:"bdl"` // breakdown level: d20 equal or below breaks it down
	Weapons  string         `toml:"weapons"`
	Note     string         `toml:"note"`
}

// Flyers holds the flying things' numbers.
type Flyers struct {
	HeightBands      int            `toml:"height_bands"`      // five, Very Low to Very High
	RangePerBand     catalog.Length `toml:"range_per_band"`    // added to the range per height band
	ToHitPerBand     int            `toml:"to_hit_per_band"`   // added to the to-hit number per band shot down at
	PenetrationTable string         `toml:"penetration_table"` // table id
}

// WordRules are the rules the block keeps as words
// (catalog.WordRulesBlock).
func (r *Rules) WordRules() []catalog.Special { return r.Rules }

// RulesOf is the rule set's block of imperial numbers, or nil.
func RulesOf(sys *catalog.System) *Rules {
	if sys == nil {
		return nil
	}
	b, _ := sys.Block.(*Rules)
	return b
}
