package catalog

import (
	"fmt"
	"math"

	"github.com/playaid/playaid/diag"
)

// BlockCheck is what an engine's checks of its block of numbers are
// given (Block.Check): the rule set, where each key of the block is
// written, and the catalogue's ways to report a problem at its place.
// Keys are the block's own TOML paths ("tripod_damage.chart").
type BlockCheck struct {
	Sys   *System
	c     *checker
	at    located // where the block stands: "aqotmf"
	name  label   // "[aqotmf]"
	block string  // the block's (and its engine's) name: "aqotmf"
}

// Name is the block as messages name it: "[aqotmf]".
func (r *BlockCheck) Name() string { return r.name.String() }

// Errorf reports a problem at pos.
func (r *BlockCheck) Errorf(pos diag.Pos, format string, args ...any) {
	r.c.errf(pos, format, args...)
}

// Value, Key and Pos place a message on a key's value, on the key, or on
// the block itself.
func (r *BlockCheck) Value(field string) diag.Pos { return r.at.value(field) }
func (r *BlockCheck) Key(field string) diag.Pos   { return r.at.key(field) }
func (r *BlockCheck) Pos() diag.Pos               { return r.at.pos() }

// Bad reports whether the decoder could not read the field: its error is
// reported already.
func (r *BlockCheck) Bad(field string) bool { return r.at.bad(field) }

// Written reports whether the field is written with a value of its type.
func (r *BlockCheck) Written(field string) bool {
	return r.at.ix != nil && r.at.ix.Has(r.at.path+"."+field) && !r.at.bad(field)
}

// AtLeast reports a rule number written below lo: the engine divides by
// it, or loops until it has made a difference. (One left out is checked
// where it is read: a rule set may do without the rule.)
func (r *BlockCheck) AtLeast(field string, v, lo int, why string) {
	if v < lo && r.Written(field) {
		r.c.errf(r.at.value(field), "%s %s is %d; expected %d or more (%s)", r.name, named(field), v, lo, why)
	}
}

// Face reports a rule number that is not a face of the die (lo to die).
func (r *BlockCheck) Face(field string, v, lo, die int) {
	if (v < lo || v > die) && die > 0 && r.Written(field) {
		r.c.errf(r.at.value(field), "%s %s is %d; expected a roll of the d%d, %d–%d", r.name, named(field), v, die, lo, die)
	}
}

// Chart returns the chart the field names, reporting one that does not
// exist; required says the engine cannot do without it.
func (r *BlockCheck) Chart(field, id string, required bool) *Chart {
	ch := r.c.charts[id]
	switch {
	case r.at.bad(field):
	case id == "" && required:
		r.c.errf(r.at.pos(), "%s has no %s; expected the id of a chart", r.name, field)
	case id != "" && ch == nil:
		r.c.unknownRef(r.at.value(field), "chart", id, ids(r.c.s.Charts, func(c Chart) string { return c.ID }))
	}
	return ch
}

// Table reports a table the field names that does not exist.
func (r *BlockCheck) Table(field, id string) {
	if id != "" && r.c.s.Table(id) == nil && !r.at.bad(field) {
		r.c.unknownRef(r.at.value(field), "table", id, ids(r.c.s.Tables, func(t Table) string { return t.ID }))
	}
}

// Marker reports a marker kind the field names that does not exist.
func (r *BlockCheck) Marker(field, id string) {
	if id != "" && r.c.s.Marker(id) == nil {
		r.c.unknownRef(r.at.value(field), "marker kind", id, ids(r.c.s.Markers, func(m Marker) string { return m.ID }))
	}
}

// UnknownRef reports a name, at pos, that is not one of known.
func (r *BlockCheck) UnknownRef(pos diag.Pos, what, id string, known []string) {
	r.c.unknownRef(pos, what, id, known)
}

// Entry is where an entry of the rule set stands (kind "profile",
// "chart", "scenario" …), to place a message on one of its keys.
func (r *BlockCheck) Entry(kind, id string) Place { return Place{r.c.at(kind, id)} }

// Covers reports the first total from lo up that no row of the chart
// answers to, for a chart rolled with modifiers: lo is 1 when modifiers
// only add, math.MinInt when they may take away too.
func (r *BlockCheck) Covers(ch *Chart, lo int, why string) { r.c.covers(ch, lo, why) }

// InBound reports whether a whole number of the data under the key is
// within its bound, the block's own or the catalogue's (a number out of
// it is reported already).
func (r *BlockCheck) InBound(key string, n int) bool { return inBound(key, n, r.bounds()) }

// bounds are the block's own bounds, by key (Block.Bounds).
func (r *BlockCheck) bounds() map[string]Bound {
	b, _ := blockOf(r.block)
	return b.Bounds
}

// Place is where an entry stands in the data.
type Place struct{ at located }

func (p Place) Value(field string) diag.Pos { return p.at.value(field) }
func (p Place) Key(field string) diag.Pos   { return p.at.key(field) }
func (p Place) Pos() diag.Pos               { return p.at.pos() }
func (p Place) Bad(field string) bool       { return p.at.bad(field) }

func (c *checker) blockCheck(name string) *BlockCheck {
	return &BlockCheck{Sys: c.s, c: c, at: c.ld.locs["block/"+c.s.ID+"/"+name], name: label{kind: "[" + name + "]"}, block: name}
}

// checkEngine checks that the system names its engine and that its
// numbers are in that engine's block: the engine reads no other.
func (c *checker) checkEngine() {
	s := c.s
	at, named := c.ld.locs["engine/"+s.ID]
	have := blockNames(c.ld.blocks[s.ID])
	for _, name := range have {
		bat := c.blockCheck(name).at
		switch {
		case !named && !c.ld.broke[s.ID]:
			c.errf(bat.pos(), "system %s has a [%s] block but names no engine; expected engine = %q in its system.toml, beside system = %q", s.ID, name, name, s.ID)
		case named && name != s.Engine:
			c.errf(bat.pos(), "a [%s] block in system %s, which runs on the %s engine; expected its numbers in [%s]", name, s.ID, s.Engine, s.Engine)
		}
	}
	if named && len(have) == 0 && !c.ld.broke[s.ID] {
		c.errf(at.pos(), "system %s runs on the %s engine but has no [%s] block; expected the engine's numbers there", s.ID, s.Engine, s.Engine)
	}
}

// checkRules checks the system's blocks of numbers: each number within
// its bound, then what the block's engine holds it to.
func (c *checker) checkRules() {
	blocks := c.ld.blocks[c.s.ID]
	for _, name := range blockNames(blocks) {
		rc := c.blockCheck(name)
		c.checkNumbersIn(rc.at, rc.name, blocks[name], rc.bounds())
		if b, ok := blockOf(name); ok && b.Check != nil {
			b.Check(rc, blocks[name])
		}
	}
}

// covers: see BlockCheck.Covers.
func (c *checker) covers(ch *Chart, lo int, why string) {
	if ch.Die <= 0 || len(ch.Rows) == 0 {
		return // reported on the chart
	}
	want := "rows for every total from 1 up, the last open (\"N+\")"
	if lo == math.MinInt {
		want = "rows for every total, the first and last open (\"<=N\", \"N+\")"
	}
	at := c.at("chart", ch.ID)
	prev := -1
	for total := lo; ; {
		i := ch.row(total)
		switch {
		case i < 0 && prev < 0:
			c.errf(at.pos(), "chart %q: no row for the lowest totals, but %s; expected %s", ch.ID, why, want)
			return
		case i < 0:
			c.errf(at.value(fmt.Sprintf("row.%d.roll", prev)), "chart %q: no row for totals above %d, but %s; expected %s", ch.ID, total-1, why, want)
			return
		case ch.Rows[i].Roll.Max == math.MaxInt:
			return
		}
		prev, total = i, ch.Rows[i].Roll.Max+1
	}
}

// LengthOrMissing prints a length for a message: "missing" when it is
// left out.
func LengthOrMissing(l Length) string { return lengthOrMissing(l) }
