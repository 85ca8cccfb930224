package markdown

import (
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// TestPdftotext reads the sample sheet back as text: the words come out in
// reading order (down the left column, then the right) and the typographic
// characters survive. It reads in content-stream order (-raw), which is
// the order the renderer writes: pdftotext's default mode guesses columns
// from the geometry and takes two balanced columns whose paragraphs start
// level for a table, read row by row.
func TestPdftotext(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed (apt-get install poppler-utils); skipping the text read-back")
	}
	src, err := os.ReadFile("testdata/sample.md")
	if err != nil {
		t.Fatal(err)
	}
	b, err := PDF(src, Options{Title: "Sample sheet", Stamp: "a1b2c3d", BaseSize: 8.5, Decode: decodeTOML})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "sample.pdf")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("pdftotext", "-raw", "-enc", "UTF-8", in, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	for _, want := range []string{"Dashes – and", "“quotes”", "6″ ranges", "a wait…", "≥ 4 × ½", "√ done", "3″–30+″", "a1b2c3d", "Sample sheet"} {
		if !strings.Contains(text, want) {
			t.Errorf("pdftotext output lacks %q", want)
		}
	}
	if strings.ContainsRune(text, '\uFFFD') {
		t.Error("pdftotext output holds U+FFFD: garbled characters")
	}
	// Reading order: the footnote under the paragraph that marks it, the
	// left column (turn sequence, weapons, the note) before the right one
	// (odds), then the one-column end.
	order := []string{"Quick Reference", "Source notes appear", "Turn sequence", "Initiative: each side rolls", "Weapons", "Machine gun", "A block quote is drawn",
		"Paragraph text after the quote", "Odds", "Small heading", "Text after a rule", "Print at 100%"}
	last := -1
	for _, s := range order {
		i := strings.Index(text, s)
		if i < 0 {
			t.Errorf("pdftotext output lacks %q", s)
			continue
		}
		if i < last {
			t.Errorf("%q comes out of reading order", s)
		}
		last = i
	}
}

// flowOf is a flow with a 40 mm tall, 190 mm wide content area and boxes
// that write their name.
func flowOf(cols int) *flow {
	return newFlow(10, 200, 10, 50, 10, cols, &chunks{})
}

func named(name string, h float64, keep bool) box {
	return box{h: h, keep: keep, draw: func(c canvas, x, y float64) {
		c.Text(x, y, name, newFace(layout.Font, "", 8, rgb{}))
	}}
}

// where finishes the flow, draws it on a recorder and returns the page
// and position each named box was drawn at.
func where(f *flow) map[string]op {
	f.finish()
	rec := &recorder{}
	f.draw(rec, nil)
	m := map[string]op{}
	for _, o := range rec.ops {
		if o.str != "" {
			m[o.str] = o
		}
	}
	return m
}

func TestFlowKeepsHeadingWithNext(t *testing.T) {
	f := flowOf(1)
	f.add(named("filler", 35, false))
	f.add(named("heading", 4, true)) // fits alone in the 5 mm left …
	f.add(named("line", 4, false))   // … but not with its first line
	w := where(f)
	if w["heading"].page != 2 || w["line"].page != 2 {
		t.Errorf("heading on page %d, its line on page %d; want both moved to page 2", w["heading"].page, w["line"].page)
	}
	if w["heading"].y != 10 {
		t.Errorf("heading at y %.1f; want the top of page 2 (10)", w["heading"].y)
	}
}

func TestFlowDropsSpaceAtColumnTop(t *testing.T) {
	f := flowOf(1)
	f.add(named("filler", 38, false))
	f.add(box{h: 3, space: true})
	f.add(named("next", 4, false))
	if w := where(f)["next"]; w.page != 2 || w.y != 10 {
		t.Errorf("next at page %d y %.1f; want page 2 at 10, without the space before it", w.page, w.y)
	}
}

// TestFlowBalancedKeepsSpace: a table that ends at the foot of the first
// column drops the space after it there; when balancing moves it up the
// second column, the space is still between it and the heading after it.
func TestFlowBalancedKeepsSpace(t *testing.T) {
	f := flowOf(2)
	f.add(named("a", 20, false))
	f.add(named("table", 20, false)) // down to the first column's foot
	f.add(box{h: 3, space: true})
	f.add(named("heading", 4, true))
	f.add(named("text", 4, false))
	w := where(f)
	if w["table"].x == w["heading"].x && w["heading"].y < w["table"].y+20+3-0.01 {
		t.Errorf("table at y %.1f (20 mm), heading at %.1f in its column: want the 3 mm space between them", w["table"].y, w["heading"].y)
	}
}

func TestFlowBalancesColumns(t *testing.T) {
	f := flowOf(2)
	names := []string{"a", "b", "c", "d", "e", "f"}
	for _, n := range names {
		f.add(named(n, 5, false))
	}
	w := where(f)
	left, right := 0, 0
	for _, n := range names {
		if w[n].x < 100 {
			left++
		} else {
			right++
		}
	}
	if left != 3 || right != 3 {
		t.Errorf("%d boxes left, %d right; want 3 and 3", left, right)
	}
	if w["d"].x < 100 || w["d"].y != 10 {
		t.Errorf("d at %.1f,%.1f; want it to head the right column", w["d"].x, w["d"].y)
	}
}

func TestRenderErrors(t *testing.T) {
	tall := "| a |\n|---|\n| " + strings.Repeat("x<br>", 120) + " |\n"
	for _, c := range []struct {
		name, md string
		opt      Options
		want     string // in the error
		line     int
	}{
		{"columns value", "Text.\n\n<!-- columns: 3 -->\n", Options{}, `columns: "3"; expected 1 or 2`, 3},
		{"misspelt directive", "<!-- page break -->\n", Options{}, "did you mean <!-- pagebreak -->", 1},
		{"misspelt columns", "a\n\n<!-- colums: 2 -->\n", Options{}, "did you mean <!-- columns: N -->", 3},
		{"pagebreak with value", "<!-- pagebreak: 2 -->\n", Options{}, "takes no value", 1},
		{"chart length", "Text\n\n```chart\nx = [1, 2, 3]\n[[series]]\nname = \"s\"\ny = [1, 2]\n```\n", Options{}, `series "s" has 2 values for 3 x values`, 4},
		{"chart range", "```chart\nx = [1, 2]\n[[series]]\nname = \"s\"\ny = [1, 120]\n```\n", Options{}, "120 is outside 0–100", 2},
		{"chart unknown key", "```chart\nx = [1, 2]\ncolour = \"red\"\n[[series]]\nname = \"s\"\ny = [1, 2]\n```\n", Options{}, `unknown key "colour"`, 3},
		{"chart order", "```chart\nx = [2, 1]\n[[series]]\nname = \"s\"\ny = [1, 2]\n```\n", Options{}, "x must increase", 2},
		{"calibration in a column", "```calibration\n```\n", Options{Columns: 2}, "calibration bars need", 1},
		{"row taller than a column", tall, Options{}, "a table row is", 3},
		{"margin", "x", Options{Margin: 5}, "inside the 6 mm", 0},
		{"columns option", "x", Options{Columns: 3}, "columns must be 1 or 2", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.opt.File, c.opt.Decode = "sheet.md", decodeTOML
			_, err := Render([]byte(c.md), c.opt)
			if err == nil {
				t.Fatalf("no error; want one saying %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
			if c.line > 0 {
				l, ok := diag.AsList(err)
				if !ok || len(l) == 0 {
					t.Fatalf("error %q is no diag.List", err)
				}
				if l[0].File != "sheet.md" || (l[0].Line != c.line && !strings.Contains(l[0].Msg, "line 3:")) {
					t.Errorf("error at %s:%d (%s); want sheet.md:%d", l[0].File, l[0].Line, l[0].Msg, c.line)
				}
			}
		})
	}
}

func TestOrdinaryCommentsIgnored(t *testing.T) {
	for _, md := range []string{"<!-- TODO: check the seed -->\n", "<!-- source: seed 000, page 3 -->\n", "<!-- note -->\n", "<div>raw</div>\n"} {
		if _, err := Render([]byte(md), Options{}); err != nil {
			t.Errorf("%q: %v", md, err)
		}
	}
}

func TestBreaksMakeNoEmptyPages(t *testing.T) {
	for _, c := range []struct {
		md    string
		cols  int
		pages int
	}{
		{"<!-- pagebreak -->\n\nA\n\n<!-- pagebreak -->\n\n<!-- pagebreak -->\n\nB\n\n<!-- pagebreak -->\n", 1, 2},
		{"A\n\n<!-- columnbreak -->\n\n<!-- columnbreak -->\n\nB\n", 2, 1},
		{"A\n\n<!-- columnbreak -->\n\nB\n", 1, 2},
		{"A\n\n<!-- pagebreak -->\n\n<!-- pagebreak -->\n", 1, 1},
		{"A\n\n<!-- pagebreak -->\n\n<!-- columns: 2 -->\n\nB\n", 1, 2},
		{"", 1, 1},
	} {
		if got := record(t, c.md, Options{Columns: c.cols}).pages; got != c.pages {
			t.Errorf("%q in %d column(s): %d pages, want %d", c.md, c.cols, got, c.pages)
		}
	}
}

// TestPlainZero draws a big zero in the text face and in the code face
// and counts the dark runs across its middle row on the rendered page:
// two strokes for a plain zero, three when a slash crosses it. Code keeps
// the slashed zero.
func TestPlainZero(t *testing.T) {
	for _, c := range []struct {
		family string
		runs   int
	}{{layout.Font, 2}, {layout.FontMono, 3}} {
		pc := &pdfCanvas{pdf: layout.NewBlankDoc(layout.A4, "zero")}
		pc.AddPage()
		f := newFace(c.family, "", 400, rgb{})
		pc.Text(20, 150, "0", f)
		b, err := layout.Bytes(pc.pdf)
		if err != nil {
			t.Fatal(err)
		}
		img := pdftest.Raster(t, b, 25)[0]
		// The middle of the zero: half its width across, half the
		// height of a digit (0.7 em) above the baseline.
		y := int((150 - 0.35*f.size*ptMM) / 25.4 * 25)
		if runs := pdftest.DarkRuns(img, y); runs != c.runs {
			t.Errorf("%s: %d dark runs across the zero; want %d", c.family, runs, c.runs)
		}
	}
}

// TestHTMLFitsAPhone loads a sheet with a 13-column table, a table of
// rules text and names into a 360 px wide frame of headless Chromium: the
// page itself must not scroll sideways (the wide table scrolls in its
// box), names stay on one line.
func TestHTMLFitsAPhone(t *testing.T) {
	bin := ""
	for _, b := range []string{"chromium-headless-shell", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(b); err == nil {
			bin = p
			break
		}
	}
	if bin == "" {
		t.Skip("no headless Chromium installed; skipping the phone-width check")
	}
	var md strings.Builder
	md.WriteString("# One die: chance to hit and damage\n\n| Defense |")
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&md, " Armor %d<br>Power +%d |", i, i)
	}
	md.WriteString("\n|--|" + strings.Repeat("--:|", 12) + "\n")
	for d := 3; d <= 12; d++ {
		fmt.Fprintf(&md, "| %d |", d)
		for i := 1; i <= 12; i++ {
			fmt.Fprintf(&md, " %d%% |", (d*i*7)%100)
		}
		md.WriteString("\n")
	}
	md.WriteString("\n| D10 | Result | 1 | 2 |\n|--|--|--:|--:|\n| 7 | **The Tripod is damaged and its weapons disabled.** " +
		strings.Repeat("The Tripod's Armor stat is reduced by 1. ", 6) + "| 10% | 20% |\n\n| Unit | Type | Weapons | Special | Special |\n|--|--|--|--|--|\n" +
		"| Assault Tripod[^a] | Fighting Machine | Heat Ray – Focused | Gripper Claw | Tow Cable Rules |\n\n[^a]: A note.\n")
	page, err := HTML([]byte(md.String()), Options{Title: "Phone", Decode: decodeTOML})
	if err != nil {
		t.Fatal(err)
	}
	// The sheet in a 360 px frame of a page that reports, once the frame
	// has loaded, the widths of the frame's page, of its first table's box
	// and of what that box holds, and the height of the first name's cell
	// (in a table whose names need more than 360 px) and of a line.
	wrap := `<!DOCTYPE html><html><body><iframe id="f" style="width:360px;height:800px;border:0" srcdoc="` +
		html.EscapeString(string(page)) + `"></iframe><script>
var f = document.getElementById("f");
f.onload = function () {
  var d = f.contentDocument, box = d.querySelector(".table"), name = d.querySelectorAll("table")[2].querySelector("td");
  document.body.setAttribute("data-w", [d.documentElement.scrollWidth, f.contentWindow.innerWidth,
    box.scrollWidth, box.clientWidth, Math.round(name.getBoundingClientRect().height),
    Math.round(parseFloat(getComputedStyle(name).lineHeight))].join(" "));
};
</script></body></html>`
	dir := t.TempDir()
	in := filepath.Join(dir, "phone.html")
	if err := os.WriteFile(in, []byte(wrap), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom", in).Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	m := regexp.MustCompile(`data-w="(\d+) (\d+) (\d+) (\d+) (\d+) (\d+)"`).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("chromium reported no widths:\n%.400s", out)
	}
	n := make([]int, 6)
	for i := range n {
		n[i], _ = strconv.Atoi(m[i+1])
	}
	pageW, viewW, boxInner, boxW, nameH, lineH := n[0], n[1], n[2], n[3], n[4], n[5]
	if viewW != 360 {
		t.Fatalf("the frame is %d px wide; want 360", viewW)
	}
	if pageW > viewW {
		t.Errorf("the page is %d px wide in a %d px screen: it scrolls sideways", pageW, viewW)
	}
	if boxInner <= boxW {
		t.Errorf("the 13-column table (%d px) fits its %d px box; the test wants it to scroll in it", boxInner, boxW)
	}
	if nameH > 2*lineH {
		t.Errorf("the name cell is %d px tall, lines %d px: the name wraps", nameH, lineH)
	}
}
