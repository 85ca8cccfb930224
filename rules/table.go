// Package rules computes exact odds for the mechanics of each rule set,
// built on package dice and reading every threshold from the catalogue.
// It knows nothing of TOML syntax or pages: the sheets print the Tables it
// returns.
package rules

import (
	"math/big"

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

// Transpose swaps the table's rows and columns: a tall table of few
// columns becomes a short, wide one, and a wide one of few rows a narrow
// one. A row short of a column's cell gives "–".
func (t Table) Transpose() Table {
	out := Table{ID: t.ID, Title: t.Title, Corner: t.Corner, Notes: t.Notes}
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

// Fold lays a long, narrow table out in n side-by-side groups of rows (a
// 21-row table of one column becomes 7 rows of three groups), so it takes
// a third of the height.
func (t Table) Fold(n int) Table {
	if n < 2 || len(t.Rows) <= n {
		return t
	}
	per := (len(t.Rows) + n - 1) / n
	out := Table{ID: t.ID, Title: t.Title, Corner: t.Corner, Notes: t.Notes}
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
				label := ""
				if k < len(t.Rows) {
					label = t.Rows[k].Label
				}
				r.Cells = append(r.Cells, Cell{Text: label})
			}
			if k < len(t.Rows) {
				if g == 0 {
					r.Label = t.Rows[k].Label
				}
				r.Cells = append(r.Cells, t.Rows[k].Cells...)
			} else {
				for range t.Columns {
					r.Cells = append(r.Cells, Cell{})
				}
			}
		}
		out.Rows = append(out.Rows, r)
	}
	return out
}
