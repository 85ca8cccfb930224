package dicegame

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/rulestest"
)

// example loads the shipped data with an example of docs/examples laid
// over it, as --data does, and returns its rule set.
func example(t testing.TB, dir, id string) (*catalog.Catalog, *catalog.System) {
	t.Helper()
	root := filepath.Join("..", "..", "docs", "examples", dir)
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: dir, FS: os.DirFS(root)})
	if l.Count() == 0 {
		l = append(l, rules.CheckWords(cat)...)
	}
	for _, d := range l {
		t.Errorf("%v", d)
	}
	sys := cat.System(id)
	if sys == nil {
		t.Fatalf("no rule set %s in %s", id, root)
	}
	return cat, sys
}

// cell is the table's cell in the row and column labelled so.
func cell(t *testing.T, tb rules.Table, row, col string) rules.Cell {
	t.Helper()
	return rulestest.Cell(t, tb, row, col)
}

// TestCanalRaiders: the example game's odds are the fractions worked by
// hand.
func TestCanalRaiders(t *testing.T) {
	_, sys := example(t, "canal-raiders", "canal-raiders")
	tables := map[string]rules.Table{}
	for _, o := range rules.OddsTables(sys) {
		tb, err := o.Build(sys)
		if err != nil {
			t.Fatalf("%s: %v", o.ID, err)
		}
		tables[o.ID] = tb
	}
	for _, c := range []struct {
		table, row, col, want, why string
	}{
		// 5 riflemen (4+, −1 in light cover: 5 or 6) at raiders saving
		// on 4+ (a half fail): a die kills 1/3 × 1/2 = 1/6, and one of
		// five does with 1 − (5/6)^5.
		{"volley", "Rifle Section → Raider Band", "Light", "4651/7776", "1 − (5/6)^5"},
		// 4 raiders (4+: 1/2) with AP 1 at riflemen saving on 5+ → 6+:
		// a die kills 1/2 × 5/6 = 5/12; one of four 1 − (7/12)^4.
		{"volley", "Raider Band → Rifle Section", "Open", "18335/20736", "1 − (7/12)^4"},
		// Heavy cover: 4+ less 2 needs a 6, which always hits anyway:
		// 1/6; the raiders' 4+ save fails half: 1/12 a die, five dice.
		{"volley", "Rifle Section → Raider Band", "Heavy", "87781/248832", "1 − (11/12)^5"},
		// Sharpshooters (3+) in heavy cover: 5 or 6, 1/3; raiders' 4+
		// save fails 1/2: 1/6 a die, three dice.
		{"volley", "Sharpshooter Team → Raider Band", "Heavy", "91/216", "1 − (5/6)^3"},
		// Raiders (4+) in heavy cover need a 6: 1/6; the sharpshooters'
		// 5+ save, AP 1, needs a 6: fails 5/6; 5/36 a die, four dice.
		{"volley", "Raider Band → Sharpshooter Team", "Heavy", "756095/1679616", "1 − (31/36)^4"},
		// Average casualties: five dice at 1/6 each.
		{"casualties", "Rifle Section → Raider Band", "Light", "5/6", "5 × 1/6"},
		{"casualties", "Raider Band → Rifle Section", "Open", "5/3", "4 × 5/12"},
		// Nerve: two dice + 2 at or under 7 → 2d6 ≤ 5: 10/36.
		{"nerve", "Rifle Section (7)", "2 lost", "5/18", "2d6 ≤ 5"},
		// + 1 at or under 9 → 2d6 ≤ 8: 26/36.
		{"nerve", "Raider Band (9)", "1 lost", "13/18", "2d6 ≤ 8"},
		// + 4 at or under 8 → 2d6 ≤ 4: 6/36.
		{"nerve", "Sharpshooter Team (8)", "4 lost", "1/6", "2d6 ≤ 4"},
	} {
		tb := tables[c.table]
		got := cell(t, tb, c.row, c.col)
		x := got.P
		if x == nil {
			x = got.Num
		}
		rulestest.Eq(t, c.table+": "+c.row+", "+c.col+" ("+c.why+")", x, c.want)
	}
}

// TestCanalRaidersShoot: the shoot question, worked by hand: four raiders
// (4+, AP 1) at the riflemen (5+ → 6+) in the open kill with 5/12 a die;
// with k casualties the section (Nerve 7) falls back on 2d6 + k over 7.
func TestCanalRaidersShoot(t *testing.T) {
	cat, sys := example(t, "canal-raiders", "canal-raiders")
	q, ok := rules.LookupQueryIn(cat, "shoot")
	if !ok {
		t.Fatal("no shoot question")
	}
	a, errs := q.Parse(sys, func(name string) (string, bool) {
		v, ok := map[string]string{"shooter": "raider-band", "target": "rifle-section", "cover": "open"}[name]
		return v, ok
	})
	if len(errs) > 0 {
		t.Fatal(errs[0])
	}
	ans, err := q.Answer(sys, a)
	if err != nil {
		t.Fatal(err)
	}
	// Σ C(4,k) 5^k 7^(4−k) × (2d6 > 7−k: 21, 26, 30, 33 of 36) over 12^4 × 36.
	want := map[string]string{"At least one hit": "15/16", "At least one casualty": "18335/20736",
		"The target falls back": "460785/746496"}
	for _, r := range ans.Rows {
		if w, ok := want[r.Label]; ok {
			rulestest.Eq(t, r.Label, r.P, w)
			delete(want, r.Label)
		}
	}
	if len(want) > 0 {
		t.Errorf("rows missing: %v", want)
	}
	// The volley table sets each unit against the other side's only.
	for _, o := range rules.OddsTables(sys) {
		if o.ID != "volley" {
			continue
		}
		tb, _ := o.Build(sys)
		if len(tb.Rows) != 4 {
			t.Errorf("volley: %d rows, want the 4 pairs of units of opposing factions", len(tb.Rows))
		}
	}
}
