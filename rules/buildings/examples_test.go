package buildings

import (
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/rules/rulestest"
)

// TestBuildingExample: the Destroying Buildings example is the heat ray
// (its Power read from the base rule set) at a Brick/Stone building; its
// chances are the hit and burn tables', and the chance of rubble by the
// next turn's test is worked out by hand here.
func TestBuildingExample(t *testing.T) {
	sys := rulestest.Load(t, "buildings")
	if sys.Base == nil || sys.Base.ID != "aqotmf" {
		t.Fatalf("the add-on's base is %v; want aqotmf", sys.Base)
	}
	ex, err := ExampleFromData(sys)
	if err != nil {
		t.Fatal(err)
	}
	text := rulestest.ExampleText(ex)
	// D10+3 above 8: 6+ (5/10) destroys; a 5 (1/10) damages. Fire: D10+3+2
	// above 8: 4+ (7/10). Burning from 8: 9+ (2/10); from 7: 8+ (3/10).
	// Rubble by the test: 5/10 + 4/10·7/10·2/10 + 1/10·7/10·3/10 = 577/1000.
	rulestest.WantIn(t, "the example", ex.Title, "Heat Ray – Focused (Power +3) at Brick/Stone")
	rulestest.WantIn(t, "the example", text, "D10+3 above Armor 8: 6+ → 50%; exactly 8: a 5 → 10%, Armor 7",
		"D10+3+2 above Fire 8: 4+ → 70%; standing and on fire 35%", "next turn D10 above 8: 9+ → 20%; else Armor 7",
		"at once 50%; after the next turn's test 58%")
	hit, err := HitTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	for col, want := range map[string]string{"Destroyed": "50%", "Damaged": "10%", "On fire (Heat Ray +2)": "35%"} {
		if got := rulestest.Cell(t, hit, "Brick/Stone (8/8), +3", col).String(); got != want {
			t.Errorf("hit table %s: %s; the example reads %s", col, got, want)
		}
	}
	burn, err := BurnTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	if got := rulestest.Cell(t, burn, "Brick/Stone (Armor 8)", "Turn 1").String(); got != "80%" {
		t.Errorf("burn table, turn 1: %s standing; the example reads 20%% collapsing", got)
	}

	// A club's Brick/Stone of Armor 7: 5+ destroys (60%).
	club := *sys
	b := *RulesOf(sys)
	b.Types = slices.Clone(b.Types)
	b.Types[slices.IndexFunc(b.Types, func(x BuildingType) bool { return x.ID == "brick-stone" })].Armor = 7
	club.Block = &b
	ex2, err := ExampleFromData(&club)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.WantIn(t, "the club's example", rulestest.ExampleText(ex2), "above Armor 7: 5+ → 60%")

	// No [buildings.example]: no example, no error.
	none := club
	nb := b
	nb.Example = ExampleData{}
	none.Block = &nb
	if ex, err := ExampleFromData(&none); err != nil || len(ex.Rows) != 0 {
		t.Errorf("no example block: %d rows, %v; want none", len(ex.Rows), err)
	}

	// No base, no weapon: a clear error.
	club.Base = nil
	if _, err := ExampleFromData(&club); err == nil || !strings.Contains(err.Error(), "heat-ray-focused") {
		t.Errorf("an example without its base: %v", err)
	}
}
