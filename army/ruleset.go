package army

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
	"github.com/playaid/playaid/rules/evacuation"
	"github.com/playaid/playaid/rules/imperial"
)

// ruleSet is what one rule engine's rosters and unit cards print. (Its
// lists' keys, checks and points are the engine's: rules.Army.)
type ruleSet interface {
	engine() *rules.Engine // the rule engine whose rule sets' lists these are
	roster(ro *Roster, r *Report, g *glossary)
	card(r *Report, ln Line) (card, error) // the card of one unit of a line
	extraCards(r *Report) []card           // cards beyond the units' (the objective marker's)
	play(r *Report, ln Line) PlayUnit
}

// ruleSets are the rule sets army lists can be printed for.
var ruleSets = []ruleSet{aqotmfRules{}, evacuationRules{}, imperialRules{}}

type (
	aqotmfRules     struct{}
	evacuationRules struct{}
	imperialRules   struct{}
)

func (aqotmfRules) engine() *rules.Engine     { return aqotmf.Engine }
func (evacuationRules) engine() *rules.Engine { return evacuation.Engine }
func (imperialRules) engine() *rules.Engine   { return imperial.Engine }

// ruleSetOf returns the rule set whose data s is, or nil when army lists
// cannot be written for s (Destroying Buildings, an add-on).
func ruleSetOf(s *catalog.System) ruleSet {
	for _, rs := range ruleSets {
		if e := rules.EngineOf(s); e != nil && e == rs.engine() {
			return rs
		}
	}
	return nil
}

// Kind names the engine of s's army lists (the roster's Kind): "" when
// army lists cannot be written for s.
func Kind(s *catalog.System) string {
	if rules.ArmyOf(s) != nil {
		return rules.EngineOf(s).Name
	}
	return ""
}
