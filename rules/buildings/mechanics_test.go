package buildings

import (
	"math/big"
	"strings"
	"testing"

	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/rulestest"
)

func TestBuildingHit(t *testing.T) {
	sys := rulestest.Load(t, "buildings")
	cases := []struct {
		typ                      string
		power                    int
		heatRay                  bool
		destroyed, damaged, fire string
	}{
		// Focused heat ray (+3) on Wood Frame 6/6: d10+3 > 6 on 4–10,
		// = 6 on a 3; fire when standing (3/10) and d10+3+2 > 6 (9/10).
		{"wood-frame", 3, true, "7/10", "1/10", "27/100"},
		// Same Power without the heat-ray bonus: fire on d10+3 > 6 (7/10).
		{"wood-frame", 3, false, "7/10", "1/10", "21/100"},
		// Power 0 on Wood Frame: 7–10 destroys, 6 damages, fire 6/10 × 4/10.
		{"wood-frame", 0, false, "2/5", "1/10", "6/25"},
		// Concrete/Steel 9/9, Power 0: a 10 destroys, a 9 damages;
		// fire 9/10 × 1/10, with the heat ray's +2: 9/10 × 3/10.
		{"concrete-steel", 0, false, "1/10", "1/10", "9/100"},
		{"concrete-steel", 0, true, "1/10", "1/10", "27/100"},
		// Brick/Stone 8/8, sweep (+2) heat ray: 7–10 destroys, 6 damages;
		// fire 6/10 × P(d10+4 > 8) = 6/10 × 6/10.
		{"brick-stone", 2, true, "2/5", "1/10", "9/25"},
		// Power 9 always destroys: nothing is left to burn.
		{"wood-frame", 9, true, "1", "0", "0"},
		// Power -6 on Brick/Stone: d10-6 never reaches 8, for armour or fire.
		{"brick-stone", -6, false, "0", "0", "0"},
	}
	for _, c := range cases {
		res, err := Hit(sys, c.typ, c.power, c.heatRay)
		if err != nil {
			t.Fatal(err)
		}
		what := c.typ + " " + rules.PowerLabel(c.power)
		rulestest.Eq(t, what+" Destroyed", res.Destroyed, c.destroyed)
		rulestest.Eq(t, what+" Damaged", res.Damaged, c.damaged)
		rulestest.Eq(t, what+" Fire", res.Fire, c.fire)
	}
	_, err := Hit(sys, "straw", 0, false)
	if err == nil || !strings.Contains(err.Error(), "wood-frame, brick-stone, concrete-steel") {
		t.Errorf("unknown type: error %v, want one listing the valid ids", err)
	}
}

func TestBurn(t *testing.T) {
	sys := rulestest.Load(t, "buildings")
	cases := []struct {
		armor    int
		standing []string
		expected string
	}{
		// Armour 6: survives with 6/10, then 5/10, 4/10 … 1/10, and at
		// armour 0 every roll collapses it.
		{6, []string{"3/5", "3/10", "3/25", "9/250", "9/1250", "9/12500", "0"}, "25799/12500"},
		{1, []string{"1/10", "0"}, "11/10"},
		{0, []string{"0"}, "1"},
		// Armour 11: the first two tests cannot collapse it (a d10 never
		// exceeds 11 or 10); then 9/10, 8/10 …
		{11, []string{"1", "1", "9/10", "18/25"}, ""},
	}
	for _, c := range cases {
		res, err := Burn(sys, c.armor)
		if err != nil {
			t.Fatal(err)
		}
		if c.armor == 11 {
			for i, w := range c.standing {
				rulestest.Eq(t, "armour 11 standing", res.Standing[i], w)
			}
			continue
		}
		if len(res.Standing) != len(c.standing) {
			t.Fatalf("armour %d: %d tests, want %d", c.armor, len(res.Standing), len(c.standing))
		}
		for i, w := range c.standing {
			rulestest.Eq(t, "standing", res.Standing[i], w)
		}
		rulestest.Eq(t, "expected tests", res.ExpectedTests, c.expected)
		// E[tests] = 1 + sum of the chances of standing after each test.
		sum := big.NewRat(1, 1)
		for _, p := range res.Standing {
			sum.Add(sum, p)
		}
		if sum.Cmp(res.ExpectedTests) != 0 {
			t.Errorf("armour %d: expected tests %s, 1 + Σ standing = %s", c.armor, res.ExpectedTests.RatString(), sum.RatString())
		}
	}
	if _, err := Burn(sys, -1); err == nil {
		t.Error("negative armour: want an error")
	}
	if _, err := Burn(rulestest.Load(t, "aqotmf"), 6); err == nil {
		t.Error("Burn on AQotMF (no [buildings]): want an error")
	}
}

func TestBuildingTables(t *testing.T) {
	sys := rulestest.Load(t, "buildings")
	ht, err := HitTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	if len(ht.Rows) != 12 {
		t.Errorf("hit table rows %d, want 3 types × 4 Powers", len(ht.Rows))
	}
	row := "Wood Frame (6/6), +3"
	rulestest.Eq(t, "wood +3 destroyed", rulestest.Cell(t, ht, row, "Destroyed").P, "7/10")
	rulestest.Eq(t, "wood +3 damaged", rulestest.Cell(t, ht, row, "Damaged").P, "1/10")
	rulestest.Eq(t, "wood +3 fire", rulestest.Cell(t, ht, row, "On fire").P, "21/100")
	rulestest.Eq(t, "wood +3 heat-ray fire", rulestest.Cell(t, ht, row, "On fire (Heat Ray +2)").P, "27/100")
	direct, err := Hit(sys, "concrete-steel", 2, true)
	if err != nil {
		t.Fatal(err)
	}
	if c := rulestest.Cell(t, ht, "Concrete/Steel (9/9), +2", "On fire (Heat Ray +2)"); c.P == nil || c.P.Cmp(direct.Fire) != 0 {
		t.Errorf("concrete +2 heat-ray fire cell %s differs from Hit", c)
	}
	// No Heat Ray has Power – or +1 (the quick-start's are +3 and +2):
	// their rows have no Heat Ray chance, and no other Power is shown.
	for _, row := range []string{"Concrete/Steel (9/9), +1", "Wood Frame (6/6), –"} {
		if c := rulestest.Cell(t, ht, row, "On fire (Heat Ray +2)"); c != rules.Impossible {
			t.Errorf("%s: a Heat Ray chance %s where no Heat Ray has the Power", row, c)
		}
	}
	if !strings.Contains(strings.Join(ht.Notes, " "), "their Power is not given") {
		t.Errorf("the hit table's notes do not carry the reading on weapons without Power: %q", ht.Notes)
	}

	bt, err := BurnTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	// Concrete/Steel (Armor 9) takes the most tests: 10, the last certain.
	if len(bt.Columns) != 11 || bt.Columns[9] != "Turn 10" || bt.Columns[10] != "Expected tests" {
		t.Errorf("burn columns %q, want Turn 1–10 and Expected tests", bt.Columns)
	}
	rulestest.Eq(t, "wood turn 2", rulestest.Cell(t, bt, "Wood Frame (Armor 6)", "Turn 2").P, "3/10")
	rulestest.Eq(t, "wood turn 10", rulestest.Cell(t, bt, "Wood Frame (Armor 6)", "Turn 10").P, "0")
	rulestest.Eq(t, "wood expected", rulestest.Cell(t, bt, "Wood Frame (Armor 6)", "Expected tests").Num, "25799/12500")
	// 9!/10^9 after the ninth test.
	rulestest.Eq(t, "concrete turn 9", rulestest.Cell(t, bt, "Concrete/Steel (Armor 9)", "Turn 9").P, "362880/1000000000")
	brick, err := Burn(sys, 8)
	if err != nil {
		t.Fatal(err)
	}
	if rulestest.Cell(t, bt, "Brick/Stone (Armor 8)", "Expected tests").Num.Cmp(brick.ExpectedTests) != 0 {
		t.Error("brick expected tests differ from Burn")
	}
}
