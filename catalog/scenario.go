package catalog

import "github.com/playaid/playaid/diag"

// Scenario is a club-night game: story, forces, table, victory.
type Scenario struct {
	ID         string       `toml:"id"`
	Name       string       `toml:"name"`
	Narrative  string       `toml:"narrative"`
	Turns      int          `toml:"turns"`       // fixed game length; 0 when a chart decides
	GameLength string       `toml:"game_length"` // text where the length is not fixed
	TableSize  string       `toml:"table_size"`  // as the seed says: "about 4 ft x 4 ft"
	Points     int          `toml:"points"`      // points per army, where the scenario sets one
	Unequal    string       `toml:"unequal"`     // the seed's warning that the sides are unequal on purpose
	Rules      []string     `toml:"rules"`       // rules in play, as the seed lists them
	Needed     []string     `toml:"needed"`      // "needed to play" items other than markers
	Terrain    string       `toml:"terrain"`
	Deployment []string     `toml:"deployment"`
	Sides      []Side       `toml:"side"`
	Specials   []Special    `toml:"special"`
	Markers    []MarkerNeed `toml:"marker"`
	Map        *Map         `toml:"map"`
	Note       string       `toml:"note"`
	// Agree lists what the players must settle before play that the rules
	// leave out, beyond the Game Stats and special abilities the briefing
	// finds missing by itself: equipment the scenario names but no table
	// describes ("the Gripper Claw"), each with the reading it follows.
	Agree []Agreed `toml:"agree"`
	Pos   diag.Pos `toml:"-"`
}

// Side is one player's side of a scenario.
type Side struct {
	Name        string  `toml:"name"`
	Faction     string  `toml:"faction"` // one of the rule set's factions; "" when the rule set has none
	Deployment  string  `toml:"deployment"`
	Victory     string  `toml:"victory"`
	Humiliating string  `toml:"humiliating"` // the humiliating-defeat condition
	Total       int     `toml:"total"`       // printed total, where the seed prints one
	Forces      []Force `toml:"force"`
	// Hidden marks the side that deploys hidden (blips, ambush) and gets
	// the secret deployment sheet; a side with an ambush force is hidden
	// without it.
	Hidden bool `toml:"hidden"`
	// Secret lists what else the side writes down before the game, for
	// its deployment sheet ("Which Mk II Baldwin carries the supplies").
	Secret []string `toml:"secret"`
	Pos    diag.Pos `toml:"-"`
}

// Force is one line of a side's force list, as the seed prints it.
type Force struct {
	Unit          string `toml:"unit"` // unit id
	Count         int    `toml:"count"`
	Points        int    `toml:"points"` // the points printed on the line
	Text          string `toml:"text"`   // the line as printed
	Stands        int    `toml:"stands"` // stands per unit as printed, where it differs from the unit entry
	Reinforcement bool   `toml:"reinforcement"`
	Ambush        bool   `toml:"ambush"` // may start in ambush (or as a blip)
	// StartsInAmbush: the line must start in ambush ("The HMG team starts
	// the scenario as a unit in Ambush"), so it never deploys as a blip.
	StartsInAmbush bool `toml:"starts_in_ambush"`
	// Added are stands the scenario's line adds to the unit entry ("and 1
	// Stand with Captain"): every document counts them with the entry's.
	Added []AddedStand `toml:"added"`
	// Equipped are the weapons (ids) the line equips the unit with
	// beyond its Game Stats ("Equipped with Heat Ray, Gripper Claw and
	// Tentacles": the Reaper Tentacles): its roster and card print them
	// with the Game Stats' weapons.
	Equipped []string `toml:"equipped"`
	// Unstated names what the line equips the unit with that the book
	// gives no stats ("Gripper Claw"): its roster and card print it with
	// the weapons, marked with the ruling of the source note that touches
	// its name's slug ("gripper-claw"), to agree before play.
	Unstated []string `toml:"unstated"`
	// Rules name the scenario's special rules ([[scenario.special]]) that
	// give this unit something of its own ("The Morale Wagon" moves 4″ a
	// phase): its roster and card print them.
	Rules []string `toml:"rules"`
	// Designated name the scenario's special rules that give ONE unit of
	// the line something of its own, the one its player designates ("6 Mk
	// II Baldwin Tanks (designate which carries the supplies, the 'Morale
	// Wagon' …)"): a card of its own prints them, with room to write which
	// unit it is; the units' cards only point to it.
	Designated []string `toml:"designated"`
	// DugIn: the scenario lets the unit start dug in ("may be Dug-in"):
	// its roster and card say so, with what being dug in does.
	DugIn bool `toml:"dug_in"`
	// Reading names the reading the line is printed by, where the book
	// leaves it open (how six tanks make units): the line, and the
	// unit's roster line and cards, print its mark.
	Reading string   `toml:"reading"`
	Note    string   `toml:"note"`
	Pos     diag.Pos `toml:"-"`
}

// AddedStand is a stand a scenario adds to a unit entry. Where the book
// gives it no stats, FightsAs names the profile the pack's ruling has it
// fight as, and Ruling says so in the player's words ("it fights as a
// stand of Doughboys"), to agree before play.
type AddedStand struct {
	Label    string `toml:"label"` // "Captain's stand"
	Count    int    `toml:"count"`
	FightsAs string `toml:"fights_as"` // profile id
	// Reading is the id of the note whose ruling says how the stand
	// fights, the book giving it no stats: printed, marked, wherever the
	// stand is.
	Reading string `toml:"reading"`
}

// StandsOf is how many stands the line fields for each unit: the unit
// entry's elements and the stands the line adds.
func (f Force) StandsOf(u *Unit) int {
	n := u.Elements()
	for _, a := range f.Added {
		n += a.Count
	}
	return n
}

// InAmbush reports whether the line may or must start in ambush.
func (f Force) InAmbush() bool { return f.Ambush || f.StartsInAmbush }

// Special is a special rule: its name, its text, and the rule in a line
// for unit cards where the text is longer than a card holds.
type Special struct {
	Name  string `toml:"name"`
	Text  string `toml:"text"`
	Short string `toml:"short"`
	// SaidIn names the part of the scenario that already says the rule
	// in the book's words, where the data keeps it as a special for the
	// cards too: "forces" (a force line's text), "victory" (the victory
	// conditions and tie-breakers). A briefing prints it there only.
	SaidIn string `toml:"said_in"`
}

// SaidInParts are the values Special.SaidIn may take.
var SaidInParts = []string{"forces", "victory"}

// MarkerNeed is how many of a marker kind a scenario needs.
type MarkerNeed struct {
	Kind  string `toml:"kind"` // marker id
	Count int    `toml:"count"`
	Note  string `toml:"note"`
	// Reading names the reading that decides the count, where the book
	// gives none ("just a few" cables): the count prints its mark.
	Reading string `toml:"reading"`
}

// Agreed is a thing the players settle before play, in the briefing's
// words ("what the tripod's Gripper Claw does"), and the reading the
// pack takes of it.
type Agreed struct {
	Text    string `toml:"text"`
	Reading string `toml:"reading"`
}

// Map is a table map. Coordinates are inches from the map's top-left
// corner as printed (x to the right, y down).
type Map struct {
	Width     Length    `toml:"width"`
	Depth     Length    `toml:"depth"`
	Suggested bool      `toml:"suggested"` // the seed has no map: this layout is ours
	Top       string    `toml:"top"`       // whose edge is at the top
	Bottom    string    `toml:"bottom"`
	Features  []Feature `toml:"feature"`
}

// Feature is one thing drawn on a table map.
type Feature struct {
	Kind   string      `toml:"kind"` // farm, building, woods, road, deployment, entry, objective, hill …
	Label  string      `toml:"label"`
	Shape  string      `toml:"shape"` // rect, circle, polygon, line
	X      float64     `toml:"x"`
	Y      float64     `toml:"y"`
	W      float64     `toml:"w"`
	H      float64     `toml:"h"`
	R      float64     `toml:"r"`
	Points [][]float64 `toml:"points"` // polygon or line vertices [x, y]
	Side   string      `toml:"side"`   // which side a deployment zone or entry belongs to
	Pos    diag.Pos    `toml:"-"`
}
