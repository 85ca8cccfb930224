package dicegame

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
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
	u := f.Units[i]
	var v rules.UnitView
	var units []rules.Choice
	for _, e := range sys.Units {
		if faction == "" || e.Faction == "" || strings.EqualFold(e.Faction, faction) {
			units = append(units, rules.Choice{Value: e.ID, Label: fmt.Sprintf("%s (%d pts)", e.Name, e.Points)})
		}
	}
	ph := "a name for the roster"
	if e := sys.Unit(u["id"]); e != nil {
		v.Sub, v.Stats, ph = e.Name, stats(sys, e), e.Name
	} else if u["id"] != "" {
		v.Sub = u["id"]
	}
	v.Inputs = []rules.Input{
		{Key: "id", Label: "Unit", Kind: rules.SelectInput, Choices: units, Blank: "— unit —", Span: true},
		{Key: "label", Label: "Label", Kind: rules.TextInput, Placeholder: ph, Span: true},
		{Key: "count", Label: "Count", Kind: rules.NumberInput, Placeholder: "1", Min: "1"},
	}
	if u["points"] != "" {
		v.Inputs = append(v.Inputs, rules.Input{Key: "points", Label: "Points (check)", Kind: rules.NumberInput, Min: "1", More: true})
	}
	return v
}

func (builder) TableInputs(*catalog.System, *rules.Form) (string, []rules.Input) { return "", nil }

// Picker offers the side's force list, or for a list of no scenario
// (or a side with none) the catalogue's units of its faction by type.
func (builder) Picker(sys *catalog.System, f *rules.Form, faction string) rules.Picker {
	p := rules.Picker{From: "catalogue"}
	inList := map[string]int{}
	for _, u := range f.Units {
		n, err := strconv.Atoi(u["count"])
		switch {
		case err != nil || n < 1:
			n = 1
		case n > limits.MaxCount:
			n = 0 // refused by the check; bounded before it is summed
		}
		inList[u["id"]] += n
	}
	sc := sys.Scenario(f.List["scenario"])
	sd := side(sc, f.List["side"])
	switch {
	case sc != nil && sd == nil:
		p.Note = "Choose the side the list plays (above) to see its units."
		return p
	case sc == nil && faction == "" && len(sys.About.Factions) > 0:
		p.Note = "Choose the list's faction (above) to see its units."
		return p
	}
	if sd != nil {
		g := rules.PickGroup{Title: "Force list: " + sd.Name, Force: true}
		for li, fc := range sd.Forces {
			if u := sys.Unit(fc.Unit); u != nil {
				g.Items = append(g.Items, rules.PickItem{Name: u.Name, Points: max(fc.Count, 1) * u.Points, Info: []string{fc.Text},
					Button: "add-force", Value: strconv.Itoa(li), InList: inList[u.ID]})
			}
		}
		if len(g.Items) > 0 {
			// The side fields its force list and no other units (the
			// check holds it to them): the catalogue is not offered.
			p.Groups = append(p.Groups, g)
			return p
		}
	}
	byType := map[string]int{}
	for i := range sys.Units {
		u := &sys.Units[i]
		if faction != "" && u.Faction != "" && !strings.EqualFold(u.Faction, faction) {
			continue
		}
		gi, ok := byType[u.Type]
		if !ok {
			gi = len(p.Groups)
			byType[u.Type] = gi
			p.Groups = append(p.Groups, rules.PickGroup{Title: rules.Capital(u.Type)})
		}
		p.Groups[gi].Items = append(p.Groups[gi].Items, rules.PickItem{Name: u.Name, Points: u.Points, Info: stats(sys, u),
			Button: "add", Value: u.ID, InList: inList[u.ID]})
	}
	return p
}

// Add is the unit a picker's button adds: a catalogue entry by its id, or
// a line of the side's force list by its number, with its count.
func (builder) Add(sys *catalog.System, f *rules.Form, button, value string) (map[string]string, string) {
	var u map[string]string
	switch button {
	case "add":
		u = map[string]string{"id": value}
	case "add-force":
		sd := side(sys.Scenario(f.List["scenario"]), f.List["side"])
		li, err := strconv.Atoi(value)
		if sd == nil || err != nil || li < 0 || li >= len(sd.Forces) {
			return nil, ""
		}
		fc := sd.Forces[li]
		u = map[string]string{"id": fc.Unit}
		if fc.Count > 1 {
			u["count"] = strconv.Itoa(fc.Count)
		}
	default:
		return nil, ""
	}
	name := u["id"]
	if e := sys.Unit(name); e != nil {
		name = e.Name
	}
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

// side is the scenario's side called name, in any case; nil for none.
func side(sc *catalog.Scenario, name string) *catalog.Side {
	if sc == nil {
		return nil
	}
	for i := range sc.Sides {
		if name != "" && strings.EqualFold(sc.Sides[i].Name, name) {
			return &sc.Sides[i]
		}
	}
	return nil
}
