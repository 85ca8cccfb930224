package evacuation

import (
	"testing"

	"github.com/playaid/playaid/rules/rulestest"
)

// TestEvacExample: the Evacuation: Mars example buys two points of armour
// and two of hull on the ladder, and its game-length odds are the table's.
func TestEvacExample(t *testing.T) {
	sys := rulestest.Load(t, "evacuation-mars")
	ex, err := evacExampleFromData(sys)
	if err != nil {
		t.Fatal(err)
	}
	text := rulestest.ExampleText(ex)
	cost, err := ObjectiveCost(sys, 2, 2)
	if err != nil || cost != 60 {
		t.Fatalf("ObjectiveCost(2, 2) = %d, %v; want 60", cost, err)
	}
	rulestest.WantIn(t, "the example", text, "Extra armour: +2: 10 + 20 = 30 points, Armour 10", "Extra hull points: +2: 10 + 20 = 30 points, 3 hull points",
		"300 − 60 = 240", "D6: 2 in 6 ends it, 33%; else round 9 is played (67% of games)",
		"the game ends after round 8: 33% · 9: 33% · 10: 33%; 9 rounds on average")
	gl, err := GameLengthTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range gl.Rows {
		rulestest.WantIn(t, "the example", text, r.Label+": "+r.Cells[2].String())
	}

	// A club's ladder of 5, 10, 20, 40: 15 points each.
	club := *sys
	ev := *RulesOf(sys)
	ev.Objective.Ladder = []int{5, 10, 20, 40}
	club.Block = &ev
	ex2, err := evacExampleFromData(&club)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.WantIn(t, "the club's example", rulestest.ExampleText(ex2), "5 + 10 = 15 points, Armour 10", "300 − 30 = 270")
}
