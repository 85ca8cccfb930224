package imperial

import (
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// TestIMShotLook checks the one-look table against the engine: every band
// of every small arm and MG gives its reach, its factor and, for 1 and
// 2 hits, the d20 score with Shoot's chance; every MG its jam chances.
func TestIMShotLook(t *testing.T) {
	sys := imLoad(t)
	tab, err := ShotLookTable(sys, "small-arms", "mg")
	if err != nil {
		t.Fatal(err)
	}
	rows := 0
	for _, w := range sys.Weapons {
		if w.Kind != "small-arms" && w.Kind != "mg" {
			continue
		}
		if rows >= len(tab.Rows) {
			t.Fatalf("the table stops before %s", w.Name)
		}
		row := tab.Rows[rows]
		rows++
		if !strings.HasPrefix(row.Label, w.Name) {
			t.Errorf("row %d is %q; want %s", rows, row.Label, w.Name)
		}
		if len(row.Cells) != len(tab.Columns) {
			t.Errorf("%s: %d cells for %d columns", w.Name, len(row.Cells), len(tab.Columns))
		}
		for i, b := range w.Bands {
			c := row.Cells[4*i : 4*i+4]
			if c[0].Text != imInch(b.Range) || c[1].Text != strconv.Itoa(b.Factor) {
				t.Errorf("%s %s: reach %q factor %q; want %s, %d", w.Name, b.Name, c[0].Text, c[1].Text, imInch(b.Range), b.Factor)
			}
			res, err := Shoot(sys, b.Factor, 1)
			if err != nil {
				t.Fatal(err)
			}
			// The d20 score beside the chance: the Small Arms table's row
			// for the factor (below it, the natural 20), and the chance of
			// exactly that many hits.
			r := RulesOf(sys)
			scores := [3]int{0, r.Shooting.AlwaysHits, 0}
			if res.Row != nil {
				scores = [3]int{0, res.Row.OneHit, res.Row.TwoHits}
			}
			for h := 1; h <= 2; h++ {
				want := rules.WordsOf(sys, "look-shooting").Word("none") // the book gives no score
				if res.PerTray[h].Sign() > 0 {
					want = strconv.Itoa(scores[h]) + ": " + rules.Prob(res.PerTray[h]).String()
				}
				if got := c[1+h].String(); got != want {
					t.Errorf("%s %s: %d hits %s; the engine says %s", w.Name, b.Name, h, got, want)
				}
			}
		}
		if w.Kind == "mg" {
			jams, err := MGJam(sys, w.ID)
			if err != nil {
				t.Fatal(err)
			}
			last := row.Cells[len(row.Cells)-1].Text
			if !strings.Contains(last, rules.Prob(jams[0]).String()) || !strings.Contains(last, rules.Prob(jams[len(jams)-1]).String()) {
				t.Errorf("%s: jams %q; want %v", w.Name, last, jams)
			}
		}
	}
	if rows != len(tab.Rows) || rows < 3 {
		t.Errorf("%d rows for %d weapons", len(tab.Rows), rows)
	}
}

// TestIMShootingLadder checks that each row of the ladder is one factor
// up from the row above (so each +1 moves one row), and that its chances
// are Shoot's.
func TestIMShootingLadder(t *testing.T) {
	sys := imLoad(t)
	tab, err := ShootingLadder(sys)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Rows) < 10 {
		t.Fatalf("only %d rows", len(tab.Rows))
	}
	// The open ends read as the data words them ("≤ -6", "10+"); every
	// row in between is its factor.
	w := rules.WordsOf(sys, "shooting-ladder")
	factor := func(label string) (int, error) { return strconv.Atoi(strings.Trim(label, "≤+ orlesm")) }
	first, err := factor(tab.Rows[0].Label)
	lastF := first + len(tab.Rows) - 1
	if err != nil || tab.Rows[0].Label != w.Word("or_less", "n", strconv.Itoa(first)) ||
		tab.Rows[len(tab.Rows)-1].Label != w.Word("or_more", "n", strconv.Itoa(lastF)) {
		t.Fatalf("rows run from %q to %q; want the data's words for %d or less and %d or more", tab.Rows[0].Label, tab.Rows[len(tab.Rows)-1].Label, first, lastF)
	}
	for i, row := range tab.Rows {
		f, err := factor(row.Label)
		if err != nil || f != first+i {
			t.Errorf("row %d is %q; want factor %d", i, row.Label, first+i)
			continue
		}
		res, err := Shoot(sys, f, 1)
		if err != nil {
			t.Fatal(err)
		}
		if row.Cells[2].String() != imChance(res.PerTray[1]).String() || row.Cells[3].String() != imChance(res.PerTray[2]).String() {
			t.Errorf("factor %d: %s, %s; the engine says %v", f, row.Cells[2], row.Cells[3], res.PerTray)
		}
	}
	// Below the table only the natural 20 hits: 1 in 20.
	if got := tab.Rows[0].Cells[2].P; got == nil || got.Cmp(big.NewRat(1, 20)) != 0 {
		t.Errorf("below the table: %v; want 1/20", got)
	}
}

// TestIMArtilleryLook checks every gun's cell: the factor the data prints
// for smoothbore and rifle, and the chance of a d20 equal or above it.
func TestIMArtilleryLook(t *testing.T) {
	sys := imLoad(t)
	tab, err := ArtilleryLookTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	ft := sys.Table(RulesOf(sys).Artillery.FactorsTable)
	if len(tab.Rows) != 2*len(ft.Rows) {
		t.Fatalf("%d rows for %d guns; want smoothbore and rifle each", len(tab.Rows), len(ft.Rows))
	}
	for g, src := range ft.Rows {
		for k := range 2 {
			row := tab.Rows[2*g+k]
			for i, c := range src[1:] {
				want := strings.Split(c, "/")[k]
				cell := row.Cells[i].Text
				if want == "-" {
					if cell != "–" {
						t.Errorf("%s, %s: %q; want –", row.Label, tab.Columns[i], cell)
					}
					continue
				}
				n, _ := strconv.Atoi(want)
				p, _ := ArtilleryHit(sys, n)
				if cell != want+": "+rules.Prob(p).String() {
					t.Errorf("%s, %s: %q; want %s: %s", row.Label, tab.Columns[i], cell, want, rules.Prob(p))
				}
			}
		}
	}
	if tab.Rows[0].Cells[0].Text != "5: 80%" {
		t.Errorf("light smoothbore at 6″: %q; the book's 5 is 80%%", tab.Rows[0].Cells[0].Text)
	}
}

// TestIMShotExample works the reference's example by hand: a BL rifle at
// 12″ is in its medium band (factor 4); light cover −2 makes 2, the
// Small Arms row of 2 and 3: one hit on 16, 25%.
func TestIMShotExample(t *testing.T) {
	sys := imLoad(t)
	tab, err := ShotExampleFromData(sys)
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]string{}
	for _, r := range tab.Rows {
		read[r.Label] = r.Cells[0].Text
	}
	for label, want := range map[string]string{
		"Weapon and distance": "BL rifle at 12″",
		"Weapon factor":       "4",
		"In light cover":      "-2",
		"Total factor":        "2",
		"Small Arms table":    "1 hit on 16",
		"Chance, each tray":   "1 hit 25% · no hit 75%",
		// Eight trays at 1/4 each: 0 hits (3/4)^8 = 10%, 1 hit 8·(1/4)(3/4)^7
		// = 27%, 2 hits 31%, 3 hits 21%; the 11% left is 4 or more.
		"The unit's shots": "8 trays, a d20 each: 0 hits 10% · 1 hit 27% · 2 hits 31% · 3 hits 21% · 4 or more 11%",
		"Casualties":       "a figure for each hit, off one tray at a time; 2 on average each time the unit shoots",
		// Regular Martians at 6 of 30 lost test at −2 (Per 20% Lost): No
		// Effect on 10 or more is a d20 of 12+, 45%; 1 DM (5–9) 7–11, 25%;
		// 2 DMs (1–4) 3–6, 20%; 3 DMs (−5–0) 1–2, 10%; 4 DMs cannot be had.
		"Target's morale": "at 6 of its 30 lost (20%) the Regular Martians test: d20 -2 (Per 20% Lost -2): " +
			"No Effect 12+ 45% · 1 DM 7–11 25% · 2 DMs 3–6 20% · 3 DMs 1–2 10%",
	} {
		if read[label] != want {
			t.Errorf("%s: %q; want %q", label, read[label], want)
		}
	}
	in := func(n float64) catalog.Length { return catalog.Length{MM: n * 25.4} }
	if _, err := ShotExample(sys, Example{Weapon: "bl-rifle", Distance: in(31)}); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("31″ for a 30″ rifle: %v; want out of range", err)
	}
	if _, err := ShotExample(sys, Example{Weapon: "bl-rifle", Distance: in(5), Factors: []string{"Behind a hedge"}}); err == nil || !strings.Contains(err.Error(), "In light cover") {
		t.Errorf("an unknown factor: %v; want the names it knows", err)
	}
	if _, err := ShotExample(sys, Example{Weapon: "bl-rifle", Distance: in(5), Trays: 2, Target: "Zombies", Figures: 10, Lost: 2}); err == nil || !strings.Contains(err.Error(), "Regular Martians") {
		t.Errorf("a target that is no column of the morale modifiers: %v; want the columns", err)
	}
}
