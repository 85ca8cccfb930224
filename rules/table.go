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
