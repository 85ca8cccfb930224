package rules

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
)

// Lists of catalogue entries: what the engines whose units are entries of
// the catalogue (AQotMF, the dice engine) share — a unit priced at count ×
// its entry's points, and a builder that offers the side's force list or
// the catalogue's units.

// EntryLine prices the list's unit i as an entry of the catalogue: its id
// one of the rule set's units, count × the entry's points (a points the
// unit writes must agree); its name the label, else the entry's, else the
// id.
func (c *ListCheck) EntryLine(i int) Line {
	l, s := c.List, c.Sys
	u := l.Units[i]
	p := UnitPath(i)
	ln := Line{Unit: u, Count: c.Count(i)}
	id := u.Str("id")
	switch e := s.Unit(id); {
	case id == "":
		ids := make([]string, len(s.Units))
		for i, u := range s.Units {
			ids[i] = u.ID
		}
		sort.Strings(ids)
		c.Errorf(l.Key(p), "%s has no id; expected id = one of the %s units: %s", c.UnitName(i), s.About.Short, strings.Join(ids, ", "))
	case e == nil:
		c.Unknown(l.Value(p+".id"), c.UnitName(i), "unit id", id, catalog.IDs(s.Units, func(u catalog.Unit) string { return u.ID }))
	default:
		ln.Entry, ln.Type, ln.Each = e, e.Type, e.Points
		ln.Cost = int64(ln.Count) * int64(e.Points)
		if l.Has(p+".points") && int64(u.Int("points")) != ln.Cost {
			c.Errorf(l.Value(p+".points"), "%s: points = %d, but %d × %s costs %d × %d = %d; write points = %d or leave points out",
				c.UnitName(i), u.Int("points"), ln.Count, e.ID, ln.Count, e.Points, ln.Cost, ln.Cost)
		}
	}
	name := ""
	if ln.Entry != nil {
		name = ln.Entry.Name
	}
	ln.Name = FirstOf(u.Label, name, id, fmt.Sprintf("Unit %d", i+1))
	return ln
}

// InList counts the form's units by id: a count left out is one, one
// past the bounds none (the check refuses it; bounded before it is
// summed, since a few of the largest ints wrap round).
func (f *Form) InList() map[string]int {
	in := map[string]int{}
	for _, u := range f.Units {
		n, err := strconv.Atoi(u["count"])
		switch {
		case err != nil || n < 1:
			n = 1
		case n > limits.MaxCount:
			n = 0
		}
		in[u["id"]] += n
	}
	return in
}

// SideNamed is the scenario's side called name, in any case; nil for
// none (or no scenario).
func SideNamed(sc *catalog.Scenario, name string) *catalog.Side {
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

// EntryPicker is the builder's picker of catalogue entries: the side's
// force list where the scenario gives one (the side fields it and no
// other unit: the check holds it to it), else the catalogue's units of
// the list's faction, by type; info describes a unit.
func EntryPicker(sys *catalog.System, f *Form, faction string, info func(*catalog.Unit) []string) Picker {
	p := Picker{From: "catalogue"}
	inList := f.InList()
	sc := sys.Scenario(f.List["scenario"])
	sd := SideNamed(sc, f.List["side"])
	switch {
	case sc != nil && sd == nil:
		p.Note = "Choose the side the list plays (above) to see its units."
		return p
	case sc == nil && faction == "" && len(sys.About.Factions) > 0:
		p.Note = "Choose the list's faction (above) to see its units."
		return p
	}
	if sd != nil {
		si := 0
		for i := range sc.Sides {
			if &sc.Sides[i] == sd {
				si = i
			}
		}
		g := PickGroup{Title: "Force list: " + sd.Name, Force: true}
		for li, fc := range sd.Forces {
			if u := sys.Unit(fc.Unit); u != nil {
				g.Items = append(g.Items, PickItem{Name: u.Name, Points: max(fc.Count, 1) * u.Points, Info: []string{fc.Text},
					Button: "add-force", Value: fmt.Sprintf("%d.%d", si, li), InList: inList[u.ID]})
			}
		}
		if len(g.Items) > 0 {
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
			p.Groups = append(p.Groups, PickGroup{Title: u.Type})
		}
		p.Groups[gi].Items = append(p.Groups[gi].Items, PickItem{Name: u.Name, Points: u.Points, Info: info(u),
			Button: "add", Value: u.ID, InList: inList[u.ID]})
	}
	return p
}

// EntryAdd is the unit a picker of catalogue entries adds (EntryPicker):
// an entry by its id ("add"), or a line of the side's force list
// ("add-force", "side.line"), with its count; and the name the builder
// announces it by. force is the force line added, nil for an entry.
func EntryAdd(sys *catalog.System, f *Form, button, value string) (unit map[string]string, name string, force *catalog.Force) {
	switch button {
	case "add":
		unit = map[string]string{"id": value}
	case "add-force":
		sc := sys.Scenario(f.List["scenario"])
		a, b, _ := strings.Cut(value, ".")
		si, err1 := strconv.Atoi(a)
		li, err2 := strconv.Atoi(b)
		if sc == nil || err1 != nil || err2 != nil || si < 0 || si >= len(sc.Sides) || li < 0 || li >= len(sc.Sides[si].Forces) {
			return nil, "", nil
		}
		force = &sc.Sides[si].Forces[li]
		unit = map[string]string{"id": force.Unit}
		if force.Count > 1 {
			unit["count"] = strconv.Itoa(force.Count)
		}
	default:
		return nil, "", nil
	}
	name = unit["id"]
	if e := sys.Unit(name); e != nil {
		name = e.Name
	}
	return unit, name, force
}

// EntryUnitView is the builder's view of a unit that is a catalogue
// entry: its entry's name and info over the inputs — the unit, chosen
// from the catalogue's units of the list's faction, its label and count,
// the engine's own inputs (extra), and its points where the list writes
// them (a check of the price).
func EntryUnitView(sys *catalog.System, f *Form, i int, faction string, info func(*catalog.Unit) []string, extra ...Input) UnitView {
	u := f.Units[i]
	var v UnitView
	var units []Choice
	for _, e := range sys.Units {
		if faction == "" || e.Faction == "" || strings.EqualFold(e.Faction, faction) {
			units = append(units, Choice{Value: e.ID, Label: fmt.Sprintf("%s (%d pts)", e.Name, e.Points)})
		}
	}
	ph := "a name for the roster"
	if e := sys.Unit(u["id"]); e != nil {
		v.Sub, v.Stats, ph = e.Name, info(e), e.Name
	} else if u["id"] != "" {
		v.Sub = u["id"]
	}
	v.Inputs = append([]Input{
		{Key: "id", Label: "Unit", Kind: SelectInput, Choices: units, Blank: "— unit —", Span: true},
		{Key: "label", Label: "Label", Kind: TextInput, Placeholder: ph, Span: true},
		{Key: "count", Label: "Count", Kind: NumberInput, Placeholder: "1", Min: "1"},
	}, extra...)
	if u["points"] != "" {
		v.Inputs = append(v.Inputs, Input{Key: "points", Label: "Points (check)", Kind: NumberInput, Min: "1", More: true})
	}
	return v
}

// EntryUnitFields are the keys of a unit that is a catalogue entry: its
// id, label, count and points (a check of its price), the engine's own
// (extra), and its note.
func EntryUnitFields(extra ...Field) []Field {
	return append(append([]Field{
		{Key: "id", Kind: TextField, Words: "unit"},
		{Key: "label", Kind: TextField, Words: "label"},
		{Key: "count", Kind: NumberField, Words: "count", Least: 1},
		{Key: "points", Kind: NumberField, Words: "points"},
	}, extra...), Field{Key: "note", Kind: TextField, Words: "note"})
}

// EntryStats describes a catalogue unit for the builder, a line for each
// kind of model: how many, its name, the stats the engine shows (stats),
// its weapons and its special rules.
func EntryStats(sys *catalog.System, u *catalog.Unit, stats func(p *catalog.Profile) []string) []string {
	var out []string
	for _, st := range u.Composition {
		p := sys.Profile(st.Profile)
		if p == nil {
			continue
		}
		parts := append([]string{fmt.Sprintf("%d × %s", st.Count, p.Name)}, stats(p)...)
		for _, id := range p.Weapons {
			if w := sys.Weapon(id); w != nil {
				parts = append(parts, w.Name)
			}
		}
		parts = append(parts, p.Specials...)
		out = append(out, strings.Join(parts, " · "))
	}
	return out
}
