package aqotmf

import (
	"fmt"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// builder is what the army builder shows of All Quiet on the Martian
// Front's lists: catalogue units picked from the side's force list and by
// type, each with its stats.
type builder struct{}

func (builder) ListInputs(sys *catalog.System, f *rules.Form) []rules.Input {
	return []rules.Input{
		{Key: "points", Label: "Points limit", Kind: rules.NumberInput, Placeholder: "no limit", Min: "1"},
		{Key: "hidden", Label: "Deploys hidden (blips)", Kind: rules.CheckInput},
	}
}

func (builder) UnitInputs(sys *catalog.System, f *rules.Form, i int, ln *rules.Line, faction string) rules.UnitView {
	return rules.EntryUnitView(sys, f, i, faction, func(u *catalog.Unit) []string { return UnitStats(sys, u) },
		rules.Input{Key: "ambush", Label: "Ambush", Kind: rules.CheckInput},
		rules.Input{Key: "reinforcement", Label: "Reinforcement", Kind: rules.CheckInput})
}

func (builder) TableInputs(*catalog.System, *rules.Form) (string, []rules.Input) { return "", nil }

// Picker offers the side's force list, where the scenario gives one, else
// the catalogue's units of the list's faction by type.
func (builder) Picker(sys *catalog.System, f *rules.Form, faction string) rules.Picker {
	return rules.EntryPicker(sys, f, faction, func(u *catalog.Unit) []string { return UnitStats(sys, u) })
}

// Add is the unit a picker's button adds: a catalogue entry by its id, or
// a line of the side's force list ("side.line") as it prints it, with its
// count and as a reinforcement.
func (builder) Add(sys *catalog.System, f *rules.Form, button, value string) (map[string]string, string) {
	u, name, fc := rules.EntryAdd(sys, f, button, value)
	if fc != nil && fc.Reinforcement {
		u["reinforcement"] = "true"
	}
	return u, name
}

// Start sets a new list for the side: its points, and hidden when the
// side deploys hidden (or has a force that starts in ambush).
func (builder) Start(sys *catalog.System, sd *catalog.Side, f *rules.Form) {
	if sd == nil {
		return
	}
	points, hidden := 0, sd.Hidden
	for _, fc := range sd.Forces {
		points += fc.Points
		hidden = hidden || fc.Ambush // a side with an ambush force deploys hidden
	}
	if points > 0 {
		f.List["points"] = strconv.Itoa(points)
	}
	if hidden {
		f.List["hidden"] = "true"
	}
}

func (builder) Summary(r *rules.Report, ln rules.Line) []string {
	var details []string
	if ln.Entry != nil && ln.Entry.Name != ln.Name {
		details = append(details, ln.Entry.Name)
	}
	if ln.Unit.Bool("ambush") {
		details = append(details, "ambush")
	}
	if ln.Unit.Bool("reinforcement") {
		details = append(details, "reinforcement")
	}
	return details
}

func (builder) ListSummary(*rules.Report) []string { return nil }

// UnitStats describes a catalogue unit: each kind of element with its
// stats, weapons and special rules.
func UnitStats(sys *catalog.System, u *catalog.Unit) []string {
	return rules.EntryStats(sys, u, func(p *catalog.Profile) []string {
		var parts []string
		if !p.Speed.IsZero() {
			parts = append(parts, "Speed "+p.Speed.String())
		}
		if p.Defense != nil {
			parts = append(parts, fmt.Sprintf("Def %d", *p.Defense))
		}
		if p.Armor != nil {
			parts = append(parts, fmt.Sprintf("Arm %d", *p.Armor))
		}
		return parts
	})
}
