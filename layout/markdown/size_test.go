package markdown

import (
	"os"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// TestTypeSizes reads the sizes of the printed characters back from the
// PDFs: at a body size of 7 pt or more nothing but footnote marks and the
// page footer is set under 7 pt, the bars of the print standard hold (90%
// of characters at 7 pt or more, under 2% below 6.5 pt), and a 9 pt
// document (briefings, rosters) keeps its table cells and footnotes at
// 7.5 pt or more even where a table must shrink to fit.
func TestTypeSizes(t *testing.T) {
	sample, err := os.ReadFile("testdata/sample.md")
	if err != nil {
		t.Fatal(err)
	}
	wide := "| " + strings.Repeat("Column header | ", 9) + "\n|" + strings.Repeat("--|", 9) + "\n"
	for r := 0; r < 12; r++ {
		wide += "| " + strings.Repeat("a cell with some words | ", 9) + "\n"
	}
	docs := map[string]string{"sample": string(sample), "sections": sheet(12), "wide table": wide + "\nA note.[^n]\n\n[^n]: The note, set smaller.\n"}
	for name, md := range docs {
		for _, base := range []float64{7, 7.5, 9} {
			for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
				opt := Options{Paper: paper, BaseSize: base, Title: "Sizes", Stamp: "abc1234", Source: "a source", Decode: decodeTOML}
				b, err := PDF([]byte(md), opt)
				if err != nil {
					t.Fatal(err)
				}
				texts, err := pdftest.Read(b)
				if err != nil {
					t.Fatal(err)
				}
				floor := minText
				if base >= 9 && name != "sample" {
					floor = 7.5 // the sample's chart labels are 0.8 of the body
				}
				// What may be smaller: footnote marks (bold, raised, in
				// the accent colour: their size is 0.68 of the text's, but
				// not under minMark) and the footer line.
				footer := paper.Height - 8 - footerH
				for _, tx := range pdftest.Smallest(texts, floor) {
					mark := tx.Font == "utf8goB" && (tx.Size < 0.7*base+0.01 || tx.Size <= minMark+0.01)
					if !mark && tx.Y < footer {
						t.Errorf("%s, %g pt, %s: %q printed at %g pt, under %g", name, base, paper.Name, tx.S, tx.Size, floor)
					}
				}
				s := pdftest.Tally(texts)
				if s.Below(7) > 0.10 || s.Below(6.5) >= 0.02 {
					t.Errorf("%s, %g pt, %s: %.1f%% of characters under 7 pt, %.1f%% under 6.5 pt; %s",
						name, base, paper.Name, 100*s.Below(7), 100*s.Below(6.5), s)
				}
			}
		}
	}
}
