package markdown

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"

	"github.com/playaid/playaid/layout"
)

// cardOf lays md out as a card's body of 57 × 70 mm and records each of
// its pages drawn at (10, 20).
func cardOf(t *testing.T, md string, o CardOptions) (*Layout, *recorder) {
	t.Helper()
	if o.W == 0 {
		o.W, o.H = 57, 70
	}
	if o.Size == 0 {
		o.Size = 7.5
	}
	o.File = "deck"
	l, err := MeasureCard([]byte(md), o)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	for p := 1; p <= l.Pages; p++ {
		rec.AddPage()
		l.drawPage(rec, p, 10, 20)
	}
	return l, rec
}

// TestCardBody: a card's body is laid out in its box, drawn where the
// card puts it, in the card's look: the body's size, tables half a point
// smaller, a header in the deck's colour with no fill, no header row
// where the header is blank, group rows across the table.
func TestCardBody(t *testing.T) {
	accent := [3]uint8{140, 36, 28}
	md := "## Weapons\n\nIntro text.\n\n| | |\n|:--|--:|\n| **Target** | |\n| In cover | −2 |\n| In the open | 0 |\n\n| Roll | Result |\n|:--|:--|\n| 1 | Miss |\n"
	l, rec := cardOf(t, md, CardOptions{Accent: accent})
	if l.Pages != 1 {
		t.Fatalf("%d pages; want 1", l.Pages)
	}
	deck := rgb{140, 36, 28}
	for _, o := range rec.ops {
		if o.x0 < 10-1e-6 || o.x1 > 10+57+1e-6 || o.y0 < 20-1e-6 || o.y1 > 20+70+1e-6 {
			t.Errorf("%s leaves the body's box", o.text)
		}
		if o.str == "" {
			continue
		}
		want := 7.5
		switch o.str {
		case "In cover", "−2", "In the open", "0", "Target", "Roll", "Result", "1", "Miss":
			want = 7
		}
		if o.face.size != want {
			t.Errorf("%q at %g pt; want %g", o.str, o.face.size, want)
		}
		switch o.str {
		case "Weapons", "Roll", "Result":
			if o.face.color != deck {
				t.Errorf("%q in %v; want the deck's colour", o.str, o.face.color)
			}
		case "Target":
			if o.face.style() != "B" || o.x1-o.x0 > 57 {
				t.Errorf("the group row %q: style %q", o.str, o.face.style())
			}
		}
	}
	text := rec.String()
	if strings.Contains(text, colHead.String()) {
		t.Error("a card's table header is filled; a card's has no fill")
	}
	// The blank header: the group row is the first row drawn.
	if i, j := strings.Index(text, `"Target"`), strings.Index(text, `"In cover"`); i < 0 || j < i {
		t.Errorf("the group row does not head its rows:\n%s", text)
	}
}

// TestCardPages: what does not fit on one card goes on to the next, the
// table's header repeated there; messages name the line of the deck's
// Markdown (Line).
func TestCardPages(t *testing.T) {
	var b strings.Builder
	b.WriteString("| Roll | Result |\n|:--|--:|\n")
	for i := range 30 {
		b.WriteString("| row " + strings.Repeat("x", i%5+1) + " | 10% |\n")
	}
	l, rec := cardOf(t, b.String(), CardOptions{})
	if l.Pages != 2 {
		t.Fatalf("%d pages; want 2", l.Pages)
	}
	if n := strings.Count(rec.String(), `"Roll"`); n != 2 {
		t.Errorf("the header is drawn %d times; want it on both cards", n)
	}
	// A paragraph is read on one card: one that would straddle two goes
	// on to the second whole.
	b.Reset()
	for range 15 {
		b.WriteString("Filler line.\n\n")
	}
	b.WriteString("First " + strings.Repeat("word ", 60) + "last.\n")
	_, rec = cardOf(t, b.String(), CardOptions{W: 57, H: 80}) // room for two of its lines under the filler
	pageOf := map[string]int{}
	for _, o := range rec.ops {
		for _, w := range []string{"First", "last."} {
			if strings.HasPrefix(o.str, w) || strings.HasSuffix(o.str, w) {
				pageOf[w] = o.page
			}
		}
	}
	if pageOf["First"] != 2 || pageOf["last."] != 2 {
		t.Errorf("the paragraph starts on card %d and ends on card %d; want it whole on card 2", pageOf["First"], pageOf["last."])
	}
	_, err := MeasureCard([]byte("Text.\n\n| A |\n|--|\n| "+strings.Repeat("tall<br>", 40)+" |\n"), CardOptions{W: 57, H: 70, Size: 7.5, File: "deck", Line: 100})
	if err == nil || !strings.Contains(err.Error(), "deck:104: a table row is") {
		t.Errorf("a row taller than a card: %v; want it at line 104 of the deck (100 + 4)", err)
	}
}

// TestTableFitted: a table whose longest words are wider than its column
// at its least type is fitted — narrower padding, then smaller type, never
// under minMark — and the layout says so at the table's line; a table
// that fits says nothing. On a sheet as on a card.
func TestTableFitted(t *testing.T) {
	wide := "Intro.\n\n| Breakable | Unbreakable | Indefatigable | Quarrelling |\n|--|--|--|--|\n| a | b | c | d |\n"
	l, rec := cardOf(t, wide, CardOptions{})
	fitted := l.Fitted()
	if len(fitted) != 1 || fitted[0].Line != 3 || !fitted[0].Warning || !strings.Contains(fitted[0].Msg, "narrowed to 0.35 mm, its type set at 6.75 pt, under the 7 pt of the rest") {
		t.Errorf("fitted: %v", fitted)
	}
	for _, o := range rec.ops {
		if o.str != "" && o.face.size < minMark {
			t.Errorf("%q at %g pt, under %g", o.str, o.face.size, minMark)
		}
		if o.str == "Unbreakabl" {
			t.Error("a word is cut where smaller type fits it")
		}
	}
	if l, _ := cardOf(t, "| A | B |\n|--|--|\n| a | b |\n", CardOptions{}); len(l.Fitted()) > 0 {
		t.Errorf("a table that fits is fitted: %v", l.Fitted())
	}
	// A sheet's column, as narrow, fits the same way.
	sheet, err := Measure([]byte(wide), Options{Paper: layout.Paper{Name: "narrow", Width: 16 + 57, Height: 200}, Margin: layout.SafeMargin + 2})
	if err != nil {
		t.Fatal(err)
	}
	if f := sheet.Fitted(); len(f) != 1 || f[0].Line != 3 {
		t.Errorf("a sheet's table too wide: %v", f)
	}
}

// TestLevel: where even the longest words do not fit, the widest columns
// give way to one width and the narrow keep theirs.
func TestLevel(t *testing.T) {
	for _, c := range []struct {
		w     []float64
		width float64
		want  []float64
	}{
		{[]float64{10, 30, 20}, 50, []float64{10, 20, 20}},
		{[]float64{10, 30, 20}, 40, []float64{10, 15, 15}},
		{[]float64{10, 30, 20}, 27, []float64{9, 9, 9}},
		{[]float64{10, 30, 20}, 60, []float64{10, 30, 20}},
	} {
		w := slices.Clone(c.w)
		level(w, c.width)
		for j := range w {
			if math.Abs(w[j]-c.want[j]) > 1e-9 {
				t.Errorf("level(%v, %g) = %v; want %v", c.w, c.width, w, c.want)
				break
			}
		}
	}
}

// TestCutWord: a word wider than its line, the last resort, is cut into
// pieces that fit, a piece that ends between two letters with a hyphen,
// one that ends in a number without (a hyphen there reads as a minus).
func TestCutWord(t *testing.T) {
	for _, c := range []struct{ word, hyphen string }{{"Indefatigability", "-"}, {"1234567890123", ""}} {
		var in inlines
		in.text(nil, c.word, style{size: 7, color: colText})
		width := in[0].w / 3
		pieces := cutWord(in, width)
		var whole strings.Builder
		for k, p := range pieces {
			w := 0.0
			for _, tk := range p {
				w += tk.w
				whole.WriteString(strings.TrimSuffix(tk.s, "-"))
			}
			if w > width+1e-9 {
				t.Errorf("%q: piece %d is %.2f mm wide; the line %.2f", c.word, k, w, width)
			}
			last := p[len(p)-1].s
			if k < len(pieces)-1 && strings.HasSuffix(last, "-") != (c.hyphen != "") {
				t.Errorf("%q: piece %q; want a hyphen %v", c.word, last, c.hyphen != "")
			}
		}
		if len(pieces) < 3 || whole.String() != c.word {
			t.Errorf("%q cut into %d pieces making %q", c.word, len(pieces), whole.String())
		}
	}
}

// TestDeckSides: a side taken out of its deck's tree (Deck.Side) is set
// and drawn as its own lines parsed alone are, with the definitions of
// the footnotes it marks after them, at the deck's lines, where the deck
// defines no link reference; where it does, Side leaves the side to be
// parsed alone (its links would resolve against the deck's).
func TestDeckSides(t *testing.T) {
	deck := "# One\n\nSome *words* and `code`,  \na hard break.\n\n## Head\n\n- [ ] a tick\n- two\n\n<!-- back -->\n\n" +
		"| A | B |\n|--|--|\n| **x** | y<br>z |\n| [^R1] | [w] |\n\n# Two\n\nSetext\n------\n\n> quoted\n\n1. first\n2. second\n\n" +
		"<!-- back -->\n\nLast ~~words~~ &amp; more.\n\n\n"
	o := CardOptions{W: 57, H: 70, Size: 7.5, Grow: 8.5, File: "deck"}
	draw := func(l *Layout) string {
		rec := &recorder{}
		for p := 1; p <= l.Pages; p++ {
			rec.AddPage()
			l.drawPage(rec, p, 10, 20)
		}
		return rec.String()
	}
	for _, refs := range []string{"", "[w]: https://example.org\n", "[^R1]: Ruling.\n"} {
		md := []byte(deck + refs)
		d, err := ParseDeck(md, "deck")
		if err != nil {
			t.Fatal(err)
		}
		// The sides: the top-level blocks between a level-1 heading or a
		// back comment and the next, and the bytes of their lines.
		type side struct {
			blocks      []ast.Node
			first, last int
		}
		var sides []side
		lineStart := func(n ast.Node) int { return bytes.LastIndexByte(md[:firstOffset(n)], '\n') + 1 }
		for n := d.Doc.FirstChild(); n != nil; n = n.NextSibling() {
			if h, ok := n.(*ast.Heading); ok && h.Level == 1 || n.Kind() == ast.KindHTMLBlock {
				if len(sides) > 0 {
					sides[len(sides)-1].last = lineStart(n)
				}
				sides = append(sides, side{last: len(deck)})
				continue
			}
			s := &sides[len(sides)-1]
			if len(s.blocks) == 0 {
				s.first = lineStart(n)
			}
			s.blocks = append(s.blocks, n)
		}
		if len(sides) != 4 {
			t.Fatalf("%d sides; want 4", len(sides))
		}
		// The sides set into the deck's chunks one after another, and a
		// deck's layouts are drawn once all are made: each must still
		// draw as it did when made.
		var kept []*Layout
		var drawn []string
		for i, s := range sides {
			own := md[s.first:s.last]
			if strings.HasPrefix(refs, "[^R1]") && bytes.Contains(own, []byte("[^R1]")) {
				own = append(append(slices.Clone(own), "\n\n"...), refs...) // as refcards' withDefs
			}
			line := bytes.Count(md[:s.first], []byte("\n")) + 1
			alone, err := MeasureCard(own, CardOptions{W: o.W, H: o.H, Size: o.Size, Grow: o.Grow, File: o.File, Line: line})
			if err != nil {
				t.Fatal(err)
			}
			part := d.Side(s.blocks)
			if strings.HasPrefix(refs, "[w]") {
				if part != nil {
					t.Errorf("side %d: taken from a deck that defines link references", i+1)
				}
				continue
			}
			l, err := part.Measure(o)
			if err != nil {
				t.Fatal(err)
			}
			got, want := draw(l), draw(alone)
			if got != want {
				t.Errorf("side %d drawn from the deck:\n%s\nparsed alone:\n%s", i+1, got, want)
			}
			kept, drawn = append(kept, l), append(drawn, got)
			if got, want := landedBoxes(l), landedBoxes(alone); !slices.Equal(got, want) {
				t.Errorf("side %d from the deck: boxes at %v; alone %v", i+1, got, want)
			}
			if l.Size() != alone.Size() || l.Pages != alone.Pages {
				t.Errorf("side %d from the deck: %g pt, %d pages; alone %g pt, %d pages", i+1, l.Size(), l.Pages, alone.Size(), alone.Pages)
			}
		}
		for i, l := range kept {
			if got := draw(l); got != drawn[i] {
				t.Errorf("side %d drawn after the deck's last side was made:\n%s\nwhen made:\n%s", i+1, got, drawn[i])
			}
		}
	}
}

// landedBoxes are the page, Markdown line and column of each box l
// places from a line (Layout.Spot's boxes), in order.
func landedBoxes(l *Layout) [][3]float64 {
	var out [][3]float64
	for i, ps := range l.r.fl.done {
		for _, p := range ps {
			if p.b.line > 0 && !p.b.space && !p.repeat {
				out = append(out, [3]float64{float64(i + 1), float64(p.b.line), p.x})
			}
		}
	}
	return out
}
