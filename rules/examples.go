package rules

import (
	"math/big"
)

// Worked examples: one real shot or choice per rule set, worked through
// step by step on its sheet, each engine's in its own folder.

// Example is a worked example being written: one step a row, its words
// the data's ([odds.example]: title, corner, columns, and for each step
// words.<step>_step, its label, and words.<step>, what the player reads).
type Example struct {
	T Table
	w *Words
}

// NewExample starts the example id with the table's words w, their
// {names} filled so far.
func NewExample(id string, w *Words) *Example {
	return &Example{T: Table{ID: id, Title: w.Title(), Corner: w.Corner(), Columns: w.Columns()}, w: w}
}

// Step adds the step name: its label and text, filled with vars (name,
// value pairs) beside those given before.
func (e *Example) Step(name string, vars ...string) {
	e.w.Set(vars...)
	e.T.Rows = append(e.T.Rows, Row{Label: e.w.Word(name + "_step"), Cells: []Cell{{Text: e.w.Word(name)}}})
}

// StepAs is Step whose row reads words.<word> under the label
// words.<name>_step: one step said one of two ways.
func (e *Example) StepAs(name, word string, vars ...string) {
	e.w.Set(vars...)
	e.T.Rows = append(e.T.Rows, Row{Label: e.w.Word(name + "_step"), Cells: []Cell{{Text: e.w.Word(word)}}})
}

// Pct is a chance as the sheets print it: 50%.
func Pct(p *big.Rat) string { return Prob(p).String() }
