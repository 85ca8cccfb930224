package sheets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/rules"
)

// A dataNote is one note of a rule set's data: a source note ([[note]])
// or an entry's own note, with what it is about. Entries that say the
// same words (the three Old Ones weapons) share one.
type dataNote struct {
	id        string   // a source note's id; "" for an entry's note
	section   string   // the book's section ("Movement and Manoeuvre"); "" to take the sheet's
	quote     string   // the book's words, for a source note that quotes them
	text      string   // on one line
	ruling    string   // a reading's ruling
	mark      string   // a reading's mark
	about     []string // what the note is about, by name ("Weapon: Tank Gun")
	elsewhere []string // player documents other than the sheet that print it ("the briefing of …")
}

// dataNotes lists every note of the rule set: its source notes, then the
// entries' own notes in the order of the data's kinds. Every kind with a
// note field is here: TestNotesDocCarriesEveryNote counts the data's
// notes from the TOML itself.
func dataNotes(sys *catalog.System) []dataNote {
	var out []dataNote
	at := map[string]int{} // text → index of an entry's note
	quoted := map[string]bool{}
	for _, n := range sys.Notes {
		quoted[document.OneLine(n.Quote)] = true
	}
	// entry adds an entry's note under the book's section, or names one
	// more entry it is about and one more place it prints.
	entry := func(note, section, about, prints string) {
		note = document.OneLine(note)
		if note == "" || quoted[note] {
			return // the book's words a source note quotes: said there
		}
		if i, ok := at[note]; ok {
			if !slices.Contains(out[i].about, about) {
				out[i].about = append(out[i].about, about)
			}
			if prints != "" && !slices.Contains(out[i].elsewhere, prints) {
				out[i].elsewhere = append(out[i].elsewhere, prints)
			}
			return
		}
		at[note] = len(out)
		n := dataNote{text: note, section: section, about: []string{about}}
		if prints != "" {
			n.elsewhere = []string{prints}
		}
		out = append(out, n)
	}
	for _, n := range sys.Notes {
		out = append(out, dataNote{id: n.ID, section: n.Section, quote: document.OneLine(n.Quote), text: document.OneLine(n.Text), ruling: strings.TrimSpace(n.Ruling), mark: n.Mark, about: touched(sys, n.Touches)})
	}
	for _, p := range sys.Profiles {
		entry(p.Note, "Game Stats", p.Name, "")
	}
	for _, w := range sys.Weapons {
		entry(w.Note, "Weapons", w.Name, "")
	}
	for _, u := range sys.Units {
		entry(u.Note, "Army lists", u.Name, "")
	}
	for _, c := range sys.Charts {
		entry(c.Note, c.Name, c.Name, "")
		for _, r := range c.Rows {
			entry(r.Note, c.Name, fmt.Sprintf("%s, %s", c.Name, roll(r.Roll)), "")
		}
	}
	for _, t := range sys.Tables {
		entry(t.Note, t.Name, t.Name, "")
	}
	for _, n := range rules.DocumentsOf(sys).DataNotes(sys) {
		entry(n.Note, n.Section, n.Name, "")
	}
	for _, sc := range sys.Scenarios {
		briefing := "the briefing of " + sc.Name
		entry(sc.Note, sc.Name, sc.Name, briefing)
		for _, side := range sc.Sides {
			for _, f := range side.Forces {
				name := f.Text
				if u := sys.Unit(f.Unit); u != nil {
					name = u.Name
				}
				entry(f.Note, sc.Name, fmt.Sprintf("%s: %s", side.Name, name), briefing)
				if f.Reinforcement {
					// Where a reinforcement arrives prints on its unit card
					// too (rules/aqotmf aqScenarioLines).
					entry(f.Note, sc.Name, fmt.Sprintf("%s: %s", side.Name, name), "the unit card of "+name+" in a list for "+sc.Name)
				}
			}
		}
		for _, m := range sc.Markers {
			entry(m.Note, "Needed to play", markerName(sys, m.Kind), briefing+" (Needed to play)")
		}
	}
	for _, m := range sys.Markers {
		entry(m.Note, "Markers", m.Name, "")
	}
	// What the play view counts, on the players' phones: said as a club
	// says it, the program's word for it left out.
	const view = "a game kept on the players' phones"
	entry(sys.Play.Note, sys.Play.Section, sys.Play.Turn, view)
	for _, t := range sys.Tracks {
		entry(t.Note, t.Section, t.Name, view)
		if i := slices.IndexFunc(out, func(d dataNote) bool { return d.id != "" && d.id == t.Ruled }); i >= 0 && !slices.Contains(out[i].elsewhere, view) {
			out[i].elsewhere = append(out[i].elsewhere, view)
		}
	}
	return out
}

// touched names the entries a source note touches, by their names; a
// topic that names no entry ("attack", "victory") says nothing a heading
// should.
func touched(sys *catalog.System, topics []string) []string {
	var out []string
	for _, t := range topics {
		name := ""
		switch {
		case sys.Scenario(t) != nil:
			name = sys.Scenario(t).Name
		case sys.Table(t) != nil:
			name = sys.Table(t).Name
		case sys.Chart(t) != nil:
			name = sys.Chart(t).Name
		case sys.Unit(t) != nil:
			name = sys.Unit(t).Name
		case sys.Profile(t) != nil:
			name = sys.Profile(t).Name
		case sys.Weapon(t) != nil:
			name = sys.Weapon(t).Name
		case sys.Marker(t) != nil:
			name = sys.Marker(t).Name
		default:
			name = unstatedName(sys, t)
		}
		if name != "" && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

func markerName(sys *catalog.System, kind string) string {
	if m := sys.Marker(kind); m != nil && m.Name != "" {
		return m.Name
	}
	return kind
}

// unstatedName is the name a scenario's force line gives a thing it
// equips a unit with and the book gives no stats ("Gripper Claw"), by
// its slug, or "".
func unstatedName(sys *catalog.System, slug string) string {
	for _, sc := range sys.Scenarios {
		for _, side := range sc.Sides {
			for _, f := range side.Forces {
				for _, name := range f.Unstated {
					if catalog.Slug(name) == slug {
						return name
					}
				}
			}
		}
	}
	return ""
}
