package rulestest

import (
	"testing"

	"github.com/playaid/playaid/rules"
)

// Cell finds a table cell by its row label and column head.
func Cell(t *testing.T, tb rules.Table, row, col string) rules.Cell {
	t.Helper()
	ci := -1
	for i, c := range tb.Columns {
		if c == col {
			ci = i
		}
	}
	if ci < 0 {
		t.Fatalf("table %s: no column %q in %q", tb.ID, col, tb.Columns)
	}
	for _, r := range tb.Rows {
		if r.Label == row {
			if len(r.Cells) != len(tb.Columns) {
				t.Fatalf("table %s row %q: %d cells for %d columns", tb.ID, row, len(r.Cells), len(tb.Columns))
			}
			return r.Cells[ci]
		}
	}
	t.Fatalf("table %s: no row %q", tb.ID, row)
	return rules.Cell{}
}
