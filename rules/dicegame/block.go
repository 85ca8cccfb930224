package dicegame

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// Rules is a rule set's [dice] block: how its game rolls, as data. It
// may stand in system.toml or in a file of its own (mechanics.toml,
// with system = "…" at its top); a rule set has one. docs/dice-engine.md
// describes every key.
type Rules struct {
	// Stats are the numbers profiles and weapons carry (stats.<id> =
	// N), in the order cards and rosters print them.
	Stats []Stat `toml:"stat"`
	// Params are the numbers, switches and choices the rolls read: a
	// question asks them, a table's rows and columns set them.
	Params    []Param    `toml:"param"`
	Modifiers []Modifier `toml:"modifier"`
	Steps     []Step     `toml:"step"`
	Chains    []Chain    `toml:"chain"`
	Tables    []Table    `toml:"table"`
	Questions []Question `toml:"question"`
	// Rule are the game's rules in words, a paragraph each, for its
	// reference sheet and cards (catalog.WordRulesBlock).
	Rule []catalog.Special `toml:"rule"`
	// Army is how lists are built: points and organisation.
	Army Army `toml:"army"`

	model *model // what the data check compiled; nil for a block built by hand
}

// Stat is a number profiles (or weapons) carry.
type Stat struct {
	ID   string `toml:"id"`   // as profiles write it: stats.save = 5; a reference: "target.save"
	Name string `toml:"name"` // as cards and rosters head it: "Save"
	Of   string `toml:"of"`   // "profile" (the default) or "weapon"
	Show string `toml:"show"` // how a value prints (see Param.Show)
	Zero string `toml:"zero"` // what 0 prints instead ("–")
}

// Param is one value the rolls read.
type Param struct {
	ID   string `toml:"id"`
	Kind string `toml:"kind"` // number (the default), switch, choice, unit, profile, weapon
	// A number's range and default (0 when left out, within the range).
	Min     *int `toml:"min"`
	Max     *int `toml:"max"`
	Default *int `toml:"default"`
	// A choice's values, the first the default; their labels are the
	// question's words.
	Choices []string `toml:"choices"`
	// Type narrows a unit, profile or weapon parameter to the entries of
	// that type ("Building").
	Type string `toml:"type"`
	// Show is how a number prints in a table's words: "plain" (4),
	// "plus" (4+), "signed" (+1, −1, 0); Zero what 0 prints instead
	// ("–" for no bonus).
	Show string `toml:"show"`
	Zero string `toml:"zero"`
}

// Modifier is a named number added to a step's roll (or to the target it
// must make).
type Modifier struct {
	ID string `toml:"id"`
	To string `toml:"to"` // "roll" (the default) or "target"
	// Value is the number: fixed, or a parameter's or a stat's; Lookup
	// reads it from a table of the rule set instead (a signed number in
	// each cell: "+1", "−2", "0").
	Value  Ref    `toml:"value"`
	Lookup Lookup `toml:"lookup"`
	// Choice and Values: a number for each value of a choice parameter
	// (a value left out adds nothing).
	Choice string         `toml:"choice"`
	Values map[string]int `toml:"values"`
	// When names a switch parameter: the modifier counts only when it
	// is on (Unless: only when it is off).
	When   string `toml:"when"`
	Unless string `toml:"unless"`
	// Per = "carried": the value counts once for each of what the step
	// before carried (a casualty, a point of damage), beyond the first
	// Beyond of them.
	Per    string `toml:"per"`
	Beyond int    `toml:"beyond"`
}

// Step is one roll of a chain.
type Step struct {
	ID string `toml:"id"`
	// Roll is what one roll is, in dice notation: "d6", "2d6", "4d6kh3",
	// "d6r1", "d6!" (see docs/dice-engine.md).
	Roll string `toml:"roll"`
	// Once: one roll, taken when the step before carried at least one
	// (or as When and Unless say after a chart); else a roll for each
	// one the step before carried.
	Once bool `toml:"once"`
	// Target is the number each roll must make: fixed, a parameter or a
	// stat; Lookup reads it from a table instead. Test says how the
	// total compares: at_least (the default), above, at_most, below.
	Target Ref    `toml:"target"`
	Lookup Lookup `toml:"lookup"`
	Test   string `toml:"test"`
	// Modifiers name the modifiers added, and Limit bounds their sum.
	Modifiers []string `toml:"modifiers"`
	Limit     []int    `toml:"limit"` // [least, most]
	// NaturalFail and NaturalPass are the rolls that fail or pass
	// whatever the modifiers (a natural 1 always fails), read before
	// modifiers.
	NaturalFail []int `toml:"natural_fail"`
	NaturalPass []int `toml:"natural_pass"`
	// Chart reads the roll's total (or with Read = "margin", the total
	// less the target) on a chart of the rule set: the step's result is
	// the row.
	Chart string `toml:"chart"`
	Read  string `toml:"read"`
	// Carry is what the step hands to the next: "successes" (the
	// default), "failures", "total" (the sum of its rolls), or after a
	// chart "value" (the rows' values added up).
	Carry string `toml:"carry"`
	// When and Unless: after a chart step, this once step is taken only
	// when the row has one of these tags (Unless: has none of them).
	When   []string `toml:"when"`
	Unless []string `toml:"unless"`
}

// Lookup reads a step's target from a table of the rule set: the row
// whose first cell holds one value, the column whose head holds another.
type Lookup struct {
	Table  string `toml:"table"`
	Row    Ref    `toml:"row"`
	Column Ref    `toml:"column"`
}

// Chain is steps in sequence, each rolling for what the one before
// carried.
type Chain struct {
	ID string `toml:"id"`
	// Dice is what the first step is handed: how many rolls (a number,
	// a parameter or a stat), 1 when left out.
	Dice  Ref      `toml:"dice"`
	Steps []string `toml:"steps"`
}

// Table is an odds table: rows by columns, each cell a chance (or an
// average) of a chain, for the values its row and column set.
type Table struct {
	ID    string `toml:"id"`
	Chain string `toml:"chain"`
	// Set fixes parameters for the whole table.
	Set map[string]Ref `toml:"set"`
	// Measure is what each cell gives, where no axis gives measures.
	Measure Measure `toml:"measure"`
	Rows    []Axis  `toml:"rows"`
	Columns []Axis  `toml:"columns"`
	// Card names the rule ([[dice.rule]]) on whose reference card the
	// table prints, on its back; left out, the table has a card of its
	// own.
	Card string `toml:"card"`
}

// Axis is one dimension of a table's rows or columns; several multiply.
type Axis struct {
	// Param runs over Values, over From…To, or when neither is given
	// over every value it takes (every choice, unit, profile or weapon,
	// off and on).
	Param  string `toml:"param"`
	Values []Ref  `toml:"values"`
	From   *int   `toml:"from"`
	To     *int   `toml:"to"`
	// Against names a unit parameter on an earlier axis: this unit
	// parameter then runs only over the units of the other factions.
	Against string `toml:"against"`
	// Measures are columns (or rows) of their own, each a measure, with
	// the heads the table's words give (columns = […]).
	Measures []Measure `toml:"measures"`
}

// Measure is what a cell gives of a chain: the chance one step carries
// at least (or exactly) so many, or lands on a chart row with a tag; or
// the average it carries.
type Measure struct {
	Step    string `toml:"step"` // the chain's last step when left out
	AtLeast *int   `toml:"at_least"`
	Exactly *int   `toml:"exactly"`
	Tag     string `toml:"tag"`
	Average bool   `toml:"average"`
	// Set fixes parameters for this measure (a column "with a Heat
	// Ray"); Only keeps it to the cells where parameters take one of the
	// values given (a Heat Ray has Power +2 or +3): elsewhere the cell is
	// a case that cannot happen, "–".
	Set  map[string]Ref   `toml:"set"`
	Only map[string][]Ref `toml:"only"`
}

// Question is an odds question people ask ('playaid odds ID', the web's
// odds page): a chain, and the parameters it asks.
type Question struct {
	ID     string   `toml:"id"`
	Chain  string   `toml:"chain"`
	Params []string `toml:"params"`
}

// Army is how the rule set's lists are built.
type Army struct {
	// Points is a list's points limit when its scenario side sets none;
	// 0 for none.
	Points int `toml:"points"`
	// Max is how many of one unit a list may take; 0 for any number.
	Max int `toml:"max"`
}

// Ref is a number written in the data: fixed (4), or the name of a
// parameter ("cover") or of a stat of one ("target.save").
type Ref struct {
	N    int
	Name string
	Set  bool // written at all
}

// UnmarshalTOML reads a whole number or a name.
func (r *Ref) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case int64:
		*r = Ref{N: int(v), Set: true}
	case string:
		if strings.TrimSpace(v) == "" {
			return fmt.Errorf("expected a number, or the name of a parameter or a stat (\"target.save\"), got an empty string")
		}
		*r = Ref{Name: v, Set: true}
	default:
		return fmt.Errorf("expected a number, or the name of a parameter or a stat (\"target.save\")")
	}
	return nil
}

// String is the reference as the data writes it.
func (r Ref) String() string {
	if r.Name != "" {
		return r.Name
	}
	return fmt.Sprint(r.N)
}

// WordRules are the rules the block keeps as words
// (catalog.WordRulesBlock).
func (r *Rules) WordRules() []catalog.Special { return r.Rule }

// RulesOf is the rule set's [dice] block, or nil.
func RulesOf(sys *catalog.System) *Rules {
	if sys == nil {
		return nil
	}
	b, _ := sys.Block.(*Rules)
	return b
}

// What the sheets' and cards' templates read of the block (the shipped
// dice.md and cards-dice.md, and a club's own): the stats in order, and
// each as it prints.

// ProfileStats are the stats profiles carry, in the order cards head them.
func (r *Rules) ProfileStats() []Stat { return r.statsOf(kindProfile) }

// WeaponStats are the stats weapons carry, in order.
func (r *Rules) WeaponStats() []Stat { return r.statsOf(kindWeapon) }

func (r *Rules) statsOf(of string) []Stat {
	var out []Stat
	for _, s := range r.Stats {
		if s.Of == of || s.Of == "" && of == kindProfile {
			out = append(out, s)
		}
	}
	return out
}

// ProfileGroup is the profiles of one type, in the data's order, with
// the stats any of them has, and whether any has a Move or weapons: a
// table of their own on the sheet.
type ProfileGroup struct {
	Type          string
	Profiles      []catalog.Profile
	Stats         []Stat
	Move, Weapons bool
}

// ProfileGroups groups the rule set's profiles by type, in the order
// the types first come.
func (r *Rules) ProfileGroups(sys *catalog.System) []ProfileGroup {
	var out []ProfileGroup
	at := map[string]int{}
	for _, p := range sys.Profiles {
		i, ok := at[p.Type]
		if !ok {
			i = len(out)
			at[p.Type] = i
			out = append(out, ProfileGroup{Type: p.Type})
		}
		g := &out[i]
		g.Profiles = append(g.Profiles, p)
		g.Move = g.Move || !p.Speed.IsZero()
		g.Weapons = g.Weapons || len(p.Weapons) > 0 || len(p.Specials) > 0
	}
	for i := range out {
		g := &out[i]
		for _, s := range r.ProfileStats() {
			for _, p := range g.Profiles {
				if _, ok := profileStats(&p)[s.ID]; ok {
					g.Stats = append(g.Stats, s)
					break
				}
			}
		}
	}
	return out
}

// ProfileStat is a profile's stat as it prints ("4+"), "–" when it has
// none.
func (r *Rules) ProfileStat(p catalog.Profile, id string) string {
	return r.shown(profileStats(&p), id)
}

// WeaponStat is a weapon's stat as it prints, "–" when it has none.
func (r *Rules) WeaponStat(w catalog.Weapon, id string) string {
	return r.shown(weaponStats(&w), id)
}

func (r *Rules) shown(stats map[string]int, id string) string {
	n, ok := stats[id]
	if !ok {
		return "–"
	}
	for _, s := range r.Stats {
		if s.ID == id {
			return show(s.Show, s.Zero, n)
		}
	}
	return show("", "", n)
}

// Card is one reference card of the shipped deck (cards-dice.md). Each
// rule is on a card's front; on its back the odds table that names it
// (Table.Card), else a table small enough for a card, else the stats of
// the models and weapons, else of the units, else the next rule no table
// names; what is left over has cards of its own.
type Card struct {
	Title       string
	Front, Back CardSide
}

// CardSide is what one side of a card prints, by Kind: a "rule", an odds
// "table" (by id), the "models" and weapons with their stats, the
// "units", or the rule set's "summary".
type CardSide struct {
	Kind  string
	Rule  catalog.Special
	Table string
}

// A table fits a card's side with at most cardColumns columns and
// cardRows rows; a larger one prints on the reference sheet, and on a
// card only where its data names the card (Table.Card).
const (
	cardColumns = 4
	cardRows    = 10
)

// Deck lays out the rule set's reference cards.
func (r *Rules) Deck(sys *catalog.System) []Card {
	fits := map[string]bool{}
	if m := modelOf(sys); m != nil {
		for _, t := range m.tables {
			fits[t.ID] = len(t.cols) <= cardColumns && len(t.rows) <= cardRows
		}
	}
	var pool []CardSide
	for _, t := range r.Tables {
		if t.Card == "" && fits[t.ID] {
			pool = append(pool, CardSide{Kind: "table", Table: t.ID})
		}
	}
	if len(sys.Profiles) > 0 || len(sys.Weapons) > 0 {
		pool = append(pool, CardSide{Kind: "models"})
	}
	if len(sys.Units) > 0 {
		pool = append(pool, CardSide{Kind: "units"})
	}
	named := map[string]bool{}
	for _, t := range r.Tables {
		named[t.Card] = true
	}
	var out []Card
	rules := r.Rule
	for len(rules) > 0 {
		rule := rules[0]
		rules = rules[1:]
		c := Card{Title: rule.Name, Front: CardSide{Kind: "rule", Rule: rule}}
		for _, t := range r.Tables {
			if t.Card != rule.Name {
				continue
			}
			if c.Back.Kind == "" {
				c.Back = CardSide{Kind: "table", Table: t.ID}
			} else {
				pool = append(pool, CardSide{Kind: "table", Table: t.ID}) // one table to a back
			}
		}
		switch {
		case c.Back.Kind != "":
		case len(pool) > 0:
			c.Back, pool = pool[0], pool[1:]
		case slices.ContainsFunc(rules, func(x catalog.Special) bool { return !named[x.Name] }):
			// The next rule no table names: one a table names keeps its
			// front, the table on its back.
			i := slices.IndexFunc(rules, func(x catalog.Special) bool { return !named[x.Name] })
			c.Back = CardSide{Kind: "rule", Rule: rules[i]}
			rules = slices.Delete(slices.Clone(rules), i, i+1)
		default:
			c.Back = CardSide{Kind: "summary"}
		}
		out = append(out, c)
	}
	for i := 0; i < len(pool); i += 2 {
		c := Card{Front: pool[i], Back: CardSide{Kind: "summary"}}
		if i+1 < len(pool) {
			c.Back = pool[i+1]
		}
		out = append(out, c)
	}
	return out
}

// Sides are the card's front and back, in order.
func (c Card) Sides() []CardSide { return []CardSide{c.Front, c.Back} }

// Unstated lists the stats of the rule set a profile leaves out, by
// their names (catalog.UnstatedBlock): what a briefing asks the players
// to agree before play.
func (r *Rules) Unstated(p *catalog.Profile) []string {
	var out []string
	st := profileStats(p)
	for _, s := range r.ProfileStats() {
		if _, ok := st[s.ID]; !ok {
			out = append(out, s.Name)
		}
	}
	return out
}
