package catalog

import (
	"fmt"
	"slices"
	"strings"
)

// PlayRows are the rows a player's table prints: the book's, with each
// ruled cell printing the ruling's value and a mark of the table's own
// (†, ‡ … in order), its line beside the table (Rulings). The reference
// cards print these until they print the readings' marks, as every other
// document does through PlayRowsMarked.
func (t *Table) PlayRows() [][]string {
	return t.PlayRowsMarked(func(u Ruled) string {
		return legacyMark(slices.IndexFunc(t.Ruled, func(v Ruled) bool { return v.Row == u.Row }))
	})
}

// GroupHead reports whether cell, the first of a row whose other cells
// are empty, heads a group as the book prints it ("Artillery:-": its
// colon, then a dash), and gives it as it prints: "Artillery:". In a
// table a dash is a value, none; after a group's name it is the book's
// punctuation.
func GroupHead(cell string) (string, bool) {
	g := strings.TrimRight(cell, "-–")
	return g, g != cell && strings.HasSuffix(g, ":")
}

// PlayRowsMarked are the rows a player's table prints: the book's, with
// each ruled cell printing the ruling's value followed by mark(cell) —
// the reference to its reading's line. A row the book prints twice (the
// same first cell) under one ruling is printed once.
func (t *Table) PlayRowsMarked(mark func(Ruled) string) [][]string {
	if len(t.Ruled) == 0 {
		return t.Rows
	}
	var out [][]string
	done := map[int]bool{}
	for _, r := range t.Rows {
		i := slices.IndexFunc(t.Ruled, func(u Ruled) bool { return len(r) > 0 && u.Row == r[0] })
		if i < 0 {
			out = append(out, r)
			continue
		}
		if done[i] {
			continue // the book's second printing of a ruled row
		}
		done[i] = true
		u := t.Ruled[i]
		row := slices.Clone(r)
		for j := range row {
			if u.Column == nil && j > 0 || u.Column != nil && *u.Column == j {
				row[j] = u.Value + mark(u)
			}
		}
		out = append(out, row)
	}
	return out
}

// legacyMarks are the table's own marks PlayRows, Rulings and RollMark
// give, in order.
var legacyMarks = []string{"†", "‡", "§", "¶"}

func legacyMark(i int) string {
	if i < len(legacyMarks) {
		return legacyMarks[i]
	}
	return strings.Repeat(legacyMarks[0], i-len(legacyMarks)+2)
}

// Rulings are the lines PlayRows' marks refer to, one for each ruled
// cell: its mark, then the ruling.
func (t *Table) Rulings() []string {
	var out []string
	for i, u := range t.Ruled {
		if u.Ruling != "" {
			out = append(out, legacyMark(i)+" "+u.Ruling)
		}
	}
	return out
}

// RuledNotes are the ids of the source notes the table prints as rulings
// beside it (never again as footnotes).
func (t *Table) RuledNotes() []string {
	var out []string
	for _, u := range t.Ruled {
		if !slices.Contains(out, u.Note) {
			out = append(out, u.Note)
		}
	}
	return out
}

// RollMark is the mark of the chart's own a row's roll prints with, ""
// for a row without a ruling (see PlayRows).
func (c *Chart) RollMark(row int) string {
	k := 0
	for i, r := range c.Rows {
		if r.Ruled == "" {
			continue
		}
		if i == row {
			return legacyMark(k)
		}
		k++
	}
	return ""
}

// RuledNotes are the ids of the source notes the chart prints as rulings
// beside it.
func (c *Chart) RuledNotes() []string {
	var out []string
	for _, r := range c.Rows {
		if r.Ruled != "" && !slices.Contains(out, r.Ruled) {
			out = append(out, r.Ruled)
		}
	}
	return out
}

// Rulings are the lines RollMark's marks refer to, one for each ruled
// row: its mark, then the ruling, in the system's words.
func (c *Chart) Rulings(sys *System) []string {
	var out []string
	for i, r := range c.Rows {
		if r.Ruled == "" {
			continue
		}
		if n := sys.Reading(r.Ruled); n != nil {
			out = append(out, c.RollMark(i)+" "+strings.TrimSpace(n.Ruling))
		}
	}
	return out
}

// checkRuled checks a table's ruled cells and sets their rulings: each
// names a row of the table and a source note with a ruling.
func (c *checker) checkRuled(t *Table) {
	at := c.at("table", t.ID)
	for i := range t.Ruled {
		u := &t.Ruled[i]
		where := fmt.Sprintf("table %q, ruled cell %d", t.ID, i+1)
		if !slices.ContainsFunc(t.Rows, func(r []string) bool { return len(r) > 0 && r[0] == u.Row }) {
			c.errf(at.pos(), "%s: no row starts with %q", where, u.Row)
		}
		if u.Column != nil && (*u.Column < 0 || *u.Column >= len(t.Columns)) {
			c.errf(at.pos(), "%s: column %d; expected 0 to %d, or none for every column after the first", where, *u.Column, len(t.Columns)-1)
		}
		if strings.TrimSpace(u.Value) == "" {
			c.errf(at.pos(), "%s: no value; expected what the cell prints", where)
		}
		n := c.s.Note(u.Note)
		if n == nil || strings.TrimSpace(n.Ruling) == "" {
			c.errf(at.pos(), "%s: note %q is not a source note with a ruling", where, u.Note)
			continue
		}
		u.Ruling = strings.TrimSpace(n.Ruling)
	}
}

// checkRuledRows checks that a chart's ruled rows name source notes with
// a ruling.
func (c *checker) checkRuledRows(ch *Chart) {
	for _, r := range ch.Rows {
		if r.Ruled == "" {
			continue
		}
		if n := c.s.Note(r.Ruled); n == nil || strings.TrimSpace(n.Ruling) == "" {
			c.errf(r.Pos, "chart %q: ruled = %q is not a source note with a ruling", ch.ID, r.Ruled)
		}
	}
}
