package sheets

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
)

// A sheet prints only the rulings of the data's notes (see
// document.Notes); the organiser's rules notes say where on the sheet
// every note bears. So while a template runs, each place a note touches
// leaves an anchor in the Markdown — a private-use character pair around
// a number no template or data holds — and once the template has run the
// anchors are taken out again, their lines noted, before anything else
// reads the Markdown (document.Numeric knows them: no part of a cell).
const (
	anchorOpen  = '\uE000'
	anchorClose = '\uE001'
)

// A Place is where a sheet prints what a note is about.
type Place struct {
	System  string // the rule set of a source note
	Note    string // a source note's id, or ""
	Entry   string // an entry's own note (its words on one line), or ""
	Section string // the heading it stands under ("Initiative")
	Label   string // the table, row or rule it is attached to, where not the heading ("Initiative Modifiers")
	Line    int    // 1-based line of the sheet's Markdown
	Page    int    // page of the rendered sheet (set by Sheet.Places)
}

// Where names the place: the section, and what in it.
func (p Place) Where() string {
	if p.Label == "" || strings.EqualFold(p.Label, p.Section) {
		return p.Section
	}
	if p.Section == "" || strings.HasPrefix(strings.ToLower(p.Label), strings.ToLower(p.Section)) {
		return p.Label // "Flyers: Action Point Examples", not under "Flyers:" again
	}
	return p.Section + ": " + p.Label
}

// anchor marks the place of a note in the Markdown.
func (x *exec) anchor(p Place) string {
	x.places = append(x.places, p)
	return fmt.Sprintf("%c%d%c", anchorOpen, len(x.places)-1, anchorClose)
}

// sources anchors the source notes and returns the footnote references
// to their rulings.
func (x *exec) sources(notes []catalog.Note) string {
	var b strings.Builder
	seen := map[string]bool{}
	for _, n := range notes {
		sys := x.sys.ID
		if x.base != nil && x.sys.Note(n.ID) == nil {
			sys = x.base.ID
		}
		// A note both touching a topic and quoted by the table is
		// marked once: one mark, one reading.
		if seen[sys+"/"+n.ID] {
			continue
		}
		seen[sys+"/"+n.ID] = true
		b.WriteString(x.anchor(Place{System: sys, Note: n.ID}))
		b.WriteString(x.foot.Source(n))
	}
	return b.String()
}

// entry anchors an entry's own note. Entries' notes are never footnotes on
// the sheet: they are the organiser's.
func (x *exec) entry(note string) string {
	note = document.OneLine(note)
	if note == "" {
		return ""
	}
	return x.anchor(Place{System: x.sys.ID, Entry: note})
}

var anchorRE = regexp.MustCompile(string(anchorOpen) + `(\d+)` + string(anchorClose))

// lift takes the anchors out of md and returns the clean Markdown with the
// places they marked, each with its line, section and label.
func (x *exec) lift(md []byte) ([]byte, []Place) {
	lines := strings.Split(string(md), "\n")
	var out []Place
	section := ""
	for i, l := range lines {
		if !strings.ContainsRune(l, anchorOpen) {
			if h, ok := heading(l); ok {
				section = h
			}
			continue
		}
		clean := anchorRE.ReplaceAllString(l, "")
		if h, ok := heading(clean); ok {
			section = h
		}
		for _, m := range anchorRE.FindAllStringSubmatchIndex(l, -1) {
			n, _ := strconv.Atoi(l[m[2]:m[3]])
			p := x.places[n]
			p.Line = i + 1
			p.Section = section
			p.Label = label(lines, i, anchorRE.ReplaceAllString(l[:m[0]], ""))
			out = append(out, p)
		}
		lines[i] = strings.TrimRight(clean, " \t")
	}
	return []byte(strings.Join(lines, "\n")), out
}

// heading returns the text of a Markdown heading line.
func heading(l string) (string, bool) {
	t := strings.TrimLeft(l, "#")
	if t == l || !strings.HasPrefix(t, " ") {
		return "", false
	}
	return plain(t), true
}

// label names what an anchor at the end of before (the start of line i,
// up to the anchor) is attached to: a bold caption or rule name, or the
// cell of a table row (nothing for a table's header row, which the
// section names); "" for a heading or running text.
func label(lines []string, i int, before string) string {
	t := strings.TrimSpace(before)
	switch {
	case strings.HasPrefix(t, "#"):
		return ""
	case strings.HasPrefix(t, "|"):
		if i+1 < len(lines) && tableRule.MatchString(lines[i+1]) {
			return "" // a header row
		}
		// The row by its name ("Close Order"), and the cell the note is
		// on when that says more ("19+: Lose 1 DM and Rally on the
		// spot"); a row named by a number only ("1") by the table's
		// caption too.
		cells := splitCells(t)
		first, at := plain(cells[1]), plain(cells[len(cells)-1])
		switch {
		case len(cells) > 2 && hasLetter(at):
			return first + ": " + at
		case !hasLetter(first):
			if c := caption(lines, i); c != "" {
				return c + ": " + first
			}
		}
		return first
	case strings.HasPrefix(t, "**"):
		if j := strings.Index(t[2:], "**"); j >= 0 {
			return plain(t[2 : 2+j])
		}
	}
	return ""
}

// caption returns the bold caption standing before the table that line i
// is a row of, or "".
func caption(lines []string, i int) string {
	for i > 0 && strings.HasPrefix(strings.TrimSpace(lines[i]), "|") {
		i--
	}
	for i > 0 && strings.TrimSpace(lines[i]) == "" {
		i--
	}
	if t := strings.TrimSpace(lines[i]); strings.HasPrefix(t, "**") {
		if j := strings.Index(t[2:], "**"); j >= 0 {
			return plain(t[2 : 2+j])
		}
	}
	return ""
}

func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

// splitCells cuts a table row at its unescaped pipes.
func splitCells(row string) []string {
	var cells []string
	start := 0
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			cells = append(cells, row[start:i])
			start = i + 1
		}
	}
	return append(cells, row[start:])
}

var (
	footRefRE = regexp.MustCompile(`\[\^[^\]]*\]`)
	tableRule = regexp.MustCompile(`^\s*\|(\s*:?-+:?\s*\|)+\s*$`)
)

// plain is Markdown text as words: no emphasis, escapes, footnote marks
// or line breaks, and no trailing full stop or colon.
func plain(s string) string {
	s = footRefRE.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, "<br>", " ")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case c != '*':
			b.WriteByte(c)
		}
	}
	return strings.TrimRight(document.OneLine(b.String()), ".:")
}

// marked prints a paragraph of the book's with the mark of each reading
// whose governed words it prints right after those words, where a
// reader meets what the reading rules; the notes touching the topics
// that mark no words of it follow the paragraph, as note's do.
func (x *exec) marked(text string, topics ...string) string {
	governed := x.sys.Governed(text, document.Typo)
	s, rest := document.Marked(text, governed, x.sources)
	for _, n := range x.touching(topics...) {
		if !slices.ContainsFunc(governed, func(g catalog.Note) bool { return g.System == n.System && g.ID == n.ID }) {
			rest = append(rest, n)
		}
	}
	return s + x.sources(rest)
}
