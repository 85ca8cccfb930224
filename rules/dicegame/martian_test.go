package dicegame

import (
	"fmt"
	"math/big"
	"strconv"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
	"github.com/playaid/playaid/rules/buildings"
)

// build builds the rule set's odds table id.
func build(t *testing.T, sys *catalog.System, id string) rules.Table {
	t.Helper()
	for _, o := range rules.OddsTables(sys) {
		if o.ID == id {
			tb, err := o.Build(sys)
			if err != nil {
				t.Fatalf("%s: %v", id, err)
			}
			return tb
		}
	}
	t.Fatalf("%s has no odds table %s", sys.ID, id)
	return rules.Table{}
}

// sameCells holds two tables to the same shape and the same exact value
// in every cell (or the same words, "–", where a case cannot happen).
func sameCells(t *testing.T, what string, got, want rules.Table) {
	t.Helper()
	if len(got.Rows) != len(want.Rows) || len(got.Columns) != len(want.Columns) {
		t.Fatalf("%s: %d rows × %d columns, the dedicated engine's %d × %d", what, len(got.Rows), len(got.Columns), len(want.Rows), len(want.Columns))
	}
	n := 0
	for i, r := range want.Rows {
		for j, c := range r.Cells {
			g := got.Rows[i].Cells[j]
			same := g.P != nil && c.P != nil && g.P.Cmp(c.P) == 0 || g.P == nil && c.P == nil && g.Text == c.Text && c.Text != ""
			if !same {
				t.Errorf("%s: row %d (%s / %s), column %d (%s / %s): %s, the dedicated engine's %s",
					what, i+1, got.Rows[i].Label, r.Label, j+1, got.Columns[j], want.Columns[j], g.Exact(), c.Exact())
			}
			n++
		}
	}
	if n == 0 {
		t.Fatalf("%s: no cells", what)
	}
}

// TestMartianShooting: the AQotMF hit-and-damage grid and the Destroying
// Buildings hit table, written as data on the dice engine, print the same
// numbers as the dedicated engines, cell for cell.
func TestMartianShooting(t *testing.T) {
	cat, sys := example(t, "martian-shooting", "martian-shooting")
	aq, bld := cat.System("aqotmf"), cat.System("buildings")

	grid, err := aqotmf.HitDamageGrid(aq)
	if err != nil {
		t.Fatal(err)
	}
	// The dedicated grid is a row per Defense; the sheet prints it
	// turned, a row per Armor and Power, as the data's table is.
	sameCells(t, "hit-damage grid", build(t, sys, "hit-damage-grid"), grid.Transpose())

	hit, err := buildings.HitTable(bld)
	if err != nil {
		t.Fatal(err)
	}
	sameCells(t, "buildings: one hit", build(t, sys, "hit"), hit)
}

// TestMartianShot: the data's shot question answers as the dedicated
// engine's attack, over every cover and switch and a spread of numbers.
func TestMartianShot(t *testing.T) {
	cat, sys := example(t, "martian-shooting", "martian-shooting")
	aq := cat.System("aqotmf")
	q, ok := rules.LookupQueryIn(cat, "shot")
	if !ok {
		t.Fatal("no shot question")
	}
	n := 0
	for _, dice := range []int{0, 1, 4} {
		for _, def := range []int{-1, 3, 6, 11} {
			for _, armor := range []int{2, 4, 10, 13} {
				for _, power := range []int{0, 2} {
					for _, cover := range []string{"open", "soft", "hard"} {
						for flags := range 8 {
							dug, close, immo := flags&1 != 0, flags&2 != 0, flags&4 != 0
							want, err := aqotmf.Attack(aq, aqotmf.AttackQuery{Dice: dice, Defense: def, Armor: armor, Power: power,
								Cover: map[string]string{"open": "", "soft": "soft", "hard": "hard"}[cover], DugIn: dug, TripodClose: close, Immobilised: immo})
							if err != nil {
								t.Fatal(err)
							}
							args := rules.Args{"dice": strconv.Itoa(dice), "defense": strconv.Itoa(def), "armor": strconv.Itoa(armor),
								"power": strconv.Itoa(power), "cover": cover}
							for name, on := range map[string]bool{"dug_in": dug, "tripod_close": close, "immobilised": immo} {
								if on {
									args[name] = "1"
								}
							}
							ans, err := q.Answer(sys, args)
							if err != nil {
								t.Fatal(err)
							}
							what := fmt.Sprint(args)
							if ans.Rows[0].P.Cmp(want.Hit) != 0 || ans.Rows[1].P.Cmp(want.Damage) != 0 {
								t.Errorf("%s: hit %s, damage %s; the dedicated engine's %s, %s", what,
									ans.Rows[0].P.RatString(), ans.Rows[1].P.RatString(), want.Hit.RatString(), want.Damage.RatString())
							}
							// The damage points: the dedicated engine lists every
							// count up to the dice, those that cannot happen at 0.
							ps := ans.Dists[1].P
							for k, w := range want.Points {
								got := new(big.Rat)
								if k < len(ps) {
									got = ps[k]
								}
								if got.Cmp(w) != 0 {
									t.Errorf("%s: %d damage points %s, the dedicated engine's %s", what, k, got.RatString(), w.RatString())
								}
							}
							if len(ps) > len(want.Points) {
								t.Errorf("%s: %d damage counts, more than the dedicated engine's %d", what, len(ps), len(want.Points))
							}
							n++
						}
					}
				}
			}
		}
	}
	if n != 3*4*4*2*3*8 {
		t.Fatalf("%d cases", n)
	}
}
