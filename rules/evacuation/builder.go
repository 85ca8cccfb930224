package evacuation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// builder is what the army builder shows of Evacuation: Mars's lists:
// units by type, each at its codex cost, and the objective marker's
// upgrades on the cost ladder.
type builder struct{}

func (builder) ListInputs(sys *catalog.System, f *rules.Form) []rules.Input {
	return []rules.Input{{Key: "points", Label: "Points limit", Kind: rules.NumberInput, Placeholder: fmt.Sprintf("%d per army", RulesOf(sys).Points), Min: "1"}}
}

func (builder) UnitInputs(sys *catalog.System, f *rules.Form, i int, ln *rules.Line, faction string) rules.UnitView {
	u := f.Units[i]
	var types []rules.Choice
	for _, t := range RulesOf(sys).Allowed {
		types = append(types, rules.Choice{Value: t, Label: t})
	}
	return rules.UnitView{Sub: u["type"], Inputs: []rules.Input{
		{Key: "label", Label: "Label", Kind: rules.TextInput, Placeholder: "Tactical Squad", Span: true},
		{Key: "type", Label: "Type", Kind: rules.SelectInput, Choices: types, Blank: "— type —"},
		{Key: "points", Label: "Points (your codex)", Kind: rules.NumberInput, Placeholder: "0", Min: "0"},
		{Key: "count", Label: "Count", Kind: rules.NumberInput, Placeholder: "1", Min: "1"},
	}}
}

// TableInputs are the objective marker's upgrades, each a choice on the
// cost ladder ("+2: Armour 10, 30 pts").
func (builder) TableInputs(sys *catalog.System, f *rules.Form) (string, []rules.Input) {
	ob := RulesOf(sys).Objective
	ladder := func(key, label string, base, most int, what func(total int) string, cost func(k int) (int, error)) rules.Input {
		var opts []rules.Choice
		for k := 0; k <= most-base && k <= len(ob.Ladder); k++ {
			c, err := cost(k)
			if err != nil {
				break
			}
			opts = append(opts, rules.Choice{Value: strconv.Itoa(k), Label: fmt.Sprintf("+%d: %s, %d pts", k, what(base+k), c)})
		}
		return rules.Input{Key: key, Label: label, Kind: rules.SelectInput, Choices: opts, NoBlank: true, Default: "0"}
	}
	var costs []string
	for _, c := range ob.Ladder {
		costs = append(costs, strconv.Itoa(c))
	}
	note := fmt.Sprintf("The teleportation pod: Armour %d, %d %s. Each extra point of either costs %s pts in turn.",
		ob.Armour, ob.HullPoints, rules.Plural(ob.HullPoints, "hull point", "hull points"), strings.Join(costs, ", "))
	return note, []rules.Input{
		ladder("armour", "Extra armour", ob.Armour, ob.MaxArmour, func(n int) string { return fmt.Sprintf("Armour %d", n) },
			func(k int) (int, error) { return ObjectiveCost(sys, k, 0) }),
		ladder("hull_points", "Extra hull points", ob.HullPoints, ob.MaxHull, func(n int) string { return fmt.Sprintf("%d %s", n, rules.Plural(n, "hull point", "hull points")) },
			func(k int) (int, error) { return ObjectiveCost(sys, 0, k) }),
	}
}

// Picker offers the unit types the rule set allows.
func (builder) Picker(sys *catalog.System, f *rules.Form, faction string) rules.Picker {
	ev := RulesOf(sys)
	return rules.Picker{From: "list of unit types", Groups: []rules.PickGroup{rules.TypeGroup(ev.Allowed)},
		Note: fmt.Sprintf("Infantry only: write each unit's cost from your own codex. Refused: %s.", strings.Join(ev.Excluded, ", "))}
}

// Add is a unit of the type.
func (builder) Add(sys *catalog.System, f *rules.Form, button, value string) (map[string]string, string) {
	if button == "add-type" {
		return map[string]string{"type": value}, value
	}
	return nil, ""
}

// Start gives a new list its objective marker, with no upgrades bought.
func (builder) Start(sys *catalog.System, sd *catalog.Side, f *rules.Form) {
	f.Table = map[string]string{"armour": "0", "hull_points": "0"}
}

func (builder) Summary(r *rules.Report, ln rules.Line) []string {
	if ln.Type != "" && ln.Type != ln.Name {
		return []string{ln.Type}
	}
	return nil
}

// ListSummary is the objective marker's upgrades, when any are bought.
func (builder) ListSummary(r *rules.Report) []string {
	if pod := PodOf(r); pod != nil && (pod.Armour > 0 || pod.Hull > 0) {
		return []string{fmt.Sprintf("Objective: Armour %d (+%d), %d hull points (+%d) — %d pts", pod.TotalArmour, pod.Armour, pod.TotalHP, pod.Hull, pod.Cost())}
	}
	return nil
}
