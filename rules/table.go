// Package rules computes exact odds for the mechanics of each rule set,
// built on package dice and reading every threshold from the catalogue.
// It knows nothing of TOML syntax or pages: the sheets print the Tables it
// returns.
package rules

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
)

// Table is a ready odds table for a sheet or roster: rows by columns of
// exact values. A cell is a probability (P != nil), a number or a text.
type Table struct {
	ID      string   // stable id templates refer to
	Title   string   // caption
	Corner  string   // header of the row-label column
	Columns []string // headers of the value columns
	Rows    []Row
	Notes   []string // what the table assumes, printed under it
	// Blank is what a blank cell (Impossible) means, said under the table
	// wherever it prints one (BlankNote).
	Blank string
	// Alone is what a score printed without its chance means (Scored: the
	// score of an Impossible cell), said under the table where it prints.
	Alone string
	// Dash is what a dash (–) the table prints means (a Power of none),
	// said under it after Blank (Legend).
	Dash string
}

// Row is one row of a Table.
type Row struct {
	Label string
	Cells []Cell
}

// Cell is one value: exactly one of P, Num or Text is meant.
type Cell struct {
	P    *big.Rat // a probability
	Num  *big.Rat // another exact number (an expectation)
	Text string   // words, or "–" for a case that cannot happen
}

// Impossible is a case that cannot happen (a unit fielding fewer stands, a
// Power no Heat Ray has): printed blank, the table's Blank saying why,
// since a dash is the rule books' "none".
var Impossible = Cell{Text: "\u2002"}

// BlankNote is the table's Blank where a cell of it is Impossible, else "".
func (t Table) BlankNote() string {
	for _, r := range t.Rows {
		if slices.Contains(r.Cells, Impossible) {
			return t.Blank
		}
	}
	return ""
}

// Legend is what the table's signs mean, said under it: its BlankNote,
// then its Dash.
func (t Table) Legend() string {
	return strings.TrimSpace(t.BlankNote() + " " + t.Dash)
}

// Filler is a cell with nothing to say, not even that it cannot happen:
// the gap a folded table leaves after its last row. Sheets print it blank.
var Filler = Cell{Text: "\u00a0"}

// Prob makes a probability cell.
func Prob(p *big.Rat) Cell { return Cell{P: p} }

// String prints the cell as a sheet shows it: probabilities as whole
// percentages (never 0% or 100% for what is possible but not certain),
// numbers with two decimals.
func (c Cell) String() string {
	switch {
	case c.P != nil:
		return dice.Percent(c.P, 0)
	case c.Num != nil:
		return c.Num.FloatString(2)
	}
	return c.Text
}

// Exact prints the cell's exact value: a fraction in lowest terms.
func (c Cell) Exact() string {
	switch {
	case c.P != nil:
		return c.P.RatString()
	case c.Num != nil:
		return c.Num.RatString()
	}
	return c.Text
}

// Relabel gives the table's columns the names given, one for each, in
// order: shorter names for a card's or a folded table's narrow columns.
func (t Table) Relabel(names ...string) (Table, error) {
	if len(names) != len(t.Columns) {
		return Table{}, fmt.Errorf("columns: %d names for the %d columns of %q (%s)", len(names), len(t.Columns), t.Title, strings.Join(t.Columns, ", "))
	}
	t.Columns = names
	return t, nil
}

// Transpose swaps the table's rows and columns: a tall table of few
// columns becomes a short, wide one, and a wide one of few rows a narrow
// one. A row short of a column's cell gives "–".
func (t Table) Transpose() Table {
	out := Table{ID: t.ID, Title: t.Title, Corner: t.Corner, Notes: t.Notes, Blank: t.Blank, Alone: t.Alone, Dash: t.Dash}
	for _, r := range t.Rows {
		out.Columns = append(out.Columns, r.Label)
	}
	for j, c := range t.Columns {
		row := Row{Label: c}
		for _, r := range t.Rows {
			if j < len(r.Cells) {
				row.Cells = append(row.Cells, r.Cells[j])
			} else {
				row.Cells = append(row.Cells, Cell{Text: "–"})
			}
		}
		out.Rows = append(out.Rows, row)
	}
	return out
}

// WithScores sets each chance beside the score that gives it, in one
// cell ("16: 25%"), as a table of scores and chances reads at the table:
// pairs name a column of scores and the column of chances it gives; the
// chance column keeps its place and head, the score column goes. A
// chance with no score, or none to be had, stays as it is ("–").
func (t Table) WithScores(pairs ...string) (Table, error) {
	if len(pairs)%2 != 0 {
		return Table{}, fmt.Errorf("withScores: %d column names; expected pairs of a score column and its chance column", len(pairs))
	}
	col := func(name string) (int, error) {
		for i, c := range t.Columns {
			if c == name {
				return i, nil
			}
		}
		return 0, fmt.Errorf("withScores: %q has no column %q; its columns are %s", t.Title, name, strings.Join(t.Columns, ", "))
	}
	drop := map[int]bool{}
	into := map[int]int{} // chance column → its score column
	for i := 0; i < len(pairs); i += 2 {
		sc, err := col(pairs[i])
		if err != nil {
			return Table{}, err
		}
		ch, err := col(pairs[i+1])
		if err != nil {
			return Table{}, err
		}
		drop[sc], into[ch] = true, sc
	}
	out := Table{ID: t.ID, Title: t.Title, Corner: t.Corner, Notes: t.Notes, Blank: t.Blank, Alone: t.Alone, Dash: t.Dash}
	for i, c := range t.Columns {
		if !drop[i] {
			out.Columns = append(out.Columns, c)
		}
	}
	for _, r := range t.Rows {
		row := Row{Label: r.Label}
		for i, c := range r.Cells {
			if drop[i] {
				continue
			}
			if sc, ok := into[i]; ok && sc < len(r.Cells) && c.P != nil && c.P.Sign() > 0 {
				if score := strings.TrimSpace(r.Cells[sc].String()); score != "" && score != "–" && score != "-" {
					c = Cell{Text: score + ": " + c.String()}
				}
			}
			row.Cells = append(row.Cells, c)
		}
		out.Rows = append(out.Rows, row)
	}
	return out, nil
}

// Scored sets each chance of an engine table beside the score of the
// book's table it was worked out from ("8: 65%"): the engine table's rows
// are the book table's rows in order, its columns the book's last
// columns (an engine column the book does not print, such as "No hit",
// keeps its chance alone). A score the die cannot reach unmodified
// (Impossible) prints alone ("22", as the book has it), the table's Alone
// said under it.
func (t Table) Scored(seed *catalog.Table) (Table, error) {
	if len(seed.Rows) != len(t.Rows) {
		return Table{}, fmt.Errorf("scored: table %q has %d rows, engine table %q %d", seed.ID, len(seed.Rows), t.ID, len(t.Rows))
	}
	out := t
	out.Rows = make([]Row, len(t.Rows))
	alone := false
	for i, r := range t.Rows {
		row := seed.Rows[i]
		r.Cells = slices.Clone(r.Cells)
		for j, c := range r.Cells {
			k := len(seed.Columns) - (len(t.Columns) - j) // the book's column, counted from the right
			if k < 0 || k >= len(row) || seed.Columns[k] != t.Columns[j] || (c.P == nil && c != Impossible) {
				continue
			}
			score := strings.TrimSpace(row[k])
			if score == "" || score == "-" || score == "–" {
				continue
			}
			r.Cells[j] = Cell{Text: score + ": " + c.String()}
			if c == Impossible {
				r.Cells[j] = Cell{Text: score}
				alone = true
			}
		}
		out.Rows[i] = r
	}
	if alone && t.Alone != "" {
		out.Notes = append(slices.Clone(t.Notes), t.Alone)
	}
	return out, nil
}

// Part is the i-th (from 0) of n runs of the table's rows, cut as Fold
// cuts them: a table too long for one card, on a card's two sides.
func (t Table) Part(i, n int) Table {
	out := t
	if n < 1 || i < 0 || i >= n {
		out.Rows = nil
		return out
	}
	per := (len(t.Rows) + n - 1) / n
	out.Rows = t.Rows[min(i*per, len(t.Rows)):min((i+1)*per, len(t.Rows))]
	return out
}

// Fold lays a long, narrow table out in n side-by-side groups of rows (a
// 21-row table of one column becomes 7 rows of three groups), so it takes
// a third of the height.
func (t Table) Fold(n int) Table {
	if n < 2 || len(t.Rows) <= n {
		return t
	}
	per := (len(t.Rows) + n - 1) / n
	out := Table{ID: t.ID, Title: t.Title, Corner: t.Corner, Notes: t.Notes, Blank: t.Blank, Alone: t.Alone, Dash: t.Dash}
	for g := 0; g < n; g++ {
		if g > 0 {
			out.Columns = append(out.Columns, t.Corner)
		}
		out.Columns = append(out.Columns, t.Columns...)
	}
	for i := 0; i < per; i++ {
		var r Row
		for g := 0; g < n; g++ {
			k := g*per + i
			if g > 0 {
				c := Filler
				if k < len(t.Rows) {
					c = Cell{Text: t.Rows[k].Label}
				}
				r.Cells = append(r.Cells, c)
			}
			if k < len(t.Rows) {
				if g == 0 {
					r.Label = t.Rows[k].Label
				}
				r.Cells = append(r.Cells, t.Rows[k].Cells...)
			} else {
				for range t.Columns {
					r.Cells = append(r.Cells, Filler)
				}
			}
		}
		out.Rows = append(out.Rows, r)
	}
	return out
}

// WithCorner is the table with its row labels' head named corner: a
// shorter one for a folded table, which repeats it in each run.
func (t Table) WithCorner(corner string) Table {
	t.Corner = corner
	return t
}

// Slice is the table's rows from, from 0, up to but not including to
// (clamped to the rows there are): a table printed in two runs that show
// different columns.
func (t Table) Slice(from, to int) Table {
	from, to = max(0, min(from, len(t.Rows))), max(0, min(to, len(t.Rows)))
	out := t
	out.Rows = t.Rows[from:max(from, to)]
	return out
}

// ZeroFrom is the first row from which the named column's chance is 0
// in every row to the table's end (the rows' count if its last is not):
// where a table printed in two runs can leave the column out.
func (t Table) ZeroFrom(column string) (int, error) {
	j := slices.Index(t.Columns, column)
	if j < 0 {
		return 0, fmt.Errorf("%s", catalog.Unknown("column of "+strconv.Quote(t.Title), column, t.Columns))
	}
	i := len(t.Rows)
	for i > 0 {
		r := t.Rows[i-1]
		if j >= len(r.Cells) || r.Cells[j].P == nil || r.Cells[j].P.Sign() != 0 {
			break
		}
		i--
	}
	return i, nil
}

// Pick keeps only the named columns of the table, in the order named: a
// card has room for fewer than a sheet, and a run of rows may leave out
// columns that no longer change.
func (t Table) Pick(columns ...string) (Table, error) {
	idx := make([]int, len(columns))
	for i, name := range columns {
		idx[i] = slices.Index(t.Columns, name)
		if idx[i] < 0 {
			return Table{}, fmt.Errorf("%s", catalog.Unknown("column of "+strconv.Quote(t.Title), name, t.Columns))
		}
	}
	out := Table{ID: t.ID, Title: t.Title, Corner: t.Corner, Columns: columns, Notes: t.Notes, Blank: t.Blank, Alone: t.Alone, Dash: t.Dash}
	for _, r := range t.Rows {
		row := Row{Label: r.Label}
		if len(r.Cells) > 0 {
			for _, j := range idx {
				c := Cell{}
				if j < len(r.Cells) {
					c = r.Cells[j]
				}
				row.Cells = append(row.Cells, c)
			}
		}
		out.Rows = append(out.Rows, row)
	}
	return out, nil
}
