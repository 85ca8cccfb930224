package dicegame

import (
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// builder is what the army builder shows of a dice rule set's lists:
// catalogue units, picked from the side's force list and by type, each
// with its stats as the rule set names them.
type builder struct{}

func (builder) ListInputs(sys *catalog.System, f *rules.Form) []rules.Input {
	ph := "no limit"
	if lim := limitOf(sys); lim > 0 {
		ph = strconv.Itoa(lim) + " (the game's)"
	}
	return []rules.Input{{Key: "points", Label: "Points limit", Kind: rules.NumberInput, Placeholder: ph, Min: "1"}}
}

func (builder) UnitInputs(sys *catalog.System, f *rules.Form, i int, ln *rules.Line, faction string) rules.UnitView {
	return rules.EntryUnitView(sys, f, i, faction, func(u *catalog.Unit) []string { return stats(sys, u) })
}

func (builder) TableInputs(*catalog.System, *rules.Form) (string, []rules.Input) { return "", nil }

// Picker offers the side's force list, or the catalogue's units of the
// list's faction by type.
func (builder) Picker(sys *catalog.System, f *rules.Form, faction string) rules.Picker {
	return rules.EntryPicker(sys, f, faction, func(u *catalog.Unit) []string { return stats(sys, u) })
}

// Add is the unit a picker's button adds: a catalogue entry by its id, or
// a line of the side's force list, with its count.
func (builder) Add(sys *catalog.System, f *rules.Form, button, value string) (map[string]string, string) {
	u, name, _ := rules.EntryAdd(sys, f, button, value)
	return u, name
}

// Start sets a new list for the side: its points.
func (builder) Start(sys *catalog.System, sd *catalog.Side, f *rules.Form) {
	if sd == nil {
		return
	}
	points := 0
	for _, fc := range sd.Forces {
		points += fc.Points
	}
	if points > 0 {
		f.List["points"] = strconv.Itoa(points)
	}
}

func (builder) Summary(r *rules.Report, ln rules.Line) []string {
	if ln.Entry != nil && ln.Entry.Name != ln.Name {
		return []string{ln.Entry.Name}
	}
	return nil
}

func (builder) ListSummary(*rules.Report) []string { return nil }
