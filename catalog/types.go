// Package catalog holds the rule data of every rule set playaid knows, as Go
// values loaded strictly from TOML. It knows nothing of dice maths or pages:
// the rules package computes odds from it, layout draws it.
//
// Every TOML file under data/ names its system at the top (system = "…")
// and may hold any of the entry kinds of File. Entries of all files of a
// system are merged into one System; ids are unique within a system.
package catalog

import (
	"strings"

	"github.com/playaid/playaid/diag"
)

// File is what one TOML data file may hold.
type File struct {
	System    string     `toml:"system"`
	Engine    string     `toml:"engine"` // the rule engine the system runs on: once, in its system.toml
	About     *About     `toml:"about"`
	Profiles  []Profile  `toml:"profile"`
	Weapons   []Weapon   `toml:"weapon"`
	Units     []Unit     `toml:"unit"`
	Charts    []Chart    `toml:"chart"`
	Tables    []Table    `toml:"table"`
	Notes     []Note     `toml:"note"`
	Scenarios []Scenario `toml:"scenario"`
	Markers   []Marker   `toml:"marker"`
	MapKinds  []MapKind  `toml:"map_kind"`
	// What the play view counts: [play] once per rule set, and the
	// [[track]] entries (see Play, PlayTrack).
	Play   *Play       `toml:"play"`
	Tracks []PlayTrack `toml:"track"`
	// The words of the odds tables: [odds.<table>] (see OddsWords).
	Odds map[string]OddsWords `toml:"odds"`
	// The words of the odds questions: [query.<name>] (see QueryWords).
	Queries map[string]QueryWords `toml:"query"`

	// The numbers the engine reads: the block of the system's engine
	// ([aqotmf]), by its name, decoded into the type the engine registers
	// (Block).
	Blocks map[string]any `toml:"-"`
}

// About describes a rule set: once per system, in its system.toml.
type About struct {
	Name    string `toml:"name"`    // "All Quiet on the Martian Front"
	Short   string `toml:"short"`   // "AQotMF"
	Die     int    `toml:"die"`     // sides of the die the rules use: 10, 20, 6
	Book    string `toml:"book"`    // the book the data is taken from, by its title: "All Quiet on the Martian Front (quick-start)"
	Source  string `toml:"source"`  // the book's full title, author and the parts taken from it
	Edition string `toml:"edition"` // a short label of this edition of the rule data: "2026-12"
	Summary string `toml:"summary"` // one paragraph for sheets and listings
	AddOnTo string `toml:"add_on_to"`
	// Factions are the forces the rules divide the armies into, by the
	// names the text gives them ("Humans", "Martians"). Units, weapons and
	// scenario sides name theirs; an army list fields one. None: every
	// army is its player's own (Evacuation: Mars).
	Factions []string `toml:"factions"`
}

// Faction returns the faction of the rule set whose name is name, in any
// case, as the data spells it; "" when there is none.
func (a About) Faction(name string) string {
	for _, f := range a.Factions {
		if strings.EqualFold(f, name) {
			return f
		}
	}
	return ""
}

// Note is a source note: a gap, misprint or ambiguity in the rules and how
// the data and the odds read it. Its Text is for the organiser's rules
// notes; only its Ruling — what a player needs to play the rule it
// touches, in plain game words — is printed on player documents. A note
// with a ruling is a reading (see reading.go): one mark, one wording,
// printed wherever what it governs prints. A note without a ruling stays
// in the rules notes.
type Note struct {
	ID      string   `toml:"id"`
	Section string   `toml:"section"` // the book's section the rule stands in ("Movement and Manoeuvre")
	Quote   string   `toml:"quote"`   // the book's words, as it prints them
	Text    string   `toml:"text"`    // what is unclear or misprinted, and how the pack reads it
	Ruling  string   `toml:"ruling"`
	Touches []string `toml:"touches"` // ids of entries or topics ("attack", "tripod-damage")
	// Governs are the printed words the note's ruling decides ("30+",
	// "Numbered 1–"): wherever a player document prints them, the
	// reading's mark goes with them (see Reading).
	Governs []string `toml:"governs"`
	// System and Mark are set by Load: the rule set that holds the note,
	// and for a reading (a note with a ruling) its mark, "R1", "R2" …
	System string   `toml:"-"`
	Mark   string   `toml:"-"`
	Pos    diag.Pos `toml:"-"`
}

// Profile is an element's game stats (AQotMF "Game Stats").
type Profile struct {
	ID       string   `toml:"id"`
	Name     string   `toml:"name"`
	Type     string   `toml:"type"`
	Speed    Length   `toml:"speed"`
	Defense  *int     `toml:"defense"` // nil where the seed prints none
	Armor    *int     `toml:"armor"`
	Weapons  []string `toml:"weapons"` // weapon ids
	Specials []string `toml:"specials"`
	// Stats are numbers a rule set's engine names for itself (stats.save
	// = 5): what a generic engine reads beside Defense and Armor.
	Stats map[string]int `toml:"stats"`
	Note  string         `toml:"note"`
	Pos   diag.Pos       `toml:"-"`
}

// Weapon is a weapon's profile. AQotMF weapons have a range, a power and a
// number of dice per element; Imperial Mars weapons have range bands with a
// factor each, and machine guns a number of trays and jam numbers.
type Weapon struct {
	ID        string   `toml:"id"`
	Name      string   `toml:"name"`
	Kind      string   `toml:"kind"`       // ranged, assault, small-arms, mg, old-ones, fire-launcher …
	Range     Length   `toml:"range"`      // longest range
	MinRange  Length   `toml:"min_range"`  // shortest range (heat ray: 3")
	RangeText string   `toml:"range_text"` // the range as printed, where it is not a plain length ("3\"–30+", "Assault")
	Power     int      `toml:"power"`
	Dice      int      `toml:"dice"` // dice per element; 0 means 1
	Specials  []string `toml:"specials"`
	Bands     []Band   `toml:"band"`
	Trays     int      `toml:"trays"`   // Imperial Mars MGs fire as this many trays
	Jam       []int    `toml:"jam"`     // Imperial Mars MG jam numbers: first round, second round
	Setting   int      `toml:"setting"` // Old Ones weapons: the setting 1–3
	Faction   string   `toml:"faction"` // the only faction that carries it; "" for any
	// Stats are numbers a rule set's engine names for itself (stats.ap
	// = 1), as a profile's.
	Stats map[string]int `toml:"stats"`
	Note  string         `toml:"note"`
	Pos   diag.Pos       `toml:"-"`
}

// DicePerElement is the number of dice each element rolls with the weapon.
func (w Weapon) DicePerElement() int {
	if w.Dice == 0 {
		return 1
	}
	return w.Dice
}

// Band is one range band of an Imperial Mars weapon.
type Band struct {
	Name   string `toml:"name"` // short, medium, long
	Range  Length `toml:"range"`
	Factor int    `toml:"factor"`
}

// Unit is a unit entry that can be bought: a composition of elements and a
// points cost.
type Unit struct {
	ID          string   `toml:"id"`
	Name        string   `toml:"name"`
	Type        string   `toml:"type"`
	Points      int      `toml:"points"`
	Faction     string   `toml:"faction"` // one of the rule set's factions
	Composition []Stand  `toml:"composition"`
	Note        string   `toml:"note"`
	Pos         diag.Pos `toml:"-"`
}

// Stand is a line of a unit's composition.
type Stand struct {
	Profile string `toml:"profile"` // profile id
	Count   int    `toml:"count"`
	Label   string `toml:"label"` // as the book words it ("Stands of Doughboys")
}

// Elements is the number of stands or models in the unit.
func (u Unit) Elements() int {
	n := 0
	for _, s := range u.Composition {
		n += s.Count
	}
	return n
}

// Chart is a die chart: roll (plus modifiers) and read the row. An
// unmodified chart covers every face of its die exactly once; open rows
// ("10+", "<=-6") catch modified totals beyond the faces.
type Chart struct {
	ID   string     `toml:"id"`
	Name string     `toml:"name"`
	Die  int        `toml:"die"`
	Roll string     `toml:"roll"` // what is rolled, as the seed says ("1d20 + modifiers")
	Rows []ChartRow `toml:"row"`
	Note string     `toml:"note"`
	Pos  diag.Pos   `toml:"-"`
}

// ChartRow is one result of a chart. Value, Armor, ArmorDie and Tags carry
// what the engine needs; Result and Text are the seed's words.
type ChartRow struct {
	Roll     Roll     `toml:"roll"`
	Result   string   `toml:"result"`
	Text     string   `toml:"text"`
	Value    int      `toml:"value"`     // a number the result gives: DMs, hits, percent escaping …
	Armor    int      `toml:"armor"`     // armour change (-1)
	ArmorDie int      `toml:"armor_die"` // armour is lowered by a roll of this die
	Tags     []string `toml:"tags"`      // destroyed, explodes, crippled, arrives, can-attack …
	Note     string   `toml:"note"`
	// Ruled names the source note whose ruling settles this row where
	// the book's rows overlap or leave a gap: its roll prints marked, the
	// ruling's line beside the chart (see Chart.Rulings).
	Ruled string   `toml:"ruled"`
	Mark  string   `toml:"-"` // the mark of the Ruled reading, set by Load
	Pos   diag.Pos `toml:"-"`
}

// Has reports whether the row carries tag.
func (r ChartRow) Has(tag string) bool {
	for _, t := range r.Tags {
		if t == tag {
			return true
		}
	}
	return false
}

// Table is a printed table the engine does not compute with, or whose cells
// it reads by row and column (artillery factors, penetration scores). Cells
// are the seed's text; "-" or "–" is an empty cell.
type Table struct {
	ID      string     `toml:"id"`
	Name    string     `toml:"name"`
	Columns []string   `toml:"columns"`
	Rows    [][]string `toml:"rows"`
	Intro   string     `toml:"intro"`  // the sentence that introduces the table ("Roll 1d20 and consult the following table")
	Footer  string     `toml:"footer"` // a line printed under the table, from the seed
	Note    string     `toml:"note"`
	// Aliases are other names the scenarios give the rule the table
	// summarises ("Hidden Movement" for "Hidden Units (Blips)").
	Aliases []string `toml:"aliases"`
	// Ruled are the cells a player table prints as a ruling, where the
	// book prints a misprint or a "?" (see PlayRows).
	Ruled []Ruled  `toml:"ruled"`
	Pos   diag.Pos `toml:"-"`
}

// A Ruled cell: where the book prints a misprint ("01"), a "?" or one row
// twice at different values, the player's table prints the value the
// ruling uses, marked, and the ruling's line beside the table; the source
// note tells the organiser the whole story. Rows stay the book's words.
type Ruled struct {
	Row    string `toml:"row"`    // the row's first cell, as the book prints it
	Column *int   `toml:"column"` // the column it sets, counted from 0; unset: every column after the first
	Value  string `toml:"value"`  // what the cell prints instead of the book's
	Note   string `toml:"ruling"` // the id of the source note whose ruling is printed beside the table
	Ruling string `toml:"-"`      // that note's ruling, set by the checks
	Mark   string `toml:"-"`      // that reading's mark, set by Load
}
