package dice

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The machine-word paths (weights whose total fits in a uint64) and the
// big.Int ones must give the same distributions and the same strings.
// These tests check both against plain big.Rat arithmetic, on either side
// of the uint64 boundary.

// probs lists d's probabilities by outcome.
func probs(d Dist) map[int]*big.Rat {
	m := map[int]*big.Rat{}
	for _, v := range d.Outcomes() {
		m[v] = d.Prob(v)
	}
	return m
}

// addTo adds p to m[v].
func addTo(m map[int]*big.Rat, v int, p *big.Rat) {
	if m[v] == nil {
		m[v] = new(big.Rat)
	}
	m[v].Add(m[v], p)
}

// sameProbs reports a difference between d and the reference want.
func sameProbs(t *testing.T, name string, d Dist, want map[int]*big.Rat) {
	t.Helper()
	got := probs(d)
	if len(got) != len(want) {
		t.Errorf("%s: %d outcomes, want %d", name, len(got), len(want))
		return
	}
	for v, p := range want {
		if got[v] == nil || got[v].Cmp(p) != 0 {
			t.Errorf("%s: P(%d) = %v, want %v", name, v, got[v], p)
		}
	}
	// Weights stay reduced and add up to the total on both paths.
	g, sum := new(big.Int), new(big.Int)
	for _, v := range d.Outcomes() {
		g.GCD(nil, nil, g, d.Weight(v))
		sum.Add(sum, d.Weight(v))
	}
	if len(want) > 0 && (g.Cmp(bigOne) != 0 || sum.Cmp(d.Total()) != 0) {
		t.Errorf("%s: weights have common factor %v, sum %v of total %v", name, g, sum, d.Total())
	}
}

func TestWordsAndBigAgree(t *testing.T) {
	dists := map[string]Dist{
		"d20":              Die(20),
		"d300":             Die(300),
		"binomial 20, 1/7": Binomial(20, big.NewRat(1, 7)), // total 7^20 < 2^64
		"binomial 30, 1/7": Binomial(30, big.NewRat(1, 7)), // total 7^30 > 2^64
		"weights":          FromWeights(map[int]int64{-3: 1 << 40, 0: 3, 7: 1<<62 - 1}),
		"2d6":              Repeat(Die(6), 2),
	}
	for an, a := range dists {
		for bn, b := range dists {
			want := map[int]*big.Rat{}
			for x, p := range probs(a) {
				for y, q := range probs(b) {
					addTo(want, x+y, new(big.Rat).Mul(p, q))
				}
			}
			sameProbs(t, an+" + "+bn, Add(a, b), want)

			// Mix a and b 1:2 and 3:(2^62), on both paths.
			for _, w := range [][2]int64{{1, 2}, {3, 1 << 62}} {
				want := map[int]*big.Rat{}
				sum := big.NewRat(w[0], 1)
				sum.Add(sum, big.NewRat(w[1], 1))
				for i, d := range []Dist{a, b} {
					share := new(big.Rat).Quo(big.NewRat(w[i], 1), sum)
					for x, p := range probs(d) {
						addTo(want, x, new(big.Rat).Mul(p, share))
					}
				}
				sameProbs(t, an+" mixed with "+bn, Mix([]Weighted{{a, w[0]}, {b, w[1]}}), want)
			}
		}
		half := func(v int) int { return v / 2 }
		want := map[int]*big.Rat{}
		for x, p := range probs(a) {
			addTo(want, half(x), p)
		}
		sameProbs(t, "half of "+an, Map(a, half), want)

		// ProbIf against the sum of Prob.
		wantLow := new(big.Rat)
		for x, p := range probs(a) {
			if x <= 5 {
				wantLow.Add(wantLow, p)
			}
		}
		if got := a.AtMost(5); got.Cmp(wantLow) != 0 {
			t.Errorf("%s: P(<= 5) = %v, want %v", an, got, wantLow)
		}
	}
}

func TestRatio(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	cases := [][2]uint64{{0, 1}, {0, 7}, {1, 1}, {6, 4}, {1<<64 - 1, 1<<64 - 1}, {1<<63 + 1, 1<<64 - 1}}
	for range 1000 {
		d := r.Uint64()>>r.IntN(64) | 1
		cases = append(cases, [2]uint64{r.Uint64N(d + 1), d})
	}
	for _, c := range cases {
		want := new(big.Rat).SetFrac(new(big.Int).SetUint64(c[0]), new(big.Int).SetUint64(c[1]))
		got := ratio(c[0], c[1])
		if got.Cmp(want) != 0 || got.RatString() != want.RatString() {
			t.Errorf("ratio(%d, %d) = %s, want %s", c[0], c[1], got.RatString(), want.RatString())
		}
	}
}

func TestPercentWordsAndBigAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var cases []*big.Rat
	for _, c := range [][2]int64{{1, 200}, {199, 200}, {1, 3}, {2, 3}, {1, 1 << 62}, {1<<62 - 1, 1 << 62}, {5, 2}, {1<<63 - 1, 1<<63 - 2}} {
		cases = append(cases, big.NewRat(c[0], c[1]))
	}
	for range 2000 {
		d := int64(r.Uint64()>>(1+r.IntN(63))) | 1
		cases = append(cases, big.NewRat(r.Int64N(d+1), d))
	}
	for _, p := range cases {
		below1 := p.Sign() > 0 && p.Num().CmpAbs(p.Denom()) < 0
		for dec := 0; dec <= 17; dec++ {
			small, ok := percentSmall(p, dec, below1)
			if wide := percentBig(p, dec, below1); ok && small != wide {
				t.Errorf("%s with %d decimals: %q in words, %q in big.Ints", p.RatString(), dec, small, wide)
			}
		}
	}
}

// TestBinomialWordsAndBig checks Binomial on both sides of the uint64
// boundary (10^19 fits, 10^20 does not) against repeated Bernoulli trials.
func TestBinomialWordsAndBig(t *testing.T) {
	for _, p := range []*big.Rat{big.NewRat(3, 10), big.NewRat(1, 2), big.NewRat(9, 10), big.NewRat(1, 1<<62)} {
		for _, n := range []int{1, 2, 19, 20, 64, 65} {
			if got, want := Binomial(n, p), Repeat(Bernoulli(p), n); !Equal(got, want) {
				t.Errorf("Binomial(%d, %s) = %v, want %v", n, p.RatString(), got, want)
			}
		}
	}
}

// TestDieShared uses the shared dice from several goroutines at once; run
// with -race, it shows that nothing writes to them.
func TestDieShared(t *testing.T) {
	done := make(chan string)
	for range 4 {
		go func() {
			d := Sub(Repeat(Die(6), 3), Map(Die(20), func(v int) int { return v / 4 }))
			d = Bind(d, func(v int) Dist { return Add(Const(v), Die(4)) })
			done <- RatString(d.AtLeast(0)) + " " + Percent(Die(6).Prob(3), 1)
		}()
	}
	first := <-done
	for range 3 {
		if got := <-done; got != first {
			t.Errorf("goroutines disagree: %q and %q", got, first)
		}
	}
	if got := Die(6).String(); got != "{1:1/6 2:1/6 3:1/6 4:1/6 5:1/6 6:1/6}" {
		t.Errorf("Die(6) = %s after use", got)
	}
}

// TestWordsBoundary checks where a distribution's weights leave machine
// words: a total of 2^64-1 stays in words, one past 2^64 goes to big.Ints,
// on the paths that make a total (Add, Map, Mix, Binomial, Bind), and
// each gives what plain big.Rat arithmetic gives.
func TestWordsBoundary(t *testing.T) {
	const third = (1<<64 - 1) / 3                           // 2^64-1 = 3 · 6148914691236517205
	under := FromWeights(map[int]int64{0: 1, 1: third - 1}) // total third
	over := FromWeights(map[int]int64{0: 1, 1: third})      // total third+1
	if !under.isSmall() || under.total64 != third || !over.isSmall() {
		t.Fatalf("FromWeights: totals %v and %v", under.Total(), over.Total())
	}
	sum := func(a, b Dist) map[int]*big.Rat {
		want := map[int]*big.Rat{}
		for x, p := range probs(a) {
			for y, q := range probs(b) {
				addTo(want, x+y, new(big.Rat).Mul(p, q))
			}
		}
		return want
	}
	coin := Bernoulli(big.NewRat(1, 2))
	maxTotal := new(big.Int).SetUint64(1<<64 - 1)
	pastMax := new(big.Int).Lsh(bigOne, 64)
	for _, c := range []struct {
		name  string
		d     Dist
		total *big.Int // as reduced
		want  map[int]*big.Rat
	}{
		{"d3 + under", Add(Die(3), under), maxTotal, sum(Die(3), under)},
		{"d3 + over", Add(Die(3), over), new(big.Int).Add(pastMax, big.NewInt(2)), sum(Die(3), over)},
		{"64 coins", Repeat(coin, 64), pastMax, sum(Repeat(coin, 32), Repeat(coin, 32))},
		{"63 coins", Repeat(coin, 63), new(big.Int).Rsh(pastMax, 1), sum(Repeat(coin, 31), Repeat(coin, 32))},
		{"Binomial 64, 1/2", Binomial(64, big.NewRat(1, 2)), pastMax, sum(Repeat(coin, 32), Repeat(coin, 32))},
		{"Binomial 63, 1/2", Binomial(63, big.NewRat(1, 2)), new(big.Int).Rsh(pastMax, 1), sum(Repeat(coin, 31), Repeat(coin, 32))},
		{"64 coins, heads or not", Map(Repeat(coin, 64), func(v int) int { return min(v, 1) }), pastMax, nil},
		{"64 coins, 64 heads or not", Map(Repeat(coin, 64), func(v int) int { return v / 64 }), pastMax, nil},
	} {
		if c.want != nil {
			sameProbs(t, c.name, c.d, c.want)
		}
		if got := c.d.Total(); got.Cmp(c.total) != 0 {
			t.Errorf("%s: total %v, want %v", c.name, got, c.total)
		}
		if small := c.total.IsUint64(); c.d.isSmall() != small || (small && c.d.big != nil) || (!small && c.d.small != nil) {
			t.Errorf("%s: total %v held in words %v", c.name, c.total, c.d.isSmall())
		}
	}
	// A mix whose mixing weights pass a uint64 together is worked out in
	// big.Ints; reduced, its weights fit again and go back to words.
	mixed := Mix([]Weighted{{Const(1), 1<<63 - 1}, {Const(2), 1<<63 - 1}, {Const(3), 1<<63 - 1}})
	if !mixed.isSmall() || !Equal(mixed, Die(3)) {
		t.Errorf("mix past 2^64: %v, in words %v", mixed, mixed.isSmall())
	}
	// Merging outcomes (Map) of a big distribution can bring its total
	// back into words too: all 64 coins' outcomes to one.
	if one := Map(Repeat(coin, 64), func(int) int { return 7 }); !one.isSmall() || !Equal(one, Const(7)) {
		t.Errorf("64 coins to one outcome: %v, in words %v", one, one.isSmall())
	}
	bound := Bind(Die(2), func(v int) Dist {
		if v == 1 {
			return over
		}
		return Add(Die(3), Const(5))
	})
	want := map[int]*big.Rat{}
	for x, p := range probs(over) {
		addTo(want, x, new(big.Rat).Mul(p, big.NewRat(1, 2)))
	}
	for x, p := range probs(Add(Die(3), Const(5))) {
		addTo(want, x, new(big.Rat).Mul(p, big.NewRat(1, 2)))
	}
	sameProbs(t, "bind", bound, want)
}
