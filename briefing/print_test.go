package briefing_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/internal/playercopy"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/tablemap"
)

// renderText renders a briefing on paper and reads its text back from the
// PDF, with the map's plan.
func renderText(t *testing.T, b *briefing.Briefing, paper layout.Paper) ([]pdftest.Text, *tablemap.Plan) {
	t.Helper()
	pdf, plan, err := b.Render(briefing.Options{Paper: paper})
	if err != nil {
		t.Fatal(err)
	}
	data, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdftest.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	return texts, plan
}

// TestPlayerCopy reads every shipped briefing back from its PDF and finds
// none of the project's working words or hashes: a briefing speaks game
// language, and the data's source notes go to the organiser's notes.
func TestPlayerCopy(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, s := range cat.Systems {
		for _, sc := range s.Scenarios {
			t.Run(sc.ID, func(t *testing.T) {
				texts, _ := renderText(t, build(t, cat, s.ID+"/"+sc.ID), layout.A4)
				var all []string
				for _, tx := range texts {
					all = append(all, tx.S)
				}
				for _, bad := range playercopy.Find(strings.Join(all, " ")) {
					t.Errorf("player copy says: %q", bad)
				}
			})
		}
	}
}

// markRE is a run of readings' marks, set raised and small.
var markRE = regexp.MustCompile(`^R\d+(,R\d+)*\x{00A0}?$`)

// TestTypeSizes holds the bars on type on every shipped briefing,
// A4 and Letter, measured on the PDF: 90% of the characters at 7 pt or
// more and under 2% below 6.5 pt; and every line of the text itself (not
// the running header and footer, not the map's labels, not a reading's
// mark set raised) at 7.5 pt or more.
func TestTypeSizes(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, s := range cat.Systems {
		for _, sc := range s.Scenarios {
			for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
				t.Run(sc.ID+"/"+paper.Name, func(t *testing.T) {
					texts, plan := renderText(t, build(t, cat, s.ID+"/"+sc.ID), paper)
					sizes := pdftest.Tally(texts)
					if sizes.Below(7) > 0.10 || sizes.Below(6.5) >= 0.02 {
						t.Errorf("%.1f%% of the characters under 7 pt, %.1f%% under 6.5 pt: %s", 100*sizes.Below(7), 100*sizes.Below(6.5), sizes)
					}
					_, top, _, h, err := markdown.TextArea(markdown.Options{Paper: paper})
					if err != nil {
						t.Fatal(err)
					}
					mapPage := 0
					for _, tx := range texts {
						if tx.S == "Table map" {
							mapPage = tx.Page
						}
					}
					for _, tx := range texts {
						inText := tx.Y > top && tx.Y < top+h
						onMap := plan != nil && tx.Page == mapPage && tx.Y > plan.Box.Y
						if inText && !onMap && tx.Size < 7.5 && !markRE.MatchString(tx.S) {
							t.Errorf("page %d: %q at %.2f pt, under the 7.5 pt of body text and tables", tx.Page, tx.S, tx.Size)
						}
					}
				})
			}
		}
	}
}
