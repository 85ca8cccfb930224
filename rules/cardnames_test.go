package rules

import (
	"testing"

	"github.com/playaid/playaid/catalog"
)

// TestCardNames: a unit card is titled with the line's name, the unit's
// under it where a label stands over it; where the line fields several
// units, a card each, the card is titled with the unit's own name and the
// line's goes under it.
func TestCardNames(t *testing.T) {
	tank := &catalog.Unit{Name: "Mk II Baldwin Tank"}
	for _, tc := range []struct {
		name        string
		ln          Line
		title, also string
	}{
		{"one, unlabelled", Line{Name: "Mk II Baldwin Tank", Count: 1, Entry: tank}, "Mk II Baldwin Tank", ""},
		{"one, labelled", Line{Name: "Lucky", Count: 1, Entry: tank, Unit: Unit{Label: "Lucky"}}, "Lucky", "Mk II Baldwin Tank"},
		{"six, labelled", Line{Name: "Mk II Baldwin Tanks", Count: 6, Entry: tank, Unit: Unit{Label: "Mk II Baldwin Tanks"}}, "Mk II Baldwin Tank", "Mk II Baldwin Tanks"},
		{"six, unlabelled", Line{Name: "Mk II Baldwin Tank", Count: 6, Entry: tank}, "Mk II Baldwin Tank", ""},
		{"unknown unit", Line{Name: "Unit 1", Count: 3}, "Unit 1", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if title, also := tc.ln.CardNames(); title != tc.title || also != tc.also {
				t.Errorf("CardNames() = %q, %q; want %q, %q", title, also, tc.title, tc.also)
			}
		})
	}
}
