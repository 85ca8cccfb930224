package markdown

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/text"

	"github.com/playaid/playaid/layout"
)

// place is where a tagged piece of text was drawn: page and column.
type place struct{ page, col int }

// tagged returns where every text starting with a tag of the form
// prefix + two digits was drawn, by tag.
func tagged(rec *recorder, prefix string, paper layout.Paper) map[string][]place {
	out := map[string][]place{}
	for _, o := range rec.ops {
		if len(o.str) < len(prefix)+2 || !strings.HasPrefix(o.str, prefix) {
			continue
		}
		tag := o.str[:len(prefix)+2]
		col := 0
		if o.x > paper.Width/2 {
			col = 1
		}
		out[tag] = append(out[tag], place{o.page, col})
	}
	return out
}

// sheet is a two-column document of sections: a heading, filler text of
// varying length, a caption and a table of 4–13 rows, so tables and
// headings meet column and page ends at many heights.
func sheet(sections int) string {
	var b strings.Builder
	b.WriteString("# Keeping things together\n\n<!-- columns: 2 -->\n\n")
	for s := 1; s <= sections; s++ {
		fmt.Fprintf(&b, "## H%02d Section\n\n", s)
		b.WriteString(strings.Repeat("Filler words to wrap a paragraph over some lines. ", 1+(s*7)%9) + "\n\n")
		fmt.Fprintf(&b, "C%02d caption of the table:\n\n| Roll | Result |\n|:--|:--|\n", s)
		for r := 0; r < 4+(s*5)%10; r++ {
			fmt.Fprintf(&b, "| T%02d%d | result of row %d |\n", s, r, r)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func TestTablesKeptWholeAndIntroduced(t *testing.T) {
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for _, base := range []float64{7, 8, 9.5} {
			rec := record(t, sheet(24), Options{Paper: paper, BaseSize: base})
			if rec.pages < 3 {
				t.Fatalf("%s %g pt: %d pages; the test wants tables to meet page ends", paper.Name, base, rec.pages)
			}
			tables, captions := tagged(rec, "T", paper), tagged(rec, "C", paper)
			for s := 1; s <= 24; s++ {
				var at []place
				for tag, ps := range tables {
					if strings.HasPrefix(tag, fmt.Sprintf("T%02d", s)) {
						at = append(at, ps...)
					}
				}
				if len(at) == 0 {
					t.Fatalf("%s %g pt: table %d not drawn", paper.Name, base, s)
				}
				for _, p := range at[1:] {
					if p != at[0] {
						t.Errorf("%s %g pt: table %d is split: %v", paper.Name, base, s, at)
						break
					}
				}
				if c := captions[fmt.Sprintf("C%02d", s)]; len(c) != 1 || c[0] != at[0] {
					t.Errorf("%s %g pt: the caption of table %d is at %v, the table at %v", paper.Name, base, s, c, at[0])
				}
			}
		}
	}
}

// TestHeadingNeverEndsAColumn: the text after every heading is drawn in
// the heading's column.
func TestHeadingNeverEndsAColumn(t *testing.T) {
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		var b strings.Builder
		b.WriteString("<!-- columns: 2 -->\n\n")
		for s := 1; s <= 60; s++ {
			fmt.Fprintf(&b, "### H%02d heading\n\nP%02d %s\n\n", s, s, strings.Repeat("words in a paragraph ", 2+(s*5)%11))
		}
		rec := record(t, b.String(), Options{Paper: paper, BaseSize: 8})
		heads, paras := tagged(rec, "H", paper), tagged(rec, "P", paper)
		for s := 1; s <= 60; s++ {
			h, p := heads[fmt.Sprintf("H%02d", s)], paras[fmt.Sprintf("P%02d", s)]
			if len(h) != 1 || len(p) != 1 || h[0] != p[0] {
				t.Errorf("%s: heading %d at %v, its text starts at %v", paper.Name, s, h, p)
			}
		}
	}
}

// TestIntroductionKeepsWithList: a short paragraph ending in a colon
// moves with the list it introduces.
func TestIntroductionKeepsWithList(t *testing.T) {
	filler := strings.Repeat("A line of filler text.\n\n", 48)
	md := filler + "I01 roll and read:[^a]\n\n- L01 first item\n- second item\n\n[^a]: A note.\n"
	rec := record(t, md, Options{})
	i, l := tagged(rec, "I", layout.A4)["I01"], tagged(rec, "L", layout.A4)["L01"]
	if len(i) != 1 || len(l) != 1 || i[0] != l[0] {
		t.Errorf("the introduction is at %v, its list at %v", i, l)
	}
	if l[0].page != 2 {
		t.Errorf("the list is on page %d; the filler is meant to push it to page 2", l[0].page)
	}
}

func TestMeasure(t *testing.T) {
	docs := map[string]Options{sheet(24): {BaseSize: 8}, "# T\n\n" + longTable(130): {Columns: 2}, fourPages(): {BaseSize: 8.5}}
	for _, c := range cases {
		docs[c.md] = c.opt
	}
	for md, opt := range docs {
		opt.Decode = decodeTOML
		l, err := Measure([]byte(md), opt)
		if err != nil {
			t.Fatal(err)
		}
		pdf, err := Render([]byte(md), opt)
		if err != nil {
			t.Fatal(err)
		}
		if l.Pages != pdf.PageNo() {
			t.Errorf("%.30q: Measure counts %d pages, Render makes %d", md, l.Pages, pdf.PageNo())
		}
	}
	md := "A\n\n<!-- pagebreak -->\n\nB\n\n| x |\n|---|\n| y |\n"
	l, err := Measure([]byte(md), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for line, want := range map[int]int{1: 1, 2: 2, 3: 2, 5: 2, 7: 2, 9: 2, 10: 0} {
		if got := l.Page(line); got != want {
			t.Errorf("Page(%d) = %d; want %d", line, got, want)
		}
	}
	// Spot tells the columns apart: in two columns, after a column break,
	// the second block stands right of the first on the same page.
	two, err := Measure([]byte("A\n\n<!-- columnbreak -->\n\nB\n"), Options{Columns: 2})
	if err != nil {
		t.Fatal(err)
	}
	p1, x1 := two.Spot(1)
	p2, x2 := two.Spot(5)
	if p1 != 1 || p2 != 1 || x2 <= x1 {
		t.Errorf("Spot: A at page %d x %.1f, B at page %d x %.1f; want B right of A on page 1", p1, x1, p2, x2)
	}
	// One line of text leaves nearly all of page 1 empty.
	if e := l.Empty(1); e < 0.95 || e >= 1 {
		t.Errorf("Empty(1) = %.3f for a page with one line", e)
	}
	// A long table fills every page but the last.
	l, err = Measure([]byte(longTable(200)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for p := 1; p < l.Pages; p++ {
		if e := l.Empty(p); e > 0.05 {
			t.Errorf("page %d of a long table is %.0f%% empty", p, 100*e)
		}
	}
}

func BenchmarkMeasure4Pages(b *testing.B) {
	md := []byte(fourPages())
	opt := Options{Title: "Benchmark", Stamp: "abc1234", BaseSize: 8.5}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Measure(md, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// plainLayout lays md out without saving a nearly empty last page.
func plainLayout(t *testing.T, md string, opt Options) *flow {
	t.Helper()
	opt, err := opt.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	src := []byte(md)
	var nl []int
	for i, b := range src {
		if b == '\n' {
			nl = append(nl, i)
		}
	}
	r, err := walk(Parser().Parser().Parse(text.NewReader(src)), src, nl, opt, plan{}, newSets(nil))
	if err != nil {
		t.Fatal(err)
	}
	return r.fl
}

// TestSqueezeSavesALastPage: a document a few lines too long for its
// pages is set with tighter space between blocks after its last page
// break, the one-page section before the break untouched; one that needs
// its last page is left alone.
func TestSqueezeSavesALastPage(t *testing.T) {
	head := "# Page one\n\nP00 before the page break.\n\n<!-- pagebreak -->\n\n"
	paras := func(n int) string {
		var b strings.Builder
		b.WriteString(head)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "P%02d One line of text.\n\n", i)
		}
		return b.String()
	}
	n := 1
	for plainLayout(t, paras(n), Options{}).pages < 3 {
		n++
	}
	md := paras(n)
	got := record(t, md, Options{})
	if got.pages != 2 {
		t.Fatalf("%d paragraphs spill onto a third page by a line; squeezed, they take %d pages, want 2", n, got.pages)
	}
	plain := plainLayout(t, md, Options{})
	rec := &recorder{}
	plain.draw(rec, nil)
	first := func(rec *recorder, page int) []string {
		var out []string
		for _, o := range rec.ops {
			if o.page == page && o.str != "" && o.y > 8+headerH && o.y < layout.A4.Height-8-footerH {
				out = append(out, fmt.Sprintf("%.2f %s", o.y, o.str))
			}
		}
		return out
	}
	// Page 1, before the page break, is as it was.
	if a, b := strings.Join(first(got, 1), "\n"), strings.Join(first(rec, 1), "\n"); a != b {
		t.Errorf("page 1 changed:\n%s\nwant\n%s", a, b)
	}
	// A third page a third full is kept as it is.
	md = paras(n + 25)
	got = record(t, md, Options{})
	rec = &recorder{}
	plainLayout(t, md, Options{}).draw(rec, nil)
	if got.pages != 3 || strings.Join(first(got, 3), "\n") != strings.Join(first(rec, 3), "\n") {
		t.Error("a document with a well-filled last page was squeezed")
	}
}

// TestTableKeepsNamesWhole: in a table too wide for its column, the
// names stay on one line with their note marks, and the long text wraps.
func TestTableKeepsNamesWhole(t *testing.T) {
	md := `| Unit | Type | Speed | Def | Arm | Weapons | Special |
|:--|:--|--:|--:|--:|:--|:--|
| Infantry[^a][^b] | Infantry | 6″ | 5 | 4 | Rifles | Stealth |
| Machine Gunners[^a] | Infantry | 6″ | 5 | 4 | Machine Gun | Stealth |
| Rough Riders[^a][^c] | Infantry | 10″ | 7 | 4 | – | Rough Rider, Tow Cable |
| Assault Tripod[^a][^d] | Tripod | 8″ | 9 | 10 | Heat Ray – Focused, Heat Ray – Sweep, Gripper Claw and Tentacles | Massive |

[^a]: A.
[^b]: B.
[^c]: C.
[^d]: D.
`
	for _, base := range []float64{7, 7.5, 8} {
		rec := record(t, md, Options{Columns: 2, BaseSize: base})
		for _, name := range []string{"Infantry", "Machine Gunners", "Rough Riders", "Assault Tripod"} {
			var at *op
			for i, o := range rec.ops {
				if o.str == name {
					at = &rec.ops[i]
					break
				}
			}
			if at == nil {
				t.Errorf("%g pt: %q is not drawn on one line", base, name)
				continue
			}
			// Its marks follow on the same line.
			found := false
			for _, o := range rec.ops {
				if o.face.size < base && math.Abs(o.y-at.y) < 2 && math.Abs(o.x-at.x1) < 0.01 {
					found = true
				}
			}
			if !found {
				t.Errorf("%g pt: the note marks of %q are not on its line", base, name)
			}
		}
	}
}

// TestPagesFilled: with tables kept whole and headings kept with their
// text, no page but the last of a two-column sheet of sections leaves
// more than a quarter of its text area empty.
func TestPagesFilled(t *testing.T) {
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for _, base := range []float64{7, 7.5, 8, 9} {
			l, err := Measure([]byte(sheet(24)), Options{Paper: paper, BaseSize: base})
			if err != nil {
				t.Fatal(err)
			}
			for p := 1; p < l.Pages; p++ {
				if e := l.Empty(p); e > 0.25 {
					t.Errorf("%s %g pt: page %d of %d is %.0f%% empty", paper.Name, base, p, l.Pages, 100*e)
				}
			}
		}
	}
}

// TestMeasurePrefix: a document measured up to a page break and a heading
// puts that heading on the page the whole document does, even when the
// whole document's end is tightened to save its last page.
func TestMeasurePrefix(t *testing.T) {
	for k, n := 4, 1; k <= 14; k, n = k+1, n+7 {
		head := sheet(k) + "\n<!-- pagebreak -->\n\n## Table map\n"
		var tail strings.Builder
		for i := 0; i < n; i++ {
			fmt.Fprintf(&tail, "T%02d One line of text.\n\n", i)
		}
		md := head + "\n<!-- pagebreak -->\n\n" + tail.String()
		whole, err := Measure([]byte(md), Options{})
		if err != nil {
			t.Fatal(err)
		}
		pre, err := Measure([]byte(head), Options{})
		if err != nil {
			t.Fatal(err)
		}
		line := strings.Count(head, "\n") // the heading's line
		if got := whole.Page(line); got != pre.Pages {
			t.Errorf("%d sections, %d lines after the map: the heading is on page %d of the whole, page %d of the part before", k, n, got, pre.Pages)
		}
	}
}

// TestSqueezeEachSection: a section a few lines too long for its pages is
// tightened to save its last page even when a page break and more follow
// (a briefing's text before its table map), and the part after the break
// starts a page earlier; a section that needs its last page is left alone.
func TestSqueezeEachSection(t *testing.T) {
	text := func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "P%02d One line of text.\n\n", i)
		}
		return b.String()
	}
	n := 1
	for plainLayout(t, text(n), Options{}).pages < 2 {
		n++
	}
	tail := "<!-- pagebreak -->\n\n## After the break\n\nT01 One line.\n"
	got := record(t, text(n)+tail, Options{})
	if got.pages != 2 {
		t.Errorf("%d lines spill onto a second page by one, then a page break: %d pages, want 2 (the text squeezed onto one)", n, got.pages)
	}
	on := func(rec *recorder, s string) int {
		for _, o := range rec.ops {
			if o.str == s {
				return o.page
			}
		}
		return 0
	}
	if p := on(got, "After the break"); p != 2 {
		t.Errorf("the heading after the break is on page %d, want 2", p)
	}
	// The part up to the break lays out as the whole does.
	pre, err := Measure([]byte(text(n)+"<!-- pagebreak -->\n\n## After the break\n"), Options{})
	if err != nil || pre.Pages != 2 {
		t.Errorf("measured up to the heading: %d pages (%v), want 2", pre.Pages, err)
	}
	// A second page a third full stays.
	got = record(t, text(n+25)+tail, Options{})
	if got.pages != 3 {
		t.Errorf("a section with a well-filled last page: %d pages, want 3", got.pages)
	}
}

// squeezedLayout lays md out as Measure does but for keeping short
// sections whole: saving a nearly empty last page by tighter space.
func squeezedLayout(t *testing.T, md string) *flow {
	t.Helper()
	opt, err := Options{}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	src := []byte(md)
	doc, nl, err := parse(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	set := newSets(nil)
	lw := func(pl plan) (*walker, error) { return walk(doc, src, nl, opt, pl, set) }
	r, err := lw(plan{})
	if err != nil {
		t.Fatal(err)
	}
	r, _ = squeezeParts(r, plan{}, lw)
	return r.fl
}

// TestShortSectionKeptWhole: a short section that a plain layout runs
// from one page onto the next is kept on one page, by tighter space on
// its page or by starting the next, and the document takes no more
// pages. The filler before it is lengthened a paragraph at a time until
// the plain layout splits the section. On a page of two columns a
// section taller than half a column, that fits one, moves too: it is
// under half of the page's columns.
func TestShortSectionKeptWhole(t *testing.T) {
	const para = "Filler words to wrap a paragraph over some lines of the page. "
	for _, c := range []struct {
		name         string
		columns      string // the directive after the title, if any
		parts, after int    // paragraphs in the section, and after it
		tall         bool   // only sections over half a column
	}{
		{name: "one column", parts: 2, after: 14},
		{name: "two columns, a section over half a column", columns: "<!-- columns: 2 -->\n\n", parts: 18, after: 4, tall: true},
	} {
		doc := func(n int) string {
			var b strings.Builder
			b.WriteString("# Keeping a section whole\n\n" + c.columns)
			for i := range n {
				fmt.Fprintf(&b, "P%02d %s\n\n", i, strings.Repeat(para, 3))
			}
			b.WriteString("## Short section\n\n")
			for i := range c.parts {
				fmt.Fprintf(&b, "S%02d %s\n\n", i, strings.Repeat(para, 2))
			}
			b.WriteString("S99 the last words of the short section.\n\n## After\n\n")
			for i := range c.after {
				fmt.Fprintf(&b, "A%02d %s\n\n", i, strings.Repeat(para, 3))
			}
			return b.String()
		}
		line := func(md, prefix string) int { return lineOf(t, md, prefix) }
		found := 0
		for n := 20; n < 60 && found < 4; n++ {
			md := doc(n)
			f := squeezedLayout(t, md)
			i := slices.IndexFunc(f.splitSections(), func(s splitSection) bool { return s.line == line(md, "## Short") })
			if i < 0 {
				continue
			}
			// A tall section that would leave a hole where it starts
			// stays (leftFill); one a column's maxMoved would move
			// already is the one-column case.
			if s := f.splitSections()[i]; c.tall && (s.here+s.spill <= f.colHeight()*maxMoved || s.here > 0.4*f.colHeight()) {
				continue
			}
			found++
			l, err := Measure([]byte(md), Options{})
			if err != nil {
				t.Fatal(err)
			}
			if a, b := l.Page(line(md, "## Short")), l.Page(line(md, "S99")); a != b {
				t.Errorf("%s, %d paragraphs before it: the short section runs from page %d to page %d", c.name, n, a, b)
			}
			if l.Pages > f.pages {
				t.Errorf("%s, %d paragraphs before it: %d pages, %d without keeping the section whole", c.name, n, l.Pages, f.pages)
			}
		}
		if found == 0 {
			t.Fatalf("%s: no filler length splits the section: the test no longer tests", c.name)
		}
	}
}

// TestEntryKeptWhole: a list item set in parts, a hard break between
// them (a ruling under what it rules, where it prints under that), is
// kept in one column; the same items without the breaks run over the
// columns' feet like any paragraph.
func TestEntryKeptWhole(t *testing.T) {
	const words = "words of an entry to wrap it over some lines "
	doc := func(n int, brk string) string {
		var b strings.Builder
		b.WriteString("<!-- columns: 2 -->\n\n")
		for i := range n {
			fmt.Fprintf(&b, "- E%02d %s%sR%02d %s%sX%02d where it prints.\n", i, strings.Repeat(words, 3+i%4), brk, i, strings.Repeat(words, 2), brk, i)
		}
		return b.String()
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		split := 0
		for _, n := range []int{30, 37, 44} {
			rec := record(t, doc(n, "<br>"), Options{Paper: paper, BaseSize: 8})
			firsts, lasts := tagged(rec, "E", paper), tagged(rec, "X", paper)
			for i := range n {
				e, x := firsts[fmt.Sprintf("E%02d", i)], lasts[fmt.Sprintf("X%02d", i)]
				if len(e) != 1 || len(x) != 1 || e[0] != x[0] {
					t.Errorf("%s, %d entries: entry %d starts at %v and ends at %v", paper.Name, n, i, e, x)
				}
			}
			rec = record(t, doc(n, " "), Options{Paper: paper, BaseSize: 8})
			firsts = tagged(rec, "E", paper)
			for i := range n {
				// Without breaks X01 runs on in a line: find the line by
				// the words that start it, not by the tag.
				if e := firsts[fmt.Sprintf("E%02d", i)]; len(e) == 1 && !slices.ContainsFunc(rec.ops, func(o op) bool {
					return o.page == e[0].page && (o.x > paper.Width/2) == (e[0].col == 1) && strings.Contains(o.str, fmt.Sprintf("X%02d", i))
				}) {
					split++
				}
			}
		}
		if split == 0 {
			t.Errorf("%s: no item without breaks runs over a column's foot: the test no longer tests", paper.Name)
		}
	}
}

// TestKeepDirective: a paragraph after <!-- keep --> is never split
// across columns or pages, though without it the same paragraphs are.
func TestKeepDirective(t *testing.T) {
	doc := func(keep bool) string {
		var b strings.Builder
		b.WriteString("# Kept whole\n\n<!-- columns: 2 -->\n\n")
		for p := 10; p < 40; p++ {
			if keep {
				b.WriteString("<!-- keep -->\n")
			}
			b.WriteString(strings.Repeat(fmt.Sprintf("K%02d words ", p), 8+(p*5)%23) + "\n\n")
		}
		return b.String()
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		split := func(keep bool) []string {
			rec := record(t, doc(keep), Options{Paper: paper, BaseSize: 9})
			var out []string
			for tag, ps := range tagged(rec, "K", paper) {
				if slices.ContainsFunc(ps, func(p place) bool { return p != ps[0] }) {
					out = append(out, tag)
				}
			}
			return out
		}
		if s := split(true); len(s) > 0 {
			t.Errorf("%s: kept paragraphs split across columns or pages: %v", paper.Name, s)
		}
		if len(split(false)) == 0 {
			t.Errorf("%s: no paragraph splits without the directive: the test proves nothing", paper.Name)
		}
	}
}

// TestSplitDirective: a short section that would go over a page moves
// whole to the next one; with <!-- split --> between its two tables, it
// breaks there instead, each table whole.
func TestSplitDirective(t *testing.T) {
	const para = "Filler words to wrap a paragraph over some lines of the page. "
	table := func(tag string) string {
		var b strings.Builder
		b.WriteString("| What | Notes |\n|---|---|\n")
		for i := range 6 {
			fmt.Fprintf(&b, "| %s%d | a row of the table |\n", tag, i)
		}
		return b.String()
	}
	doc := func(n int, split bool) string {
		var b strings.Builder
		b.WriteString("# Breaking at a split\n\n")
		for i := range n {
			fmt.Fprintf(&b, "P%02d %s\n\n", i, strings.Repeat(para, 2))
		}
		b.WriteString("## Short section\n\n" + table("T") + "\n")
		if split {
			b.WriteString("<!-- split -->\n\n")
		}
		b.WriteString(table("U") + "\n## After\n\n" + strings.Repeat(para, 4) + "\n")
		return b.String()
	}
	line := func(md, prefix string) int { return lineOf(t, md, prefix) }
	found := 0
	for n := 10; n < 40; n++ {
		with, without := doc(n, true), doc(n, false)
		l, err := Measure([]byte(with), Options{})
		if err != nil {
			t.Fatal(err)
		}
		head, t0, u0, u5 := l.Page(line(with, "## Short")), l.Page(line(with, "| T0")), l.Page(line(with, "| U0")), l.Page(line(with, "| U5"))
		if l.Page(line(with, "| T5")) != t0 || u0 != u5 {
			t.Errorf("%d paragraphs before it: a table split across pages", n)
		}
		if u0 == head {
			continue // the section fits its page
		}
		found++
		if t0 != head || u0 != head+1 {
			t.Errorf("%d paragraphs before it, with a split: heading p. %d, first table p. %d, second p. %d; want the break between the tables", n, head, t0, u0)
		}
		m, err := Measure([]byte(without), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if a, b := m.Page(line(without, "## Short")), m.Page(line(without, "| U5")); a != b {
			t.Logf("%d paragraphs before it, without a split: the section runs from p. %d to p. %d", n, a, b)
		}
	}
	if found == 0 {
		t.Error("no section went over a page: the test proves nothing")
	}
}

// lineOf is the number of md's first line starting with prefix.
func lineOf(t *testing.T, md, prefix string) int {
	t.Helper()
	for i, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	t.Fatalf("no line %q", prefix)
	return 0
}
