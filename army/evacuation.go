package army

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/rules/evacuation"
)

func (evacuationRules) roster(ro *Roster, r *Report, g *glossary) { ro.evacuation(r, g) }
func (evacuationRules) card(_ *Report, ln Line) (card, error)     { return evacCard(ln), nil }

// extraCards is the objective marker's card, with its upgrades.
func (evacuationRules) extraCards(r *Report) []card {
	if evacuation.PodOf(r) == nil {
		return nil
	}
	return []card{podCard(r)}
}

func (ro *Roster) evacuation(r *Report, g *glossary) {
	ev := evacuation.RulesOf(r.System)
	for i, ln := range r.Lines {
		ro.Lines = append(ro.Lines, RosterLine{N: i + 1, Name: document.Esc(ln.Name), Type: document.Esc(firstOf(ln.Type, ln.Unit.Str("type"))), Count: ln.Count, Each: ln.Each, Cost: ln.Cost})
	}
	ro.Pod = evacuation.PodOf(r)
	ro.PodArmour, ro.PodHull = ev.Objective.Armour, ev.Objective.HullPoints
	ro.PodMaxArmour, ro.PodMaxHull = ev.Objective.MaxArmour, ev.Objective.MaxHull
	var ladder []string
	for _, v := range ev.Objective.Ladder {
		ladder = append(ladder, fmt.Sprint(v))
	}
	ro.Ladder = strings.Join(ladder, ", ")
	ro.Allowed = document.Esc(strings.Join(ev.Allowed, ", "))
	ro.Excluded = document.Esc(strings.Join(ev.Excluded, ", "))
	ro.ArmyNotes = g.refs("army", "points")
	ro.PodNotes = g.refsExcept([]string{"army", "points"}, "objective", "ladder")
	for _, sp := range ev.Specials {
		g.rule(sp.Name, document.Esc(sp.Text))
	}
}

func evacCard(ln Line) card {
	c := card{title: ln.Name, corner: fmt.Sprintf("%d pts", ln.Each), sub: firstOf(ln.Type, ln.Unit.Str("type"))}
	c.parts = append(c.parts, part{head: "Profile and wargear", text: "Write them in from your codex.", writeOn: 5})
	if ln.Unit.Note != "" {
		c.parts = append(c.parts, part{head: "Note", text: document.OneLine(ln.Unit.Note)})
	}
	return c
}

// podCard is the objective marker's card: which pod it is on the table
// map, its Armour and hull points as tracks to strike, and the scenario's
// rules about it, each in a line.
func podCard(r *Report) card {
	ev := evacuation.RulesOf(r.System)
	p := evacuation.PodOf(r)
	c := card{title: "Teleportation pod", corner: fmt.Sprintf("%d pts", p.Cost()), sub: "the objective marker · Pod ____ · player " + cardBlank + cardBlank}
	if pod, player := mapPod(r); pod != "" {
		c.title, c.sub = pod, "the teleportation pod · "+player
	}
	c.parts = append(c.parts, part{head: "Values", rows: [][]string{
		{"", "Base", "Bought", "Total"},
		{"Armour", fmt.Sprint(ev.Objective.Armour), fmt.Sprintf("+%d", p.Armour), fmt.Sprint(p.TotalArmour)},
		{"Hull points", fmt.Sprint(ev.Objective.HullPoints), fmt.Sprintf("+%d", p.Hull), fmt.Sprint(p.TotalHP)},
	}, bold: []bool{true}})
	// The scenario's rules about the marker, as [evacuation.objective]
	// rules names them.
	for _, sc := range r.System.Scenarios {
		for _, sp := range sc.Specials {
			if slices.Contains(ev.Objective.Rules, sp.Name) {
				c.parts = append(c.parts, part{head: sp.Name, text: document.OneLine(firstOf(sp.Short, sp.Text))})
			}
		}
	}
	armour := track{label: "Armour"}
	for v := p.TotalArmour; v >= 1; v-- {
		armour.boxes = append(armour.boxes, fmt.Sprint(v))
	}
	c.tracks = []track{armour, {label: "Hull points", boxes: make([]string, p.TotalHP)}}
	return c
}

// mapPod finds the list's pod on its scenario's table map: the objective
// of the side its player plays ("Pod 1" of "Player 1"). The list's own
// scenario counts, else the rule set's only one.
func mapPod(r *Report) (pod, player string) {
	s, l := r.System, r.List
	sc := s.Scenario(l.Scenario)
	if sc == nil && len(s.Scenarios) == 1 {
		sc = &s.Scenarios[0]
	}
	side := firstOf(l.Side, l.Player)
	if sc == nil || sc.Map == nil || side == "" {
		return "", ""
	}
	for _, f := range sc.Map.Features {
		if k := s.MapKind(f.Kind); k != nil && k.Style == "objective" && f.Label != "" && strings.EqualFold(f.Side, side) {
			return f.Label, f.Side
		}
	}
	return "", ""
}
