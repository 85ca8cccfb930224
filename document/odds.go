package document

import (
	"strings"
	"sync"

	"github.com/playaid/playaid/catalog"
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
		b.WriteString(" | ")
		b.WriteString(Cell(c))
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
		b.WriteString("| ")
		b.WriteString(Cell(r.Label))
		for i := range t.Columns {
			s := ""
			if i < len(r.Cells) {
				s = r.Cells[i].String()
			}
			if i < len(r.Cells) && (r.Cells[i] == rules.Filler || r.Cells[i] == rules.Impossible) {
				b.WriteString(" | ")
				continue
			}
			b.WriteString(" | ")
			b.WriteString(Cell(s))
		}
		b.WriteString(" |\n")
	}
	return b.String()
}

// wordsOnly reports whether column i holds words (a folded table's
// repeated labels, "Strong", "Wounded"; a worked example's steps, a few of
// them numbers): such a column reads from the left like the labels;
// numbers, chances among them, stay right-aligned.
func wordsOnly(t rules.Table, i int) bool {
	words, numbers := 0, 0
	for _, r := range t.Rows {
		if i >= len(r.Cells) {
			continue
		}
		c := r.Cells[i]
		s := strings.TrimSpace(c.Text)
		switch {
		case c.P != nil || c.Num != nil:
			return false
		case Numeric(s):
			numbers++
		case !blankCell(s):
			words++
		}
	}
	return words > numbers
}

// Odds hands out a rule set's odds tables (rules.OddsTables), each
// computed once for all the documents that print it: a reference sheet
// and the reference cards print many of the same tables, and working
// them out is a good part of executing their templates. One Odds is shared
// by the documents of one run (the print pack's Render) and dropped with
// it, so its lifetime is the run's; the catalogue must not change under
// it. It is safe for documents rendered side by side: a table asked for
// while another document computes it waits for that one. The nil *Odds
// computes every table afresh.
//
// The tables handed out are shared: a document must not change their
// rows, cells or notes (the template functions build new tables from
// them; see rules.Table.Transpose).
type Odds struct {
	mu     sync.Mutex
	tables map[oddsKey]func() (rules.Table, error)
}

type oddsKey struct {
	sys *catalog.System
	id  string
}

// NewOdds returns an empty Odds.
func NewOdds() *Odds { return &Odds{tables: map[oddsKey]func() (rules.Table, error){}} }

// Table returns the odds table spec of sys, built by spec.Build on first
// use.
func (o *Odds) Table(sys *catalog.System, spec rules.OddsTable) (rules.Table, error) {
	if o == nil {
		return spec.Build(sys)
	}
	k := oddsKey{sys, spec.ID}
	o.mu.Lock()
	f, ok := o.tables[k]
	if !ok {
		f = sync.OnceValues(func() (rules.Table, error) { return spec.Build(sys) })
		o.tables[k] = f
	}
	o.mu.Unlock()
	return f()
}
