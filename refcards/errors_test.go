package refcards

import (
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

// renderClub renders the AQotMF deck from a club's template.
func renderClub(t *testing.T, tmpl string, o Options) ([]byte, error) {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cards-aqotmf.md"), []byte(tmpl), 0o644); err != nil {
		t.Fatal(err)
	}
	d, _ := Lookup(loadCat(t), "aqotmf")
	o.TemplatesDir = dir
	return d.Render(loadCat(t), o)
}

// TestTemplateErrors: a club's template with mistakes gets every one of
// them back, each at its file, line and column, saying what was expected.
func TestTemplateErrors(t *testing.T) {
	long := strings.Repeat("word ", 14)
	for _, tc := range []struct {
		name, tmpl string
		want       []string
	}{
		{"unknown odds table", "# A\n\nx\n\n<!-- back -->\n\n{{ table \"tripod-chrat\" }}\n",
			[]string{"cards-aqotmf.md:7:4:", `unknown odds table "tripod-chrat" (did you mean "tripod-chart"?)`, "expected one of: targets,"}},
		{"unknown chart", "# A\n\n{{ chart \"tripod-damage\" }}{{ chart \"reinforcement\" }}\n\n<!-- back -->\n\ny\n",
			[]string{"cards-aqotmf.md:3:", `unknown chart of aqotmf "reinforcement" (did you mean "reinforcements"?)`}},
		{"unknown table of the data", "# A\n\n{{ printed \"tow-cables\" }}\n\n<!-- back -->\n\ny\n",
			[]string{"cards-aqotmf.md:3:4:", `unknown table of aqotmf "tow-cables" (did you mean "tow-cable"?)`}},
		{"unknown column", "# A\n\nx\n\n<!-- back -->\n\n{{ table (pick (engine \"morale\") \"Passed\") }}\n",
			[]string{"cards-aqotmf.md:7:", `column of "Morale check" "Passed" (did you mean "Passes"?)`}},
		{"text before the first card", "Hello\n\n# A\n\nx\n\n<!-- back -->\n\ny\n",
			[]string{"cards-aqotmf.md:1:1: text before the first card: start every card with its title"}},
		{"no back", "# A\n\nx\n\n# B\n\ny\n\n<!-- back -->\n\nz\n",
			[]string{`cards-aqotmf.md:1:1: card "A" has no back: after its front write <!-- back -->`}},
		{"empty back and a second back", "# A\n\nx\n\n<!-- back -->\n\ny\n\n<!-- back -->\n\n# B\n\nx\n\n<!-- back -->\n",
			[]string{`cards-aqotmf.md:9:1: a second <!-- back --> in card "A"`, `cards-aqotmf.md:11:1: card "B" has nothing on its back`}},
		{"misspelt directive", "# A\n\nx\n\n<!-- bakc -->\n\ny\n",
			[]string{`cards-aqotmf.md:5:1: unknown directive <!-- bakc --> in card "A": did you mean <!-- back -->?`}},
		{"one size inside a card", "# A\n\nx\n\n<!-- one size -->\n\n<!-- back -->\n\ny\n",
			[]string{`cards-aqotmf.md:5:1: <!-- one size --> in card "A": it sets the whole deck, so it goes before the first card`}},
		{"a code block", "# A\n\n```\ncode\n```\n\n<!-- back -->\n\ny\n",
			[]string{`cards-aqotmf.md:3:1: a code block in card "A": cards print headings, paragraphs, lists and tables`}},
		{"title too long", "# " + long + "\n\nx\n\n<!-- back -->\n\ny\n",
			[]string{`the title takes 3 lines in the band; at most 2 fit: shorten it`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := renderClub(t, tc.tmpl, Options{})
			if err == nil {
				t.Fatal("rendered; want an error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error:\n%v\nwant it to say %q", err, w)
				}
			}
		})
	}
}

// TestWideTableFitted: a table whose longest words are wider than a card
// is fitted, not refused — narrower margins in its cells, then smaller
// type, never under 6.5 pt — and the run says so, at the table's line of
// the club's template.
func TestWideTableFitted(t *testing.T) {
	layout.Fitted() // what earlier tests left
	tmpl := "# A\n\n| Breakable | Unbreakable | Indefatigable | Quarrelling |\n|--|--|--|--|\n| a | b | c | d |\n\n<!-- back -->\n\ny\n"
	b, err := renderClub(t, tmpl, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fitted := layout.Fitted()
	if len(fitted) != 1 || !strings.Contains(fitted[0].Error(), `cards-aqotmf.md:3:1: warning: card "A": the table is too wide for its 57.0 mm with this font's letters: fitted with its cells' margins narrowed to 0.35 mm, its type set at 6.75 pt, under the 7 pt of the rest`) {
		t.Errorf("fitted: %v; want the table at its line, fitted with narrower margins and smaller type", fitted)
	}
	texts, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, tx := range texts {
		switch tx.S {
		case "Breakable", "Unbreakable", "Indefatigable", "Quarrelling":
			seen++
			if tx.Size < cards.MinPt {
				t.Errorf("%q at %g pt: no character under %g pt", tx.S, tx.Size, cards.MinPt)
			}
		}
	}
	if seen != 4 {
		t.Errorf("%d of the header's 4 words printed whole", seen)
	}
}

// TestSplit: a card whose side does not fit goes on to a second card,
// both marked (1/2, 2/2), set at the same sizes as any other card; a
// table longer than a card repeats its header.
func TestSplit(t *testing.T) {
	var rows strings.Builder
	rows.WriteString("| Roll | Result |\n|:--|--:|\n")
	for i := 1; i <= 30; i++ {
		rows.WriteString("| row " + strings.Repeat("I", i%4+1) + " | 10% |\n")
	}
	tmpl := "# Short\n\nx\n\n<!-- back -->\n\ny\n\n# Long table\n\nIntro.\n\n" + rows.String() + "\n<!-- back -->\n\nOdds.\n"
	b, err := renderClub(t, tmpl, Options{})
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	sizes := map[float64]bool{}
	for _, tx := range texts {
		count[tx.S]++
		if tx.Page == 1 && tx.Y > 20 {
			sizes[tx.Size] = true
		}
	}
	// Fronts and backs both carry the marks and the title.
	if count["1/2"] != 2 || count["2/2"] != 2 || count["Long table"] != 4 || count["Short"] != 2 {
		t.Errorf("marks 1/2 ×%d, 2/2 ×%d, titles ×%d and ×%d; want 2, 2, 4, 2", count["1/2"], count["2/2"], count["Long table"], count["Short"])
	}
	if count["Roll"] != 2 {
		t.Errorf("the table's header is printed %d times; want it repeated on the second card (2)", count["Roll"])
	}
	for s := range sizes {
		if s < cards.FootPt || s > titlePt {
			t.Errorf("a card printed at %g pt: cards are never set smaller or larger than their sizes", s)
		}
	}
}

// TestOneSize: a deck that asks for one size sets every side at it — the
// larger only where every side fits it — while a deck that does not
// sets a side that says little a size larger.
func TestOneSize(t *testing.T) {
	long := strings.Repeat("A rule that runs on and on across the card. ", 20)
	deck := "# Little\n\nx\n\n<!-- back -->\n\ny\n\n# Much\n\n" + long + "\n\n<!-- back -->\n\nz\n"
	for _, tc := range []struct {
		name, md string
		want     map[float64]bool
	}{
		{"as each side fits", deck, map[float64]bool{bodySize: true, bodySize + sizeStep: true}},
		{"one size", "<!-- one size -->\n\n" + deck, map[float64]bool{bodySize: true}},
		{"one size, all fit larger", "<!-- One size -->\n\n# Little\n\nx\n\n<!-- back -->\n\ny\n", map[float64]bool{bodySize + sizeStep: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs, err := parse([]byte(tc.md), "cards")
			if err != nil {
				t.Fatal(err)
			}
			pcs, _, err := settle(layout.NewBlankDoc(layout.A4, "measure"), cs, [3]uint8{}, "cards")
			if err != nil {
				t.Fatal(err)
			}
			got := map[float64]bool{}
			for _, pc := range pcs {
				if pc.of != "" {
					t.Fatalf("card %q split (%s): the test wants each side on one card", pc.titleOf, pc.of)
				}
				got[pc.sizes[front]], got[pc.sizes[back]] = true, true
			}
			if !maps.Equal(got, tc.want) {
				t.Errorf("sides set at %v; want %v", slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(tc.want)))
			}
		})
	}
}

// TestBackOffsets: an offset that keeps the backs off the edge and the
// backs' note is taken; one too far is refused, saying how far backs may
// move; a number that is not one is refused.
func TestBackOffsets(t *testing.T) {
	d, _ := Lookup(loadCat(t), "buildings")
	cat := loadCat(t)
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{BackOffset: [2]float64{7.5, -6.5}}, ""},
		{Options{Backs: cards.ShortEdge, BackOffset: [2]float64{-7.5, 13.5}}, ""},
		{Options{BackOffset: [2]float64{7.6, 0}}, "--back-offset 7.6,0 would print backs within 6 mm of the paper's edge or over the sheet's note; on a4 paper backs may move 7.5 mm left, 7.5 mm right, 7.0 mm up and 13.5 mm down"},
		{Options{BackOffset: [2]float64{0, -7.1}}, "7.0 mm up"},
		{Options{BackOffset: [2]float64{0, math.NaN()}}, "--back-offset: Y is not a number"},
	} {
		_, err := d.Render(cat, tc.o)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v: %v", tc.o.BackOffset, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%v: %v; want %q", tc.o.BackOffset, err, tc.want)
		}
	}
}

// TestCardFootnotes: a card's side carries the lines of the footnotes it
// marks (a reading's), and no other side does; the deck's lines keep
// their numbers for its messages.
func TestCardFootnotes(t *testing.T) {
	md := "# A\n\nx[^R2]\n\n<!-- back -->\n\ny\n\n# B\n\nz\n\n<!-- back -->\n\nw[^R2][^R10]\n\n[^R2]: Ruling: two.\n[^R10]: Ruling: ten.\n"
	cs, err := parse([]byte(md), "cards")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		card, side int
		want       []string
	}{{0, front, []string{"[^R2]: Ruling: two."}}, {0, back, nil}, {1, front, nil}, {1, back, []string{"[^R2]: Ruling: two.", "[^R10]: Ruling: ten."}}} {
		s := string(cs[c.card].sides[c.side].md)
		if got := strings.Count(s, "]: Ruling:"); got != len(c.want) {
			t.Errorf("card %d side %d carries %d footnotes, want %d:\n%s", c.card+1, c.side, got, len(c.want), s)
		}
		for _, w := range c.want {
			if !strings.Contains(s, w) {
				t.Errorf("card %d side %d lacks %q:\n%s", c.card+1, c.side, w, s)
			}
		}
	}
	if cs[1].line != 9 {
		t.Errorf("card B stands on line %d, want 9", cs[1].line)
	}
}
