package dice

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"slices"
)

// The functions below add weights up in machine words whenever the result's
// total is known to fit in a uint64 (every weight is at most the total, so
// then nothing can overflow), and in big.Ints otherwise. Both give the
// same distribution; the words just spare a big.Int per weight.

// mul64 returns a*b and whether it fits in a uint64.
func mul64(a, b uint64) (uint64, bool) {
	hi, lo := bits.Mul64(a, b)
	return lo, hi == 0
}

// smallDist wraps sorted outcomes and their positive weights, whose sum
// fits in a uint64, dividing out the weights' common factor.
func smallDist(outcomes []int, ws []uint64) Dist {
	var g, total uint64
	for _, w := range ws {
		g = gcd(g, w)
	}
	for i := range ws {
		ws[i] /= g
		total += ws[i]
	}
	return Dist{outcomes: outcomes, small: ws, total64: total}
}

// pair is an outcome and a weight on the way into a Dist.
type pair struct {
	v int
	w uint64
}

// fromPairs builds a Dist from outcomes with weights, in any order and
// perhaps repeated (their weights add up), whose weights sum to a uint64.
// Zero weights are dropped. It sorts and merges ps in place, so that the
// Dist's slices are made at their size: a Map or a mixture often merges
// many outcomes into a few.
func fromPairs(ps []pair) Dist {
	slices.SortFunc(ps, func(a, b pair) int { return cmp.Compare(a.v, b.v) })
	n := 0
	for _, p := range ps {
		switch {
		case p.w == 0:
		case n > 0 && ps[n-1].v == p.v:
			ps[n-1].w += p.w
		default:
			ps[n] = p
			n++
		}
	}
	outcomes := make([]int, n)
	ws := make([]uint64, n)
	for i, p := range ps[:n] {
		outcomes[i], ws[i] = p.v, p.w
	}
	return smallDist(outcomes, ws)
}

// Add is the distribution of the sum of independent a and b.
//
// No reduction is needed afterwards: the common factor of a convolution's
// weights is the product of the operands' common factors (Gauss's lemma),
// so the sum of two reduced distributions is already reduced.
//
// It panics when a sum would overflow an int, when the result would have
// more than MaxOutcomes outcomes, or when there are more than MaxPairs
// pairs of outcomes to combine.
func Add(a, b Dist) Dist {
	if len(a.outcomes) == 0 || len(b.outcomes) == 0 {
		return Dist{}
	}
	lo := addInts("Add", a.outcomes[0], b.outcomes[0])
	hi := addInts("Add", a.outcomes[len(a.outcomes)-1], b.outcomes[len(b.outcomes)-1])
	pairs := uint64(len(a.outcomes)) * uint64(len(b.outcomes))
	if pairs > MaxPairs {
		panic(fmt.Sprintf("dice: Add of %d and %d outcomes: more than %d pairs", len(a.outcomes), len(b.outcomes), MaxPairs))
	}
	sparse := uint64(hi)-uint64(lo) >= pairs
	switch {
	case !sparse:
		checkSpan("Add", lo, hi)
	case pairs > MaxOutcomes: // each pair may make an outcome of its own
		panic(fmt.Sprintf("dice: Add of %d and %d outcomes spread over %d to %d: more than %d outcomes", len(a.outcomes), len(b.outcomes), lo, hi, MaxOutcomes))
	}
	span := hi - lo + 1
	small := !sparse && a.isSmall() && b.isSmall()
	if _, fits := mul64(a.total64, b.total64); small && fits {
		// The weights of the sum add up to the product of the totals.
		acc := make([]uint64, span)
		for i, x := range a.outcomes {
			wa := a.small[i]
			for j, y := range b.outcomes {
				acc[x+y-lo] += wa * b.small[j]
			}
		}
		outcomes := make([]int, 0, span)
		ws := make([]uint64, 0, span)
		for k, w := range acc {
			if w != 0 { // weights are positive, so a touched slot is nonzero
				outcomes = append(outcomes, lo+k)
				ws = append(ws, w)
			}
		}
		return smallDist(outcomes, ws) // whose common factor is 1 here (see above)
	}
	if sparse {
		// Sparse outcomes (say {0, 1000000}): a dense array would be
		// mostly holes, so accumulate in a map instead.
		m := make(map[int]*big.Int)
		tmp, wa, wb := new(big.Int), new(big.Int), new(big.Int)
		for i, x := range a.outcomes {
			for j, y := range b.outcomes {
				w := m[x+y]
				if w == nil {
					w = new(big.Int)
					m[x+y] = w
				}
				w.Add(w, tmp.Mul(a.weightInt(i, wa), b.weightInt(j, wb)))
			}
		}
		return fromMap(m)
	}
	acc := make([]*big.Int, span)
	tmp, wa, wb := new(big.Int), new(big.Int), new(big.Int)
	for i, x := range a.outcomes {
		for j, y := range b.outcomes {
			k := x + y - lo
			if acc[k] == nil {
				acc[k] = new(big.Int)
			}
			acc[k].Add(acc[k], tmp.Mul(a.weightInt(i, wa), b.weightInt(j, wb)))
		}
	}
	outcomes := make([]int, 0, span)
	weights := make([]*big.Int, 0, span)
	for k, w := range acc {
		if w != nil { // weights are positive, so a touched slot is nonzero
			outcomes = append(outcomes, lo+k)
			weights = append(weights, w)
		}
	}
	return newDist(outcomes, weights)
}

// Neg is the distribution of -X. It panics if an outcome is math.MinInt,
// whose negation is not an int.
func Neg(d Dist) Dist {
	n := len(d.outcomes)
	if n > 0 && d.outcomes[0] == math.MinInt {
		panic("dice: Neg: outcome math.MinInt has no negation in an int")
	}
	// Reversed so that the negated outcomes stay increasing; big weights
	// are shared, which is safe because they are never mutated.
	neg := Dist{outcomes: make([]int, n), total64: d.total64, bigTotal: d.bigTotal}
	for i, v := range d.outcomes {
		neg.outcomes[n-1-i] = -v
	}
	if d.isSmall() {
		neg.small = make([]uint64, n)
		for i, w := range d.small {
			neg.small[n-1-i] = w
		}
	} else {
		neg.big = make([]*big.Int, n)
		for i, w := range d.big {
			neg.big[n-1-i] = w
		}
	}
	return neg
}

// Sub is the distribution of a - b for independent a and b, as in an
// opposed roll where a positive result means a wins.
func Sub(a, b Dist) Dist {
	return Add(a, Neg(b))
}

// Repeat is the sum of n independent copies of d; Repeat(d, 0) is Const(0).
// It uses binary exponentiation (square-and-add), so it does O(log n)
// convolutions rather than n. It panics if n < 0, or if the sums would
// overflow an int or span more than MaxOutcomes outcomes.
func Repeat(d Dist, n int) Dist {
	if n < 0 {
		panic(fmt.Sprintf("dice: Repeat with negative count %d", n))
	}
	if n > 0 && len(d.outcomes) > 0 {
		checkSpan("Repeat", mulInts("Repeat", n, d.Min()), mulInts("Repeat", n, d.Max()))
	}
	if n == 0 {
		return Const(0)
	}
	// The sum so far is result once have is set; starting from the first
	// power to add rather than from Const(0) spares a convolution.
	var result Dist
	have, base := false, d
	for n > 0 {
		if n&1 == 1 {
			if have {
				result = Add(result, base)
			} else {
				result, have = base, true
			}
		}
		n >>= 1
		if n > 0 {
			base = Add(base, base)
		}
	}
	return result
}

// Map is the distribution of f(X). Outcomes that f sends to the same value
// merge their weights.
func Map(d Dist, f func(int) int) Dist {
	if d.isSmall() {
		ps := make([]pair, len(d.outcomes))
		for i, v := range d.outcomes {
			ps[i] = pair{f(v), d.small[i]}
		}
		// Merging can create a common factor (1+1 = 2), so smallDist reduces.
		return fromPairs(ps)
	}
	m := make(map[int]*big.Int, len(d.outcomes))
	for i, v := range d.outcomes {
		y := f(v)
		if w := m[y]; w != nil {
			w.Add(w, d.big[i])
		} else {
			m[y] = new(big.Int).Set(d.big[i])
		}
	}
	// Merging can create a common factor (1+1 = 2), so fromMap reduces.
	return fromMap(m)
}

// Bind rolls d and then rolls f(outcome), returning the distribution of the
// second roll: a mixture of the f(v) weighted by P(X = v). Use it for
// "roll, then depending on the result roll something else", e.g.
//
//	Bind(Die(10), func(v int) Dist {
//		if v >= 6 {
//			return Add(Const(v), Die(10))
//		}
//		return Const(v)
//	})
//
// f is called once per outcome. An empty f(v) contributes nothing.
func Bind(d Dist, f func(int) Dist) Dist {
	parts := make([]Dist, len(d.outcomes))
	for i, v := range d.outcomes {
		parts[i] = f(v)
	}
	return mix(parts, d)
}

// Weighted is one component of a Mix: Dist is chosen with probability
// proportional to Weight.
type Weighted struct {
	Dist   Dist
	Weight int64
}

// Mix is the mixture that picks parts[i].Dist with probability proportional
// to parts[i].Weight and then rolls it. Zero weights and empty
// distributions are skipped; negative weights panic.
func Mix(parts []Weighted) Dist {
	dists := make([]Dist, len(parts))
	weights := make([]uint64, len(parts))
	for i, p := range parts {
		if p.Weight < 0 {
			panic(fmt.Sprintf("dice: Mix with negative weight %d", p.Weight))
		}
		dists[i], weights[i] = p.Dist, uint64(p.Weight)
	}
	// mix reads the mixing weights one at a time, never their total
	// (which may pass a uint64: mixSmall checks), so they go in words.
	return mix(dists, Dist{small: weights})
}

// mix combines dists[i] with mixing weights w[i], the i'th weight of
// mixing, exactly. With T = sum of the mixing weights over nonempty parts
// and L = lcm of the parts' totals,
//
//	P(x) = sum_i (w[i]/T) * (weight_i(x)/total_i)
//	     = sum_i w[i] * weight_i(x) * (L/total_i) / (T*L),
//
// so the integer weight of x is the numerator; the common denominator T*L
// is implied by the weights' sum and never has to be built.
func mix(dists []Dist, mixing Dist) Dist {
	if d, ok := mixSmall(dists, mixing); ok {
		return d
	}
	lcm := big.NewInt(1)
	g, t, wi, wj := new(big.Int), new(big.Int), new(big.Int), new(big.Int)
	for i, d := range dists {
		if len(d.outcomes) == 0 || mixing.weightInt(i, wi).Sign() == 0 {
			continue
		}
		// lcm(l, t) = l / gcd(l, t) * t
		g.GCD(nil, nil, lcm, d.totalInt(t))
		lcm.Mul(lcm.Quo(lcm, g), d.totalInt(t))
	}
	m := make(map[int]*big.Int)
	scale, tmp := new(big.Int), new(big.Int)
	for i, d := range dists {
		if len(d.outcomes) == 0 || mixing.weightInt(i, wi).Sign() == 0 {
			continue
		}
		scale.Mul(mixing.weightInt(i, wi), scale.Quo(lcm, d.totalInt(t)))
		for j, x := range d.outcomes {
			acc := m[x]
			if acc == nil {
				acc = new(big.Int)
				m[x] = acc
			}
			acc.Add(acc, tmp.Mul(scale, d.weightInt(j, wj)))
		}
	}
	return fromMap(m)
}

// mixSmall is mix in machine words; ok is false when T*L, the total of the
// result's weights, or a part's total or mixing weight, passes a uint64.
func mixSmall(dists []Dist, mixing Dist) (Dist, bool) {
	if !mixing.isSmall() {
		return Dist{}, false
	}
	w := mixing.small
	var lcm, sumW uint64 = 1, 0
	n := 0
	for i, p := range dists {
		if len(p.outcomes) == 0 || w[i] == 0 {
			continue
		}
		if !p.isSmall() {
			return Dist{}, false
		}
		var ok bool
		if lcm, ok = mul64(lcm/gcd(lcm, p.total64), p.total64); !ok {
			return Dist{}, false
		}
		var carry uint64
		if sumW, carry = bits.Add64(sumW, w[i], 0); carry != 0 {
			return Dist{}, false
		}
		n += len(p.outcomes)
	}
	if _, ok := mul64(lcm, sumW); !ok {
		return Dist{}, false
	}
	ps := make([]pair, 0, n)
	for i, p := range dists {
		if len(p.outcomes) == 0 || w[i] == 0 {
			continue
		}
		scale := w[i] * (lcm / p.total64)
		for j, x := range p.outcomes {
			ps = append(ps, pair{x, scale * p.small[j]})
		}
	}
	return fromPairs(ps), true
}

// Binomial is the number of successes in n independent trials that each
// succeed with probability p. Binomial(0, p) is Const(0). It panics if n < 0
// or p is outside [0, 1].
//
// With p = a/b in lowest terms and q = b-a, the weight of k successes is
// C(n,k) * a^k * q^(n-k) over the total b^n. The binomial coefficient comes
// from the recurrence C(n,k+1) = C(n,k)*(n-k)/(k+1) (the division is exact)
// and the powers are tabulated once, so this costs O(n) big multiplications
// instead of the O(n^2) of repeated convolution. The result is already
// reduced because gcd(a^n, q^n) = 1.
//
// The weights are exact: with b the denominator of p, they take about
// n*n*log2(b)/2 bits in all, and Binomial panics when that would pass
// MaxWeightBits.
func Binomial(n int, p *big.Rat) Dist {
	checkProb(p)
	if n < 0 {
		panic(fmt.Sprintf("dice: Binomial with negative count %d", n))
	}
	checkBinomial(n, p)
	switch {
	case p.Sign() == 0:
		return Const(0)
	case p.Num().Cmp(p.Denom()) == 0: // p = 1
		return Const(n)
	}
	if d, ok := binomialSmall(n, p); ok {
		return d
	}
	a := p.Num() // read-only: these alias p's internals
	q := new(big.Int).Sub(p.Denom(), a)

	qpow := make([]*big.Int, n+1) // qpow[j] = q^j
	qpow[0] = big.NewInt(1)
	for j := 1; j <= n; j++ {
		qpow[j] = new(big.Int).Mul(qpow[j-1], q)
	}
	outcomes := make([]int, n+1)
	weights := make([]*big.Int, n+1)
	c := big.NewInt(1)    // C(n, k)
	apow := big.NewInt(1) // a^k
	step := new(big.Int)
	for k := 0; k <= n; k++ {
		outcomes[k] = k
		w := new(big.Int).Mul(c, apow)
		weights[k] = w.Mul(w, qpow[n-k])
		c.Mul(c, step.SetInt64(int64(n-k)))
		c.Quo(c, step.SetInt64(int64(k+1)))
		apow.Mul(apow, a)
	}
	return newDist(outcomes, weights)
}

// binomialSmall is Binomial in machine words, for 0 < p < 1; ok is false
// when the total b^n passes a uint64. Every factor and partial product of
// a weight is at most that weight, and every weight at most the total, so
// nothing else can overflow: C(n,k)*(n-k) can, but it is divided by k+1
// at once through a 128-bit product.
func binomialSmall(n int, p *big.Rat) (Dist, bool) {
	if !p.Denom().IsUint64() {
		return Dist{}, false
	}
	b := p.Denom().Uint64()
	a := p.Num().Uint64()
	q := b - a
	total := uint64(1)
	for range n {
		var ok bool
		if total, ok = mul64(total, b); !ok {
			return Dist{}, false
		}
	}
	qpow := make([]uint64, n+1) // qpow[j] = q^j
	qpow[0] = 1
	for j := 1; j <= n; j++ {
		qpow[j] = qpow[j-1] * q
	}
	outcomes := make([]int, n+1)
	ws := make([]uint64, n+1)
	c, apow := uint64(1), uint64(1) // C(n, k), a^k
	for k := 0; k <= n; k++ {
		outcomes[k] = k
		ws[k] = c * apow * qpow[n-k]
		hi, lo := bits.Mul64(c, uint64(n-k))
		c, _ = bits.Div64(hi, lo, uint64(k+1))
		if k < n {
			apow *= a
		}
	}
	return Dist{outcomes: outcomes, small: ws, total64: total}, true
}

// Count is the number of n independent rolls of d whose outcome satisfies
// pred, as in a dice pool where each die at or above a threshold is a hit:
// Count(Die(10), 5, func(v int) bool { return v >= 8 }).
func Count(d Dist, n int, pred func(int) bool) Dist {
	return Binomial(n, d.ProbIf(pred))
}
