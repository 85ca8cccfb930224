// Package briefing makes a scenario's briefing for a club night: story,
// table, game length, forces with their points checked against the
// catalogue, deployment, reinforcements with their arrival chances, the
// rules in play, victory conditions, special rules, a "needed to play"
// checklist, a table map drawn to scale and a secret deployment sheet for
// the side that hides.
//
// New gathers all of it from the catalogue and the rules engine into a
// Briefing; Markdown executes the briefing template over it; PDF and HTML
// render that Markdown and put the map in. Nothing here invents a rule:
// every number comes from the data or from package rules.
package briefing

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/rules"
)

// Briefing is what the briefing template sees.
type Briefing struct {
	System   *catalog.System
	Scenario *catalog.Scenario

	Narrative []string // paragraphs
	Length    Length
	Sides     []Side
	// Reinforcements are the force lines held back, with their odds.
	Reinforcements    []Line
	ReinforcementOdds *rules.Table // nil when no line is held back
	// RuleTexts are the data's summaries of the rules in play (Ambush,
	// Hidden Units, Reinforcements …) and of the rules the scenario's
	// markers stand for (Dug In, Tow Cable).
	RuleTexts []catalog.Table
	// Victories are the sides' victory conditions, sides with the same
	// conditions together (the five players of Evacuation: Mars).
	Victories   []Victory
	TieBreakers []string // in order (Evacuation: Mars)
	// Army rules of a rule set where players bring their own forces
	// (Evacuation: Mars): the unit types allowed and refused, and the
	// objective marker's upgrade costs.
	Allowed, Excluded []string
	AllowedSaid       string // the book's words for them ("Infantry only"), else "Allowed"
	ExcludedMore      string // the book's ending of the refused list ("etc")
	ObjectiveLadder   *rules.Table
	Specials          []catalog.Special // the scenario's, then the rule set's
	Markers           []MarkerLine
	// MarkerSet says what the scenario's markers are and where they print
	// (see needed.go).
	MarkerSet MarkerSet
	// Agree is what the players must settle before play because the rules
	// leave it out: the Game Stats the data gives a unit none of ("the Mk
	// II Baldwin's Speed, Defense, Armor and weapons"), the special
	// abilities it never describes, and the scenario's own list, each with
	// the reading the pack takes of it (its mark prints beside it).
	Agree   []catalog.Agreed
	Sheet   *Sheet // the hidden side's secret deployment sheet, or nil
	Version string // data version (catalogue hash)

	fitted *sync.Map // fits' answers by fitKey; nil: none kept
}

// Length is the game's length: fixed turns, a roll, or not given.
type Length struct {
	Turns  int          // fixed number of turns; 0 when not fixed
	Text   string       // the data's words when not fixed
	Rounds *rules.Table // the chances of a game-length roll, or nil
}

// Side is one side's force list, priced from the catalogue.
type Side struct {
	catalog.Side
	Lines []Line
	// Points is the sum of the lines' points, from the catalogue's unit
	// costs; the data's printed figures agree with it (New checks).
	// int64, as Line.Points, so that a 32-bit build sums as a 64-bit one.
	Points int64
}

// Line is one line of a force list.
type Line struct {
	catalog.Force
	Unit        *catalog.Unit
	Count       int    // units on the line (at least 1)
	Each        int    // one unit's cost in the catalogue
	Points      int64  // Count × Each
	Composition string // the unit entry's composition ("5 × Infantry")
	// Readings are the ids of the readings the line is printed by: its
	// own (how six tanks make units) and its added stands' (the
	// Captain's stand).
	Readings []string
	// ForcesNote is the note printed under the Forces table: the line's
	// note, unless another part of the briefing prints the same words
	// (the Reinforcements list, a special rule), so a sentence prints once.
	ForcesNote string
}

// Victory is a victory condition and the sides it is for.
type Victory struct {
	Sides       []string
	Victory     string
	Humiliating string // the humiliating defeat the sides may inflict
}

// MarkerLine is one kind of marker the scenario needs.
type MarkerLine struct {
	ID    string
	Name  string
	Count int
	Note  string
	// Reading is the id of the reading that decides the count, where the
	// book gives none.
	Reading string
	// NoteReadings are the ids of the other readings the note's words
	// follow (a count of units a reading makes).
	NoteReadings []string
}

// Find returns the scenario with the id in any rule set of cat. An id
// may be qualified by its system ("aqotmf/morale-wagon") when two rule
// sets share it.
func Find(cat *catalog.Catalog, id string) (*catalog.System, *catalog.Scenario, error) {
	sysID, scID, qualified := strings.Cut(id, "/")
	if !qualified {
		sysID, scID = "", id
	}
	var found []*catalog.System
	var all []string
	for _, s := range cat.Systems {
		for _, sc := range s.Scenarios {
			if qualified {
				all = append(all, s.ID+"/"+sc.ID) // suggest in the form asked
			} else {
				all = append(all, sc.ID)
			}
			if sc.ID == scID && (sysID == "" || sysID == s.ID) {
				found = append(found, s)
			}
		}
	}
	sort.Strings(all)
	switch len(found) {
	case 1:
		return found[0], found[0].Scenario(scID), nil
	case 0:
		return nil, nil, fmt.Errorf("%s (playaid list scenarios)", catalog.Unknown("scenario", id, all))
	}
	var q []string
	for _, s := range found {
		q = append(q, s.ID+"/"+scID)
	}
	return nil, nil, fmt.Errorf("scenario %q is in more than one rule set; name one of: %s", id, strings.Join(q, ", "))
}

// New gathers the briefing of scenario sc of rule set sys, from a
// catalogue that loaded without errors. version is the data version
// printed on the briefing.
func New(sys *catalog.System, sc *catalog.Scenario, version string) (*Briefing, error) {
	b := &Briefing{System: sys, Scenario: sc, Version: version, fitted: &sync.Map{}}
	for _, p := range strings.Split(strings.TrimSpace(sc.Narrative), "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			b.Narrative = append(b.Narrative, p)
		}
	}

	// The catalogue has checked every force line's unit and printed
	// points (and a side's printed total) against the unit costs.
	for _, side := range sc.Sides {
		s := Side{Side: side}
		for _, f := range side.Forces {
			u := sys.Unit(f.Unit)
			if u == nil {
				continue
			}
			l := Line{Force: f, Unit: u, Count: max(f.Count, 1), Each: u.Points}
			l.Points = int64(l.Count) * int64(l.Each)
			l.Composition = composition(sys, u, l.Count)
			if f.Reading != "" {
				l.Readings = append(l.Readings, f.Reading)
			}
			for _, a := range f.Added {
				l.Composition += fmt.Sprintf(" + %d × %s", l.Count*a.Count, a.Label)
				if a.Reading != "" && !slices.Contains(l.Readings, a.Reading) {
					l.Readings = append(l.Readings, a.Reading)
				}
			}
			if len(f.Added) > 0 {
				l.Composition += fmt.Sprintf(" = %d stands", l.Count*f.StandsOf(u))
			}
			s.Points += l.Points
			s.Lines = append(s.Lines, l)
			if f.Reinforcement {
				b.Reinforcements = append(b.Reinforcements, l)
			}
		}
		b.Sides = append(b.Sides, s)
	}

	// What the rule set's engine adds: the odds of the units held back,
	// a game-length roll, the armies' unit types, the objective's costs.
	part, err := rules.DocumentsOf(sys).Briefing(sys, sc, len(b.Reinforcements) > 0)
	if err != nil {
		return nil, err
	}
	b.Length = Length{Turns: sc.Turns, Text: sc.GameLength, Rounds: part.Rounds}
	b.ReinforcementOdds = part.Reinforcements
	b.RuleTexts = ruleTexts(sys, sc)
	b.Specials = append(b.Specials, sc.Specials...)
	for _, side := range sc.Sides {
		if side.Victory == "" && side.Humiliating == "" {
			continue
		}
		found := false
		for i := range b.Victories {
			if v := &b.Victories[i]; v.Victory == side.Victory && v.Humiliating == side.Humiliating {
				v.Sides, found = append(v.Sides, side.Name), true
			}
		}
		if !found {
			b.Victories = append(b.Victories, Victory{Sides: []string{side.Name}, Victory: side.Victory, Humiliating: side.Humiliating})
		}
	}
	b.TieBreakers = part.TieBreakers
	b.Specials = append(b.Specials, part.Specials...)
	// A special rule the scenario's deployment prints in its words (the
	// book's "A side must start with at least one unit on the board"), or
	// one the data says a force line or the victory conditions say
	// already, prints there only, as the reference sheet has it.
	b.Specials = slices.DeleteFunc(b.Specials, func(sp catalog.Special) bool {
		return sp.SaidIn != "" || slices.Contains(sc.Deployment, sp.Text)
	})
	for i := range b.Sides {
		for j := range b.Sides[i].Lines {
			l := &b.Sides[i].Lines[j]
			if l.Note != "" && !l.Reinforcement && !slices.ContainsFunc(b.Specials, func(sp catalog.Special) bool { return sp.Text == l.Note }) {
				l.ForcesNote = l.Note
			}
		}
	}
	b.Allowed, b.Excluded, b.AllowedSaid, b.ExcludedMore = part.Allowed, part.Excluded, part.AllowedSaid, part.ExcludedMore
	b.ObjectiveLadder = part.Ladder
	b.Agree = agree(sys, sc)
	if b.Sheet, err = newSheet(sys, sc, b.Sides); err != nil {
		return nil, err
	}
	b.needed()
	return b, nil
}

// composition is the make-up of count units from the catalogue entry:
// "5 × Infantry (Stands of Doughboys)", "6 × Mk II Baldwin".
func composition(sys *catalog.System, u *catalog.Unit, count int) string {
	var parts []string
	for _, st := range u.Composition {
		name := st.Profile
		if p := sys.Profile(st.Profile); p != nil && p.Name != "" {
			name = p.Name
		}
		s := fmt.Sprintf("%d × %s", count*st.Count, name)
		if st.Label != "" && !strings.Contains(strings.ToLower(st.Label), strings.ToLower(name)) {
			s += " (" + st.Label + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// ruleTable returns the data's table that summarises a rule the
// scenario names: by the table's id, its name or one of its aliases,
// spelt any way Slug reads alike ("Hidden Movement" is the alias of
// "hidden-units"); nil when the data has none.
func ruleTable(sys *catalog.System, rule string) *catalog.Table {
	id := document.Slug(rule)
	if t := sys.Table(id); t != nil {
		return t
	}
	for i, t := range sys.Tables {
		if document.Slug(t.Name) == id || slices.ContainsFunc(t.Aliases, func(a string) bool { return document.Slug(a) == id }) {
			return &sys.Tables[i]
		}
	}
	return nil
}

// ruleTexts returns the data's summaries of the rules the scenario lists
// and of the rules its markers stand for, each once, in that order.
func ruleTexts(sys *catalog.System, sc *catalog.Scenario) []catalog.Table {
	var out []catalog.Table
	seen := map[string]bool{}
	add := func(t *catalog.Table) {
		if t == nil || seen[t.ID] {
			return
		}
		seen[t.ID] = true
		out = append(out, *t)
	}
	for _, r := range sc.Rules {
		add(ruleTable(sys, r))
	}
	for _, m := range sc.Markers {
		add(ruleTable(sys, m.Kind))
	}
	return out
}

// agree lists what the rules leave out that the scenario's forces need,
// each with the reading the pack takes of it: for each profile the data
// gives no Speed, Defense, Armor or weapons, those; then the special
// abilities of the forces' profiles and weapons that no rule describes;
// then the scenario's own list (equipment with neither stats nor rule).
// A stand a line adds without stats is not among them: its reading rules
// how it fights (the Captain's stand fights as a stand of Doughboys), and
// its mark prints on the force's line.
func agree(sys *catalog.System, sc *catalog.Scenario) []catalog.Agreed {
	var out []catalog.Agreed
	var specials []string
	seen := map[string]bool{}
	// readingOf is the first reading touching the topic, or "".
	readingOf := func(topic string) string {
		for _, n := range sys.NotesTouching(topic) {
			if n.IsReading() {
				return n.ID
			}
		}
		return ""
	}
	addSpecials := func(list []string) {
		for _, sp := range list {
			if a := sys.Ability(sp); !a.Described() && !slices.Contains(specials, a.Name) {
				specials = append(specials, a.Name)
			}
		}
	}
	for _, side := range sc.Sides {
		for _, f := range side.Forces {
			u := sys.Unit(f.Unit)
			if u == nil {
				continue
			}
			for _, st := range u.Composition {
				p := sys.Profile(st.Profile)
				if p == nil || seen[p.ID] {
					continue
				}
				seen[p.ID] = true
				if missing := sys.Unstated(p); len(missing) > 0 {
					out = append(out, catalog.Agreed{Text: fmt.Sprintf("the %s's %s", p.Name, document.And(missing)), Reading: readingOf(p.ID)})
				}
				addSpecials(p.Specials)
				for _, wid := range p.Weapons {
					if w := sys.Weapon(wid); w != nil {
						addSpecials(w.Specials)
					}
				}
			}
		}
	}
	// A special with a reading of its own is agreed on its own line, its
	// mark beside it; the others together.
	var plain []string
	for _, sp := range specials {
		if r := readingOf(document.Slug(sp)); r != "" {
			out = append(out, catalog.Agreed{Text: "what " + sp + " does", Reading: r})
		} else {
			plain = append(plain, sp)
		}
	}
	switch len(plain) {
	case 0:
	case 1:
		out = append(out, catalog.Agreed{Text: "what " + plain[0] + " does"})
	default:
		out = append(out, catalog.Agreed{Text: "what " + document.And(plain) + " do"})
	}
	return append(out, sc.Agree...)
}
