package markdown

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
)

var (
	update = flag.Bool("update", false, "rewrite the golden files in testdata/")
	outDir = flag.String("out", "", "also write the test documents as PDF into this folder, to look at")
)

// record renders md onto a recorder.
func record(t testing.TB, md string, opt Options) *recorder {
	t.Helper()
	opt, err := opt.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	if err := render([]byte(md), opt, rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// longTable is a table of n rows whose every cell holds a tag naming its
// row ("r07a" …), so tests can find the pieces of each row; every third
// row wraps.
func longTable(n int) string {
	var b strings.Builder
	b.WriteString("| Weapon | Range | Effect |\n|:--|--:|:--|\n")
	for i := 1; i <= n; i++ {
		effect := fmt.Sprintf("r%02dc hits on a roll of four or more", i)
		if i%3 == 0 {
			effect += fmt.Sprintf(", and the target must then test its morale at once r%02dd", i)
		}
		fmt.Fprintf(&b, "| r%02da | r%02db | %s |\n", i, i, effect)
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
	{"long_table", Options{Title: "Long table", Columns: 2, BaseSize: 8.5}, "## A long table\n\n" + longTable(70)},
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
				os.WriteFile(filepath.Join(*outDir, c.name+".pdf"), b, 0o644)
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

func TestSample(t *testing.T) {
	src, err := os.ReadFile("testdata/sample.md")
	if err != nil {
		t.Fatal(err)
	}
	b, err := PDF(src, Options{Title: "Sample sheet", Version: "a1b2c3d", Source: "Sample data, testdata/sample.md", BaseSize: 8.5})
	if err != nil {
		t.Fatal(err)
	}
	if *outDir != "" {
		os.WriteFile(filepath.Join(*outDir, "sample.pdf"), b, 0o644)
	}
	_ = bytes.Equal
	_ = layout.A4
}
