package pagelint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/fpdf"
	"github.com/playaid/playaid/layout"
)

// page draws a document of A4 pages, each drawn by one function, and
// lints it.
func lint(t *testing.T, o Options, pages ...func(pdf *fpdf.Fpdf)) []Finding {
	t.Helper()
	pdf := layout.NewBlankDoc(layout.A4, "test")
	for _, f := range pages {
		pdf.AddPage()
		layout.SetFont(pdf, layout.Font, "", 9)
		f(pdf)
	}
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Lint("test.pdf", b, o)
	if err != nil {
		t.Fatal(err)
	}
	return res.Findings
}

// footer draws a running footer as the pack's documents do.
func footer(pdf *fpdf.Fpdf) {
	layout.SetFont(pdf, layout.Font, "", 6.5)
	pdf.Text(8, 297-8.8, "All Quiet on the Martian Front")
	pdf.Text(170, 297-8.8, "rules edition 2026-12")
	layout.SetFont(pdf, layout.Font, "", 9)
}

// want checks that the findings are exactly one of check on page, whose
// words hold each of has.
func want(t *testing.T, fs []Finding, check string, page int, has ...string) {
	t.Helper()
	var got []Finding
	for _, f := range fs {
		if f.Check == check {
			got = append(got, f)
		}
	}
	if len(got) == 0 {
		t.Fatalf("no %s finding in %v", check, fs)
	}
	for _, f := range got {
		if f.Page != page {
			t.Errorf("finding on page %d, want %d: %v", f.Page, page, f)
		}
		for _, h := range has {
			if !strings.Contains(f.String(), h) {
				t.Errorf("finding %q does not say %q", f, h)
			}
		}
	}
}

// none checks that no finding is of check.
func none(t *testing.T, fs []Finding, check string) {
	t.Helper()
	for _, f := range fs {
		if f.Check == check {
			t.Errorf("unexpected: %v", f)
		}
	}
}

func TestBoxes(t *testing.T) {
	small := func(pdf *fpdf.Fpdf) {
		layout.SetFont(pdf, layout.Font, "", 7.5)
		pdf.Text(20, 50, "□ A tape measure")
		pdf.Rect(20, 80, 2, 2, "D")
	}
	fs := lint(t, Options{}, small)
	want(t, fs, "box", 1, "test.pdf page 1: box:", "mm a side")
	if n := len(fs); n != 2 {
		t.Errorf("%d findings, want the glyph and the drawn box: %v", n, fs)
	}
	for _, f := range fs {
		if strings.Contains(f.What, "□") && !strings.Contains(f.What, "1.34 mm") {
			t.Errorf("the 7.5 pt □ measures 1.34 mm in the Go font: %v", f)
		}
		if strings.Contains(f.What, "drawn") && !strings.Contains(f.What, "2.00 × 2.00 mm") {
			t.Errorf("want the drawn box measured 2 × 2 mm: %v", f)
		}
	}
	big := func(pdf *fpdf.Fpdf) {
		layout.SetFont(pdf, layout.Font, "", 20)
		pdf.Text(20, 50, "□")
		pdf.Rect(20, 80, 4, 4, "D")
		pdf.Rect(20, 100, 2, 2, "F") // a swatch, not a box
		pdf.Rect(20, 120, 30, 2, "D")
	}
	none(t, lint(t, Options{}, big), "box")
}

func TestWriteIns(t *testing.T) {
	tight := func(pdf *fpdf.Fpdf) {
		pdf.Text(20, 50, "Massive has no rule: agree what it does before")
		pdf.Text(20, 54, "play. Agreed: ________________")
	}
	want(t, lint(t, Options{}, tight), "write-in", 1, `after "play. Agreed:"`, "want 7 mm")
	roomy := func(pdf *fpdf.Fpdf) {
		pdf.Text(20, 50, "Massive has no rule: agree what it does before play.")
		pdf.Text(20, 59, "Agreed: ________________")
		pdf.Text(20, 80, "A short__line is not one") // two underscores
	}
	none(t, lint(t, Options{}, roomy), "write-in")
	// A rule over the line bounds it too.
	ruled := func(pdf *fpdf.Fpdf) {
		pdf.Line(10, 55, 100, 55)
		pdf.Text(20, 59, "________________")
	}
	want(t, lint(t, Options{}, ruled), "write-in", 1, "to a line")
}

func TestEdges(t *testing.T) {
	near := func(pdf *fpdf.Fpdf) {
		pdf.Text(4, 50, "too far left")
		pdf.SetLineWidth(0.2)
		pdf.Line(50, 297-4.5, 50, 297-7.5) // a crop mark
		pdf.Text(100, 100, "inside")
	}
	fs := lint(t, Options{}, near)
	want(t, fs, "edge", 1, "from the paper's")
	got := fmt.Sprint(fs)
	for _, w := range []string{`text "too far left" is 4.0 mm from the paper's left edge`, "a line 3.0 mm down at (50.0, 290) mm is 4.5 mm from the paper's bottom edge"} {
		if !strings.Contains(got, w) {
			t.Errorf("findings %s do not say %s", got, w)
		}
	}
	if strings.Contains(got, "inside") {
		t.Errorf("text well inside is reported: %s", got)
	}
	// White is paper, not ink: a white band may run to the edge.
	white := func(pdf *fpdf.Fpdf) {
		pdf.SetFillColor(255, 255, 255)
		pdf.Rect(0, 0, 210, 20, "F")
	}
	none(t, lint(t, Options{}, white), "edge")
}

// A print shop's page is the card and its bleed: its bands run into the
// bleed, to the paper's edge.
func TestEdgesPrintShop(t *testing.T) {
	pdf := layout.NewBlankDoc(layout.Paper{Name: "card", Width: 69, Height: 94}, "shop")
	pdf.SetPageBox("TrimBox", 3, 3, 63, 88)
	pdf.AddPage()
	pdf.SetFillColor(120, 20, 20)
	pdf.Rect(0, 0, 69, 12, "F")
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Lint("shop.pdf", b, Options{})
	if err != nil {
		t.Fatal(err)
	}
	none(t, res.Findings, "edge")
}

func TestFooters(t *testing.T) {
	crowded := func(pdf *fpdf.Fpdf) {
		pdf.Text(8, 297-12, "the last line of a long page")
		footer(pdf)
	}
	want(t, lint(t, Options{}, crowded), "footer", 1, `text "the last line of a long page" is 0.8 mm`, `above the footer "All Quiet`)
	clear := func(pdf *fpdf.Fpdf) {
		pdf.Text(8, 297-16, "the last line of a long page")
		footer(pdf)
	}
	none(t, lint(t, Options{}, clear), "footer")
	// A card's footer is the lowest line of its text, near its foot.
	card := func(pdf *fpdf.Fpdf) {
		pdf.SetLineWidth(0.15)
		pdf.Rect(20, 20, 63, 88, "D")
		layout.SetFont(pdf, layout.Font, "", 7)
		pdf.Text(23, 30, "Melee")
		pdf.Text(23, 104, "drilled troops only.")
		layout.SetFont(pdf, layout.Font, "", 6.5)
		pdf.Text(23, 108-3.2, "Imperial Mars")
	}
	want(t, lint(t, Options{}, card), "footer", 1, `"drilled troops only." is`, "above the card's footer")
}

func TestFill(t *testing.T) {
	short := func(pdf *fpdf.Fpdf) {
		pdf.Text(8, 20, "a page a third used")
		pdf.Text(8, 100, "and no more")
		footer(pdf)
	}
	full := func(pdf *fpdf.Fpdf) {
		pdf.Text(8, 20, "a full page")
		pdf.Text(8, 270, "to the foot")
		footer(pdf)
	}
	want(t, lint(t, Options{}, short, full, short), "fill", 1, "% used")
	// The last page may be short; so may the page before one that starts
	// fresh.
	none(t, lint(t, Options{}, full, short), "fill")
	none(t, lint(t, Options{Fresh: []int{2}}, short, full), "fill")
	// A page of cards starts fresh.
	cards := func(pdf *fpdf.Fpdf) { pdf.Rect(20, 20, 63, 88, "D") }
	none(t, lint(t, Options{}, short, cards), "fill")
}

// headed draws a bold heading over body text, lines 4 mm apart from y.
func headed(pdf *fpdf.Fpdf, y float64, head string, lines int) {
	layout.SetFont(pdf, layout.Font, "B", 12)
	pdf.Text(8, y, head)
	layout.SetFont(pdf, layout.Font, "", 9)
	for i := range lines {
		pdf.Text(8, y+6+4*float64(i), fmt.Sprintf("%s, line %d of the section, in the body's size", head, i+1))
	}
}

func TestSplits(t *testing.T) {
	filler := func(pdf *fpdf.Fpdf, from, to float64) {
		for y := from; y < to; y += 4 {
			pdf.Text(8, y, "body text of the section before, filling the page down to its foot")
		}
	}
	split := []func(*fpdf.Fpdf){
		func(pdf *fpdf.Fpdf) {
			headed(pdf, 20, "Turn sequence", 0)
			filler(pdf, 26, 260)
			headed(pdf, 264, "Hidden units (blips)", 4)
			footer(pdf)
		},
		func(pdf *fpdf.Fpdf) {
			pdf.Text(8, 20, "the rest of the blips' section, which would have fitted on a page")
			headed(pdf, 30, "Ambush", 3)
			footer(pdf)
		},
	}
	want(t, lint(t, Options{}, split...), "split", 1, `section "Hidden units (blips)" runs from page 1 to page 2`)
	// A section longer than a page must run on.
	long := []func(*fpdf.Fpdf){
		func(pdf *fpdf.Fpdf) {
			headed(pdf, 20, "Rules", 0)
			filler(pdf, 26, 278)
			footer(pdf)
		},
		func(pdf *fpdf.Fpdf) {
			filler(pdf, 20, 100)
			headed(pdf, 110, "Ambush", 3)
			footer(pdf)
		},
	}
	none(t, lint(t, Options{}, long...), "split")
}

func TestMarks(t *testing.T) {
	twice := func(pdf *fpdf.Fpdf) {
		pdf.Text(8, 20, "Wheeling: 4 or 3†")
		pdf.Text(8, 30, "±V†")
		layout.SetFont(pdf, layout.Font, "", 7.5)
		pdf.Text(8, 40, "† ")
		pdf.Text(11, 40, "Ruling:")
		pdf.Text(21, 40, "The book lists this twice, at two costs.")
		pdf.Text(8, 50, "† Ruling: ±V is the vehicle's Morale effect.")
	}
	want(t, lint(t, Options{}, twice), "mark", 1, "mark † stands for two rulings on the page")
	two := func(pdf *fpdf.Fpdf) {
		layout.SetFont(pdf, layout.Font, "", 7.5)
		pdf.Text(8, 40, "† Ruling: The book's rows overlap at 14.")
		pdf.Text(8, 50, "5 Ruling: The book's rows overlap at 14.")
	}
	want(t, lint(t, Options{}, two), "mark", 1, "one ruling has two marks on the page, † and 5")
	// A reading's mark: R and its number.
	readings := func(pdf *fpdf.Fpdf) {
		layout.SetFont(pdf, layout.Font, "", 7.5)
		pdf.Text(8, 40, "R3 Ruling: +CS is the tray's Combat Strength.")
		pdf.Text(8, 50, "R3 Ruling: The book lists this twice.")
	}
	want(t, lint(t, Options{}, readings), "mark", 1, "mark R3 stands for two rulings on the page")
	// On two cards of a page, one mark may stand for a ruling each.
	cards := func(pdf *fpdf.Fpdf) {
		pdf.Rect(20, 20, 63, 88, "D")
		pdf.Rect(83, 20, 63, 88, "D")
		layout.SetFont(pdf, layout.Font, "", 7.5)
		pdf.Text(23, 60, "† Ruling: One ruling.")
		pdf.Text(86, 60, "† Ruling: Another.")
	}
	none(t, lint(t, Options{}, cards), "mark")
}
