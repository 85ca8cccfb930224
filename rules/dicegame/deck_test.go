package dicegame

import (
	"testing"

	"github.com/playaid/playaid/catalog"
)

// TestDeck: each rule is a card's front with the table that names it on
// its back; a rule a table names is never spent as another card's back.
func TestDeck(t *testing.T) {
	r := &Rules{
		Rule:   []catalog.Special{{Name: "Shooting"}, {Name: "Buildings"}, {Name: "Fire"}},
		Tables: []Table{{ID: "hit", Card: "Buildings"}},
	}
	var got []string
	for _, c := range r.Deck(&catalog.System{}) {
		side := func(s CardSide) string {
			if s.Kind == "rule" {
				return s.Rule.Name
			}
			return s.Kind + " " + s.Table
		}
		got = append(got, side(c.Front)+" / "+side(c.Back))
	}
	want := []string{"Shooting / Fire", "Buildings / table hit"}
	if len(got) != len(want) {
		t.Fatalf("cards %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("card %d: %q, want %q", i+1, got[i], want[i])
		}
	}
}
