package rules

import (
	"math"
	"slices"
	"strconv"

	"github.com/playaid/playaid/catalog"
)

// OddsTable is one odds table a document may print by its id: a reference
// sheet's template (`table "id"`), a reference card's back (`engine
// "id"`). Sheets and cards read the one list OddsTables gives, so the
// same id is the same table wherever it prints.
type OddsTable struct {
	ID    string
	Build func(*catalog.System) (Table, error)
}

// OddsTables lists the odds tables of a rule set: its engine's, in order,
// then those its data adds (Engine.Own).
func OddsTables(sys *catalog.System) []OddsTable {
	e := EngineOf(sys)
	if e == nil {
		return nil
	}
	if o := own(sys).Odds; len(o) > 0 {
		return append(slices.Clone(e.Odds), o...)
	}
	return e.Odds
}

// OddsTableIDs lists the ids of a rule set's odds tables, in order.
func OddsTableIDs(sys *catalog.System) []string {
	var ids []string
	for _, t := range OddsTables(sys) {
		ids = append(ids, t.ID)
	}
	return ids
}

// Modifiers adapts a builder that lays out a range of modifiers.
func Modifiers(f func(*catalog.System, int, int) (Table, error), lo, hi int) func(*catalog.System) (Table, error) {
	return func(sys *catalog.System) (Table, error) { return f(sys, lo, hi) }
}

// The words and numbers of the card tables, as the documents print them
// (document.Inch, document.Count, which sit above this package; the
// signed modifier is internal/printed, below both).

// Inch is a length in inches, to a thousandth, with the inch mark: 6″.
func Inch(l catalog.Length) string {
	return strconv.FormatFloat(math.Round(l.Inches()*1000)/1000, 'f', -1, 64) + "″"
}
