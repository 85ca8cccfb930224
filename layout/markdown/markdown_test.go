package markdown

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/tomlpos"
)

var (
	update = flag.Bool("update", false, "rewrite the golden files in testdata/")
	outDir = flag.String("out", "", "also write the test documents as PDF into this folder, to look at")
)

// record renders md onto a recorder.
func record(t testing.TB, md string, opt Options) *recorder {
	t.Helper()
	if opt.Decode == nil {
		opt.Decode = decodeTOML
	}
	opt, err := opt.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	if _, err := render([]byte(md), opt, rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// longTable is a table of n rows whose every cell holds a tag naming its
// row ("r007a" …), so tests can find the pieces of each row; every third
// row wraps.
func longTable(n int) string {
	var b strings.Builder
	b.WriteString("| Weapon | Range | Effect |\n|:--|--:|:--|\n")
	for i := 1; i <= n; i++ {
		effect := fmt.Sprintf("r%03dc hits on a roll of four or more", i)
		if i%3 == 0 {
			effect += fmt.Sprintf(", and the target must then test its morale at once r%03dd", i)
		}
		fmt.Fprintf(&b, "| r%03da | r%03db | %s |\n", i, i, effect)
	}
	return b.String()
}

var cases = []struct {
	name string
	opt  Options
	md   string
}{
	{"headings", Options{Title: "Headings"}, `# Sheet title

Intro paragraph.

## Section

Text under a section.

### Subsection

Text under a subsection.

#### Minor heading

Text under a minor heading.
`},
	{"emphasis", Options{Title: "Emphasis"}, "Plain, **bold**, *italic*, ***bold italic***, `code span`, ~~struck~~, [a link](https://example.org) and <https://example.org/auto>.\\\nAfter a hard break.\nAfter a soft break, &amp; an entity, an escaped \\*star\\*.\n"},
	{"lists", Options{Title: "Lists"}, `- First bullet
- Second bullet, long enough to wrap onto a second line under a hanging indent in this column.
- Third

3. Three
4. Four
5. Five

- Loose item one.

- Loose item two.
`},
	{"nested_lists", Options{Title: "Nested lists"}, `1. Movement
   - Infantry
     - Stands
     - Companies
   - Vehicles
2. Shooting
   1. Pick a target
   2. Roll
`},
	{"table_align", Options{Title: "Table"}, `| Left | Centre | Right | Default |
|:-----|:------:|------:|---------|
| a | b | 1 | x |
| longer text | centred | 12.5 | y |
| **bold** | ` + "`code`" + ` | 100 | line<br>break |
`},
	{"long_table", Options{Title: "Long table", Columns: 2, BaseSize: 8.5}, "## A long table\n\n" + longTable(130)},
	{"footnotes", Options{Title: "Footnotes"}, `The Mk II costs 80 points.[^mk2] Rough Riders carry no weapon.[^rr]

Another paragraph.

[^mk2]: Only its type is printed; 6 tanks cost 480, so 80 each.
[^rr]: No weapon is printed for them.
`},
	{"directives", Options{Title: "Directives"}, `# Full-width title

Intro across the page.

<!-- columns: 2 -->

Left column.

<!-- columnbreak -->

Right column.

<!-- TODO: an ordinary comment, ignored -->

<!-- pagebreak -->

Second page, still two columns.

<!-- columns: 1 -->

Back to one column.
`},
	{"chart", Options{Title: "Chart", Columns: 2}, "```chart\n" + `title = "Chance to hit"
x_label = "Target number"
y_label = "chance"
x = [2, 3, 4, 5, 6]
[[series]]
name = "one die"
y = [83.3, 66.7, 50, 33.3, 16.7]
[[series]]
name = "two dice"
y = [97.2, 88.9, 75, 55.6, 30.6]
` + "```\n"},
	{"quote_rule_code", Options{Title: "Blocks"}, "> A boxed note.\n>\n> Second paragraph of the note.\n\n---\n\n```\ncode line one\n  indented line two\n```\n"},
	{"glyphs", Options{Title: "Glyphs – “quoted” …"}, "Ranges 3″–30+″, a pause… ≤ ≥ × ½ ✓ ✗ ⅓ and a missing \u4e00 glyph.\n"},
	{"calibration", Options{Title: "Calibration"}, "Check the bars.\n\n```calibration\n```\n"},
	// Adjacent references print "1,2" (not "12") and a repeat once.
	{"footnote_runs", Options{Title: "Runs"}, "## Heading[^a][^b][^a]\n\nText[^b].\n\n[^a]: Note A.\n[^b]: Note B.\n"},
	// A footnote's mark is its label; a run's marks print in the order
	// people count ("R2,R10"), whatever order they are written in.
	{"footnote_order", Options{Title: "Order"}, "Text[^R10].\n\n## Heading[^R2][^R10]\n\n[^R2]: Note A.\n[^R10]: Note B.\n"},
}

func TestGolden(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := record(t, c.md, c.opt)
			got := rec.String()
			path := filepath.Join("testdata", c.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if got != string(want) {
				t.Errorf("drawing differs from %s (go test -update rewrites it):\n%s", path, diffLines(string(want), got))
			}
			if *outDir != "" {
				b, err := PDF([]byte(c.md), c.opt)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(*outDir, c.name+".pdf"), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// diffLines shows the first lines that differ.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	n := 0
	for i := 0; i < max(len(w), len(g)) && n < 12; i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			fmt.Fprintf(&b, "line %d:\n  want %s\n  got  %s\n", i+1, a, c)
			n++
		}
	}
	return b.String()
}

// TestSample renders the sheet that shows every construct: one A4 page,
// a real PDF. With -out it is written out to look at.
func TestSample(t *testing.T) {
	src, err := os.ReadFile("testdata/sample.md")
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Title: "Sample sheet", Stamp: "a1b2c3d", Source: "Sample data, testdata/sample.md", BaseSize: 8.5, Decode: decodeTOML}
	if n := record(t, string(src), opt).pages; n != 1 {
		t.Errorf("the sample fills %d pages; want 1", n)
	}
	b, err := PDF(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("%PDF-")) || !bytes.Contains(b, []byte("/Count 1")) {
		t.Errorf("output is no one-page PDF: %q…", b[:min(len(b), 40)])
	}
	if *outDir != "" {
		if err := os.WriteFile(filepath.Join(*outDir, "sample.pdf"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// column returns which column of a two-column A4 page with the default
// margin x lies in.
func column(x float64) int {
	if x < layout.A4.Width/2 {
		return 0
	}
	return 1
}

func TestTableRowsWholeAndHeaderRepeated(t *testing.T) {
	for _, c := range []struct {
		name string
		opt  Options
	}{
		{"two columns A4", Options{Columns: 2, BaseSize: 8.5}},
		{"one column Letter", Options{Columns: 1, Paper: layout.Letter, BaseSize: 10}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := record(t, "## Table\n\n"+longTable(130), c.opt)
			type where struct{ page, col int }
			rows := map[string]map[where]bool{}
			firstRowY := map[where]float64{}
			headers := map[where]float64{}
			for _, o := range rec.ops {
				if o.str == "" {
					continue
				}
				w := where{o.page, column(o.x)}
				if c.opt.Columns == 1 {
					w.col = 0
				}
				if o.str == "Weapon" {
					if _, dup := headers[w]; dup {
						t.Errorf("header drawn twice in %v", w)
					}
					headers[w] = o.y
					continue
				}
				if len(o.str) >= 4 && o.str[0] == 'r' && strings.ContainsAny(o.str[1:4], "0123456789") {
					tag := o.str[:4]
					if rows[tag] == nil {
						rows[tag] = map[where]bool{}
					}
					rows[tag][w] = true
					if y, ok := firstRowY[w]; !ok || o.y < y {
						firstRowY[w] = o.y
					}
				}
			}
			if len(rows) != 130 {
				t.Fatalf("found %d rows, want 130", len(rows))
			}
			for tag, ws := range rows {
				if len(ws) != 1 {
					t.Errorf("row %s is split over %v", tag, ws)
				}
			}
			if len(firstRowY) < 3 {
				t.Fatalf("table spans %d columns; the test needs it to continue at least twice", len(firstRowY))
			}
			for w, y := range firstRowY {
				hy, ok := headers[w]
				if !ok {
					t.Errorf("no header row in %+v where the table continues", w)
				} else if hy >= y {
					t.Errorf("header at %.1f is not above the first row at %.1f in %+v", hy, y, w)
				}
			}
			if rec.pages < 2 {
				t.Errorf("table fills %d page(s); want it to cross a page", rec.pages)
			}
		})
	}
}

// TestSafeMargin checks every drawing operation of every test document
// against the 6 mm printers cannot print, on both papers, at the smallest
// margin allowed.
func TestSafeMargin(t *testing.T) {
	docs := map[string]string{"long table": "# Title\n\n" + longTable(100)}
	for _, c := range cases {
		docs[c.name] = c.md
	}
	sample, err := os.ReadFile("testdata/sample.md")
	if err != nil {
		t.Fatal(err)
	}
	docs["sample"] = string(sample)
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for _, cols := range []int{1, 2} {
			for name, md := range docs {
				if cols == 2 && strings.Contains(md, "```calibration") {
					continue // needs a one-column section
				}
				opt := Options{Paper: paper, Margin: layout.SafeMargin, Columns: cols,
					Title: "A long running title to check the header stays inside the page", Stamp: "abc1234",
					Source: "A source line long enough to be cut short before it runs into the version at the right edge of the footer"}
				rec := record(t, md, opt)
				lo, hiX, hiY := layout.SafeMargin-1e-6, paper.Width-layout.SafeMargin+1e-6, paper.Height-layout.SafeMargin+1e-6
				for _, o := range rec.ops {
					if o.x0 < lo || o.y0 < lo || o.x1 > hiX || o.y1 > hiY {
						t.Errorf("%s, %s, %d columns: page %d: %s reaches [%.1f,%.1f]-[%.1f,%.1f], inside the safe margin",
							name, paper.Name, cols, o.page, o.text, o.x0, o.y0, o.x1, o.y1)
					}
				}
			}
		}
	}
}

// TestDeterministic renders a sheet, another document with other glyphs
// (fpdf writes into the font bytes while subsetting), and the sheet again.
func TestDeterministic(t *testing.T) {
	src, err := os.ReadFile("testdata/sample.md")
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Title: "Sample", Stamp: "abc1234", Decode: decodeTOML}
	a, err := PDF(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := PDF([]byte("`ÄÖÜ ≥ ≤ {}[] ½` and **bold “quotes”** and *Ωμ*\n"), opt); err != nil {
		t.Fatal(err)
	}
	b, err := PDF(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("the same input gives different bytes the second time")
	}
	opt.Stamp = "abc1235"
	c, err := PDF(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a, c) {
		t.Error("a different version gives the same bytes")
	}
}

// TestFootnotesOnTheirPage: a footnote prints under the
// block that first marks it, so it is on the page of its mark; a mark on a
// later page prints it there again; a heading's mark waits for the block
// the heading heads; a footnote no block marks after it goes at the end.
func TestFootnotesOnTheirPage(t *testing.T) {
	var b strings.Builder
	b.WriteString("## Start[^h]\n\nFirst paragraph.[^a]\n\n")
	for i := range 160 {
		fmt.Fprintf(&b, "Filler paragraph %d, long enough to fill the pages of this test one line after another.\n\n", i)
	}
	b.WriteString("Late paragraph.[^a]\n\n## End[^z]\n\n[^a]: Note A.\n[^h]: Note H.\n[^z]: Note Z.\n")
	pdf, err := PDF([]byte(b.String()), Options{Title: "Notes"})
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdftest.Read(pdf)
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string][]int{}
	last := 0
	for _, tx := range texts {
		for _, s := range []string{"Note A.", "Note H.", "Note Z.", "First paragraph.", "Late paragraph."} {
			if strings.Contains(tx.S, s) {
				pages[s] = append(pages[s], tx.Page)
			}
		}
		last = max(last, tx.Page)
	}
	if last < 3 {
		t.Fatalf("the test document has %d pages; it needs 3 or more", last)
	}
	late := pages["Late paragraph."]
	if got := pages["Note A."]; len(got) != 2 || got[0] != 1 || len(late) != 1 || got[1] != late[0] {
		t.Errorf("Note A. prints on pages %v, want 1 and %v (its marks)", got, late)
	}
	if got := pages["Note H."]; len(got) != 1 || got[0] != 1 {
		t.Errorf("Note H. (a heading's) prints on pages %v, want [1]", got)
	}
	if got := pages["Note Z."]; len(got) != 1 || got[0] != last {
		t.Errorf("Note Z. (marked by the last heading) prints on pages %v, want [%d]", got, last)
	}
	// The heading's note waits for the paragraph under it.
	var order []string
	for _, tx := range texts {
		if tx.Page == 1 && (strings.Contains(tx.S, "Start") || strings.Contains(tx.S, "First paragraph.") || strings.Contains(tx.S, "Note H.")) {
			order = append(order, strings.TrimSpace(tx.S))
		}
	}
	if strings.Join(order, "|") != "Start|First paragraph.|Note H." {
		t.Errorf("page 1 reads %q, want the heading, its paragraph, then the heading's note", order)
	}
}

// decodeTOML reads a chart's TOML as the documents do (Options.Decode).
func decodeTOML(file string, src []byte, v any) diag.List {
	_, l := tomlpos.DecodeTOML(file, src, v)
	return l
}

// TestSourceLayoutsKept: the layouts of one prepared Source set into its
// chunks one after another, and a caller may draw one after making
// others (a roster keeps its first layout where its tighter tries fail):
// each draws as it did when it was made.
func TestSourceLayoutsKept(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Orders\n\n<!-- columns: 2 -->\n\n")
	for i := range 30 {
		fmt.Fprintf(&b, "Paragraph p%02d holds a few words, then a few more, so that it wraps over lines.\n\n", i)
	}
	b.WriteString("<!-- columns: 1 -->\n\n" + longTable(50) + "\n## After\n\n- one\n- two\n")
	opt, err := Options{Decode: decodeTOML, File: "orders.md"}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	src, err := Prepare([]byte(b.String()), opt)
	if err != nil {
		t.Fatal(err)
	}
	draw := func(l *Layout) string {
		rec := &recorder{}
		l.r.fl.draw(rec, nil)
		return rec.String()
	}
	var kept []*Layout
	var drawn []string
	for _, o := range []Options{opt, {Tight: 0.8}, {Tight: 0.6}, {BaseSize: 8}, {Columns: 2}} {
		o.Decode, o.File = opt.Decode, opt.File
		l, err := src.Measure(o)
		if err != nil {
			t.Fatal(err)
		}
		kept, drawn = append(kept, l), append(drawn, draw(l))
	}
	for i, l := range kept {
		if got := draw(l); got != drawn[i] {
			t.Errorf("layout %d drawn after the last was made:\n%s\nwhen made:\n%s", i+1, got, drawn[i])
		}
	}
}
