package catalog

import (
	"fmt"
	"sort"
	"strings"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
)

// checker runs the cross-checks of one merged system: required fields,
// references between entries, chart coverage and points sums.
type checker struct {
	ld *loader
	s  *System
	l  *diag.List

	// The entries by id: a system may hold thousands, and every
	// reference is looked up.
	weapons  map[string]*Weapon
	profiles map[string]*Profile
	units    map[string]*Unit
	charts   map[string]*Chart
	markers  map[string]*Marker
}

func newChecker(ld *loader, s *System, l *diag.List) *checker {
	return &checker{ld: ld, s: s, l: l,
		weapons: byID(s.Weapons, func(w *Weapon) string { return w.ID }), profiles: byID(s.Profiles, func(p *Profile) string { return p.ID }),
		units: byID(s.Units, func(u *Unit) string { return u.ID }), charts: byID(s.Charts, func(ch *Chart) string { return ch.ID }),
		markers: byID(s.Markers, func(m *Marker) string { return m.ID })}
}

func byID[T any](items []T, idOf func(*T) string) map[string]*T {
	m := make(map[string]*T, len(items))
	for i := range items {
		m[idOf(&items[i])] = &items[i]
	}
	return m
}

func (c *checker) at(kind, id string) located { return c.ld.at(kind, c.s.ID, id) }

func (c *checker) errf(pos diag.Pos, format string, args ...any) { c.l.Add(pos, format, args...) }

// IDs lists the ids of entries, sorted, for "expected one of" and "did
// you mean".
func IDs[T any](items []T, idOf func(T) string) []string { return ids(items, idOf) }

// ids lists the ids of a kind, for "expected one of" and "did you mean".
func ids[T any](items []T, idOf func(T) string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = idOf(it)
	}
	sort.Strings(out)
	return out
}

// unknownRef reports a reference to an id that does not exist.
func (c *checker) unknownRef(pos diag.Pos, what, id string, known []string) {
	if c.ld.broke[c.s.ID] {
		return // the id may be in the file that did not parse
	}
	c.errf(pos, "%s", unknown(what, id, known, 12))
}

func (c *checker) check() {
	s := c.s
	about := c.ld.locs["about/"+s.ID]
	if s.About.Name == "" && !about.bad("name") {
		c.errf(about.pos(), "[about] of %s has no name; expected name = \"…\"", s.ID)
	}
	if s.About.Die <= 0 && !about.bad("die") {
		c.errf(about.pos(), "[about] of %s has no die; expected die = 6, 10 or 20", s.ID)
	}
	c.checkNumbers(about, label{kind: "[about]"}, &s.About)
	c.checkEngine()
	weaponIDs := ids(s.Weapons, func(w Weapon) string { return w.ID })
	profileIDs := ids(s.Profiles, func(p Profile) string { return p.ID })
	unitIDs := ids(s.Units, func(u Unit) string { return u.ID })

	for _, p := range s.Profiles {
		at := c.at("profile", p.ID)
		label := label{"profile", p.ID}
		c.required(at, label, "name", p.Name)
		c.checkNumbers(at, label, &p)
		for _, f := range []struct {
			field string
			v     *int
		}{{"defense", p.Defense}, {"armor", p.Armor}} {
			if f.v != nil && *f.v < 0 && !at.bad(f.field) {
				c.errf(at.value(f.field), "%s: %s is %d; expected 0 or more", label, f.field, *f.v)
			}
		}
		for i, w := range p.Weapons {
			if c.weapons[w] == nil && !at.bad(fmt.Sprintf("weapons.%d", i)) {
				c.unknownRef(at.value(fmt.Sprintf("weapons.%d", i)), "weapon", w, weaponIDs)
			}
		}
	}
	for _, w := range s.Weapons {
		at := c.at("weapon", w.ID)
		label := label{"weapon", w.ID}
		c.required(at, label, "name", w.Name)
		c.checkNumbers(at, label, &w)
		if w.MinRange.MM > w.Range.MM && !w.Range.IsZero() && !at.bad("range") && !at.bad("min_range") {
			c.errf(at.value("min_range"), "%s: min_range %s is beyond its range %s", label, w.MinRange, w.Range)
		}
	}
	for _, u := range s.Units {
		c.checkUnit(u, profileIDs)
		c.faction(c.at("unit", u.ID), label{"unit", u.ID}, u.Faction)
	}
	for _, w := range s.Weapons {
		c.faction(c.at("weapon", w.ID), label{"weapon", w.ID}, w.Faction)
	}
	for _, ch := range s.Charts {
		c.checkChart(ch)
	}
	for _, t := range s.Tables {
		at := c.at("table", t.ID)
		if len(t.Columns) == 0 && !at.bad("columns") {
			c.errf(at.pos(), "table %q has no columns", t.ID)
		}
		c.checkNumbers(at, label{"table", t.ID}, &t)
		for i, r := range t.Rows {
			if len(r) != len(t.Columns) && !at.bad(fmt.Sprintf("rows.%d", i)) && !at.bad("columns") {
				c.errf(at.value(fmt.Sprintf("rows.%d", i)), "table %q row %d has %d cells, expected %d (one per column)", t.ID, i+1, len(r), len(t.Columns))
			}
		}
	}
	for i := range s.Tables {
		c.checkRuled(&s.Tables[i])
	}
	for i := range s.Charts {
		c.checkRuledRows(&s.Charts[i])
	}
	for _, n := range s.Notes {
		c.checkNote(n)
		c.checkNumbers(c.at("note", n.ID), label{"note", n.ID}, &n)
	}
	c.checkRules()
	for _, sc := range s.Scenarios {
		c.checkScenario(sc, unitIDs)
	}
	c.checkMarkers()
	c.checkPlay()
	c.checkWords()
}

// faction checks an entry's faction against the rule set's: one of them,
// or none. A unit of a rule set with factions must name one.
func (c *checker) faction(at located, l label, f string) {
	a := c.s.About
	switch {
	case at.bad("faction"):
	case f == "" && l.kind == "unit" && len(a.Factions) > 0:
		c.errf(at.pos(), "%s has no faction; expected faction = one of: %s", l, strings.Join(a.Factions, ", "))
	case f != "" && a.Faction(f) == "":
		if len(a.Factions) == 0 {
			c.errf(at.value("faction"), "%s: faction %q, but [about] of %s names no factions; add factions = [...] to [about]", l, f, c.s.ID)
			return
		}
		c.errf(at.value("faction"), "%s: %s", l, unknown("faction", f, a.Factions, 12))
	}
}

// required reports a text field left empty (unless it was written with a
// value of the wrong type, already reported).
func (c *checker) required(at located, label label, field, v string) {
	if v == "" && !at.bad(field) {
		c.errf(at.pos(), "%s has no %s", label, field)
	}
}

func (c *checker) checkUnit(u Unit, profileIDs []string) {
	at := c.at("unit", u.ID)
	label := label{"unit", u.ID}
	c.required(at, label, "name", u.Name)
	c.checkNumbers(at, label, &u)
	elements, dice := 0, 0
	for i, st := range u.Composition {
		cp := func(field string) string { return fmt.Sprintf("composition.%d.%s", i, field) }
		p := c.profiles[st.Profile]
		if st.Profile != "" && p == nil && !at.bad(cp("profile")) {
			c.unknownRef(at.value(cp("profile")), "profile", st.Profile, profileIDs)
		}
		if st.Count < 1 || st.Count > limits.MaxCount {
			return // reported (pathBounds); the sums below would mean nothing
		}
		elements += st.Count
		if p != nil {
			most := 0
			for _, id := range p.Weapons {
				if w := c.weapons[id]; w != nil && w.Dice <= limits.MaxDice {
					most = max(most, w.DicePerElement())
				}
			}
			dice += st.Count * most
		}
	}
	switch {
	case elements > limits.MaxCount:
		c.errf(at.key("composition"), "%s has %d elements; expected at most %d", label, elements, limits.MaxCount)
	case dice > limits.MaxDice:
		c.errf(at.key("composition"), "%s: its elements roll %d dice in one attack; expected at most %d", label, dice, limits.MaxDice)
	}
}

// checkChart makes sure every face of the die answers to exactly one row
// and that no two rows overlap, open rows included.
func (c *checker) checkChart(ch Chart) {
	at := c.at("chart", ch.ID)
	c.checkNumbers(at, label{"chart", ch.ID}, &ch)
	if at.bad("die") || at.bad("row") {
		return // what the rows cover cannot be told
	}
	if ch.Die <= 0 {
		c.errf(at.pos(), "chart %q has no die; expected die = 6, 10 or 20", ch.ID)
		return
	}
	if ch.Die > limits.MaxDie {
		return // reported
	}
	if len(ch.Rows) == 0 {
		c.errf(at.pos(), "chart %q has no rows", ch.ID)
		return
	}
	if len(ch.Rows) > limits.MaxEntries {
		return // reported as too long a list
	}
	if len(ch.Rows) > limits.MaxChartRows {
		c.errf(at.key("row"), "chart %q has %d rows; expected at most %d", ch.ID, len(ch.Rows), limits.MaxChartRows)
		return
	}
	for i := range ch.Rows {
		for j := 0; j < i; j++ {
			a, b := ch.Rows[j].Roll, ch.Rows[i].Roll
			if a.Min <= b.Max && b.Min <= a.Max {
				c.errf(at.value(fmt.Sprintf("row.%d.roll", i)), "chart %q: row %q overlaps row %q; each result must answer to one row", ch.ID, b.Text, a.Text)
				break // one message a row: the first row it overlaps
			}
		}
	}
	var gaps []string
	for face := 1; face <= ch.Die; face++ {
		if ch.row(face) < 0 {
			gaps = append(gaps, fmt.Sprint(face))
		}
	}
	if len(gaps) > 0 {
		c.errf(at.pos(), "chart %q (d%d) has a gap: no row for %s; expected rows covering 1–%d exactly once", ch.ID, ch.Die, strings.Join(gaps, ", "), ch.Die)
	}
}

// row is the index of the row a total answers to, or -1.
func (ch Chart) row(total int) int {
	for i, r := range ch.Rows {
		if r.Roll.Contains(total) {
			return i
		}
	}
	return -1
}
