package imperial

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// builder is what the army builder shows of Imperial Mars's lists:
// companies and troops by type, each with the keys its type takes
// (training, morale class, figures in their order, weapon, vehicle).
type builder struct{}

func (builder) ListInputs(*catalog.System, *rules.Form) []rules.Input { return nil }

func (builder) UnitInputs(sys *catalog.System, f *rules.Form, i int, ln *rules.Line, faction string) rules.UnitView {
	u := f.Units[i]
	im := RulesOf(sys)
	var types, trainings, morales, orders, weapons, vehicles []rules.Choice
	for _, t := range imTypes {
		types = append(types, rules.Choice{Value: t, Label: t})
	}
	for _, t := range im.Training {
		trainings = append(trainings, rules.Choice{Value: t.ID, Label: fmt.Sprintf("%s (%d AP)", t.Name, t.ActionPoints)})
	}
	for _, m := range im.MoraleClasses {
		morales = append(morales, rules.Choice{Value: m.ID, Label: m.ID + " – " + m.Name})
	}
	typ := strings.ToLower(u["type"])
	for _, o := range im.Orders {
		if typ == imHorse && o.Horse == 0 || typ == imInfantry && o.Foot == 0 {
			continue // the figures-per-tray table prints none
		}
		orders = append(orders, rules.Choice{Value: o.ID, Label: orderLabel(o, u["type"])})
	}
	for _, w := range sys.Weapons {
		if faction != "" && w.Faction != "" && !strings.EqualFold(w.Faction, faction) {
			continue
		}
		if carries, ok := im.Carries[typ]; ok && !slices.Contains(carries, w.Kind) || im.Carries != nil && !ok && typ != "" {
			continue
		}
		weapons = append(weapons, rules.Choice{Value: w.ID, Label: w.Name})
	}
	for _, v := range im.Vehicles {
		vehicles = append(vehicles, rules.Choice{Value: v.ID, Label: v.Name})
	}
	v := rules.UnitView{Sub: u["type"]}
	sel := func(key, label string, opts []rules.Choice, blank string) rules.Input {
		return rules.Input{Key: key, Label: label, Kind: rules.SelectInput, Choices: opts, Blank: blank}
	}
	v.Inputs = append(v.Inputs, rules.Input{Key: "label", Label: "Label", Kind: rules.TextInput, Placeholder: "1st Company", Span: true},
		sel("type", "Type", types, "— type —"))
	if typ != imVehicle && typ != imOfficer || u["training"] != "" {
		v.Inputs = append(v.Inputs, sel("training", "Training", trainings, "—"))
	}
	if typ != imVehicle || u["morale"] != "" {
		v.Inputs = append(v.Inputs, sel("morale", "Morale", morales, "—"))
	}
	if typ != imVehicle || u["figures"] != "" {
		v.Inputs = append(v.Inputs, rules.Input{Key: "figures", Label: "Figures", Kind: rules.NumberInput, Min: "1"})
	}
	if typ == imInfantry || typ == imHorse || u["order"] != "" {
		v.Inputs = append(v.Inputs, sel("order", "Order", orders, "—"))
	}
	if len(weapons) > 0 || u["weapon"] != "" {
		label := "Weapon"
		if typ == imArtillery {
			label = "Gun"
		}
		v.Inputs = append(v.Inputs, sel("weapon", label, weapons, "none"))
	}
	if u["type"] == imVehicle || u["vehicle"] != "" {
		v.Inputs = append(v.Inputs, sel("vehicle", "Vehicle", vehicles, "—"))
	}
	v.Inputs = append(v.Inputs, rules.Input{Key: "trays", Label: "Trays (check)", Kind: rules.NumberInput, Placeholder: "optional", Min: "1", More: true})
	if ln != nil {
		if d := DataOf(*ln); d.PerTray > 0 {
			v.Stats = append(v.Stats, traysText(d))
		}
		if d := DataOf(*ln); d.ActionPoints > 0 {
			v.Stats = append(v.Stats, fmt.Sprintf("%d action points", d.ActionPoints))
		}
	}
	return v
}

// orderLabel names an order with the figures a tray it takes for the
// unit's type ("Close Order, 4 a tray").
func orderLabel(o Order, typ string) string {
	per := o.Foot
	if typ == imHorse {
		per = o.Horse
	}
	if per == 0 || (typ != imInfantry && typ != imHorse) {
		return o.Name
	}
	return fmt.Sprintf("%s, %d a tray", o.Name, per)
}

// traysText is a unit's trays: "6 trays of 4", "+ 1 of 2".
func traysText(d *LineData) string {
	s := fmt.Sprintf("%d %s of %d", d.Trays, rules.Plural(d.Trays, "tray", "trays"), d.PerTray)
	if d.Remainder > 0 {
		s += fmt.Sprintf(" + 1 of %d", d.Remainder)
	}
	return s
}

func (builder) TableInputs(*catalog.System, *rules.Form) (string, []rules.Input) { return "", nil }

// Picker offers the unit types, once the list has its faction.
func (builder) Picker(sys *catalog.System, f *rules.Form, faction string) rules.Picker {
	p := rules.Picker{From: "list of unit types"}
	if faction == "" {
		p.Note = "Choose the list's faction (above) to see its units."
		return p
	}
	p.Groups = append(p.Groups, rules.TypeGroup(imTypes))
	p.Note = "No points: each company or troop is checked for organisation."
	return p
}

// Add is a unit of the type.
func (builder) Add(sys *catalog.System, f *rules.Form, button, value string) (map[string]string, string) {
	if button == "add-type" {
		return map[string]string{"type": value}, value
	}
	return nil, ""
}

func (builder) Start(*catalog.System, *catalog.Side, *rules.Form) {}

func (builder) Summary(r *rules.Report, ln rules.Line) []string {
	var details []string
	d := DataOf(ln)
	if ln.Type != "" && ln.Type != ln.Name {
		details = append(details, ln.Type)
	}
	if d.Training != nil {
		details = append(details, fmt.Sprintf("%s (%d AP)", strings.ToLower(d.Training.Name), d.ActionPoints))
	} else if d.ActionPoints > 0 {
		details = append(details, fmt.Sprintf("%d AP", d.ActionPoints))
	}
	if d.Class != nil {
		details = append(details, "morale "+d.Class.ID)
	}
	if n := ln.Unit.Int("figures"); n > 0 {
		details = append(details, fmt.Sprintf("%d %s", n, rules.Plural(n, "figure", "figures")))
	}
	if d.Order != nil && d.PerTray > 0 {
		details = append(details, fmt.Sprintf("%s order, %s", ln.Unit.Str("order"), traysText(d)))
	}
	if d.Weapon != nil {
		details = append(details, d.Weapon.Name)
	}
	if d.Vehicle != nil {
		details = append(details, d.Vehicle.Name)
	}
	return details
}

func (builder) ListSummary(*rules.Report) []string { return nil }
