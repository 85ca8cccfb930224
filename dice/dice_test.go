package dice

import (
	"math"
	"math/big"
	"strings"
	"testing"
)

// rat parses "a/b" or "a"; the tests use it for hand-worked expectations.
func rat(t testing.TB, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad rational %q", s)
	}
	return r
}

func ge(v int) func(int) bool { return func(x int) bool { return x >= v } }

// TestProbabilities checks exact values worked out by hand.
func TestProbabilities(t *testing.T) {
	d6, d10 := Die(6), Die(10)
	opposed := Sub(d10, d10)
	half := big.NewRat(1, 2)
	bind := Bind(d10, func(v int) Dist { // roll d10; on 6+ roll another d10, else 0
		if v >= 6 {
			return d10
		}
		return Const(0)
	})
	exploding := Bind(d10, func(v int) Dist { // on 6+ add another d10
		if v >= 6 {
			return Add(Const(v), d10)
		}
		return Const(v)
	})
	// d2 then d2 or d4: totals 2 and 4 need a common denominator.
	uneven := Bind(Die(2), func(v int) Dist { return Die(2 * v) })

	tests := []struct {
		name string
		got  *big.Rat
		want string
	}{
		{"d10 >= 7", d10.AtLeast(7), "2/5"},
		{"d10 >= 11", d10.AtLeast(11), "0"},
		{"d10 >= 1", d10.AtLeast(1), "1"},
		{"d10 <= 3", d10.AtMost(3), "3/10"},
		{"d10 < 3", d10.Less(3), "1/5"},
		{"d10 > 3", d10.Greater(3), "7/10"},
		{"d10 = 0", d10.Prob(0), "0"},
		{"d20 mean", Die(20).Mean(), "21/2"},
		{"2d6 = 7", Add(d6, d6).Prob(7), "1/6"},
		{"2d6 = 2", Add(d6, d6).Prob(2), "1/36"},
		{"2d6 mean", Add(d6, d6).Mean(), "7"},
		{"d10-d10 = 0", opposed.Prob(0), "1/10"},
		{"d10-d10 > 0", opposed.Greater(0), "9/20"},
		{"d10-d10 = -9", opposed.Prob(-9), "1/100"},
		{"d10-d10 mean", opposed.Mean(), "0"},
		{"3d6 = 18", Repeat(d6, 3).Prob(18), "1/216"},
		{"3d6 = 10", Repeat(d6, 3).Prob(10), "1/8"}, // 27 ways
		{"5d6 = 5", Repeat(d6, 5).Prob(5), "1/7776"},
		{"binomial(3,1/2) = 0", Binomial(3, half).Prob(0), "1/8"},
		{"binomial(3,1/2) = 1", Binomial(3, half).Prob(1), "3/8"},
		{"binomial(3,1/2) = 2", Binomial(3, half).Prob(2), "3/8"},
		{"binomial(3,1/2) = 3", Binomial(3, half).Prob(3), "1/8"},
		{"binomial(100,21/100) mean", Binomial(100, big.NewRat(21, 100)).Mean(), "21"},
		{"binomial(2,1/3) = 1", Binomial(2, big.NewRat(1, 3)).Prob(1), "4/9"},
		{"2d10 both >= 9", Count(d10, 2, ge(9)).Prob(2), "1/25"},
		{"2d10 one >= 9", Count(d10, 2, ge(9)).Prob(1), "8/25"},
		{"bind = 0", bind.Prob(0), "1/2"},
		{"bind = 7", bind.Prob(7), "1/20"},
		{"bind mean", bind.Mean(), "11/4"},
		{"exploding = 3", exploding.Prob(3), "1/10"},
		{"exploding = 7", exploding.Prob(7), "1/100"},  // only 6 then 1
		{"exploding = 11", exploding.Prob(11), "1/20"}, // 6+5 .. 10+1
		{"exploding = 20", exploding.Prob(20), "1/100"},
		{"exploding mean", exploding.Mean(), "33/4"},
		{"uneven bind = 1", uneven.Prob(1), "3/8"},
		{"uneven bind = 4", uneven.Prob(4), "1/8"},
		{"map d6/2 = 0", Map(d6, func(v int) int { return v / 2 }).Prob(0), "1/6"},
		{"map d6/2 = 1", Map(d6, func(v int) int { return v / 2 }).Prob(1), "1/3"},
		{"map d6 parity = 0", Map(d6, func(v int) int { return v % 2 }).Prob(0), "1/2"},
		{"bernoulli(2/7) = 1", Bernoulli(big.NewRat(2, 7)).Prob(1), "2/7"},
		{"bernoulli(2/7) = 0", Bernoulli(big.NewRat(2, 7)).Prob(0), "5/7"},
		{"weights {1:1,2:2} = 2", FromWeights(map[int]int64{1: 1, 2: 2, 5: 0}).Prob(2), "2/3"},
		{"weights {1:1,2:2} = 5", FromWeights(map[int]int64{1: 1, 2: 2, 5: 0}).Prob(5), "0"},
		{"mix 2:d4 1:d6 = 5", Mix([]Weighted{{Die(4), 2}, {d6, 1}}).Prob(5), "1/18"},
		{"mix 2:d4 1:d6 = 1", Mix([]Weighted{{Die(4), 2}, {d6, 1}, {Die(8), 0}}).Prob(1), "2/9"},
		{"count of empty die", Count(Dist{}, 3, ge(1)).Prob(0), "1"},
		{"empty dist", Dist{}.Prob(1), "0"},
	}
	for _, tc := range tests {
		if got := RatString(tc.got); got != tc.want {
			t.Errorf("%s = %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestEqualities checks identities between distributions built different ways.
func TestEqualities(t *testing.T) {
	p := big.NewRat(3, 10)
	tests := []struct {
		name string
		a, b Dist
		want bool
	}{
		{"repeat 0 times", Repeat(Die(10), 0), Const(0), true},
		{"repeat 1 time", Repeat(Die(10), 1), Die(10), true},
		{"repeat vs adds", Repeat(Die(6), 5), Add(Die(6), Add(Die(6), Add(Die(6), Add(Die(6), Die(6))))), true},
		{"bernoulli p=0", Bernoulli(new(big.Rat)), Const(0), true},
		{"bernoulli p=1", Bernoulli(big.NewRat(1, 1)), Const(1), true},
		{"binomial n=0", Binomial(0, p), Const(0), true},
		{"binomial p=0", Binomial(7, new(big.Rat)), Const(0), true},
		{"binomial p=1", Binomial(7, big.NewRat(1, 1)), Const(7), true},
		{"binomial vs repeated bernoulli", Binomial(37, p), Repeat(Bernoulli(p), 37), true},
		{"count is binomial", Count(Die(10), 4, ge(8)), Binomial(4, p), true},
		{"map to constant", Map(Die(6), func(int) int { return 3 }), Const(3), true},
		{"map identity", Map(Die(6), func(v int) int { return v }), Die(6), true},
		{"bind const is map", Bind(Die(6), func(v int) Dist { return Const(v * v) }), Map(Die(6), func(v int) int { return v * v }), true},
		{"sub is add neg", Sub(Die(4), Die(6)), Add(Die(4), Map(Die(6), func(v int) int { return -v })), true},
		{"sparse add", Add(FromWeights(map[int]int64{0: 1, 1000000: 1}), Const(1)), FromWeights(map[int]int64{1: 5, 1000001: 5}), true},
		{"mix equal weights", Mix([]Weighted{{Const(1), 3}, {Const(2), 3}}), Die(2), true},
		{"d6 is not d8", Die(6), Die(8), false},
		{"same outcomes, different weights", FromWeights(map[int]int64{1: 1, 2: 2}), Die(2), false},
		{"empty", Dist{}, FromWeights(nil), true},
	}
	for _, tc := range tests {
		if got := Equal(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: Equal(%v, %v) = %v, want %v", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
}

// TestCanonical checks that weights are reduced, so Weight and Total are
// the smallest integers giving the probabilities.
func TestCanonical(t *testing.T) {
	tests := []struct {
		name        string
		d           Dist
		v           int
		weight, tot int64
	}{
		{"map merges 1+1", Map(Die(2), func(int) int { return 0 }), 0, 1, 1},
		{"from weights 2:4", FromWeights(map[int]int64{1: 2, 2: 4}), 2, 2, 3},
		{"bind with common factor", Bind(Die(2), func(v int) Dist { return Die(2) }), 1, 1, 2},
		{"3d6 = 10", Repeat(Die(6), 3), 10, 27, 216},
		{"binomial(2,1/3) = 0", Binomial(2, big.NewRat(1, 3)), 0, 4, 9},
	}
	for _, tc := range tests {
		if w, tot := tc.d.Weight(tc.v), tc.d.Total(); w.Int64() != tc.weight || tot.Int64() != tc.tot {
			t.Errorf("%s: weight %v / total %v, want %d / %d", tc.name, w, tot, tc.weight, tc.tot)
		}
	}
}

func TestOutcomesAndString(t *testing.T) {
	d := Sub(Die(2), Die(2))
	if got, want := d.String(), "{-1:1/4 0:1/2 1:1/4}"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	out := d.Outcomes()
	if len(out) != 3 || out[0] != -1 || out[2] != 1 || d.Min() != -1 || d.Max() != 1 {
		t.Errorf("Outcomes = %v, Min %d, Max %d", out, d.Min(), d.Max())
	}
	out[0] = 42 // must not leak into d
	if d.Min() != -1 {
		t.Errorf("Outcomes returned internal slice")
	}
	if f := Die(4).ProbFloat(2); f != 0.25 {
		t.Errorf("ProbFloat = %v, want 0.25", f)
	}
	// Results handed out must not alias internal weights.
	Die(3).Total().SetInt64(99)
	d3 := Die(3)
	d3.Weight(1).SetInt64(99)
	if RatString(d3.Prob(1)) != "1/3" {
		t.Errorf("Weight aliases internal state")
	}
}

// TestBigPool checks that weights stay exact when numbers get huge.
func TestBigPool(t *testing.T) {
	d := Binomial(1000, big.NewRat(1, 10))
	sum := new(big.Rat)
	for _, v := range d.Outcomes() {
		sum.Add(sum, d.Prob(v))
	}
	if sum.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("Binomial(1000, 1/10) probabilities sum to %s, want 1", sum.FloatString(10))
	}
	// The total is 10^1000 exactly and P(all succeed) = 10^-1000.
	if want := new(big.Int).Exp(big.NewInt(10), big.NewInt(1000), nil); d.Total().Cmp(want) != 0 {
		t.Errorf("Binomial(1000, 1/10) total is not 10^1000")
	}
	if got := d.Prob(1000); got.Num().Cmp(bigOne) != 0 || got.Denom().Cmp(d.Total()) != 0 {
		t.Errorf("P(1000 successes) = %s, want 1/10^1000", got.FloatString(5))
	}
	if got := RatString(d.Mean()); got != "100" {
		t.Errorf("mean = %s, want 100", got)
	}
	// P(exactly 1 success) = 1000 * 9^999 / 10^1000, checked against big.Int directly.
	w := new(big.Int).Exp(big.NewInt(9), big.NewInt(999), nil)
	w.Mul(w, big.NewInt(1000))
	if d.Prob(1).Cmp(new(big.Rat).SetFrac(w, d.Total())) != 0 {
		t.Errorf("P(1 success) wrong")
	}
}

// burning is the example chain: armour a is tested with a d10 each turn;
// a roll above a collapses the building, otherwise armour drops by one.
const collapsed = -1

var burning = Chain{
	Step: func(a int) Dist {
		return Map(Die(10), func(r int) int {
			if r > a {
				return collapsed
			}
			return a - 1
		})
	},
	Absorbing: func(s int) bool { return s == collapsed },
}

func TestBurningChain(t *testing.T) {
	// Standing after test t, by hand: 6/10, then *5/10, *4/10, ... , *0/10.
	want := []string{"1", "3/5", "3/10", "3/25", "9/250", "9/1250", "9/12500", "0", "0"}
	trace := burning.Run(Const(6), len(want)-1)
	if len(trace) != len(want) {
		t.Fatalf("Run returned %d distributions, want %d", len(trace), len(want))
	}
	for i, d := range trace {
		standing := new(big.Rat).Sub(big.NewRat(1, 1), burning.Absorbed(d))
		if got := RatString(standing); got != want[i] {
			t.Errorf("standing after test %d = %s, want %s", i, got, want[i])
		}
	}
	if got := RatString(burning.AbsorbedBy(Const(6), 2)); got != "7/10" {
		t.Errorf("collapsed by test 2 = %s, want 7/10", got)
	}
	// After two tests the armour, if standing, is exactly 4.
	if got := RatString(burning.After(Const(6), 2).Prob(4)); got != "3/10" {
		t.Errorf("P(armour 4 after 2 tests) = %s, want 3/10", got)
	}

	// E[tests] = 1 + 3/5 + 3/10 + 3/25 + 9/250 + 9/1250 + 9/12500.
	e, err := burning.ExpectedSteps(Const(6), 100)
	if err != nil {
		t.Fatal(err)
	}
	if got := RatString(e); got != "25799/12500" {
		t.Errorf("expected tests = %s, want 25799/12500", got)
	}
	// Already collapsed: no tests. Armour 0: exactly one test.
	for _, tc := range []struct {
		start Dist
		want  string
	}{{Const(collapsed), "0"}, {Const(0), "1"}, {Const(1), "11/10"}} {
		e, err := burning.ExpectedSteps(tc.start, 100)
		if err != nil || RatString(e) != tc.want {
			t.Errorf("ExpectedSteps(%v) = %v, %v; want %s", tc.start, e, err, tc.want)
		}
	}
	// Too small a limit must be reported, not silently truncated.
	if _, err := burning.ExpectedSteps(Const(6), 3); err == nil {
		t.Errorf("ExpectedSteps with limit 3 succeeded, want error")
	}
}

func TestNonTerminatingChain(t *testing.T) {
	// Reroll on a 1: never empties exactly, so ExpectedSteps must give up.
	reroll := Chain{
		Step:      func(int) Dist { return Die(6) },
		Absorbing: func(s int) bool { return s != 1 },
	}
	_, err := reroll.ExpectedSteps(Const(1), 20)
	if err == nil || !strings.Contains(err.Error(), "not absorbed") {
		t.Errorf("err = %v, want not absorbed", err)
	}
	if got := RatString(reroll.AbsorbedBy(Const(1), 2)); got != "35/36" {
		t.Errorf("absorbed by 2 = %s, want 35/36", got)
	}
}

func TestPercent(t *testing.T) {
	tests := []struct {
		r    string
		dec  int
		want string
	}{
		{"21/100", 0, "21%"},
		{"21/100", 1, "21.0%"},
		{"1/3", 1, "33.3%"},
		{"2/3", 0, "67%"},
		{"2/3", 2, "66.67%"},
		{"1/200", 0, "1%"},    // 0.5% rounds half away from zero
		{"1/8", 0, "13%"},     // 12.5% likewise
		{"1/16", 1, "6.3%"},   // 6.25%
		{"1/1000", 1, "0.1%"}, // leading zero before the point
		{"1/1000", 3, "0.100%"},
		{"0", 0, "0%"},
		{"0", 2, "0%"},
		{"1", 0, "100%"},
		{"1", 1, "100%"},
		{"1/100000", 0, "<1%"},
		{"1/100000", 1, "<0.1%"},
		{"1/201", 0, "<1%"}, // 0.4975% rounds to 0
		{"99999/100000", 0, ">99%"},
		{"99999/100000", 1, ">99.9%"},
		{"199/200", 0, ">99%"}, // 99.5% rounds up to 100
		{"99/100", 0, "99%"},
		{"3/2", 0, "150%"},
		{"-1/4", 0, "-25%"},
		{"-1/200", 0, "-1%"},
		{"1/3", -2, "33%"},
	}
	for _, tc := range tests {
		if got := Percent(rat(t, tc.r), tc.dec); got != tc.want {
			t.Errorf("Percent(%s, %d) = %q, want %q", tc.r, tc.dec, got, tc.want)
		}
	}
}

func TestPanics(t *testing.T) {
	tests := []struct {
		name string
		f    func()
	}{
		{"Die(0)", func() { Die(0) }},
		{"Repeat negative", func() { Repeat(Die(6), -1) }},
		{"Binomial negative n", func() { Binomial(-1, big.NewRat(1, 2)) }},
		{"Binomial p > 1", func() { Binomial(3, big.NewRat(3, 2)) }},
		{"Bernoulli p < 0", func() { Bernoulli(big.NewRat(-1, 2)) }},
		{"FromWeights negative", func() { FromWeights(map[int]int64{1: -1}) }},
		{"Mix negative", func() { Mix([]Weighted{{Die(6), -1}}) }},
		{"Mean of empty", func() { Dist{}.Mean() }},
		{"Run negative", func() { burning.Run(Const(1), -1) }},
		// Beyond the limits: without them each would run for minutes, take
		// gigabytes or wrap round to a wrong answer.
		{"Die too big", func() { Die(MaxOutcomes + 1) }},
		{"Add overflows", func() { Add(Const(math.MaxInt), Die(6)) }},
		{"Sub overflows", func() { Sub(Const(math.MinInt+3), Die(6)) }},
		{"Neg of MinInt", func() { Neg(Const(math.MinInt)) }},
		{"Add too wide", func() { Add(Die(MaxOutcomes/2), Die(MaxOutcomes/2+10)) }},
		{"Add too many pairs", func() { Add(Die(10000), Die(10000)) }},
		{"Repeat too many", func() { Repeat(Die(6), MaxOutcomes) }},
		{"Repeat overflows", func() { Repeat(Const(math.MaxInt/2), 3) }},
		{"Binomial too many", func() { Binomial(1<<30, big.NewRat(1, 2)) }},
		{"Binomial weights too big", func() { Binomial(100000, big.NewRat(1, 10)) }},
	}
	for _, tc := range tests {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", tc.name)
				}
			}()
			tc.f()
		}()
	}
}

func BenchmarkBinomial100(b *testing.B) {
	p := big.NewRat(21, 100)
	for b.Loop() {
		Binomial(100, p)
	}
}

func BenchmarkCount100(b *testing.B) {
	d10 := Die(10)
	for b.Loop() {
		Count(d10, 100, ge(8))
	}
}

func BenchmarkRepeatD6x100(b *testing.B) {
	d6 := Die(6)
	for b.Loop() {
		Repeat(d6, 100)
	}
}

func BenchmarkBurningExpected(b *testing.B) {
	for b.Loop() {
		burning.ExpectedSteps(Const(6), 100)
	}
}

// Up to the limits the answers stay exact.
func TestNearLimits(t *testing.T) {
	if got := Add(Const(math.MaxInt-6), Die(6)).Max(); got != math.MaxInt {
		t.Errorf("Const(MaxInt-6)+d6 tops out at %d", got)
	}
	if got := Sub(Const(math.MinInt+6), Die(6)).Min(); got != math.MinInt {
		t.Errorf("Const(MinInt+6)-d6 bottoms out at %d", got)
	}
	if got := Repeat(Die(6), 200).Prob(1200); got.Cmp(new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(6), big.NewInt(200), nil))) != 0 {
		t.Errorf("200d6 = 1200 has probability %s", got.FloatString(5))
	}
	if got := Percent(big.NewRat(1, 3), 1000); got != "33."+strings.Repeat("3", MaxDecimals)+"%" {
		t.Errorf("Percent(1/3, 1000) = %q; want %d decimals", got, MaxDecimals)
	}
}
