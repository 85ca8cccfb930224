package aqotmf

import (
	"strings"
	"testing"

	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/rulestest"
)

// TestAQShotExample: the AQotMF example follows the tripod's heat ray at
// dug-in infantry in soft cover; its scores and chances are the engine's,
// its last chance is the hit-and-damage grid's cell for the same case, and
// a changed number in a copy of the data changes the example.
func TestAQShotExample(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	ex, err := ShotExampleFromData(sys)
	if err != nil {
		t.Fatal(err)
	}
	text := rulestest.ExampleText(ex)
	// Defense 5 +1 soft cover: 6+ on a d10 (5/10); Armor 4 +2 dug in −3
	// Power: 3+ (8/10); one die hits and damages 4/10.
	res, err := Attack(sys, AttackQuery{Dice: 1, Defense: 5, Armor: 4, Power: 3, Cover: "soft", DugIn: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.DieDmg.RatString() != "2/5" {
		t.Fatalf("the engine gives %s for the example's die; want 2/5", res.DieDmg.RatString())
	}
	rulestest.WantIn(t, "the example", text, "Heat Ray – Focused", "Infantry, 12″, dug in, in soft cover",
		"Defense 5, soft cover +1: a D10 of 6 or more, 50%", "Armor 4, dug in (tripod beyond 6″) +2: 6 or more on a D10 + Power +3, so a D10 of 3 or more, 80%",
		"50% × 80% = 40%")
	grid, err := HitDamageGrid(sys)
	if err != nil {
		t.Fatal(err)
	}
	cell := rulestest.Cell(t, grid, "6", "Armor 6 (4 dug in), Power +3")
	if cell.P == nil || cell.P.Cmp(res.DieDmg) != 0 {
		t.Errorf("the grid gives %s for Defense 6, Armor 6 dug in, Power +3; the example %s", cell, rules.Prob(res.DieDmg))
	}
	rulestest.WantIn(t, "the example", text, "the grid's Defense 6, Armor 6 (4 dug in), Power +3")

	// A club's soft cover of +2: 7+ to hit (40%), each die 32%.
	club := *sys
	r := *RulesOf(sys)
	r.Cover.Soft = 2
	club.Block = &r
	ex2, err := ShotExampleFromData(&club)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.WantIn(t, "the club's example", rulestest.ExampleText(ex2), "soft cover +2: a D10 of 7 or more, 40%", "40% × 80% = 32%")

	// At 6″ the tripod is close: the dug-in bonus does not count.
	close, err := ShotExample(sys, Shot{Shooter: "assault-tripod", Weapon: "heat-ray-focused", Target: "infantry", Inches: 6, Cover: "soft", DugIn: true})
	if err != nil {
		t.Fatal(err)
	}
	rulestest.WantIn(t, "the close example", rulestest.ExampleText(close), "dug in (no bonus: tripod within 6″): 4 or more on a D10 + Power +3, so a D10 of 1 or more, 100%", "= 50%")
	if _, err := ShotExample(sys, Shot{Shooter: "assault-tripod", Weapon: "heat-ray-focused", Target: "infantry", Inches: 2}); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("a shot inside the minimum range: %v; want out of range", err)
	}
}
