package evacuation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/rules"
)

// What an Evacuation: Mars list prints: its roster (the units at their
// codex costs, the objective marker's upgrades) and its cards (each
// unit's, with room for its codex profile, and the objective marker's).

// RosterValues are the engine's values of a roster, for
// roster-evacuation.md (.Extra): Markdown.
type RosterValues struct {
	PodNotes                 string // note references about the objective upgrades
	Pod                      *Pod
	PodArmour                int    // the marker's own armour
	PodHull                  int    // and hull points
	PodMaxArmour, PodMaxHull int    // the most they can be raised to
	Ladder                   string // "10, 20, 40, 80"
	Allowed                  string // the unit types allowed
	Excluded                 string // the unit types refused
}

func roster(r *rules.Report, g rules.Glossary) rules.Roster {
	ev := RulesOf(r.System)
	var ro rules.Roster
	for i, ln := range r.Lines {
		typ := rules.FirstOf(ln.Type, ln.Unit.Str("type"))
		line := rules.RosterLine{N: i + 1, Name: g.Esc(ln.Name), Type: g.Esc(typ), Count: ln.Count, Each: ln.Each, Cost: ln.Cost}
		for _, n := range r.System.Governing(typ, same) {
			line.Type += g.Source(n) // a type allowed as the book's "infantry only" is read
		}
		ro.Lines = append(ro.Lines, line)
	}
	x := &RosterValues{Pod: PodOf(r)}
	ro.Extra = x
	x.PodArmour, x.PodHull = ev.Objective.Armour, ev.Objective.HullPoints
	x.PodMaxArmour, x.PodMaxHull = ev.Objective.MaxArmour, ev.Objective.MaxHull
	var ladder []string
	for _, v := range ev.Objective.Ladder {
		ladder = append(ladder, fmt.Sprint(v))
	}
	x.Ladder = strings.Join(ladder, ", ")
	allowed := strings.Join(ev.Allowed, ", ")
	x.Allowed = g.Esc(allowed)
	for _, n := range r.System.Governed(allowed, same) {
		x.Allowed += g.Source(n) // the types the book's "infantry only" is read as
	}
	x.Excluded = g.Esc(strings.Join(ev.Excluded, ", "))
	if ev.ExcludedMore != "" {
		x.Excluded += "\u00a0" + g.Esc(ev.ExcludedMore) // never a line alone
	}
	ro.ArmyNotes = g.Refs("army", "points")
	x.PodNotes = g.RefsExcept([]string{"army", "points"}, "objective", "ladder")
	for _, sp := range ev.Specials {
		g.Rule(sp.Name, g.Esc(sp.Text))
	}
	return ro
}

// unitCard is a unit's card: its codex profile is written in.
// A type a reading allows (jump infantry) is marked in the line under
// the title, the reading's line at the card's foot.
func unitCard(r *rules.Report, ln rules.Line, p rules.Printer) (rules.Card, error) {
	title, also := ln.CardNames()
	typ := rules.FirstOf(ln.Type, ln.Unit.Str("type"))
	marks := &rules.CardMarks{}
	var lines []string
	for _, n := range r.System.Governing(typ, same) {
		typ += marks.Mark(n)
		lines = append(lines, marks.Line(p, n))
		break // the line under the title holds one mark
	}
	c := rules.Card{Title: title, Corner: fmt.Sprintf("%d pts", ln.Each), Sub: typ}
	if ln.Count > 1 && also != "" {
		c.Sub = also + " · " + c.Sub // the line's name over one unit's card
	}
	c.Parts = append(c.Parts, rules.CardPart{Head: "Profile and wargear", Text: "Write them in from your codex.", WriteOn: 5})
	if ln.Unit.Note != "" {
		c.Parts = append(c.Parts, rules.CardPart{Head: "Note", Text: p.OneLine(ln.Unit.Note)})
	}
	if len(lines) > 0 {
		c.Parts = append(c.Parts, rules.CardPart{Text: strings.Join(lines, "\n")})
	}
	c.Readings = marks.Readings
	return c, nil
}

// extraCards is the objective marker's card, with its upgrades.
func extraCards(r *rules.Report, p rules.Printer) []rules.Card {
	if PodOf(r) == nil {
		return nil
	}
	return []rules.Card{podCard(r, p)}
}

// playObjective is the objective marker in play: the numbers its tracks
// run to ("hull", "armor") and its card.
func playObjective(r *rules.Report, p rules.Printer) (map[string]int, rules.Card, bool) {
	pod := PodOf(r)
	if pod == nil {
		return nil, rules.Card{}, false
	}
	return map[string]int{"hull": pod.TotalHP, "armor": pod.TotalArmour}, podCard(r, p), true
}

// playUnits is a unit in play: the scenario gives it no numbers (its profile
// is the player's codex).
func playUnits(r *rules.Report) ([]rules.PlayUnit, int) {
	var out []rules.PlayUnit
	for _, ln := range r.Lines {
		out = append(out, playUnit(r, ln))
	}
	return out, 0
}

func playUnit(r *rules.Report, ln rules.Line) rules.PlayUnit {
	return rules.PlayUnit{Type: ln.Type, Stats: map[string]int{}}
}

// podCard is the objective marker's card: which pod it is on the table
// map, its Armour and hull points as tracks to strike, and the scenario's
// rules about it, each in a line.
func podCard(r *rules.Report, pr rules.Printer) rules.Card {
	ev := RulesOf(r.System)
	p := PodOf(r)
	c := rules.Card{Title: "Teleportation pod", Corner: fmt.Sprintf("%d pts", p.Cost()), Sub: "the objective marker · Pod ____ · player " + rules.CardBlank + rules.CardBlank}
	if pod, player := mapPod(r); pod != "" {
		c.Title, c.Sub = pod, "the teleportation pod · "+player
	}
	// What is bought, and the rate the hull points are bought at, is a
	// reading: marked on the hull points, its line under the values.
	marks := &rules.CardMarks{}
	hull, line := "Hull points", ""
	values := rules.CardPart{Head: "Values", Bold: []bool{true}}
	for _, n := range r.System.Governed("Bought", same) {
		hull, line = hull+marks.Mark(n), marks.Line(pr, n)
		break
	}
	values.Rows = [][]string{
		{"", "Base", "Bought", "Total"},
		{"Armour", fmt.Sprint(ev.Objective.Armour), fmt.Sprintf("+%d", p.Armour), fmt.Sprint(p.TotalArmour)},
		{hull, fmt.Sprint(ev.Objective.HullPoints), fmt.Sprintf("+%d", p.Hull), fmt.Sprint(p.TotalHP)},
	}
	c.Parts = append(c.Parts, values)
	if line != "" {
		c.Parts = append(c.Parts, rules.CardPart{Text: line})
	}
	// The scenario's rules about the marker, as [evacuation.objective]
	// rules names them; one a reading governs words of, led by its name
	// marked, the reading's line under it.
	for _, sc := range r.System.Scenarios {
		for _, sp := range sc.Specials {
			if !slices.Contains(ev.Objective.Rules, sp.Name) {
				continue
			}
			text := pr.OneLine(rules.FirstOf(sp.Short, sp.Text))
			part := rules.CardPart{Head: sp.Name, Text: text}
			for _, n := range r.System.Governed(text, same) {
				part = rules.CardPart{Text: sp.Name + ":" + marks.Mark(n) + "\t" + text + "\n" + marks.Line(pr, n)}
				break
			}
			c.Parts = append(c.Parts, part)
		}
	}
	c.Readings = marks.Readings
	// Hits take hull points; the Armour stays what was bought, in the
	// values above: only the hull points are a track to strike.
	c.Tracks = []rules.Track{{Label: "Hull points", Boxes: make([]string, p.TotalHP)}}
	return c
}

// same is a text as the data words it: the governed words a card
// prints are matched as they are.
func same(s string) string { return s }

// mapPod finds the list's pod on its scenario's table map: the objective
// of the side its player plays ("Pod 1" of "Player 1"). The list's own
// scenario counts, else the rule set's only one.
func mapPod(r *rules.Report) (pod, player string) {
	s, l := r.System, r.List
	sc := s.Scenario(l.Scenario)
	if sc == nil && len(s.Scenarios) == 1 {
		sc = &s.Scenarios[0]
	}
	side := rules.FirstOf(l.Side, l.Player)
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
