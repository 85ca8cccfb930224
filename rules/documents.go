package rules

import "github.com/playaid/playaid/catalog"

// Documents is what an engine adds to its rule sets' documents beside
// its odds tables and army lists: template functions for its sheet and
// cards, the notes its block's entries carry for the organiser's rules
// notes, and what a scenario's briefing and secret deployment sheet say.
// The documents print any engine's additions with one code path.
type Documents interface {
	// Funcs are the template functions its sheet's and cards' templates
	// call beside the documents' own; nil for none.
	Funcs(sys *catalog.System) map[string]any
	// DataNotes are the notes of its block's entries (an order, a
	// vehicle), where the rules notes say they stand.
	DataNotes(sys *catalog.System) []DataNote
	// Briefing is what it adds to the scenario's briefing; reinforced
	// says the scenario holds units back as reinforcements.
	Briefing(sys *catalog.System, sc *catalog.Scenario, reinforced bool) (BriefingPart, error)
	// Hidden is how a scenario's hidden side deploys under its rules.
	Hidden(sys *catalog.System) HiddenRules
}

// DataNote is a note of an entry of an engine's block.
type DataNote struct {
	Note    string // the note's id
	Section string // the book's section it stands in ("Vehicles")
	Name    string // the entry ("Walker")
}

// BriefingPart is what an engine adds to a scenario's briefing: each
// nil or empty where it has none.
type BriefingPart struct {
	Reinforcements *Table // the chances of units held back arriving, turn by turn
	Rounds         *Table // the game-length roll's chances, for a scenario of no fixed turns
	Ladder         *Table // the costs of the objective marker's upgrades
	TieBreakers    []string
	Specials       []catalog.Special // the rule set's own special rules, printed after the scenario's
	// Allowed and Excluded are the unit types an army may field, and
	// those it may not.
	Allowed, Excluded []string
	AllowedSaid       string // the book's words for what is allowed ("Infantry only")
	ExcludedMore      string // the book's ending of its refused list ("etc")
}

// HiddenRules are an engine's rules of hidden deployment, as a
// briefing's secret deployment sheet and its blips print them.
type HiddenRules struct {
	// Rule is the table of the rule a scenario lists for its hidden side
	// to deploy as numbered blips; "" where the engine has none.
	Rule    string
	Dummies int    // the dummy blips ("D") of the marker set
	DugIn   string // the marker kind that marks a unit dug in; "" for none
	// Count counts the blips and decoys of a hidden force.
	Count func(units []HiddenUnit) (BlipCount, error)
	// List counts the blips and decoys an army list deploys as the
	// hidden side (a list of a rule set with lists); where it deploys
	// none, none says why in the player's words ("set hidden = true for
	// a side that deploys hidden").
	List func(l *List) (count BlipCount, none string)
}

// HiddenUnit is one line of a force as the rules of hidden deployment
// see it: how many units, their type, and whether they start in ambush
// or are held back.
type HiddenUnit struct {
	Count int    // units on the line
	Type  string // the unit entry's type ("Infantry")
	// Ambush: the units start in ambush — "no 'blips' can be deployed on
	// its account – either a 'blip' representing the unit itself or
	// decoys". A unit that only may start in ambush may still deploy as
	// a blip, and counts here as one that does.
	Ambush bool
	// Reinforcement: held back; not on the table at the start, no blip.
	Reinforcement bool
}

// BlipCount is what a hidden force deploys.
type BlipCount struct {
	Units   []int // per line: the blips deployed on its account
	Blips   int   // numbered blips: one per unit on the table at the start
	Decoys  int   // the most decoy blips the force may add
	PerUnit int   // decoys allowed for each blip of the decoy type
}

// DocumentsOf is what the rule set's engine adds to its documents; none
// when it has no engine.
func DocumentsOf(sys *catalog.System) Documents {
	if e := EngineOf(sys); e != nil && e.Documents != nil {
		return e.Documents
	}
	return NoDocuments{}
}

// NoDocuments adds nothing to the documents.
type NoDocuments struct{}

func (NoDocuments) Funcs(*catalog.System) map[string]any { return nil }
func (NoDocuments) DataNotes(*catalog.System) []DataNote { return nil }
func (NoDocuments) Hidden(*catalog.System) HiddenRules   { return HiddenRules{} }
func (NoDocuments) Briefing(*catalog.System, *catalog.Scenario, bool) (BriefingPart, error) {
	return BriefingPart{}, nil
}
