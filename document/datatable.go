package document

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/playaid/playaid/catalog"
)

// numberText is a cell that reads as a number: "3", "−2", "3/8",
// "8: 65%", "10″", "1.5", "+?" (a number the rules leave open), and a
// ruled value with its reading's mark: "0 or 1R2", "+CSR3" (a tray's
// Combat Strength), "±VR6" (a vehicle's value). Such columns are
// right-aligned, on sheets and cards alike.
var numberText = regexp.MustCompile(`^([−+-]?[\d?][\d.,/: %″<−?-]*( or \d+)?|[−+±][A-Z]{1,2})([†‡§¶]|` + catalog.MarkPrefix + `\d+)*$`)

// Numeric reports whether a cell of the data reads as a number, once
// typeset (Typo: a hyphen before a digit is a minus).
func Numeric(s string) bool {
	if strings.Contains(s, "\uE000") {
		s = placeMark.ReplaceAllString(s, "")
	}
	s = strings.TrimSpace(Typo(stripRefs(s)))
	// Most cells are words: what numberText matches starts with a digit,
	// a "?" or a sign.
	if r, _ := utf8.DecodeRuneInString(s); !('0' <= r && r <= '9' || strings.ContainsRune("?−+-±", r)) {
		return false
	}
	return numberText.MatchString(s)
}

// placeMark is a place a generator marks in the Markdown it makes (a
// sheet's anchors, U+E000 n U+E001, recording where a reading is
// printed), lifted out before the page is set: no part of a cell's text.
var placeMark = regexp.MustCompile("\uE000[0-9]+\uE001")

// blankCell is a cell that says nothing: empty, a dash, or dashes for a
// pair of numbers ("-/-").
func blankCell(s string) bool { return strings.Trim(s, " -–/") == "" }

// DataTable prints a table of the data (a rules table as the rules print
// it) as a GFM table. A table whose headers are all blank takes its first
// row as the header. A column whose cells are all numbers or blank is
// right-aligned. A row whose cells after the first are all blank
// ("Formation Changes:") heads the rows under it: its first cell in bold.
func DataTable(cols []string, rows [][]string) string { return DataTableIn(cols, rows, 1) }

// DataTableIn is DataTable for a table set in groups side by side (its
// columns n times over, the rows cut into n runs): a group's row that
// heads the rows under it has its first cell in bold within the group.
func DataTableIn(cols []string, rows [][]string, n int) string {
	if strings.TrimSpace(strings.Join(cols, "")) == "" && len(rows) > 0 {
		cols, rows = rows[0], rows[1:]
	}
	per := len(cols)
	if n > 1 && len(cols)%n == 0 {
		per = len(cols) / n
	}
	var b strings.Builder
	b.WriteString("|")
	for _, c := range cols {
		b.WriteString(" ")
		b.WriteString(Esc(c))
		b.WriteString(" |")
	}
	b.WriteString("\n|")
	for i := range cols {
		if numericColumn(rows, i) {
			b.WriteString("--:|")
		} else {
			b.WriteString(":--|")
		}
	}
	b.WriteString("\n")
	for _, r := range rows {
		if heading(r) {
			b.WriteString("| **" + Esc(r[0]) + "**" + strings.Repeat(" |", len(cols)-1) + " |\n")
			continue
		}
		b.WriteString("|")
		for i := range cols {
			c := ""
			if i < len(r) {
				c = r[i]
			}
			if g := i - i%per; per < len(cols) && i == g && g+per <= len(r) && heading(r[g:g+per]) {
				b.WriteString(" **" + Esc(strings.TrimRight(strings.TrimSpace(c), ":-–")+":") + "** |")
				continue
			}
			b.WriteString(" ")
			b.WriteString(Esc(c))
			b.WriteString(" |")
		}
		b.WriteString("\n")
	}
	return b.String() + "\n"
}

// heading reports whether a data row heads the rows under it: a first
// cell and nothing after it.
func heading(r []string) bool {
	if len(r) < 2 || strings.TrimSpace(r[0]) == "" {
		return false
	}
	for _, c := range r[1:] {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// numericColumn reports whether column i holds numbers and blanks only,
// at least one number among them.
func numericColumn(rows [][]string, i int) bool {
	seen := false
	for _, r := range rows {
		if i >= len(r) || blankCell(r[i]) {
			continue
		}
		if !Numeric(r[i]) {
			return false
		}
		seen = true
	}
	return seen
}
