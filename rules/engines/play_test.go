package engines

import (
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
)

// The odds of a unit in play shooting another are the printed tables'
// own: six stands of Doughboys with Rifles at an undamaged Assault
// Tripod ask the attack question with the numbers the reference sheet's
// "destroy a tripod by stands" table works out, and get its chances.
func TestShotsAreTheTables(t *testing.T) {
	sys := shipped.Catalog(t).System("aqotmf")
	inf, tripod := sys.Unit("infantry-company"), sys.Unit("assault-tripod")
	rifle := sys.Weapon("rifles")
	if inf == nil || tripod == nil || rifle == nil {
		t.Fatal("shipped data lacks the Infantry Company, the Assault Tripod or the Rifle")
	}
	from := rules.Fighter{Entry: inf, Weapons: []*catalog.Weapon{rifle}, Left: 5}
	to := rules.Fighter{Entry: tripod}
	shots := rules.Shots(sys, from, to)
	if len(shots) != 1 || shots[0].Query.Name != "attack" {
		t.Fatalf("shots: %+v, want one attack", shots)
	}
	a := shots[0].Args
	want := rules.Args{"dice": "5", "defense": "9", "armor": "10", "power": "0", "tripod": "true"}
	for k, v := range want {
		if a[k] != v {
			t.Errorf("%s = %q, want %q (args %v)", k, a[k], v, a)
		}
	}
	ans, err := shots[0].Query.Answer(sys, a)
	if err != nil {
		t.Fatal(err)
	}
	table, err := aqotmf.DestroyTripodByStands(sys, "infantry-company", 5)
	if err != nil {
		t.Fatal(err)
	}
	printed := table.Rows[4].Cells[2].P // 5 stands: destroyed
	var got *big.Rat
	for _, r := range ans.Rows {
		if r.P != nil && strings.Contains(strings.ToLower(r.Label), "destroy") {
			got = r.P
		}
	}
	if got == nil || got.Cmp(printed) != 0 {
		t.Fatalf("the shot's chance to destroy the tripod is %v, the printed table's %v", got, printed)
	}

	// Its marks change the question: armour lost, dug in, immobilised.
	to.Less = map[string]int{"armor": 3}
	to.Flags = map[string]bool{"immobilised": true, "no-such-parameter": true}
	a = rules.Shots(sys, from, to)[0].Args
	if a["armor"] != "7" || a["immobilised"] != "true" || a["no-such-parameter"] != "" {
		t.Fatalf("a damaged, cabled tripod: args %v; want armor 7, immobilised, and no parameter the question lacks", a)
	}
	// What is lost shoots no more.
	if s := rules.Shots(sys, rules.Fighter{Entry: inf, Weapons: []*catalog.Weapon{rifle}}, to); len(s) != 0 {
		t.Fatalf("a unit with nothing left shoots: %+v", s)
	}
	// A target with no printed stats (the Mk II Baldwin) asks nothing.
	if s := rules.Shots(sys, from, rules.Fighter{Entry: sys.Unit("mk2-baldwin")}); len(s) != 0 {
		t.Fatalf("a shot at a unit with no stats: %+v", s)
	}
}

// Imperial Mars: one question per range band, with the trays that shoot
// (a thin last tray does not).
func TestShotsImperial(t *testing.T) {
	sys := shipped.Catalog(t).System("imperial-mars")
	w := sys.Weapon("bl-rifle")
	shots := rules.Shots(sys, rules.Fighter{Weapons: []*catalog.Weapon{w}, Left: 13, PerTray: 4, Infantry: true}, rules.Fighter{})
	if len(shots) != len(w.Bands) {
		t.Fatalf("%d shots, want one per band (%d)", len(shots), len(w.Bands))
	}
	for i, s := range shots {
		if s.Query.Name != "im-shoot" || s.Args["trays"] != "3" || s.Args["factor"] != strconv.Itoa(w.Bands[i].Factor) {
			t.Errorf("band %d: %s %v; want im-shoot, 3 trays (13 figures by 4: the last tray of 1 may not shoot), factor %d", i, s.Query.Name, s.Args, w.Bands[i].Factor)
		}
		if _, err := s.Query.Answer(sys, s.Args); err != nil {
			t.Errorf("band %d: %v", i, err)
		}
	}
}

func TestArrivalsAndRounds(t *testing.T) {
	cat := shipped.Catalog(t)
	a := rules.Arrivals(cat.System("aqotmf"))
	if a == nil || a.FromTurn != 2 || a.Arrive.Cmp(big.NewRat(1, 2)) != 0 || a.CanAttack.Cmp(big.NewRat(1, 5)) != 0 {
		t.Fatalf("AQotMF reinforcements: %+v; want from turn 2, 6–10 (1/2) arrives, 9–10 (1/5) may attack", a)
	}
	if rules.Arrivals(cat.System("imperial-mars")) != nil {
		t.Error("Imperial Mars has no reinforcement test")
	}
	ev := cat.System("evacuation-mars")
	for _, c := range []struct {
		round int
		want  *big.Rat
		last  bool
	}{{7, nil, false}, {8, big.NewRat(1, 3), false}, {9, big.NewRat(1, 2), false}, {10, big.NewRat(1, 1), true}} {
		got, last := rules.RoundEnds(ev, c.round)
		if (got == nil) != (c.want == nil) || got != nil && got.Cmp(c.want) != 0 || last != c.last {
			t.Errorf("round %d: ends %v (last %v), want %v (%v)", c.round, got, last, c.want, c.last)
		}
	}
	if got, _ := rules.RoundEnds(cat.System("aqotmf"), 6); got != nil {
		t.Error("AQotMF has no game-length roll")
	}
}

func TestPieces(t *testing.T) {
	cat := shipped.Catalog(t)
	ps := rules.Pieces(cat.System("buildings"))
	if len(ps) != 3 || ps[0].Stats["armor"] != 6 || ps[0].Stats["fire"] != 6 || ps[0].On != catalog.OnBuilding {
		t.Fatalf("buildings in play: %+v; want the three building types with their Armor and Fire Ratings", ps)
	}
	if rules.Pieces(cat.System("aqotmf")) != nil {
		t.Error("AQotMF places no pieces of its own")
	}
}

func TestCheckPlay(t *testing.T) {
	if l := rules.CheckPlay(shipped.Catalog(t)); len(l) > 0 {
		t.Fatalf("shipped tracks: %v", l)
	}
	fs := shipped.Copy(t, "aqotmf", "aqotmf", shipped.Edit{RE: `odds = "dug-in"`, To: `odds = "dugin"`})
	cat, l := catalog.Load(shipped.Source(), catalog.Source{Name: "club", FS: fs})
	if l.Err() != nil {
		t.Fatal(l.Err())
	}
	got := rules.CheckPlay(cat)
	if len(got) != 1 || !strings.Contains(got[0].Error(), `club/aqotmf/play.toml:`) ||
		!strings.Contains(got[0].Error(), `track "dug-in": odds = "dugin" is not a parameter of the rule set's odds questions; expected one of: dice, defense`) {
		t.Fatalf("got %v", got)
	}
}
