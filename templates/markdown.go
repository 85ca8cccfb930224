package templates

import (
	"strings"

	"github.com/playaid/playaid/rules"
)

// The helpers below write Markdown for the templates of every generator,
// so that a sheet, a briefing and a roster print the same table the same
// way.

// escaper escapes what Markdown would otherwise read as emphasis, code,
// links, HTML, headings or table cells.
var escaper = strings.NewReplacer(
	`\`, `\\`, "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", `\<`, ">", `\>`,
	"`", "\\`", "|", `\|`, "~", `\~`, "#", `\#`,
)

// Escape puts text from the data on one line and escapes it for Markdown.
func Escape(s string) string {
	return escaper.Replace(strings.Join(strings.Fields(s), " "))
}

// EscapeText escapes text for Markdown, keeping its line breaks.
func EscapeText(s string) string { return escaper.Replace(s) }

// OddsTable prints an odds table as a GFM table: the row labels left, the
// values right-aligned, a blank cell as "–" (a blank corner stays blank).
// Each cell's text goes through
// esc (Escape, or a generator's own with typography). The table's notes are
// left to the caller, who knows where they belong.
func OddsTable(t rules.Table, esc func(string) string) string {
	cell := func(s string) string {
		if strings.TrimSpace(s) == "" {
			return "–"
		}
		return esc(s)
	}
	var b strings.Builder
	b.WriteString("| " + esc(t.Corner))
	for _, c := range t.Columns {
		b.WriteString(" | " + cell(c))
	}
	b.WriteString(" |\n|:--")
	for range t.Columns {
		b.WriteString("|--:")
	}
	b.WriteString("|\n")
	for _, r := range t.Rows {
		b.WriteString("| " + cell(r.Label))
		for i := range t.Columns {
			s := ""
			if i < len(r.Cells) {
				s = r.Cells[i].String()
			}
			b.WriteString(" | " + cell(s))
		}
		b.WriteString(" |\n")
	}
	return b.String()
}
