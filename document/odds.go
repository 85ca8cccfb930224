package document

import (
	"strings"

	"github.com/playaid/playaid/rules"
)

// OddsTable prints an odds table of the rules engine as a GFM table: the
// row labels left, the values right-aligned, every cell through Cell (a
// blank one as "–"; a blank corner stays blank). A row without cells
// heads the rows under it: its label in bold, alone. The table's notes are
// left to the caller, who knows where they belong.
func OddsTable(t rules.Table) string { return oddsTableCorner(t, Esc(t.Corner)) }

// oddsTableCorner is OddsTable with the corner cell given as Markdown.
func oddsTableCorner(t rules.Table, corner string) string {
	var b strings.Builder
	b.WriteString("| " + corner)
	for _, c := range t.Columns {
		b.WriteString(" | " + Cell(c))
	}
	b.WriteString(" |\n|:--")
	for i := range t.Columns {
		if wordsOnly(t, i) {
			b.WriteString("|:--")
		} else {
			b.WriteString("|--:")
		}
	}
	b.WriteString("|\n")
	for _, r := range t.Rows {
		if len(r.Cells) == 0 && len(t.Columns) > 0 {
			b.WriteString("| **" + Esc(r.Label) + "**" + strings.Repeat(" |", len(t.Columns)) + " |\n")
			continue
		}
		b.WriteString("| " + Cell(r.Label))
		for i := range t.Columns {
			s := ""
			if i < len(r.Cells) {
				s = r.Cells[i].String()
			}
			b.WriteString(" | " + Cell(s))
		}
		b.WriteString(" |\n")
	}
	return b.String()
}

// wordsOnly reports whether column i holds words only (a folded table's
// repeated labels, "Strong", "Wounded"): such a column reads from the left
// like the labels; numbers stay right-aligned.
func wordsOnly(t rules.Table, i int) bool {
	words := false
	for _, r := range t.Rows {
		if i >= len(r.Cells) {
			continue
		}
		c := r.Cells[i]
		s := strings.TrimSpace(c.Text)
		switch {
		case c.P != nil || c.Num != nil || Numeric(s):
			return false
		case !blankCell(s):
			words = true
		}
	}
	return words
}
