package markdown

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/playaid/playaid/layout"
)

// TestMetricsMatchFpdf compares our widths with fpdf's for every glyph of
// every face: line breaking and alignment depend on them.
func TestMetricsMatchFpdf(t *testing.T) {
	pdf := layout.NewBlankDoc(layout.A4, "metrics")
	for _, ff := range layout.FontFaces() {
		f := struct{ family, style string }{ff[0], ff[1]}
		layout.SetFont(pdf, f.family, f.style, 10)
		m := faceMetrics(f.family, f.style)
		n := 0
		for r := rune(1); r < 0xFFFF; r++ {
			if w := m.f.Width(r); w == 0 || w == 65535 {
				continue
			}
			n++
			if got, want := m.f.Width(r), pdf.GetStringSymbolWidth(string(r)); got != want {
				t.Errorf("%s/%s %U: width %d, fpdf says %d", f.family, f.style, r, got, want)
			}
		}
		if n < 500 {
			t.Errorf("%s/%s: only %d glyphs found", f.family, f.style, n)
		}
	}
}

func TestFallbacks(t *testing.T) {
	m := faceMetrics(layout.Font, "")
	for in, want := range map[string]string{
		"3″–30+″ …":   "3″–30+″ …",
		"✓ done ✗":    "√ done ×",
		"⅓ of ⅔":      "1/3 of 2/3",
		"CJK \u4e00!": "CJK \uFFFD!",
	} {
		if got := fallback(in, m); got != want {
			t.Errorf("fallback(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTableScale(t *testing.T) {
	cell := func(s string) inlines {
		var in inlines
		in.text(nil, s, style{size: 9, color: colText})
		return in
	}
	row := func(cells ...string) tableRow {
		r := tableRow{}
		for _, c := range cells {
			r.cells = append(r.cells, cell(c))
		}
		return r
	}
	short := []tableRow{row("Rifle", "12″", "1")}
	nat, _, _ := widths(cell("Rifle"))
	natSum := 0.0
	for _, c := range short[0].cells {
		n, _, _ := widths(c)
		natSum += n
	}
	scaleOf := func(rows []tableRow, ncol int, base, avail float64) (float64, []float64) {
		f := tableScale(rows, ncol, base, avail, &sheetLook.table, nil, true)
		return f.k, f.w
	}
	k, w := scaleOf(short, 3, 9, 90)
	if k != 1 {
		t.Errorf("a narrow table is scaled by %g; want 1", k)
	}
	// A narrow table takes the column's measure too: tables stacked on a
	// page share one width.
	if sum := w[0] + w[1] + w[2] + 6*cellPadX; sum < 89.99 || sum > 90.01 {
		t.Errorf("a narrow table's columns fill %.2f mm of 90; want the whole measure", sum)
	}
	if w[0] < nat {
		t.Errorf("first column %.1f mm is narrower than its text %.1f mm", w[0], nat)
	}
	// A wider one fills the width exactly.
	mid := []tableRow{row(strings.Repeat("a ", 20), strings.Repeat("b ", 20))}
	_, w = scaleOf(mid, 2, 9, 90)
	if sum := w[0] + w[1] + 4*cellPadX; sum < 89.99 || sum > 90.01 {
		t.Errorf("columns fill %.2f mm of 90", sum)
	}

	// A table of short cells a little too wide shrinks its font instead
	// of wrapping.
	var longRow []string
	for range 14 {
		longRow = append(longRow, "12″")
	}
	natLong := 0.0
	for range 14 {
		n, _, _ := widths(cell("12″"))
		natLong += n
	}
	avail := natLong*0.9 + 28*cellPadX
	k, w = scaleOf([]tableRow{row(longRow...)}, 14, 9, avail)
	if k >= 1 || k < tableFloor(9)/9 {
		t.Errorf("scale %g; want a little below 1, not below the floor", k)
	}
	if natLong*k > sum(w)+1e-9 {
		t.Errorf("after shrinking the cells still need %.1f mm of %.1f", natLong*k, sum(w))
	}

	// Far too wide: floor size, and the wide column gets the most.
	k, w = scaleOf([]tableRow{row("a", strings.Repeat("longish ", 60))}, 2, 9, 40)
	if k != tableFloor(9)/9 {
		t.Errorf("scale %g; want the floor %g", k, tableFloor(9)/9)
	}
	if w[1] < 3*w[0] {
		t.Errorf("widths %v: the long column should get most of the room", w)
	}
}

func TestBreakLines(t *testing.T) {
	var in inlines
	st := style{size: 10, color: colText}
	in.text(nil, "alpha beta gamma delta", st)
	f := st.face()
	w := max(f.width("alpha beta"), f.width("gamma delta")) + 0.01
	lines := breakLines(in, w, 10)
	var got []string
	for _, l := range lines {
		text := plainLines([]line{l})
		got = append(got, text)
		if l.w > w+1e-9 {
			t.Errorf("line %q is %.2f mm wide, over %.2f", text, l.w, w)
		}
	}
	if strings.Join(got, "|") != "alpha beta|gamma delta" {
		t.Errorf("lines %q", got)
	}
	// A word longer than the line is cut, never overflowing.
	in = nil
	in.text(nil, strings.Repeat("x", 60), st)
	for _, l := range breakLines(in, 20, 10) {
		if l.w > 20+1e-9 {
			t.Errorf("cut piece is %.2f mm wide, over 20", l.w)
		}
	}
}

// TestBreakLinesRuns: lines that are runs of the tokens (not copies) set
// exactly as copying each token onto its line does — the same tokens,
// widths and sizes — for mixed faces, footnote rises, hard breaks and
// words cut in pieces; and the tokens are never changed.
func TestBreakLinesRuns(t *testing.T) {
	body, bold := style{size: 9, color: colText}, style{size: 11, bold: true, color: colText}
	sup := style{size: 6, rise: -1, color: colText}
	var in inlines
	for i := range 40 {
		switch i % 7 {
		case 0:
			in.text(nil, "Tripod "+strings.Repeat("x", 12*(i%3)), bold)
		case 1:
			in.text(nil, "4", sup)
			in.glue(nil, body)
		case 2:
			in.hardBreak()
			in.glue(nil, body)
		default:
			in.text(nil, "the heat ray fires at 12″ ", body)
		}
	}
	saved := slices.Clone(in)
	for _, width := range []float64{8, 15, 30, 60, 200} {
		got, want := breakLines(in, width, 9), breakLinesCopying(in, width, 9)
		if len(got) != len(want) {
			t.Fatalf("width %g: %d lines, want %d", width, len(got), len(want))
		}
		for i := range got {
			if !slices.Equal(got[i].toks, want[i].toks) || got[i].w != want[i].w || got[i].size != want[i].size {
				t.Errorf("width %g, line %d: %+v, want %+v", width, i, got[i], want[i])
			}
		}
	}
	if !slices.Equal(in, saved) {
		t.Error("breakLines changed its tokens")
	}
}

// breakLinesCopying is breakLines done the plain way, copying every token
// onto its line: the reference for TestBreakLinesRuns.
func breakLinesCopying(toks []tok, width, size float64) []line {
	var lines []line
	cur := line{size: size}
	var glue *tokSpec
	add := func(ts ...tok) {
		cur.toks = append(cur.toks, ts...)
		cur.measure(ts)
	}
	push := func() {
		lines = append(lines, cur)
		cur = line{size: size}
		glue = nil
	}
	for i := 0; i < len(toks); {
		if toks[i].spec.kind == tBreak {
			push()
			i++
			continue
		}
		j, ww := i, 0.0
		for j < len(toks) && toks[j].spec.kind == tWord {
			ww += toks[j].w
			if j++; toks[j-1].spec.gap != nil {
				break
			}
		}
		word := toks[i:j]
		i = j
		need := ww
		if glue != nil {
			need += glue.w
		}
		if len(cur.toks) > 0 && cur.w+need > width+eps {
			push()
		}
		if ww > width+eps {
			pieces := cutWord(word, width)
			for k, p := range pieces {
				add(p...)
				if k < len(pieces)-1 {
					push()
				}
			}
			glue = word[len(word)-1].spec.gap
			continue
		}
		if glue != nil && len(cur.toks) > 0 {
			cur.measure([]tok{gapTok(glue)})
		}
		glue = word[len(word)-1].spec.gap
		add(word...)
	}
	if len(cur.toks) > 0 || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

func TestHTML(t *testing.T) {
	md := "# Title & more\n\nText with a note.[^1]\n\n| A | B |\n|:--|--:|\n| 1 | 2<br>3 |\n\n<!-- pagebreak -->\n\n```chart\ntitle = \"Odds\"\nx = [1, 2]\n[[series]]\nname = \"s\"\ny = [50, 25]\n```\n\n```calibration\n```\n\n<script>alert(1)</script>\n\n[^1]: The note.\n"
	b, err := HTML([]byte(md), Options{Title: "Sheet <1>", Decode: decodeTOML})
	if err != nil {
		t.Fatal(err)
	}
	h := string(b)
	for _, want := range []string{
		"<!DOCTYPE html>", "<title>Sheet &lt;1&gt;</title>", "<style>", "@page",
		"<h1>Title &amp; more</h1>", "<table>", "2<br>3", `<div class="pagebreak"></div>`,
		`<caption>Odds</caption>`, `<td style="text-align:right">25%</td>`, `class="footnotes"`, "The note.", "</html>",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	for _, bad := range []string{"<script>", "calibration", "```"} {
		if strings.Contains(h, bad) {
			t.Errorf("HTML holds %q", bad)
		}
	}
}

func TestHTMLFootnoteRuns(t *testing.T) {
	md := "Infantry[^2][^1] and Company[^3] 1 die, Tow cables[^3][^2][^3]6 and[^1]\n\n[^1]: A.\n[^2]: B.\n[^3]: C.\n"
	b, err := HTML([]byte(md), Options{Title: "Runs", Decode: decodeTOML})
	if err != nil {
		t.Fatal(err)
	}
	h := string(b)
	for _, want := range []string{
		// Sorted, commas between, no repeats; every reference keeps its id.
		// (goldmark counts the footnotes by first reference: [^2] is its
		// footnote 1, [^1] its 2; each prints its label.)
		`Infantry<sup class="fn"><a id="fnref:2" href="#fn:2" class="footnote-ref" role="doc-noteref">1</a>,<a id="fnref:1" href="#fn:1"`,
		`cables<sup class="fn"><a id="fnref1:1" href="#fn:1" class="footnote-ref" role="doc-noteref">2</a>,<a id="fnref1:3" href="#fn:3" class="footnote-ref" role="doc-noteref">3</a><span id="fnref2:3"></span></sup>&#8201;6`,
		// A thin space between a mark and a number after it.
		`role="doc-noteref">3</a></sup>&#8201; 1 die`,
		// No thin space before a word.
		`role="doc-noteref">1</a></sup></p>`,
		// The footnote's line starts with its mark.
		`<li id="fn:1"><b class="fn-mark">2</b> <p>B.`,
		// The back links find their references.
		`href="#fnref2:3"`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %s", want)
		}
	}
}

func TestPDFMarkBeforeNumber(t *testing.T) {
	rec := record(t, "Company[^1] 1 die; Riders[^1][^2]2; Tripod[^2] moves.\n\n[^1]: A.\n[^2]: B.\n", Options{})
	var marks []string
	for _, o := range rec.ops {
		if o.face.color == colAccent && o.face.size < 7 {
			marks = append(marks, o.str)
		}
	}
	// A no-break space, at the marks' small size, follows a mark before
	// a number; "1,2" keeps its comma.
	if got := strings.Join(marks, "|"); got != "1\u00a0|1,2\u00a0|2" {
		t.Errorf("marks drawn as %q; want %q", got, "1\u00a0|1,2\u00a0|2")
	}
}

func TestPercent(t *testing.T) {
	for v, want := range map[float64]string{0: "0%", 0.42: "<1%", 0.5: "1%", 1.49: "1%", 12.5: "13%", 99.4: "99%", 99.5: ">99%", 100: "100%"} {
		if got := percent(v); got != want {
			t.Errorf("percent(%g) = %q; want %q", v, got, want)
		}
	}
}

// TestTokSize keeps a token at 32 bytes: a document has thousands of
// them, and what they share is its spec (tokSpec).
func TestTokSize(t *testing.T) {
	if n := unsafe.Sizeof(tok{}); n > 32 {
		t.Errorf("a token is %d bytes; keep it at 32", n)
	}
}

// TestFontsShared: documents laid out side by side, asking for their
// fonts first together, get the same font for a family and style, so
// their runs of text are told apart the same way (sameRun).
func TestFontsShared(t *testing.T) {
	fontFaces.Store(nil)
	got := make([]*font, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() { got[i] = fontOf(layout.Font, "B") })
	}
	wg.Wait()
	for i, f := range got {
		if f != got[0] || f.m == nil || f.style != "B" {
			t.Fatalf("goroutine %d: font %p %+v; goroutine 0: %p", i, f, f, got[0])
		}
	}
}

// TestLayoutMarks: the marks a document prints are told with the page
// they land on and the heading they stand under, in a paragraph, a
// heading and a table cell alike; a footnote's own line is not a mark.
func TestLayoutMarks(t *testing.T) {
	var b strings.Builder
	b.WriteString("## Shooting[^R2]\n\nRoll to hit.[^R1]\n\n<!-- pagebreak -->\n\n## Morale\n\n| Total | Result |\n|---|---|\n| 14[^R10] | Rally |\n\nAgain.[^R1][^R2]\n\n")
	b.WriteString("[^R1]: One.\n[^R2]: Two.\n[^R10]: Ten.\n")
	l, err := Measure([]byte(b.String()), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range l.Marks() {
		got = append(got, fmt.Sprintf("%s p%d %s", m.Label, m.Page, m.Heading))
	}
	want := []string{"R2 p1 Shooting", "R1 p1 Shooting", "R10 p2 Morale", "R1 p2 Morale", "R2 p2 Morale"}
	if !slices.Equal(got, want) {
		t.Errorf("marks %q, want %q", got, want)
	}
}
