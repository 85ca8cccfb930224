package imperial

import (
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/rules"
)

// TestIMShotLook checks the one-look table against the engine: every band
// of every small arm and MG gives its reach, its factor and Shoot's
// chances of 1 and 2 hits; every MG its jam chances.
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
			for h := 1; h <= 2; h++ {
				if got, want := c[1+h].String(), imChance(res.PerTray[h]).String(); got != want {
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
	first, err := strconv.Atoi(strings.Fields(tab.Rows[0].Label)[0])
	if err != nil || !strings.HasSuffix(tab.Rows[0].Label, "or less") || !strings.HasSuffix(tab.Rows[len(tab.Rows)-1].Label, "or more") {
		t.Fatalf("rows run from %q to %q; want \"N or less\" to \"M or more\"", tab.Rows[0].Label, tab.Rows[len(tab.Rows)-1].Label)
	}
	for i, row := range tab.Rows {
		f, err := strconv.Atoi(strings.Fields(row.Label)[0])
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
	} {
		if read[label] != want {
			t.Errorf("%s: %q; want %q", label, read[label], want)
		}
	}
	if _, err := ShotExample(sys, "bl-rifle", 31); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("31″ for a 30″ rifle: %v; want out of range", err)
	}
	if _, err := ShotExample(sys, "bl-rifle", 5, "Behind a hedge"); err == nil || !strings.Contains(err.Error(), "In light cover") {
		t.Errorf("an unknown factor: %v; want the names it knows", err)
	}
}
