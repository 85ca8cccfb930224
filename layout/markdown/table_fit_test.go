package markdown

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// cellOf is a cell of words of the widths, a space of 1 between them.
func cellOf(widths ...float64) inlines {
	var c inlines
	gap := &tokSpec{kind: tGlue, w: 1}
	for i, w := range widths {
		sp := &tokSpec{kind: tWord}
		if i < len(widths)-1 {
			sp.gap = gap
		}
		c = append(c, tok{spec: sp, w: w})
	}
	return c
}

// TestTwoFirst: a header stacked over three lines is given the width for
// two before any column gets its whole name; one already on two lines, or
// wanting more than is spare, is left as it is.
func TestTwoFirst(t *testing.T) {
	on := cellOf(2, 3, 4) // "On the spot": 4 wide a word a line, 6 for "On the" / "spot"
	if n := lineCount(on, 1, 4); n != 3 {
		t.Fatalf("lineCount at 4 = %d, want 3", n)
	}
	if w := twoLines(on, 1); w != 6 {
		t.Fatalf("twoLines = %g, want 6", w)
	}
	if n := lineCount(on, 1, 6); n != 2 {
		t.Fatalf("lineCount at twoLines = %d, want 2", n)
	}
	rows := []tableRow{{header: true, cells: []inlines{cellOf(7, 2), on}}}
	w := []float64{7, 4}
	if left := twoFirst(rows, w, 1, 3); w[0] != 7 || w[1] != 6 || left != 1 {
		t.Errorf("twoFirst: widths %v, %g left; want [7 6], 1 left", w, left)
	}
	w = []float64{7, 4}
	if left := twoFirst(rows, w, 1, 1); w[1] != 4 || left != 1 {
		t.Errorf("twoFirst with too little spare: widths %v, %g left; want [7 4], 1 left", w, left)
	}
}

// textRow is a table row of cells of text at size pt, as the walker
// sets them (a header's bold).
func textRow(header bool, size float64, cells ...string) tableRow {
	r := tableRow{header: header}
	for _, c := range cells {
		var in inlines
		in.text(nil, c, style{size: size, color: colText, bold: header})
		r.cells = append(r.cells, in)
	}
	return r
}

// cover is a game night's first table at 9 pt: short page spans and
// copies, and three columns of prose.
func cover() []tableRow {
	return []tableRow{
		textRow(true, 9, "Pages", "What", "Copies", "For", "To cut"),
		textRow(false, 9, "2–5", "Briefing: Scenario 1: The Boys of Company C", "2", "one for each side; the last page is the secret deployment sheet, for Boys of Company C alone", "–"),
		textRow(false, 9, "6–7", "Roster and unit cards: Boys of Company C", "1", "for the player of the side", "4 unit cards"),
		textRow(false, 9, "8", "Roster and unit cards: Martians: The Martians at the Farm", "1", "for the player of the side", "2 unit cards"),
		textRow(false, 9, "9–10", "Quick reference: All Quiet on the Martian Front", "2", "one for each player", "–"),
		textRow(false, 9, "11–12", "Markers, templates and range sticks: All Quiet on the Martian Front", "1", "for the table", "24 markers, 1 template and 3 range–stick pieces"),
	}
}

// TestTableScaleWrapsProse: a table whose widest column is prose keeps
// its size and wraps the prose rather than shrink more than a half
// point; a table of short cells, one led by a name, one whose prose
// would be narrower than a readable measure, or one told not to wrap
// (the document's fallback) shrinks as before.
func TestTableScaleWrapsProse(t *testing.T) {
	natAt := func(rows []tableRow, k float64) (s float64) {
		for j := range rows[0].cells {
			w := 0.0
			for _, r := range rows {
				n, _, _ := widthsAt(r.cells[j], k)
				w = max(w, n)
			}
			s += w
		}
		return s
	}
	pads := func(n int) float64 { return float64(n) * 2 * cellPadX }
	var numbers []string
	for range 14 {
		numbers = append(numbers, "12″")
	}
	short := []tableRow{textRow(false, 9, numbers...)}
	halfPoint := []tableRow{
		textRow(true, 9, "d10", "Result"),
		textRow(false, 9, "1–5", "No show: the unit does not arrive this turn; test again next turn"),
	}
	named := []tableRow{
		textRow(true, 9, "Unit", "Note"),
		textRow(false, 9, "Mmmmmmmmmmmm Wwwwwwwwwwwww Mmmmmmmmmmmmm Wwwwwwwwwww", "a b c d e"),
	}
	for _, c := range []struct {
		name     string
		rows     []tableRow
		avail    float64
		wrap     bool
		size     float64 // 0: under 9
		wrapped  bool
		shortCol []int // columns whose body cells stay on one line
	}{
		{"game night's first table", cover(), 186, true, 9, true, []int{0, 2}},
		{"the same, told to shrink", cover(), 186, false, 7.5, false, nil},
		{"short cells", short, natAt(short, 1)*0.9 + pads(14), true, 0, false, nil},
		{"prose a half point too wide", halfPoint, natAt(halfPoint, 8.5/9) + pads(2) + 0.01, true, 8.5, false, nil},
		{"led by a name", named, natAt(named, 1)*0.8 + pads(2), true, 0, false, nil},
		{"prose under a readable measure", cover(), 120, true, 7.5, false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := tableScale(c.rows, len(c.rows[0].cells), 9, c.avail, &sheetLook.table, nil, c.wrap)
			size := f.k * 9
			if c.size > 0 && math.Abs(size-c.size) > 1e-9 || c.size == 0 && size >= 9-1e-9 {
				t.Errorf("set at %g pt; want %g (0: smaller than 9)", size, c.size)
			}
			if f.wrapped != c.wrapped {
				t.Errorf("wrapped %v; want %v", f.wrapped, c.wrapped)
			}
			if got := sum(f.w) + pads(len(f.w)); math.Abs(got-c.avail) > 1e-6 && c.avail < natAt(c.rows, f.k)+pads(len(f.w)) {
				t.Errorf("columns fill %.2f mm of %.2f", got, c.avail)
			}
			if !c.wrapped {
				return
			}
			for _, j := range c.shortCol {
				for _, r := range c.rows {
					if n := lineCount(r.cells[j], f.k, f.w[j]); n != 1 {
						t.Errorf("column %d's %v takes %d lines at %.1f mm; want 1", j, r.cells[j], n, f.w[j])
					}
				}
			}
			for j, h := range c.rows[0].cells {
				if n := lineCount(h, f.k, f.w[j]); n > 2 {
					t.Errorf("header %d takes %d lines; want 2 at most", j, n)
				}
				if !slices.Contains(c.shortCol, j) && f.w[j] < proseMeasure*size*ptMM-1e-9 {
					t.Errorf("column %d of prose is %.1f mm; want %.1f at least", j, f.w[j], proseMeasure*size*ptMM)
				}
			}
		})
	}
}

// TestProseWidthsSavesLines: the spare width of a wrapped table goes
// where it saves lines: no row of the game night's table takes more than
// three, and no name in its What column is left with one word on a line
// of its own ("Company / C").
func TestProseWidthsSavesLines(t *testing.T) {
	rows := cover()
	f := tableScale(rows, 5, 9, 186, &sheetLook.table, nil, true)
	if !f.wrapped {
		t.Fatal("the table is not wrapped")
	}
	total := 0
	for i, r := range rows {
		h := 0
		for j, c := range r.cells {
			h = max(h, lineCount(c, f.k, f.w[j]))
		}
		if h > 3 {
			t.Errorf("row %d takes %d lines; want 3 at most", i, h)
		}
		total += h
		if n := lineCount(r.cells[1], f.k, f.w[1]); n > 2 {
			t.Errorf("row %d's What takes %d lines at %.1f mm; want 2 at most", i, n, f.w[1])
		}
	}
	// Shared by what each column wants on one line instead, the table
	// takes more lines.
	prop := slices.Clone(f.w)
	nat := make([]float64, 5)
	for j := range nat {
		for _, r := range rows {
			n, _, _ := widthsAt(r.cells[j], f.k)
			nat[j] = max(nat[j], n)
		}
	}
	inner := sum(f.w)
	for j := range prop {
		prop[j] = nat[j] * inner / sum(nat)
	}
	propTotal := 0
	for _, r := range rows {
		h := 0
		for j, c := range r.cells {
			h = max(h, lineCount(c, f.k, prop[j]))
		}
		propTotal += h
	}
	if total > propTotal {
		t.Errorf("the table takes %d lines; shared by natural widths, %d", total, propTotal)
	}
}

// TestLineCountHardBreak: a hard break in a cell starts a line, as the
// cell is set.
func TestLineCountHardBreak(t *testing.T) {
	c := append(cellOf(2), tok{spec: &tokSpec{kind: tBreak}})
	c = append(c, cellOf(2, 2)...)
	for _, tc := range []struct {
		w    float64
		want int
	}{{100, 2}, {5, 2}, {4, 3}} {
		if n := lineCount(c, 1, tc.w); n != tc.want {
			t.Errorf("lineCount at %g = %d; want %d", tc.w, n, tc.want)
		}
	}
}

// TestWrapMovesNothing: a document keeps a table's prose wrapped at its
// size only where that moves no heading to another page; where it
// would, its tables shrink as they did. The filler before the table is
// lengthened a line at a time until wrapping would move the
// heading after it.
func TestWrapMovesNothing(t *testing.T) {
	opt, err := Options{Title: "Wrap", BaseSize: 9}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	table := "| Pages | What | Copies | For | To cut |\n|---|---|---|---|---|\n" + strings.Repeat(
		"| 2–5 | Briefing: Scenario 1: The Boys of Company C | 2 | one for each side; the last page is the secret deployment sheet, for Boys of Company C alone | – |\n"+
			"| 11–12 | Markers, templates and range sticks: All Quiet on the Martian Front | 1 | for the table | 24 markers, 1 template and 3 range–stick pieces |\n", 3)
	para := "A line of filler.\n\n"
	kept, moved := false, false
	for n := 0; n < 80 && !moved; n++ {
		src := []byte("# Wrap\n\n" + strings.Repeat(para, n) + table + "\n## After\n\n" + strings.Repeat(para, 40))
		doc, nl, err := parse(src, opt)
		if err != nil {
			t.Fatal(err)
		}
		wrapped, err := layPlanned(doc, src, nl, opt, plan{}, newSets(nil))
		if err != nil {
			t.Fatal(err)
		}
		shrunk, err := layPlanned(doc, src, nl, opt, plan{shrink: true}, newSets(nil))
		if err != nil {
			t.Fatal(err)
		}
		if !wrapped.wrapped || shrunk.wrapped {
			t.Fatalf("%d lines: wrapped %v, shrunk %v; want the table wrapped, then shrunk", n, wrapped.wrapped, shrunk.wrapped)
		}
		got, err := layParsed(doc, src, nl, opt, newSets(nil))
		if err != nil {
			t.Fatal(err)
		}
		headings := !slices.Equal(wrapped.fl.headingPages(), shrunk.fl.headingPages())
		if got.wrapped == costs(wrapped, shrunk, opt) || headings && got.wrapped {
			t.Errorf("%d lines: headings on pages %v wrapped, %v shrunk; the layout kept the wrap: %v", n, wrapped.fl.headingPages(), shrunk.fl.headingPages(), got.wrapped)
		}
		kept = kept || got.wrapped
		moved = moved || headings
	}
	if !kept {
		t.Error("no filler kept the table wrapped")
	}
	if !moved {
		t.Error("no filler made the wrapped table move the heading after it")
	}
}
