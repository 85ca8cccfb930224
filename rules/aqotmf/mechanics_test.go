package aqotmf

import (
	"math/big"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules/rulestest"
)

// Expected values are worked by hand from the seed: a d10 hits on a score
// equal to or greater than Defense, damages on score + Power equal to or
// greater than Armor.

// aqDamageRoll is the chance of dmgOn or better on a d10, worked out
// by counting faces: 4+ is 7 faces of 10.
func aqDamageRoll(dmgOn int) string {
	faces := min(max(11-dmgOn, 0), 10)
	return big.NewRat(int64(faces), 10).RatString()
}

func TestAQAttackOneDie(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	cases := []struct {
		name          string
		q             AttackQuery
		hit, dmg      string
		hitOn, dmgOn  int
		wantLuckyNote bool
	}{
		{"rifle vs infantry in the open", AttackQuery{Dice: 1, Defense: 5, Armor: 4}, "3/5", "21/50", 5, 4, false},
		{"soft cover +1", AttackQuery{Dice: 1, Defense: 5, Armor: 4, Cover: "soft"}, "1/2", "7/20", 6, 4, false},
		{"hard cover +3", AttackQuery{Dice: 1, Defense: 5, Armor: 4, Cover: "hard"}, "3/10", "21/100", 8, 4, false},
		{"soft cover and dug in (+2 armour)", AttackQuery{Dice: 1, Defense: 5, Armor: 4, Cover: "soft", DugIn: true}, "1/2", "1/4", 6, 6, false},
		{"dug in vs tripod within 6\": no bonus", AttackQuery{Dice: 1, Defense: 5, Armor: 4, Cover: "soft", DugIn: true, TripodClose: true}, "1/2", "7/20", 6, 4, false},
		{"tripod within 6\" but not dug in", AttackQuery{Dice: 1, Defense: 5, Armor: 4, TripodClose: true}, "3/5", "21/50", 5, 4, false},
		{"focused heat ray (+3) vs dug-in infantry far off", AttackQuery{Dice: 1, Defense: 5, Armor: 4, Power: 3, DugIn: true}, "3/5", "12/25", 5, 3, false},
		{"focused heat ray vs infantry: damages on any roll", AttackQuery{Dice: 1, Defense: 5, Armor: 4, Power: 3}, "3/5", "3/5", 5, 1, false},
		{"rifle vs Assault Tripod", AttackQuery{Dice: 1, Defense: 9, Armor: 10}, "1/5", "1/50", 9, 10, false},
		{"immobilised tripod: Defense 9-4", AttackQuery{Dice: 1, Defense: 9, Armor: 10, Immobilised: true}, "3/5", "3/50", 5, 10, false},
		{"Defense 1 always hits", AttackQuery{Dice: 1, Defense: 1, Armor: 4}, "1", "7/10", 1, 4, false},
		{"Defense 0 always hits", AttackQuery{Dice: 1, Defense: 0, Armor: 4}, "1", "7/10", 0, 4, false},
		{"immobilised Defense 5-4 = 1 always hits", AttackQuery{Dice: 1, Defense: 5, Armor: 4, Immobilised: true}, "1", "7/10", 1, 4, false},
		{"Defense 10 hits on a 10", AttackQuery{Dice: 1, Defense: 7, Armor: 4, Cover: "hard"}, "1/10", "7/100", 10, 4, false},
		{"Defense 11 never hits", AttackQuery{Dice: 1, Defense: 11, Armor: 4}, "0", "0", 11, 4, false},
		{"tripod in hard cover: Defense 12", AttackQuery{Dice: 1, Defense: 9, Armor: 10, Cover: "hard"}, "0", "0", 12, 10, false},
		{"Armor 12 without Power: lucky hits only", AttackQuery{Dice: 1, Defense: 5, Armor: 12}, "3/5", "0", 5, 12, true},
		{"Armor 12 with Power +3 needs 9", AttackQuery{Dice: 1, Defense: 5, Armor: 12, Power: 3}, "3/5", "3/25", 5, 9, false},
		{"Armor 11 with Power +1 needs 10", AttackQuery{Dice: 1, Defense: 5, Armor: 11, Power: 1}, "3/5", "3/50", 5, 10, false},
		{"Armor 10 dug in is 12: lucky hits only", AttackQuery{Dice: 1, Defense: 5, Armor: 10, DugIn: true}, "3/5", "0", 5, 12, true},
		{"Armor 10 without Power needs a 10", AttackQuery{Dice: 1, Defense: 5, Armor: 10}, "3/5", "3/50", 5, 10, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Attack(sys, c.q)
			if err != nil {
				t.Fatal(err)
			}
			if res.HitOn != c.hitOn || res.DamageOn != c.dmgOn {
				t.Errorf("needs %d to hit and %d to damage, want %d and %d", res.HitOn, res.DamageOn, c.hitOn, c.dmgOn)
			}
			rulestest.Eq(t, "DieHit", res.DieHit, c.hit)
			rulestest.Eq(t, "DieDmg", res.DieDmg, c.dmg)
			// One die: at least one hit is the die's hit.
			rulestest.Eq(t, "Hit", res.Hit, c.hit)
			rulestest.Eq(t, "Damage", res.Damage, c.dmg)
			rulestest.Eq(t, "Points[1]", res.Points[1], c.dmg)
			// P(damage | hit) × P(hit) is P(hit and damage): the damage roll
			// is one d10 at DamageOn or better (4+: 7/10 …).
			if prod := new(big.Rat).Mul(res.HitDamages, res.DieHit); prod.Cmp(res.DieDmg) != 0 {
				t.Errorf("HitDamages %v × DieHit %v = %v, want DieDmg %v", res.HitDamages, res.DieHit, prod, res.DieDmg)
			}
			rulestest.Eq(t, "HitDamages", res.HitDamages, aqDamageRoll(c.dmgOn))
			if res.Destroyed != nil {
				t.Errorf("Destroyed = %v for a non-tripod target, want nil", res.Destroyed)
			}
			gotNote := len(res.Notes) == 1 && strings.Contains(res.Notes[0], "lucky hit")
			if gotNote != c.wantLuckyNote {
				t.Errorf("lucky-hit note = %v (%q), want %v", gotNote, res.Notes, c.wantLuckyNote)
			}
		})
	}
}

func TestAQAttackTripod(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	// Power 9 against Armor 10 and Defense 1: every die damages, so the
	// number of points equals the dice and only the chart is left.
	sure := func(n int) AttackQuery {
		return AttackQuery{Dice: n, Defense: 1, Armor: 10, Power: 9, Tripod: true}
	}
	cases := []struct {
		name      string
		q         AttackQuery
		destroyed string
	}{
		// 1 point, no modifier: 9 and 10 destroy (2/10); 8 lowers Armor 10
		// by a d10 and destroys only on a 10 (1/10 × 1/10).
		{"1 certain point vs Armor 10", sure(1), "21/100"},
		// 2 points, +1: 8–10 on the die give 9, 10+ (3/10); a 7 gives 8 (1/100).
		{"2 certain points", sure(2), "31/100"},
		// 3 points, +2: 7–10 destroy (4/10); a 6 gives 8 (1/100).
		{"3 certain points", sure(3), "41/100"},
		// 10 points, +9: every total is 10+.
		{"10 certain points", sure(10), "1"},
		// Armor 5 and 1 point: 8 destroys when a d10 reaches 5 (6/10).
		{"1 certain point vs Armor 5", AttackQuery{Dice: 1, Defense: 1, Armor: 5, Power: 9, Tripod: true}, "13/50"},
		// One rifle die: hits 2/10, damages 1/10 → 1/50 × 21/100.
		{"one rifle", AttackQuery{Dice: 1, Defense: 9, Armor: 10, Tripod: true}, "21/5000"},
		// Two rifle dice: P(1) = 2·(1/50)(49/50) = 98/2500, P(2) = 1/2500.
		// 98/2500·21/100 + 1/2500·31/100 = 2089/250000.
		{"two rifles", AttackQuery{Dice: 2, Defense: 9, Armor: 10, Tripod: true}, "2089/250000"},
		{"tripod in hard cover cannot be hit", AttackQuery{Dice: 20, Defense: 9, Armor: 10, Cover: "hard", Tripod: true}, "0"},
		{"zero dice", AttackQuery{Dice: 0, Defense: 9, Armor: 10, Tripod: true}, "0"},
		{"negative dice count as none", AttackQuery{Dice: -3, Defense: 9, Armor: 10, Tripod: true}, "0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := Attack(sys, c.q)
			if err != nil {
				t.Fatal(err)
			}
			rulestest.Eq(t, "Destroyed", res.Destroyed, c.destroyed)
		})
	}
}

func TestAQAttackPointsAndEdges(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	res, err := Attack(sys, AttackQuery{Dice: 0, Defense: 5, Armor: 4})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Points) != 1 {
		t.Fatalf("zero dice: %d point values, want 1", len(res.Points))
	}
	rulestest.Eq(t, "zero dice P(0)", res.Points[0], "1")
	rulestest.Eq(t, "zero dice Hit", res.Hit, "0")
	rulestest.Eq(t, "zero dice Damage", res.Damage, "0")

	// 3 Machine Gun dice (one stand) against infantry in the open: each
	// die damages with 21/50, so P(k) = C(3,k)(21/50)^k(29/50)^(3-k).
	res, err = Attack(sys, AttackQuery{Dice: 3, Defense: 5, Armor: 4})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"24389/125000", "52983/125000", "38367/125000", "9261/125000"}
	for k, w := range want {
		rulestest.Eq(t, "P(points)", res.Points[k], w)
	}
	rulestest.Eq(t, "Hit (1 - (2/5)^3)", res.Hit, "117/125")
	rulestest.Eq(t, "Damage", res.Damage, "100611/125000")

	for _, bad := range []AttackQuery{
		{Dice: 1001, Defense: 5, Armor: 4},
		{Dice: 1, Defense: 5, Armor: 4, Cover: "medium"},
	} {
		if _, err := Attack(sys, bad); err == nil {
			t.Errorf("Attack(%+v): want an error", bad)
		}
	}
	// A rule set of another engine has no [aqotmf] block.
	if _, err := Attack(&catalog.System{ID: "other", About: catalog.About{Die: 10}}, AttackQuery{Dice: 1}); err == nil {
		t.Error("Attack on a rule set of another engine: want an error")
	}
}

func TestAQMorale(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	// d10 - losses >= 5.
	for losses, want := range []string{"3/5", "1/2", "2/5", "3/10", "1/5", "1/10", "0", "0"} {
		got, err := Morale(sys, losses)
		if err != nil {
			t.Fatal(err)
		}
		rulestest.Eq(t, "morale", got, want)
	}
	if _, err := Morale(sys, -1); err == nil {
		t.Error("negative losses: want an error")
	}
}

func TestAQReinforcements(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	res, err := Reinforcements(sys, 6)
	if err != nil {
		t.Fatal(err)
	}
	rulestest.Eq(t, "Arrive (6–10)", res.Arrive, "1/2")
	rulestest.Eq(t, "CanAttack (9–10)", res.CanAttack, "1/5")
	want := []struct {
		turn                int
		arrives, attack, by string
	}{
		{2, "1/2", "1/5", "1/2"},
		{3, "1/4", "1/10", "3/4"},
		{4, "1/8", "1/20", "7/8"},
		{5, "1/16", "1/40", "15/16"},
		{6, "1/32", "1/80", "31/32"},
	}
	if len(res.Turns) != len(want) {
		t.Fatalf("%d turns, want %d (turns 2–6)", len(res.Turns), len(want))
	}
	for i, w := range want {
		tr := res.Turns[i]
		if tr.Turn != w.turn {
			t.Errorf("turn %d, want %d", tr.Turn, w.turn)
		}
		rulestest.Eq(t, "Arrives", tr.Arrives, w.arrives)
		rulestest.Eq(t, "CanAttack", tr.CanAttack, w.attack)
		rulestest.Eq(t, "ArrivedBy", tr.ArrivedBy, w.by)
	}
	res, err = Reinforcements(sys, 1)
	if err != nil || len(res.Turns) != 0 {
		t.Errorf("a 1-turn game: %d tests, err %v; want none", len(res.Turns), err)
	}
}

func TestAQTowCable(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	cases := []struct {
		speed, armor              int
		free, falls, ifFalls, dst string
	}{
		// Assault Tripod: Speed 8. A fall rolls d10+3: 9+ (die 6–10)
		// destroys, 8 (die 5) destroys when a d10 reaches the Armor.
		{8, 10, "4/5", "1/5", "51/100", "51/500"},
		{8, 5, "4/5", "1/5", "14/25", "14/125"},
		{8, 1, "4/5", "1/5", "3/5", "3/25"},
		// Speed 10: a 10 still falls.
		{10, 10, "9/10", "1/10", "51/100", "51/1000"},
		{0, 10, "0", "1", "51/100", "51/100"},
	}
	for _, c := range cases {
		res, err := TowCable(sys, c.speed, c.armor)
		if err != nil {
			t.Fatal(err)
		}
		rulestest.Eq(t, "BreakFree", res.BreakFree, c.free)
		rulestest.Eq(t, "Falls", res.Falls, c.falls)
		rulestest.Eq(t, "DestroyedIfFalls", res.DestroyedIfFalls, c.ifFalls)
		rulestest.Eq(t, "Destroyed", res.Destroyed, c.dst)
	}
	for _, speed := range []int{-1, 11} {
		if _, err := TowCable(sys, speed, 10); err == nil {
			t.Errorf("Speed %d: want an error (not covered)", speed)
		}
	}
}

func TestAQHitDamageGrid(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	tb, err := HitDamageGrid(sys)
	if err != nil {
		t.Fatal(err)
	}
	// Rows Defense 3–12; columns Armor 4, 6 (dug in), 10 × Power –, +1, +2, +3.
	if len(tb.Rows) != 10 || tb.Rows[0].Label != "3" || tb.Rows[9].Label != "12" {
		t.Errorf("rows %d from %q, want Defense 3–12", len(tb.Rows), tb.Rows[0].Label)
	}
	if len(tb.Columns) != 12 {
		t.Errorf("columns %q, want 12", tb.Columns)
	}
	cases := []struct {
		row, col, want string
		q              AttackQuery
	}{
		{"9", "Armor 10, Power –", "1/50", AttackQuery{Dice: 1, Defense: 9, Armor: 10}},
		{"5", "Armor 4, Power –", "21/50", AttackQuery{Dice: 1, Defense: 5, Armor: 4}},
		{"6", "Armor 6 (4 dug in), Power +2", "1/2 * 7/10", AttackQuery{Dice: 1, Defense: 6, Armor: 6, Power: 2}},
		{"11", "Armor 10, Power +3", "0", AttackQuery{Dice: 1, Defense: 11, Armor: 10, Power: 3}},
		{"3", "Armor 10, Power +3", "8/10 * 4/10", AttackQuery{Dice: 1, Defense: 3, Armor: 10, Power: 3}},
	}
	for _, c := range cases {
		cell := rulestest.Cell(t, tb, c.row, c.col)
		res, err := Attack(sys, c.q)
		if err != nil {
			t.Fatal(err)
		}
		if cell.P == nil || cell.P.Cmp(res.DieDmg) != 0 {
			t.Errorf("cell %s/%s = %v, Attack gives %s", c.row, c.col, cell.P, res.DieDmg.RatString())
		}
		want := rulestest.Rat("1")
		for _, f := range strings.Split(c.want, " * ") {
			want.Mul(want, rulestest.Rat(f))
		}
		if cell.P.Cmp(want) != 0 {
			t.Errorf("cell %s/%s = %s, want %s", c.row, c.col, cell.P.RatString(), want.RatString())
		}
	}
}

func TestAQTripodChartTable(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	tb, err := TripodChart(sys)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.Rows) != 7 || len(tb.Columns) != 5 {
		t.Fatalf("%d rows × %d columns, want 6 chart results + Destroyed × 5", len(tb.Rows), len(tb.Columns))
	}
	cases := []struct{ row, col, want string }{
		{"1-5: The Tripod is damaged.", "1 damage", "1/2"},
		{"8: The Tripod is badly damaged.", "1 damage", "1/10"},
		{"Destroyed", "1 damage", "21/100"},
		{"Destroyed", "2 damage", "31/100"},
		// 5 points, +4: totals 5–14; 1-5, 6, 7, 8, 9 once each, 10+ five times.
		{"1-5: The Tripod is damaged.", "5 damage", "1/10"},
		{"10+: The Tripod is destroyed and explodes in a spectacular fashion!", "5 damage", "1/2"},
		{"Destroyed", "5 damage", "61/100"},
	}
	for _, c := range cases {
		rulestest.Eq(t, c.row+"/"+c.col, rulestest.Cell(t, tb, c.row, c.col).P, c.want)
	}
	// The Destroyed row equals a direct attack scoring one certain point.
	res, err := Attack(sys, AttackQuery{Dice: 1, Defense: 1, Armor: 10, Power: 9, Tripod: true})
	if err != nil {
		t.Fatal(err)
	}
	if rulestest.Cell(t, tb, "Destroyed", "1 damage").P.Cmp(res.Destroyed) != 0 {
		t.Error("Destroyed cell differs from Attack")
	}
}

func TestAQDestroyTripodByStands(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	inf, err := DestroyTripodByStands(sys, "infantry-company", 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(inf.Rows) != 5 {
		t.Fatalf("%d rows, want 5", len(inf.Rows))
	}
	rulestest.Eq(t, "1 rifle stand", rulestest.Cell(t, inf, "1", "Destroyed").P, "21/5000")
	rulestest.Eq(t, "2 rifle stands", rulestest.Cell(t, inf, "2", "Destroyed").P, "2089/250000")
	rulestest.Eq(t, "1 rifle stand: at least 1 damage", rulestest.Cell(t, inf, "1", "At least 1 damage").P, "1/50")
	if got := rulestest.Cell(t, inf, "5", "Dice").Text; got != "5" {
		t.Errorf("5 stands roll %s dice, want 5", got)
	}

	hmg, err := DestroyTripodByStands(sys, "hmg-unit", 3)
	if err != nil {
		t.Fatal(err)
	}
	// One HMG stand: 3 dice of 1/50. P(1) = 7203/125000, P(2) = 147/125000,
	// P(3) = 1/125000, destroying with 21/100, 31/100, 41/100:
	// (7203·21 + 147·31 + 41) / 12500000.
	rulestest.Eq(t, "1 HMG stand", rulestest.Cell(t, hmg, "1", "Destroyed").P, "155861/12500000")
	if got := rulestest.Cell(t, hmg, "3", "Dice").Text; got != "9" {
		t.Errorf("3 HMG stands roll %s dice, want 9", got)
	}
	res, err := Attack(sys, AttackQuery{Dice: 9, Defense: 9, Armor: 10, Tripod: true})
	if err != nil {
		t.Fatal(err)
	}
	if rulestest.Cell(t, hmg, "3", "Destroyed").P.Cmp(res.Destroyed) != 0 {
		t.Error("3 HMG stands: cell differs from Attack with 9 dice")
	}

	for _, bad := range []string{"rough-riders", "mk2-baldwin", "no-such-unit"} {
		if _, err := DestroyTripodByStands(sys, bad, 3); err == nil {
			t.Errorf("%s: want an error (no weapon printed / unknown)", bad)
		}
	}
	if _, err := DestroyTripodByStands(sys, "hmg-unit", 0); err == nil {
		t.Error("0 stands: want an error")
	}
}

func TestAQSmallTables(t *testing.T) {
	sys := rulestest.Load(t, "aqotmf")
	mt, err := MoraleTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	if len(mt.Rows) != 6 {
		t.Errorf("morale rows %d, want 1–6 lost", len(mt.Rows))
	}
	rulestest.Eq(t, "morale 1 lost passes", rulestest.Cell(t, mt, "1", "Passes").P, "1/2")
	rulestest.Eq(t, "morale 5 lost routs", rulestest.Cell(t, mt, "5", "Routs").P, "9/10")
	rulestest.Eq(t, "morale 6 lost passes", rulestest.Cell(t, mt, "6", "Passes").P, "0")

	rt, err := ReinforcementTable(sys, 6)
	if err != nil {
		t.Fatal(err)
	}
	if len(rt.Rows) != 5 {
		t.Errorf("reinforcement rows %d, want turns 2–6", len(rt.Rows))
	}
	rulestest.Eq(t, "turn 4 arrived by", rulestest.Cell(t, rt, "4", "Arrived by this turn").P, "7/8")
	rulestest.Eq(t, "turn 3 attack", rulestest.Cell(t, rt, "3", "Arrives and can attack").P, "1/10")
	// The chance beside the roll that makes it: the chart's die bands.
	if want := "Each test, a D10: 1–5 no show; the unit arrives on 6–10 (50% of rolls), able to attack on 9–10 (20% of all rolls, 40% of arrivals)."; len(rt.Notes) == 0 || !strings.HasPrefix(rt.Notes[0], want) {
		t.Errorf("reinforcement note %q, want it to start %q", rt.Notes, want)
	}
	odd := &catalog.Chart{Die: 6, Rows: []catalog.ChartRow{{Roll: catalog.Roll{Min: 1, Max: 1}}, {Roll: catalog.Roll{Min: 2, Max: 3}, Tags: []string{"x"}}, {Roll: catalog.Roll{Min: 4, Max: 5}}, {Roll: catalog.Roll{Min: 6, Max: 6}, Tags: []string{"x"}}}}
	if got := facesWhere(odd, func(r catalog.ChartRow) bool { return r.Has("x") }); got != "2–3, 6" {
		t.Errorf("faces of a split band: %q, want \"2–3, 6\"", got)
	}
	if got := facesWhere(odd, func(catalog.ChartRow) bool { return false }); got != "none" {
		t.Errorf("no faces: %q, want \"none\"", got)
	}
	if _, err := ReinforcementTable(sys, 1); err == nil {
		t.Error("a 1-turn game: want an error (no test)")
	}

	tt, err := TowCableTable(sys)
	if err != nil {
		t.Fatal(err)
	}
	if len(tt.Rows) != 10 {
		t.Errorf("tow-cable rows %d, want Armor 10 down to 1", len(tt.Rows))
	}
	rulestest.Eq(t, "Armor 10 destroyed", rulestest.Cell(t, tt, "10", "Destroyed").P, "51/500")
	rulestest.Eq(t, "Armor 5 if it falls", rulestest.Cell(t, tt, "5", "Destroyed if it falls").P, "14/25")
	rulestest.Eq(t, "Armor 1 breaks free", rulestest.Cell(t, tt, "1", "Breaks free").P, "4/5")
}

// BenchmarkAQAttack100Tripod: 100 dice against a tripod must take well
// under a millisecond.
func BenchmarkAQAttack100Tripod(b *testing.B) {
	sys := rulestest.Load(b, "aqotmf")
	q := AttackQuery{Dice: 100, Defense: 9, Armor: 10, Power: 3, Tripod: true}
	for b.Loop() {
		if _, err := Attack(sys, q); err != nil {
			b.Fatal(err)
		}
	}
}
