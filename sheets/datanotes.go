package sheets

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
)

// A dataNote is one note of a rule set's data: a source note ([[note]])
// or an entry's own note, with what it is about. Entries that say the
// same words (the three Old Ones weapons) share one.
type dataNote struct {
	id     string   // a source note's id; "" for an entry's note
	text   string   // on one line
	ruling string   // a source note's ruling
	about  []string // what the note is about, by name ("Weapon: Tank Gun")
}

// dataNotes lists every note of the rule set: its source notes, then the
// entries' own notes in the order of the data's kinds. Every kind with a
// note field is here: TestNotesDocCarriesEveryNote counts the data's
// notes from the TOML itself.
func dataNotes(sys *catalog.System) []dataNote {
	var out []dataNote
	at := map[string]int{} // text → index of an entry's note
	entry := func(note, about string) {
		note = document.OneLine(note)
		if note == "" {
			return
		}
		if i, ok := at[note]; ok {
			out[i].about = append(out[i].about, about)
			return
		}
		at[note] = len(out)
		out = append(out, dataNote{text: note, about: []string{about}})
	}
	for _, n := range sys.Notes {
		out = append(out, dataNote{id: n.ID, text: document.OneLine(n.Text), ruling: strings.TrimSpace(n.Ruling), about: touched(sys, n.Touches)})
	}
	for _, p := range sys.Profiles {
		entry(p.Note, "Stats: "+p.Name)
	}
	for _, w := range sys.Weapons {
		entry(w.Note, "Weapon: "+w.Name)
	}
	for _, u := range sys.Units {
		entry(u.Note, "Unit: "+u.Name)
	}
	for _, c := range sys.Charts {
		entry(c.Note, "Chart: "+c.Name)
		for _, r := range c.Rows {
			entry(r.Note, fmt.Sprintf("Chart: %s, %s", c.Name, roll(r.Roll)))
		}
	}
	for _, t := range sys.Tables {
		entry(t.Note, "Table: "+t.Name)
	}
	if im := sys.Imperial; im != nil {
		for _, o := range im.Orders {
			entry(o.Note, "Order: "+o.Name)
		}
		for _, v := range im.Vehicles {
			entry(v.Note, "Vehicle: "+v.Name)
		}
	}
	for _, sc := range sys.Scenarios {
		entry(sc.Note, sc.Name)
		for _, side := range sc.Sides {
			for _, f := range side.Forces {
				name := f.Text
				if u := sys.Unit(f.Unit); u != nil {
					name = u.Name
				}
				entry(f.Note, fmt.Sprintf("%s, %s: %s", sc.Name, side.Name, name))
			}
		}
		for _, m := range sc.Markers {
			entry(m.Note, fmt.Sprintf("%s, markers: %s", sc.Name, markerName(sys, m.Kind)))
		}
	}
	for _, m := range sys.Markers {
		entry(m.Note, "Marker: "+m.Name)
	}
	return out
}

// touched names the entries and topics a source note touches: an entry by
// its name, a topic by its words ("hidden-units" → "hidden units").
func touched(sys *catalog.System, topics []string) []string {
	var out []string
	for _, t := range topics {
		name := strings.ReplaceAll(t, "-", " ")
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
		}
		out = append(out, name)
	}
	return out
}

func markerName(sys *catalog.System, kind string) string {
	if m := sys.Marker(kind); m != nil && m.Name != "" {
		return m.Name
	}
	return kind
}
