package briefing_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/data"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/tablemap"
)

func build(t testing.TB, cat *catalog.Catalog, id string) *briefing.Briefing {
	t.Helper()
	sys, sc, err := briefing.Find(cat, id)
	if err != nil {
		t.Fatal(err)
	}
	b, err := briefing.New(sys, sc, cat.Version())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The shipped scenarios and what their briefings must say (the whole
// Markdown is in testdata/golden: see TestGoldenMarkdown). Totals are the
// seed's printed figures (60 + 40 + 45 = 145 against 200; 60 + 40 + 480 +
// 45 = 625 against 600). Reinforcements arrive on 6–10 of a d10 (1/2),
// able to attack on 9–10 (1/5), tested from turn 2: by turn 6 a unit is
// still missing with (1/2)^5 = 1/32, so it has arrived with 31/32 ≈ 97%,
// and arrives on turn 6 itself with 1/32 ≈ 3%, able to attack 1/80 ≈ 1%.
// Evacuation: Mars ends after round 8 on 2 in 6 (1/3); round 9 is played
// with 2/3 and ends on 3 in 6, so the game ends after 9 with 1/3 and after
// 10 with the remaining 1/3.
var scenarios = []struct {
	id     string
	totals []int
	blips  int      // rows of the secret sheet; 0: no sheet
	pdf    []string // words pdftotext must find
}{
	{
		id: "boys-of-company-c", totals: []int{145, 200}, blips: 6,
		pdf: []string{"Boys of Company C — 145 points", "Martians — 200 points", "Martians table edge", "Boys of Company C table edge", "a suggested layout", "Secret deployment"},
	},
	{
		// The HMG team starts in ambush: 8 blips (the company, six tanks,
		// the Rough Riders) and 4 decoys (two infantry blips) — the count
		// of the roster of data/armies/morale-wagon-humans.toml.
		id: "morale-wagon", totals: []int{625, 600}, blips: 12,
		pdf: []string{"Boys of Company C — 625 points", "Martians — 600 points", "Safe range"},
	},
	{
		id: "evacuation-mars", totals: nil, blips: 0,
		pdf: []string{"Evacuation: Mars", "Pod 5", "1 cm on this map = 4 in"},
	},
}

func TestShippedBriefings(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, tc := range scenarios {
		t.Run(tc.id, func(t *testing.T) {
			b := build(t, cat, tc.id)
			var totals []int
			for _, s := range b.Sides {
				if len(s.Lines) > 0 {
					totals = append(totals, int(s.Points))
				}
			}
			if !equalInts(totals, tc.totals) {
				t.Errorf("side totals %v, want %v", totals, tc.totals)
			}
			md, err := b.Markdown("")
			if err != nil {
				t.Fatal(err)
			}
			rows := regexp.MustCompile(`(?m)^\| \*\*\d+\*\* \| <br>(\\_)+ \| □ \|$`).FindAll(md, -1)
			if len(rows) != tc.blips {
				t.Errorf("secret sheet has %d blip rows, want %d", len(rows), tc.blips)
			}
			if (b.Sheet != nil) != (tc.blips > 0) {
				t.Errorf("sheet = %v, want one: %v", b.Sheet != nil, tc.blips > 0)
			}
			for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
				t.Run(paper.Name, func(t *testing.T) { checkPDF(t, b, paper, tc.pdf) })
			}
		})
	}
}

// checkPDF renders the briefing and checks the map page's geometry and,
// where pdftotext is installed, the words on the pages.
func checkPDF(t *testing.T, b *briefing.Briefing, paper layout.Paper, words []string) {
	pdf, plan, err := b.Render(briefing.Options{Paper: paper})
	if err != nil {
		t.Fatal(err)
	}
	if plan == nil {
		t.Fatal("no table map drawn")
	}
	safe := tablemap.Box{X: layout.SafeMargin, Y: layout.SafeMargin, W: paper.Width - 2*layout.SafeMargin, H: paper.Height - 2*layout.SafeMargin}
	if !safe.Contains(plan.Extent) {
		t.Errorf("map reaches %+v, outside the safe area %+v", plan.Extent, safe)
	}
	if !plan.Box.Contains(plan.Extent) {
		t.Errorf("map reaches %+v, outside its box %+v under the page heading", plan.Extent, plan.Box)
	}
	// The box is the renderer's text area under the page's heading: clear
	// of the margins, the running header and the footer.
	mo := markdown.Options{Paper: paper}
	x, top, w, h, err := markdown.TextArea(mo)
	if err != nil {
		t.Fatal(err)
	}
	if area := (tablemap.Box{X: x, Y: top, W: w, H: h}); !area.Contains(plan.Box) {
		t.Errorf("map box %+v leaves the text area %+v", plan.Box, area)
	}
	for _, s := range plan.Shapes {
		if !plan.Board.Contains(s.Bounds) {
			t.Errorf("%s %q leaves the board", s.Kind, s.Label)
		}
	}
	if sb := plan.Scalebar; sb.Length != sb.Inches*plan.Scale {
		t.Errorf("scale bar %g in is %g mm, want %g", sb.Inches, sb.Length, sb.Inches*plan.Scale)
	}
	data, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("%PDF-")) {
		t.Fatal("not a PDF")
	}
	// The map lies under its heading (TestMapPlace: under all the text
	// on its page).
	texts, err := pdftest.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	heading := false
	for _, tx := range texts {
		if tx.S == "Table map" {
			heading = true
			if tx.Y >= plan.Box.Y {
				t.Errorf("map box starts at %g mm, above its heading at %g mm", plan.Box.Y, tx.Y)
			}
		}
	}
	if !heading {
		t.Error("no Table map heading")
	}
	// Each page is the paper asked for (the map shares the renderer's
	// portrait pages).
	for p := 1; p <= pdf.PageCount(); p++ {
		w, h, _ := pdf.PageSize(p)
		if w != paper.Width || h != paper.Height {
			t.Errorf("page %d is %g × %g mm, want %s", p, w, h, paper.Name)
		}
	}
	text := pdfText(t, data)
	if text == "" {
		return
	}
	for _, w := range words {
		if !strings.Contains(text, w) {
			t.Errorf("PDF text lacks %q", w)
		}
	}
}

// pdfText runs pdftotext when it is installed; "" when it is not.
func pdfText(t *testing.T, pdf []byte) string {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Log("pdftotext not installed: the PDF's text is not checked")
		return ""
	}
	f := filepath.Join(t.TempDir(), "b.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-enc", "UTF-8", f, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A club's copy of Boys of Company C with a wrong printed figure: the
// loader stops at the line (briefing.New relies on it).
func TestWrongPrintedFigure(t *testing.T) {
	src, err := data.FS.ReadFile("aqotmf/scenarios/boys-of-company-c.toml")
	if err != nil {
		t.Fatal(err)
	}
	bad, line, col := wrongFigure(t, src)
	_, l := catalog.Load(shipped.Source(),
		catalog.Source{Name: "club", FS: fstest.MapFS{"aqotmf/scenarios/boys-of-company-c.toml": {Data: bad}}})
	want := "club/aqotmf/scenarios/boys-of-company-c.toml:" + line + ":" + col + ": scenario boys-of-company-c, Boys of Company C: Infantry Company printed as 50 points, but 1 × infantry-company at 60 = 60"
	if err := l.Err(); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("load error = %v\nwant %s", err, want)
	}
}

// wrongFigure changes the Infantry Company's printed 60 points to 50 and
// returns the file with the line and column of the new figure.
func wrongFigure(t *testing.T, src []byte) ([]byte, string, string) {
	t.Helper()
	lines := strings.Split(string(src), "\n")
	inInfantry := false
	for i, l := range lines {
		if strings.Contains(l, `unit = "infantry-company"`) {
			inInfantry = true
		}
		if inInfantry && strings.TrimSpace(l) == "points = 60" {
			lines[i] = strings.Replace(l, "60", "50", 1)
			col := strings.Index(l, "60") + 1
			return []byte(strings.Join(lines, "\n")), strconv.Itoa(i + 1), strconv.Itoa(col)
		}
	}
	t.Fatal("no infantry-company points = 60 line in the shipped scenario")
	return nil, "", ""
}

func TestFind(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, tc := range []struct{ id, want string }{
		{"morale-wagon", ""},
		{"aqotmf/morale-wagon", ""},
		{"boys-of-company", `unknown scenario "boys-of-company" (did you mean "boys-of-company-c"?)`},
		{"imperial-mars/morale-wagon", `unknown scenario "imperial-mars/morale-wagon"`},
	} {
		_, sc, err := briefing.Find(cat, tc.id)
		switch {
		case tc.want == "" && (err != nil || sc == nil):
			t.Errorf("Find(%q) = %v", tc.id, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("Find(%q) error = %v, want %q", tc.id, err, tc.want)
		}
	}
}

// TestFormats checks the HTML (map as SVG) and the Markdown output (map as
// a list of features in inches).
func TestFormats(t *testing.T) {
	b := build(t, shipped.Catalog(t), "boys-of-company-c")
	html, err := b.HTML(briefing.Options{Paper: layout.A4})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<svg", "Martians table edge", "145", "Secret deployment"} {
		if !bytes.Contains(html, []byte(want)) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	if bytes.Contains(html, []byte("PLAYAID-TABLE-MAP")) {
		t.Error("HTML keeps the map placeholder")
	}
	md, err := b.MarkdownText(briefing.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| Farm buildings | farm | – | 19–29 across, 20–28 down |", "Board 48 × 48 in."} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("Markdown lacks %q", want)
		}
	}
	if bytes.Contains(md, []byte(briefing.MapMarker)) {
		t.Error("Markdown keeps the map marker")
	}
}

// TestTemplates overrides the templates: a club's own text is used, a
// mistake is reported at its line in the club's file, a template without
// the map marker gets the map on a page of its own at the end, the map
// shares a page with the text before it only when it fits there, and text
// after the map marker is refused.
func TestTemplates(t *testing.T) {
	b := build(t, shipped.Catalog(t), "boys-of-company-c")
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("briefing.md", "# Club night: {{.Scenario.Name}}\n\n{{range .Sides}}- {{.Name}}: {{.Points}}\n{{end}}")
	md, err := b.Markdown(dir)
	if err != nil {
		t.Fatal(err)
	}
	if want := "# Club night: Scenario 1: The Boys of Company C\n\n- Boys of Company C: 145\n- Martians: 200\n"; string(md) != want {
		t.Errorf("Markdown = %q, want %q", md, want)
	}
	pdf, plan, err := b.Render(briefing.Options{Paper: layout.A4, Templates: dir})
	if err != nil {
		t.Fatal(err)
	}
	if pdf.PageCount() != 2 || plan == nil {
		t.Errorf("without a map marker: %d pages, plan %v; want the text page and a map page", pdf.PageCount(), plan != nil)
	}

	write("briefing.md", "# X\n\n{{.Nope}}\n")
	_, err = b.Markdown(dir)
	if err == nil || !strings.HasPrefix(err.Error(), filepath.Join(dir, "briefing.md")+":3:3: ") { // .Nope, the third character
		t.Errorf("template error = %v, want it at %s:3:3", err, filepath.Join(dir, "briefing.md"))
	}

	// A map after a little text takes the rest of that page; after a page
	// of text, a page of its own (a page break goes in before it).
	write("briefing.md", "# X\n\nSome text.\n\n<!-- map -->\n")
	pdf, plan, err = b.Render(briefing.Options{Paper: layout.A4, Templates: dir})
	if err != nil || pdf.PageCount() != 1 || plan == nil || plan.PerCM > 5 {
		t.Errorf("a map under a line of text: %v, %d pages; want it on page 1 at 1 cm = 5 in or larger", err, pdf.PageCount())
	}
	write("briefing.md", "# X\n\n"+strings.Repeat("A line of text.\n\n", 30)+"## Map\n\n<!-- map -->\n")
	pdf, plan, err = b.Render(briefing.Options{Paper: layout.A4, Templates: dir})
	if err != nil || pdf.PageCount() != 2 || plan == nil || plan.Box.Y > 40 {
		t.Errorf("a map after most of a page of text: %v, %d pages; want a page of its own", err, pdf.PageCount())
	}
	write("briefing.md", "# X\n\n<!-- map -->\n\nMore text.\n")
	_, _, err = b.Render(briefing.Options{Paper: layout.A4, Templates: dir})
	if err == nil || !strings.Contains(err.Error(), "takes the rest of its page") {
		t.Errorf("text after the map: err = %v", err)
	}
}

// TestMapChecks covers the loader's checks of a club's table map: a
// feature's side must be one of the scenario's sides, a polygon needs three
// points, and everything stays on the board.
func TestMapChecks(t *testing.T) {
	club := `system = "aqotmf"

[[scenario]]
id = "club-night"
name = "Club night"

  [[scenario.side]]
  name = "Martians"

  [scenario.map]
  width = '48"'
  depth = "4ft"

    [[scenario.map.feature]]
    kind = "deployment"
    shape = "rect"
    x = 0.0
    y = 0.0
    w = 48.0
    h = 8.0
    side = "Martian"

    [[scenario.map.feature]]
    kind = "woods"
    label = "Thin wood"
    shape = "polygon"
    points = [[1.0, 1.0], [2.0, 2.0]]

    [[scenario.map.feature]]
    kind = "farm"
    label = "Far farm"
    shape = "rect"
    x = 44.0
    y = 40.0
    w = 6.0
    h = 4.0
`
	_, l := catalog.Load(shipped.Source(),
		catalog.Source{Name: "club", FS: fstest.MapFS{"aqotmf/scenarios/club.toml": {Data: []byte(club)}}})
	got := l.Errors().Error()
	for _, want := range []string{
		`club/aqotmf/scenarios/club.toml:21:12: unknown side "Martian" (did you mean "Martians"?)`,
		`club/aqotmf/scenarios/club.toml:23:7: scenario club-night: woods "Thin wood": a polygon needs at least 3 points`,
		`club/aqotmf/scenarios/club.toml:29:7: scenario club-night: farm "Far farm" reaches outside the 48×48 in board`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("errors lack %s\ngot:\n%s", want, got)
		}
	}
}
