package imperial

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// The morale, rally and pursuit odds are shown for every total of
// modifiers the data's tables of them reach (Class A and an officer rally
// at +7, pursuers in works at +10), not a range picked for the page; a
// unit has one class, and a row counts once unless it counts for each of
// a thing (each 20% lost, each DM): then the totals run on that way as
// far as a roll can tell them apart. At either end, totals whose chances
// no longer change are one row ("−26 or less", "+9 or more"): beyond them
// the result is certain.

// reach is the lowest and highest total of the modifiers of one table:
// its rows each once, at most one of the rows m.OneOf, for the kind of
// troops (a column) that reaches furthest each way. A row of m.Each runs
// the total on that way by twice the die's faces, past any total a roll
// of the die can still tell from the next (openEnds folds the rest). A
// cell that is not a number (the book's "?" a reading settles) adds
// nothing.
func reach(sys *catalog.System, m Modifiers) (lo, hi int, err error) {
	if m.Table == "" {
		return 0, 0, nil
	}
	t, err := imTable(sys, m.Table)
	if err != nil {
		return 0, 0, err
	}
	for _, name := range m.OneOf {
		if !slices.ContainsFunc(t.Rows, func(r []string) bool { return len(r) > 0 && strings.TrimSpace(r[0]) == name }) {
			return 0, 0, fmt.Errorf("imperial mars: table %q has no row %q", t.ID, name)
		}
	}
	for col := 1; col < len(t.Columns); col++ {
		sumLo, sumHi, oneLo, oneHi := 0, 0, 0, 0
		for _, r := range t.Rows {
			if col >= len(r) {
				continue
			}
			v, err := strconv.Atoi(strings.Replace(strings.TrimSpace(r[col]), "+", "", 1))
			if err != nil {
				continue
			}
			switch {
			case slices.Contains(m.OneOf, strings.TrimSpace(r[0])):
				oneLo, oneHi = min(oneLo, v), max(oneHi, v)
			case slices.Contains(m.Each, strings.TrimSpace(r[0])) && v < 0:
				sumLo -= 2 * sys.About.Die
			case slices.Contains(m.Each, strings.TrimSpace(r[0])) && v > 0:
				sumHi += 2 * sys.About.Die
			case v < 0:
				sumLo += v
			default:
				sumHi += v
			}
		}
		if col == 1 {
			lo, hi = sumLo+oneLo, sumHi+oneHi
		}
		lo, hi = min(lo, sumLo+oneLo), max(hi, sumHi+oneHi)
	}
	return lo, hi, nil
}

// MoraleReach, RallyReach and PursuitReach are the totals of modifiers
// a morale test, a rally and a pursuit roll can have (pursuers add their
// own to the rally's).
func MoraleReach(sys *catalog.System) (lo, hi int, err error) {
	r, _, err := imRules(sys)
	if err != nil {
		return 0, 0, err
	}
	return reach(sys, r.Morale.Modifiers)
}

func RallyReach(sys *catalog.System) (lo, hi int, err error) {
	r, _, err := imRules(sys)
	if err != nil {
		return 0, 0, err
	}
	return reach(sys, r.Rally.Modifiers)
}

func PursuitReach(sys *catalog.System) (lo, hi int, err error) {
	r, _, err := imRules(sys)
	if err != nil {
		return 0, 0, err
	}
	lo, hi, err = reach(sys, r.Rally.Modifiers)
	if err != nil {
		return 0, 0, err
	}
	plo, phi, err := reach(sys, r.Pursuit.Modifiers)
	return lo + plo, hi + phi, err
}

// MeleeReach is the factor differences a melee table runs over: from an
// even fight to one past the first where the winner inflicts the table's
// most casualties for certain (the die's lowest against its highest still
// clears them), so openEnds makes that row "+34 or more". Melee factors
// run on without end (each figure more, each DM), so the end is where
// the chances stop, not what the factors reach.
func MeleeReach(sys *catalog.System) (lo, hi int, err error) {
	r, _, err := imRules(sys)
	if err != nil {
		return 0, 0, err
	}
	return 0, sys.About.Die - 1 + r.Melee.CasualtyPer*imMeleeColumns + 1, nil
}

// reaching builds a table of chances by total with f over the totals a
// reach function gives.
func reaching(f func(*catalog.System, int, int) (rules.Table, error), totals func(*catalog.System) (int, int, error)) func(*catalog.System) (rules.Table, error) {
	return func(sys *catalog.System) (rules.Table, error) {
		lo, hi, err := totals(sys)
		if err != nil {
			return rules.Table{}, err
		}
		return f(sys, lo, hi)
	}
}

// sameCells reports whether two rows give the same chances.
func sameCells(a, b []rules.Cell) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		switch {
		case a[i].P == nil || b[i].P == nil:
			if a[i].P != b[i].P {
				return false
			}
		case a[i].P.Cmp(b[i].P) != 0:
			return false
		}
	}
	return true
}

// openEnds merges the rows at either end of a table by total whose chances
// are those of the row next to them into that row, labelled with the
// words or_less and or_more: "−9 or less", "+9 or more".
func openEnds(t *rules.Table, w *rules.Words) {
	rows := t.Rows
	top := false
	for len(rows) > 1 && sameCells(rows[len(rows)-1].Cells, rows[len(rows)-2].Cells) {
		rows, top = rows[:len(rows)-1], true
	}
	bottom := false
	for len(rows) > 1 && sameCells(rows[0].Cells, rows[1].Cells) {
		rows, bottom = rows[1:], true
	}
	rows = slices.Clone(rows)
	if top {
		rows[len(rows)-1].Label = w.Word("or_more", "n", rows[len(rows)-1].Label)
	}
	if bottom {
		rows[0].Label = w.Word("or_less", "n", rows[0].Label)
	}
	t.Rows = rows
}
