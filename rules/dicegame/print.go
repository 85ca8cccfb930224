package dicegame

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// What a dice rule set's list prints: its roster (the units, the models
// with the stats the rule set names, the weapons) and each unit's card
// (its models and weapons with their stats, its special rules, its rows
// of the odds tables that run over its units, a track of models lost).

// RosterValues are the engine's values of a roster, for roster-dice.md
// (.Extra): Markdown.
type RosterValues struct {
	ProfileHeads []string   // the profiles' stats, by name
	Profiles     []StatRow  // each model of the list, once
	WeaponHeads  []string   // the weapons' stats, by name
	Weapons      []StatRow  // each weapon of the list, once
	Models       [][]string // by line: "5 × Colonial Rifleman"
}

// StatRow is a model or a weapon with its stats, as the roster prints it.
type StatRow struct {
	Name, Type, Move, Range string
	Stats                   []string
	Weapons                 string // a model's weapons and special rules
}

// LineValues are a roster line's own values (.Extra of a line).
type LineValues struct {
	Entry  string // the catalogue entry's name, where the label differs
	Models string // "5 × Colonial Rifleman"
}

func roster(r *rules.Report, g rules.Glossary) rules.Roster {
	s := r.System
	b := RulesOf(s)
	x := &RosterValues{}
	ro := rules.Roster{Extra: x}
	if b == nil {
		return ro
	}
	for _, st := range b.ProfileStats() {
		x.ProfileHeads = append(x.ProfileHeads, g.Esc(st.Name))
	}
	for _, st := range b.WeaponStats() {
		x.WeaponHeads = append(x.WeaponHeads, g.Esc(st.Name))
	}
	var profiles, weapons []string
	for i, ln := range r.Lines {
		lx := &LineValues{}
		rl := rules.RosterLine{N: i + 1, Name: g.Esc(ln.Name), Count: ln.Count, Each: ln.Each, Cost: ln.Cost, Type: g.Esc(ln.Type), Extra: lx}
		if e := ln.Entry; e != nil {
			if ln.Unit.Label != "" {
				lx.Entry = g.Esc(e.Name)
			}
			rl.Name += g.Refs(e.ID)
			var models []string
			for _, st := range e.Composition {
				p := s.Profile(st.Profile)
				if p == nil {
					continue
				}
				models = append(models, fmt.Sprintf("%d × %s", st.Count, g.Esc(p.Name)))
				profiles = appendNew(profiles, p.ID)
				for _, w := range p.Weapons {
					weapons = appendNew(weapons, w)
				}
			}
			lx.Models = strings.Join(models, ", ")
		}
		ro.Lines = append(ro.Lines, rl)
	}
	for _, id := range profiles {
		p := s.Profile(id)
		row := StatRow{Name: g.Esc(p.Name) + g.Refs(p.ID), Type: g.Esc(p.Type), Move: "–", Weapons: "–"}
		if !p.Speed.IsZero() {
			row.Move = g.Inch(p.Speed)
		}
		for _, st := range b.ProfileStats() {
			v := b.ProfileStat(*p, st.ID)
			if v == "–" && slices.Contains(b.Unstated(p), st.Name) {
				v = g.WriteIn(3) // what the rules leave out, the players write in
			}
			row.Stats = append(row.Stats, g.Esc(v))
		}
		var ws []string
		for _, w := range p.Weapons {
			if wp := s.Weapon(w); wp != nil {
				ws = append(ws, g.Esc(wp.Name))
			}
		}
		for _, sp := range p.Specials {
			ws = append(ws, g.Special(sp))
		}
		if len(ws) > 0 {
			row.Weapons = strings.Join(ws, ", ")
		}
		x.Profiles = append(x.Profiles, row)
	}
	for _, id := range weapons {
		w := s.Weapon(id)
		if w == nil {
			continue
		}
		row := StatRow{Name: g.Esc(w.Name) + g.Refs(w.ID), Range: weaponRange(w, g)}
		for _, st := range b.WeaponStats() {
			row.Stats = append(row.Stats, g.Esc(b.WeaponStat(*w, st.ID)))
		}
		x.Weapons = append(x.Weapons, row)
	}
	return ro
}

// weaponRange is a weapon's range as its data prints it.
func weaponRange(w *catalog.Weapon, p rules.Printer) string {
	switch {
	case w.RangeText != "":
		return w.RangeText
	case w.Range.IsZero():
		return "–"
	}
	return p.Inch(w.Range)
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// unitCard is a unit's card: its models and weapons with their stats, its
// special rules a line each, its rows of the odds tables that run over
// its units (as the first axis of their rows), and a box for each model
// to strike when it is lost.
func unitCard(r *rules.Report, ln rules.Line, pr rules.Printer) (rules.Card, error) {
	s := r.System
	title, also := ln.CardNames()
	c := rules.Card{Title: title, Corner: fmt.Sprintf("%d pts", ln.Each)}
	e, b := ln.Entry, RulesOf(s)
	if e == nil || b == nil {
		c.Sub = "unknown unit " + ln.Unit.Str("id")
		return c, nil
	}
	var sub []string
	if also != "" {
		sub = append(sub, also)
	}
	c.Sub = strings.Join(append(sub, e.Type), " · ")
	models := rules.CardPart{Head: "Models", Rows: [][]string{{"", "Move"}}, Bold: []bool{true}}
	for _, st := range b.ProfileStats() {
		models.Rows[0] = append(models.Rows[0], st.Name)
	}
	var weapons []*catalog.Weapon
	var specials []string
	n := 0
	for _, st := range e.Composition {
		p := s.Profile(st.Profile)
		if p == nil {
			continue
		}
		n += st.Count
		move := "–"
		if !p.Speed.IsZero() {
			move = pr.Inch(p.Speed)
		}
		row := []string{fmt.Sprintf("%d × %s", st.Count, p.Name), move}
		for _, stat := range b.ProfileStats() {
			v := b.ProfileStat(*p, stat.ID)
			if v == "–" && slices.Contains(b.Unstated(p), stat.Name) {
				v = rules.CardAgreed
			}
			row = append(row, v)
		}
		models.Rows = append(models.Rows, row)
		models.Bold = append(models.Bold, false)
		for _, id := range p.Weapons {
			if w := s.Weapon(id); w != nil && !slices.Contains(weapons, w) {
				weapons = append(weapons, w)
			}
		}
		for _, sp := range p.Specials {
			specials = appendNew(specials, sp)
		}
	}
	c.Parts = append(c.Parts, models)
	if len(weapons) > 0 {
		part := rules.CardPart{Head: "Weapons", Rows: [][]string{{"", "Range"}}, Bold: []bool{true}, WithOdds: true}
		for _, st := range b.WeaponStats() {
			part.Rows[0] = append(part.Rows[0], st.Name)
		}
		for _, w := range weapons {
			row := []string{w.Name, weaponRange(w, pr)}
			for _, st := range b.WeaponStats() {
				row = append(row, b.WeaponStat(*w, st.ID))
			}
			part.Rows = append(part.Rows, row)
			part.Bold = append(part.Bold, false)
		}
		c.Parts = append(c.Parts, part)
	}
	if len(specials) > 0 {
		var lines []string
		for _, sp := range specials {
			a := s.Ability(sp)
			line := rules.FirstOf(a.Short, a.Text, "agree what it does before play")
			lines = append(lines, a.Name+":\t"+pr.OneLine(line))
		}
		c.Parts = append(c.Parts, rules.CardPart{Head: "Special rules", Text: strings.Join(lines, "\n")})
	}
	c.Parts = append(c.Parts, cardOdds(s, e)...)
	c.Tracks = []rules.Track{{Label: "Lost", Boxes: make([]string, n)}}
	return c, nil
}

// cardOdds are a unit's rows of the odds tables whose rows run first over
// units, each a block of odds headed by the table's words.card, its
// columns' heads over them; a row is labelled by what its other axes set.
// A table wider than a card is left to the sheet.
func cardOdds(s *catalog.System, e *catalog.Unit) []rules.CardPart {
	m := modelOf(s)
	if m == nil {
		return nil
	}
	var out []rules.CardPart
	for _, t := range m.tables {
		if !t.onCards(m) {
			continue
		}
		first := m.paramByID(t.Rows[0].Param)
		tb, err := m.build(s, t)
		if err != nil {
			continue
		}
		w := rules.WordsOf(s, t.ID)
		m.fill(w, t, m.defaults().with(t.set))
		part := rules.CardPart{Head: w.Word("card"), Rows: [][]string{append([]string{""}, tb.Columns...)}, Bold: []bool{true}, Odds: true}
		for i, pt := range t.rows {
			if pt.set[first.ID] != e.ID {
				continue
			}
			var label []string
			for _, p := range pt.params[1:] {
				label = append(label, m.valueLabel(w, p, pt.set[p.ID]))
			}
			row := []string{strings.Join(label, ", ")}
			for _, c := range tb.Rows[i].Cells {
				row = append(row, c.String())
			}
			part.Rows = append(part.Rows, row)
			part.Bold = append(part.Bold, false)
		}
		if len(part.Rows) > 1 {
			out = append(out, part)
		}
	}
	return out
}

// valueLabel is a parameter's value as a reader names it: an entry's
// name, a choice's or a switch's word in the table's words, a number as
// it shows.
func (m *model) valueLabel(w *rules.Words, p *param, v string) string {
	switch p.kind {
	case kindNumber:
		n, _ := strconv.Atoi(v)
		return show(p.Show, p.Zero, n)
	case kindChoice:
		return w.Word(p.ID + "_" + v)
	case kindSwitch:
		if v != "" {
			return w.Word(p.ID + "_on")
		}
		return w.Word(p.ID + "_off")
	}
	for _, e := range p.entries {
		if e.id == v {
			return e.name
		}
	}
	return v
}

// playUnits is each unit in play: its models (elements) and weapons.
func playUnits(r *rules.Report) ([]rules.PlayUnit, int) {
	var out []rules.PlayUnit
	for _, ln := range r.Lines {
		u := rules.PlayUnit{Type: ln.Type, Stats: map[string]int{}}
		if e := ln.Entry; e != nil {
			n := e.Elements()
			for _, st := range e.Composition {
				if p := r.System.Profile(st.Profile); p != nil {
					for _, id := range p.Weapons {
						if w := r.System.Weapon(id); w != nil && !slices.Contains(u.Fighter.Weapons, w) {
							u.Fighter.Weapons = append(u.Fighter.Weapons, w)
						}
					}
				}
			}
			u.Stats["elements"] = n
			u.Fighter.Entry, u.Fighter.Left = e, n
		}
		out = append(out, u)
	}
	return out, 0
}

// play is what a game in progress asks of the engine: the odds of one
// unit shooting another, by the questions that ask two units (the first
// the one that acts, the second the one it acts on), with the models it
// has left.
var play = rules.Play{Shots: shots, Units: playUnits}

func shots(sys *catalog.System, from, to rules.Fighter) []rules.Shot {
	m := modelOf(sys)
	if m == nil || from.Entry == nil || to.Entry == nil || from.Left <= 0 {
		return nil
	}
	var out []rules.Shot
	for _, q := range m.questions {
		var units []*param
		for _, p := range q.params {
			if p.kind == kindUnit {
				units = append(units, p)
			}
		}
		if len(units) < 2 {
			continue
		}
		i := slices.IndexFunc(m.questions, func(o *question) bool { return o == q })
		query := &m.own(sys).Queries[i]
		a := rules.Args{units[0].ID: from.Entry.ID, units[1].ID: to.Entry.ID, left(units[0]): strconv.Itoa(from.Left)}
		rules.SetFlags(a, query, to)
		out = append(out, rules.Shot{Label: query.Title(sys), Query: query, Args: a})
	}
	return out
}

// left is the argument that says how many models a unit parameter's unit
// has left, in play: its models stat, read before the catalogue's.
func left(p *param) string { return p.ID + ".models" }
