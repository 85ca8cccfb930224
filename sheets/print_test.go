package sheets

import (
	"fmt"
	"html"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/playercopy"

	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/internal/toml"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
)

// The print bars for the reference sheets (type at least 6.5 pt, body
// and tables 7 pt), held on the PDFs themselves on both papers.

var papers = []layout.Paper{layout.A4, layout.Letter}

// renderedSheets renders every sheet on both papers once for the tests
// below.
func renderedSheets(t *testing.T) map[string][]pdftest.Text {
	t.Helper()
	cat := loadCat(t)
	out := map[string][]pdftest.Text{}
	for _, p := range papers {
		pdfs, err := RenderAll(All(loadCat(t)), cat, Options{Paper: p})
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range All(loadCat(t)) {
			texts, err := pdftest.Read(pdfs[i])
			if err != nil {
				t.Fatalf("%s on %s: %v", s.ID, p.Name, err)
			}
			out[s.ID+"/"+p.Name] = texts
		}
	}
	return out
}

// TestTypeSizes holds the type-size bars on every printed character: 90%
// at 7 pt or more and under 2% below 6.5 pt; and the page budget, with
// every page numbered "n / N" out of the file's pages.
func TestTypeSizes(t *testing.T) {
	all := renderedSheets(t)
	for _, s := range All(loadCat(t)) {
		for _, p := range papers {
			t.Run(s.ID+"/"+p.Name, func(t *testing.T) {
				texts := all[s.ID+"/"+p.Name]
				sizes := pdftest.Tally(texts)
				if sizes.Chars() < 1000 {
					t.Fatalf("only %d characters read from the PDF", sizes.Chars())
				}
				if b := sizes.Below(7); b > 0.10 {
					t.Errorf("%.1f%% of characters are under 7 pt (bar: 10%%): %v", 100*b, sizes)
				}
				if b := sizes.Below(6.5); b >= 0.02 {
					t.Errorf("%.1f%% of characters are under 6.5 pt (bar: 2%%); the smallest: %v", 100*b, pdftest.Smallest(texts, 6.5)[:3])
				}
				pages := 0
				for _, x := range texts {
					pages = max(pages, x.Page)
				}
				if pages > s.MaxPages {
					t.Errorf("%d pages; the sheet must fit %d", pages, s.MaxPages)
				}
				for n := 1; n <= pages; n++ {
					want := fmt.Sprintf("%d / %d", n, pages)
					if !pageHas(texts, n, want) {
						t.Errorf("page %d does not say %q", n, want)
					}
				}
			})
		}
	}
}

func pageHas(texts []pdftest.Text, page int, s string) bool {
	for _, x := range texts {
		if x.Page == page && strings.TrimSpace(x.S) == s {
			return true
		}
	}
	return false
}

// TestLayoutKept checks, on both papers, what the flow promises a reader:
// every table's rows on one page and in one column, no heading left at
// the foot of a column, and no page but the last more than a quarter
// empty while a later one is fuller than that.
func TestLayoutKept(t *testing.T) {
	cat := loadCat(t)
	for _, s := range All(loadCat(t)) {
		for _, p := range papers {
			t.Run(s.ID+"/"+p.Name, func(t *testing.T) {
				r, err := s.run(cat, "", nil)
				if err != nil {
					t.Fatal(err)
				}
				md := r.md
				l, err := markdown.Measure(md, s.options(cat, r.title, p, ""))
				if err != nil {
					t.Fatal(err)
				}
				lines := strings.Split(string(md), "\n")
				for _, tab := range tableLines(lines) {
					page, x := l.Spot(tab[0])
					for _, n := range tab[1:] {
						if pg, xx := l.Spot(n); pg != page || xx != x {
							t.Errorf("the table at line %d (%.40q) breaks at line %d: page %d x %.0f, then page %d x %.0f", tab[0], lines[tab[0]-1], n, page, x, pg, xx)
							break
						}
					}
				}
				for i, line := range lines {
					if _, ok := heading(line); !ok {
						continue
					}
					page, x := l.Spot(i + 1)
					next := i + 2
					for next <= len(lines) && (strings.TrimSpace(lines[next-1]) == "" || strings.HasPrefix(lines[next-1], "<!--")) {
						next++
					}
					if pg, xx := l.Spot(next); pg != page || xx != x {
						t.Errorf("heading %q ends a column: it is on page %d, what follows on page %d", line, page, pg)
					}
				}
				for pg := 1; pg < l.Pages; pg++ {
					if l.Empty(pg) <= 0.25 {
						continue
					}
					// A later page fuller than a quarter empty holds what
					// this one had room for.
					for later := pg + 1; later <= l.Pages; later++ {
						if l.Empty(later) <= 0.25 {
							t.Errorf("page %d is %.0f%% empty while page %d is %.0f%% full", pg, 100*l.Empty(pg), later, 100*(1-l.Empty(later)))
						}
					}
				}
			})
		}
	}
}

// tableLines returns the Markdown lines (1-based) of each GFM table's
// rows, header first, separator left out.
func tableLines(lines []string) [][]int {
	var out [][]int
	var cur []int
	for i, l := range lines {
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "|") && !tableRule.MatchString(l):
			cur = append(cur, i+1)
		case tableRule.MatchString(l):
		default:
			if len(cur) > 1 {
				out = append(out, cur)
			}
			cur = nil
		}
	}
	if len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// TestTableLinesFindsTables makes sure the check above sees the tables.
func TestTableLinesFindsTables(t *testing.T) {
	got := tableLines(strings.Split("Text\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n| 3 | 4 |\n\n| x |\n|---|\n| y |\n", "\n"))
	if fmt.Sprint(got) != "[[3 5 6] [8 10]]" {
		t.Errorf("tableLines = %v", got)
	}
}

// spelling is how each rule set spells the words that have two
// spellings: the sheet must say it one way, the rule set's.
var spelling = map[string][]string{
	"aqotmf":          {"armor", "immobilized"},
	"buildings":       {"armor"},
	"imperial-mars":   {"armour"},
	"evacuation-mars": {"armour"},
}

var (
	// A file hash (sha256 in hex: 16 digits or more; the footer's short
	// data version has 12).
	longHex = regexp.MustCompile(`\b[0-9a-f]{16,}\b`)
	// Typewriting that slipped through: doubled full stops, "point(s)",
	// a straight inch mark, a space before a comma.
	slips     = regexp.MustCompile(`[^.]\.\.(\s|$)|\w\(s\)|\d"|\s,`)
	decimalPc = regexp.MustCompile(`\d+\.\d+\s*%`)
	htmlBlock = regexp.MustCompile(`</?(p|li|ul|ol|td|th|tr|table|thead|tbody|h\d|div|section|br|hr|main|body)\b[^>]*>`)
	htmlTag   = regexp.MustCompile(`<[^>]*>`)
)

// TestPlayerCopyClean reads every reference sheet as PDF (both papers),
// HTML and Markdown and finds none of the organiser's words ("seed",
// "catalogue", "as printed", "transcribed", "No rule text in the data"),
// no file hash, no typing slip, one spelling of a word, and percentages
// in whole numbers in PDF and HTML alike.
// directive is a layout directive on its own line.
var directive = regexp.MustCompile(`(?m)^<!--[^\n]*-->\n`)

func TestPlayerCopyClean(t *testing.T) {
	cat := loadCat(t)
	pdfs := renderedSheets(t)
	for _, s := range All(loadCat(t)) {
		texts := map[string]string{}
		for _, p := range papers {
			var b strings.Builder
			for _, x := range pdfs[s.ID+"/"+p.Name] {
				b.WriteString(x.S + "\n")
			}
			texts["pdf/"+p.Name] = b.String()
		}
		for _, f := range []string{HTML, Markdown} {
			out, err := s.Render(cat, Options{Format: f})
			if err != nil {
				t.Fatal(err)
			}
			text := string(out)
			if f == HTML {
				text = html.UnescapeString(htmlTag.ReplaceAllString(htmlBlock.ReplaceAllString(text, "\n"), ""))
			}
			texts[f] = text
		}
		// A layout directive (<!-- columns: 1 -->) may come before the title.
		md := strings.TrimLeft(directive.ReplaceAllString(texts[Markdown], ""), "\n")
		if name := cat.System(s.System).About.Name; !strings.HasPrefix(md, "# "+document.Esc(name)+"\n") {
			t.Errorf("%s does not start with its title %q", s.ID, name)
		}
		for where, text := range texts {
			t.Run(s.ID+"/"+where, func(t *testing.T) {
				for _, line := range strings.Split(text, "\n") {
					if w := playercopy.Word(line); w != "" {
						t.Errorf("%q on a player's sheet: %q", w, line)
					}
					if strings.Contains(strings.ToLower(line), "sha256") || longHex.MatchString(line) {
						t.Errorf("a file hash on a player's sheet: %q", line)
					}
					if m := slips.FindString(line); m != "" && !strings.HasPrefix(where, "md") {
						t.Errorf("typing slip %q in %q", m, line)
					}
					if m := decimalPc.FindString(line); m != "" {
						t.Errorf("percentage %q: the sheets print whole percents", m)
					}
				}
				low := strings.ToLower(text)
				for _, keep := range spelling[s.ID] {
					other := map[string]string{"armor": "armour", "armour": "armor", "immobilized": "immobilised"}[keep]
					if regexp.MustCompile(`\b` + other + `\b`).MatchString(low) {
						t.Errorf("%q on a sheet of a rule set that spells it %q", other, keep)
					}
				}
			})
		}
	}
}

// TestCleanChecksCanFail: the checks above catch what they look for.
func TestCleanChecksCanFail(t *testing.T) {
	for _, bad := range []string{"The seed prints Amour.", "Composition (catalogue)", "Force, as printed", "No rule text in the data."} {
		if playercopy.Word(bad) == "" {
			t.Errorf("%q passes", bad)
		}
	}
	for _, bad := range []string{"The Nearest Unit..", "1 hull point(s)", `within 6" of`, "in a turn , but"} {
		if !slips.MatchString(bad) {
			t.Errorf("slip %q passes", bad)
		}
	}
	if longHex.MatchString("data 6da709acc237") || !longHex.MatchString("sha 9f86d081884c7d659a2feaa0c55ad015") {
		t.Error("longHex tells a version code from a file hash wrongly")
	}
}

// TestNotesDocCarriesEveryNote counts the notes of the shipped data from
// the TOML itself — every `note = "…"` of any entry and every [[note]]'s
// text — and finds each in its rule set's rules notes, one item each, with
// the ruling of every note that has one.
func TestNotesDocCarriesEveryNote(t *testing.T) {
	cat := loadCat(t)
	for _, s := range All(loadCat(t)) {
		t.Run(s.ID, func(t *testing.T) {
			texts, rulings := tomlNotes(t, s.System)
			if len(texts) < 4 {
				t.Fatalf("only %d notes read from data/%s", len(texts), s.System)
			}
			for _, p := range papers {
				md, err := s.NotesMarkdown(cat, "", p, &document.Printed{})
				if err != nil {
					t.Fatal(err)
				}
				doc := string(md)
				items := 0
				for _, l := range strings.Split(doc, "\n") {
					if strings.HasPrefix(l, "- ") {
						items++
					}
				}
				if items != len(texts) {
					t.Errorf("%s: the rules notes have %d notes, the data %d", p.Name, items, len(texts))
				}
				for text := range texts {
					if !strings.Contains(doc, document.Esc(text)) {
						t.Errorf("%s: note missing: %.80q", p.Name, text)
					}
				}
				for _, r := range rulings {
					if !strings.Contains(doc, "**Ruling:** "+document.Esc(r)) {
						t.Errorf("%s: ruling missing: %q", p.Name, r)
					}
				}
				// Each note once: no two items say the same.
				seen := map[string]bool{}
				for _, l := range strings.Split(doc, "\n") {
					if strings.HasPrefix(l, "- ") {
						if seen[l] {
							t.Errorf("%s: a note twice: %.80q", p.Name, l)
						}
						seen[l] = true
					}
				}
				// The organiser's page speaks of the book, never of the
				// program's files.
				for _, bad := range []string{"seed", ".toml", "data/"} {
					if strings.Contains(strings.ToLower(doc), bad) {
						t.Errorf("%s: the notes say %q", p.Name, bad)
					}
				}
				if want := fmt.Sprintf("%d notes", len(texts)); !strings.Contains(doc, want) {
					t.Errorf("%s: the rules notes do not say %q", p.Name, want)
				}
			}
		})
	}
}

// tomlNotes reads every note of the rule set's TOML files: the distinct
// texts (on one line) and the rulings.
func tomlNotes(t *testing.T, system string) (map[string]bool, []string) {
	t.Helper()
	texts := map[string]bool{}
	quotes := map[string]bool{} // the book's words source notes quote
	var rulings []string
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, x := range v {
				walk(k, x)
			}
		case []map[string]any:
			for _, x := range v {
				if key == "note" {
					texts[document.OneLine(x["text"].(string))] = true
					if q, ok := x["quote"].(string); ok {
						quotes[document.OneLine(q)] = true
					}
					if r, ok := x["ruling"].(string); ok {
						rulings = append(rulings, r)
					}
					continue
				}
				walk(key, x)
			}
		case []any:
			for _, x := range v {
				walk(key, x)
			}
		case string:
			if key == "note" && strings.TrimSpace(v) != "" {
				texts[document.OneLine(v)] = true
			}
		}
	}
	err := fs.WalkDir(data.FS, system, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".toml" {
			return err
		}
		b, err := fs.ReadFile(data.FS, p)
		if err != nil {
			return err
		}
		var m map[string]any
		if _, err := toml.Decode(string(b), &m); err != nil {
			return fmt.Errorf("%s: %v", p, err)
		}
		walk("", m)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// An entry's note that is the book's words a source note quotes is
	// said once, with the source note.
	for q := range quotes {
		delete(texts, q)
	}
	return texts, rulings
}

// TestMarksRecordedUnderTheirHeadings: a reading the sheet marks under
// two headings of one page is recorded under each, so the notes' "Prints
// on" names both (Evacuation's R3: on the objective marker and on the
// victory tie-breaker that prints its Warhammer 40,000 terms).
func TestMarksRecordedUnderTheirHeadings(t *testing.T) {
	cat := loadCat(t)
	var sheet Sheet
	for _, s := range All(cat) {
		if s.System == "evacuation-mars" {
			sheet = s
		}
	}
	if sheet.System == "" {
		t.Fatal("no Evacuation: Mars sheet")
	}
	note := cat.System("evacuation-mars").Note("building-damage-table")
	if note == nil || note.Mark == "" {
		t.Fatal("no reading building-damage-table")
	}
	for _, paper := range papers {
		l, err := sheet.Lay(cat, Options{Paper: paper})
		if err != nil {
			t.Fatal(err)
		}
		var printed document.Printed
		if _, err := l.PDF(printed.In(0, "sheet.pdf", "the sheet")); err != nil {
			t.Fatal(err)
		}
		var where []string
		for _, p := range printed.Of(*note) {
			where = append(where, p.Where)
		}
		got := strings.Join(where, "; ")
		if !strings.Contains(got, "Objective marker") || !strings.Contains(got, "Victory") {
			t.Errorf("%s: %s is recorded under %q; want its marks under Objective marker and Victory", paper.Name, note.Mark, got)
		}
	}
}
