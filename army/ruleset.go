package army

import (
	"slices"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// ruleSet is one rule engine's army lists: the keys its lists and units
// take, how a list is priced and checked, what its roster and unit cards
// print, and what a new list starts from. Each is written once, in its own
// file (aqotmf.go, evacuation.go, imperial.go), and listed in ruleSets, as
// goldmark lists its node renderers: a fifth rule set is a new file and a
// line in ruleSets.
type ruleSet interface {
	engine() *rules.Engine     // the rule engine whose rule sets' lists these are
	points() bool              // whether lists are priced in points
	listKeys() []string        // list keys beyond system, name, player, scenario, note and unit
	unitKeys() []string        // unit keys beyond label and note
	keyHint(key string) string // why a unit key of another rule set is refused here, or ""
	check(c *checker)          // price and check the list
	roster(ro *Roster, r *Report, g *glossary)
	card(r *Report, ln Line) (card, error) // the card of one unit of a line
	extraCards(r *Report) []card           // cards beyond the units' (the objective marker's)
	play(r *Report, ln Line) PlayUnit      // a unit of a line in play (play.go)
	starter(s *catalog.System, p func(format string, args ...any)) error
}

// ruleSets are the rule sets army lists can be written for.
var ruleSets = []ruleSet{aqotmfRules{}, evacuationRules{}, imperialRules{}}

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
	if rs := ruleSetOf(s); rs != nil {
		return rs.engine().Name
	}
	return ""
}

// The keys every list and every unit takes, whatever its rule set.
var (
	commonListKeys = []string{"system", "name", "player", "scenario", "side", "faction", "note", "unit"}
	commonUnitKeys = []string{"label", "note"}
)

// allKeys is every key of the rule sets' lists (or units), once, in the
// order the rule sets list them: a key of another rule set is refused by
// name rather than as unknown.
func allKeys(keys func(ruleSet) []string) []string {
	var out []string
	for _, rs := range ruleSets {
		for _, k := range keys(rs) {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// HasPoints reports whether the list's rule set prices lists in points
// (Imperial Mars checks organisation only).
func (r *Report) HasPoints() bool {
	rs := ruleSetOf(r.System)
	return rs != nil && rs.points()
}
