package rules

import (
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
)

// exampleText is a worked example's rows as one text, a row a line.
func exampleText(t Table) string {
	var b strings.Builder
	for _, r := range t.Rows {
		b.WriteString(r.Label + ": ")
		for _, c := range r.Cells {
			b.WriteString(c.String())
		}
		b.WriteString("\n")
	}
	return b.String()
}

// wantIn fails for each piece the text lacks.
func wantIn(t *testing.T, what, text string, pieces ...string) {
	t.Helper()
	for _, p := range pieces {
		if !strings.Contains(text, p) {
			t.Errorf("%s lacks %q:\n%s", what, p, text)
		}
	}
}

// cellOf returns the cell of the table's row and column, by their labels.
func cellOf(t *testing.T, tab Table, row, col string) Cell {
	t.Helper()
	j := slices.Index(tab.Columns, col)
	for _, r := range tab.Rows {
		if r.Label == row && j >= 0 && j < len(r.Cells) {
			return r.Cells[j]
		}
	}
	t.Fatalf("table %q has no cell %q × %q; columns %v", tab.ID, row, col, tab.Columns)
	return Cell{}
}

// TestAQShotExample: the AQotMF example follows the tripod's heat ray at
// dug-in infantry in soft cover; its scores and chances are the engine's,
// its last chance is the hit-and-damage grid's cell for the same case, and
// a changed number in a copy of the data changes the example.
func TestAQShotExample(t *testing.T) {
	sys := aqLoad(t, "aqotmf")
	ex, err := aqShotExampleFromData(sys)
	if err != nil {
		t.Fatal(err)
	}
	text := exampleText(ex)
	// Defense 5 +1 soft cover: 6+ on a d10 (5/10); Armor 4 +2 dug in −3
	// Power: 3+ (8/10); one die hits and damages 4/10.
	res, err := AQAttack(sys, AttackQuery{Dice: 1, Defense: 5, Armor: 4, Power: 3, Cover: "soft", DugIn: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.DieDmg.RatString() != "2/5" {
		t.Fatalf("the engine gives %s for the example's die; want 2/5", res.DieDmg.RatString())
	}
	wantIn(t, "the example", text, "Heat Ray – Focused", "Infantry, 12″, dug in, in soft cover",
		"Defense 5, soft cover +1: a D10 of 6 or more, 50%", "Armor 4, dug in (tripod beyond 6″) +2, Power −3: a D10 of 3 or more, 80%",
		"50% × 80% = 40%")
	grid, err := AQHitDamageGrid(sys)
	if err != nil {
		t.Fatal(err)
	}
	cell := cellOf(t, grid, "6", "Armor 6 (4 dug in), Power +3")
	if cell.P == nil || cell.P.Cmp(res.DieDmg) != 0 {
		t.Errorf("the grid gives %s for Defense 6, Armor 6 dug in, Power +3; the example %s", cell, Prob(res.DieDmg))
	}
	wantIn(t, "the example", text, "the grid's Defense 6, Armor 6 (4 dug in), Power +3")

	// A club's soft cover of +2: 7+ to hit (40%), each die 32%.
	club := *sys
	r := *sys.AQotMF
	r.Cover.Soft = 2
	club.AQotMF = &r
	ex2, err := aqShotExampleFromData(&club)
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "the club's example", exampleText(ex2), "soft cover +2: a D10 of 7 or more, 40%", "40% × 80% = 32%")

	// At 6″ the tripod is close: the dug-in bonus does not count.
	close, err := AQShotExample(sys, AQShot{Shooter: "assault-tripod", Weapon: "heat-ray-focused", Target: "infantry", Inches: 6, Cover: "soft", DugIn: true})
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "the close example", exampleText(close), "dug in (no bonus: tripod within 6″), Power −3: a D10 of 1 or more, 100%", "= 50%")
	if _, err := AQShotExample(sys, AQShot{Shooter: "assault-tripod", Weapon: "heat-ray-focused", Target: "infantry", Inches: 2}); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("a shot inside the minimum range: %v; want out of range", err)
	}
}

// TestBuildingExample: the Destroying Buildings example is the heat ray
// (its Power read from the base rule set) at a Brick/Stone building; its
// chances are the hit and burn tables', and the chance of rubble by the
// next turn's test is worked out by hand here.
func TestBuildingExample(t *testing.T) {
	sys := aqLoad(t, "buildings")
	if sys.Base == nil || sys.Base.ID != "aqotmf" {
		t.Fatalf("the add-on's base is %v; want aqotmf", sys.Base)
	}
	ex, err := BuildingExampleFromData(sys)
	if err != nil {
		t.Fatal(err)
	}
	text := exampleText(ex)
	// D10+3 above 8: 6+ (5/10) destroys; a 5 (1/10) damages. Fire: D10+3+2
	// above 8: 4+ (7/10). Burning from 8: 9+ (2/10); from 7: 8+ (3/10).
	// Rubble by the test: 5/10 + 4/10·7/10·2/10 + 1/10·7/10·3/10 = 577/1000.
	wantIn(t, "the example", ex.Title, "Heat Ray – Focused (Power +3) at Brick/Stone")
	wantIn(t, "the example", text, "D10+3 above Armor 8: 6+ → 50%; exactly 8: a 5 → 10%, Armor 7",
		"D10+3+2 above Fire 8: 4+ → 70%; standing and on fire 35%", "next turn D10 above 8: 9+ → 20%; else Armor 7",
		"at once 50%; after the next turn's test 58%")
	hit, err := BuildingsHitTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	for col, want := range map[string]string{"Destroyed": "50%", "Damaged": "10%", "On fire (Heat Ray +2)": "35%"} {
		if got := cellOf(t, hit, "Brick/Stone (8/8), +3", col).String(); got != want {
			t.Errorf("hit table %s: %s; the example reads %s", col, got, want)
		}
	}
	burn, err := BurnTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	if got := cellOf(t, burn, "Brick/Stone (Armor 8)", "Turn 1").String(); got != "80%" {
		t.Errorf("burn table, turn 1: %s standing; the example reads 20%% collapsing", got)
	}

	// A club's Brick/Stone of Armor 7: 5+ destroys (60%).
	club := *sys
	b := *sys.Buildings
	b.Types = slices.Clone(b.Types)
	b.Types[slices.IndexFunc(b.Types, func(x catalog.BuildingType) bool { return x.ID == "brick-stone" })].Armor = 7
	club.Buildings = &b
	ex2, err := BuildingExampleFromData(&club)
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "the club's example", exampleText(ex2), "above Armor 7: 5+ → 60%")

	// No [buildings.example]: no example, no error.
	none := club
	nb := b
	nb.Example = catalog.BuildingExample{}
	none.Buildings = &nb
	if ex, err := BuildingExampleFromData(&none); err != nil || len(ex.Rows) != 0 {
		t.Errorf("no example block: %d rows, %v; want none", len(ex.Rows), err)
	}

	// No base, no weapon: a clear error.
	club.Base = nil
	if _, err := BuildingExampleFromData(&club); err == nil || !strings.Contains(err.Error(), "heat-ray-focused") {
		t.Errorf("an example without its base: %v", err)
	}
}

// TestEvacExample: the Evacuation: Mars example buys two points of armour
// and two of hull on the ladder, and its game-length odds are the table's.
func TestEvacExample(t *testing.T) {
	sys := aqLoad(t, "evacuation-mars")
	ex, err := evacExampleFromData(sys)
	if err != nil {
		t.Fatal(err)
	}
	text := exampleText(ex)
	cost, err := ObjectiveCost(sys, 2, 2)
	if err != nil || cost != 60 {
		t.Fatalf("ObjectiveCost(2, 2) = %d, %v; want 60", cost, err)
	}
	wantIn(t, "the example", text, "Extra armour: +2: 10 + 20 = 30 points, Armour 10", "Extra hull points: +2: 10 + 20 = 30 points, 3 hull points",
		"300 − 60 = 240", "D6: 2 in 6 ends it, 33%; else round 9 is played (67% of games)",
		"the game ends after round 8: 33% · 9: 33% · 10: 33%; 9 rounds on average")
	gl, err := EvacGameLengthTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range gl.Rows {
		wantIn(t, "the example", text, r.Label+": "+r.Cells[2].String())
	}

	// A club's ladder of 5, 10, 20, 40: 15 points each.
	club := *sys
	ev := *sys.Evacuation
	ev.Objective.Ladder = []int{5, 10, 20, 40}
	club.Evacuation = &ev
	ex2, err := evacExampleFromData(&club)
	if err != nil {
		t.Fatal(err)
	}
	wantIn(t, "the club's example", exampleText(ex2), "5 + 10 = 15 points, Armour 10", "300 − 30 = 270")
}
