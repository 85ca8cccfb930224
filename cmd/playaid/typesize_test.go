package main

import (
	"strings"
	"testing"

	"github.com/playaid/playaid/layout"
)

// TestEveryCharacterReadable reads every document of the print pack on A4
// and Letter: no character under 6.5 pt, footnote marks,
// chart and table-map labels, card footers and the cutting notes of
// marker and blip sheets included. Reference sheets and cards, briefings
// with their table maps, rosters with their unit cards, marker and blip
// sheets and the notes are all read.
func TestEveryCharacterReadable(t *testing.T) {
	t.Parallel()
	kinds := map[string]int{}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for _, d := range shippedPack(t, paper) {
			texts := d.Texts
			if len(texts) == 0 {
				t.Errorf("%s: no text read", d.Name)
			}
			kinds[strings.SplitN(d.Name, "-", 2)[0]]++
			for _, x := range texts {
				if x.Size < 6.5-0.01 && strings.TrimSpace(x.S) != "" {
					t.Errorf("%s (%s) page %d: %q at %.2f pt; every character at least 6.5 pt", d.Name, paper.Name, x.Page, x.S, x.Size)
				}
			}
		}
	}
	// The pack still holds every kind of player document: the test read
	// them all.
	for _, k := range []string{"army", "briefing", "reference", "markers", "blips"} {
		if kinds[k] == 0 {
			t.Errorf("no %s document in the pack: the test no longer reads it", k)
		}
	}
}
