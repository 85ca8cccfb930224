// Package dice computes exact discrete probability distributions over
// integer outcomes, in the spirit of the Python library icepool: a
// distribution is an immutable value, and bigger distributions are built
// from small ones by plain functions.
//
// Weights are exact integers, so probabilities are exact fractions no
// matter how many dice are rolled; floats appear only when asked for
// (ProbFloat) and strings only at the edge (RatString, Percent). A
// distribution whose weights add up to a uint64 keeps them in machine
// words, and one past that in math/big integers (see Dist).
//
// # Values
//
// A Dist holds sorted outcomes, each with a positive integer weight; the
// probability of an outcome is its weight over the sum of all weights.
// Weights are kept with no common factor, so equal distributions have equal
// representations (Equal does not rely on this). The zero Dist is the empty
// distribution: it has no outcomes and every probability in it is 0.
//
// Constructors:
//
//	Die(n)            uniform on 1..n
//	Const(v)          always v
//	FromWeights(m)    outcome -> relative weight
//	Bernoulli(p)      1 with probability p, else 0
//	Binomial(n, p)    successes in n trials of probability p
//	Count(d, n, pred) how many of n independent rolls of d satisfy pred
//
// Queries (methods): Outcomes, Min, Max, Weight, Total, Prob, ProbFloat,
// ProbIf, AtLeast, AtMost, Less, Greater, Mean, String.
//
// Combinators (functions, because Go has no generic methods):
//
//	Add(a, b)     sum of independent a and b (convolution)
//	Neg(d)        -X
//	Sub(a, b)     a minus independent b (opposed rolls)
//	Repeat(d, n)  sum of n independent copies of d
//	Map(d, f)     f applied to each outcome; colliding outcomes merge
//	Bind(d, f)    roll d, then roll f(outcome): a mixture
//	Mix(parts)    weighted mixture of distributions ([]Weighted)
//	Keep(d, n, k, highest)  sum of the k highest (or lowest) of n rolls
//	Reroll(d, pred)         d rolled again once when the roll satisfies pred
//	Explode(d, pred, n)     d rolled again and added on pred, n times at most
//	Equal(a, b)   same probability for every outcome
//
// # Absorbing chains
//
// Chain runs a Markov chain on integer states forward in time: Run and After
// give the state distribution after k steps, AbsorbedBy the probability of
// having reached an absorbing state by then, and ExpectedSteps the exact mean
// number of steps to absorption for chains that always get absorbed in a
// bounded number of steps (for example, when every step moves the state one
// way toward absorption).
//
// # Formatting
//
// RatString prints a probability as a fraction in lowest terms. Percent
// prints it as a percentage rounded half away from zero, but never shows
// "0%" or "100%" for an event that is possible but not certain: those
// become "<1%" and ">99%" (with as many decimals as requested).
//
// # Limits
//
// Outcomes are plain ints. An operation whose outcomes would overflow an
// int, or whose size would pass MaxOutcomes, MaxPairs or MaxWeightBits,
// panics with a message rather than wrap round, run for minutes or take
// gigabytes: these are the package's preconditions, and callers that take
// numbers from users bound them first.
package dice

import (
	"fmt"
	"math/big"
	"sort"
	"strings"
	"sync"
)

// Dist is an immutable distribution over integer outcomes with exact weights.
// Invariants: outcomes strictly increasing, every weight > 0, total = sum of
// weights, and the weights share no common factor. Neither the slices nor
// the big.Ints they point to are ever modified once a Dist is made (the
// fields are unexported, and every function here writes only to values it
// has just allocated), so copies of a Dist, and different goroutines, may
// share them: Die hands out one Dist per die size.
//
// The weights are held in one of two ways, chosen by the total alone (so
// equal distributions are held alike): while the total fits in a uint64,
// in words (small, total64; every weight is at most the total, so each
// fits too); past that, in big.Ints (big, bigTotal, and small is nil).
// The functions that combine distributions work in words when the
// result's total is known to fit before they start (a product or sum of
// totals checked with math/bits), so no partial sum can overflow; and
// in big.Ints otherwise.
type Dist struct {
	outcomes []int
	small    []uint64
	total64  uint64
	big      []*big.Int
	bigTotal *big.Int
}

var bigOne = big.NewInt(1)

// isSmall reports whether d's weights are held in words.
func (d Dist) isSmall() bool { return d.bigTotal == nil }

// weightInt returns the weight of d's i'th outcome as a big.Int, not to
// be modified: d's own, or z set to it.
func (d Dist) weightInt(i int, z *big.Int) *big.Int {
	if d.isSmall() {
		return z.SetUint64(d.small[i])
	}
	return d.big[i]
}

// totalInt returns d's total as a big.Int, not to be modified: d's own,
// or z set to it.
func (d Dist) totalInt(z *big.Int) *big.Int {
	if d.isSmall() {
		return z.SetUint64(d.total64)
	}
	return d.bigTotal
}

// newDist wraps already-canonical parts (sorted, positive, primitive),
// computing only the total, and holds them in words when the total fits
// in a uint64. Callers that cannot promise canonical weights use fromMap.
func newDist(outcomes []int, weights []*big.Int) Dist {
	total := new(big.Int)
	for _, w := range weights {
		total.Add(total, w)
	}
	if total.IsUint64() {
		ws := make([]uint64, len(weights))
		for i, w := range weights {
			ws[i] = w.Uint64()
		}
		return Dist{outcomes: outcomes, small: ws, total64: total.Uint64()}
	}
	return Dist{outcomes: outcomes, big: weights, bigTotal: total}
}

// fromMap builds a Dist from accumulated weights: it drops zero weights,
// sorts outcomes and divides out the common factor so that the result is
// canonical. It takes ownership of the map's values.
func fromMap(m map[int]*big.Int) Dist {
	outcomes := make([]int, 0, len(m))
	for v, w := range m {
		if w.Sign() < 0 {
			panic(fmt.Sprintf("dice: negative weight %v for outcome %d", w, v))
		}
		if w.Sign() > 0 {
			outcomes = append(outcomes, v)
		}
	}
	sort.Ints(outcomes)
	weights := make([]*big.Int, len(outcomes))
	for i, v := range outcomes {
		weights[i] = m[v]
	}
	reduce(weights)
	return newDist(outcomes, weights)
}

// reduce divides all weights by their greatest common divisor, in place.
// This keeps numbers small after merges and makes representations canonical.
func reduce(weights []*big.Int) {
	if len(weights) == 0 {
		return
	}
	g := new(big.Int).Set(weights[0])
	for _, w := range weights[1:] {
		if g.Cmp(bigOne) == 0 {
			return
		}
		g.GCD(nil, nil, g, w)
	}
	if g.Cmp(bigOne) == 0 {
		return
	}
	for _, w := range weights {
		w.Quo(w, g)
	}
}

// ratio returns num/den (den > 0) as a Rat in lowest terms. It divides out
// the common factor with machine words and writes the Rat's parts through
// Num and Denom, which big.Rat documents as references, so it skips the
// big GCD that SetFrac does.
func ratio(num, den uint64) *big.Rat {
	g := gcd(num, den)
	r := new(big.Rat).SetInt64(1) // a denominator of its own, so Denom is a reference
	r.Num().SetUint64(num / g)
	r.Denom().SetUint64(den / g)
	return r
}

// gcd is Euclid's greatest common divisor; gcd(0, b) = b.
func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// memoDice is how many die sizes Die keeps: every die a rule set rolls
// (d4 … d100), not every size a caller might ask for.
const memoDice = 100

// dies holds Die(n) for n up to memoDice, each made on first use. Sharing
// them is safe because a Dist is never modified.
var dies [memoDice + 1]struct {
	once sync.Once
	d    Dist
}

// Die is the uniform distribution on 1..n. It panics if n < 1 or
// n > MaxOutcomes. The small dice are made once and shared.
func Die(n int) Dist {
	if n >= 1 && n <= memoDice {
		m := &dies[n]
		m.once.Do(func() { m.d = die(n) })
		return m.d
	}
	return die(n)
}

func die(n int) Dist {
	if n < 1 {
		panic(fmt.Sprintf("dice: Die(%d) needs at least one face", n))
	}
	if n > MaxOutcomes {
		panic(fmt.Sprintf("dice: Die(%d): at most %d faces", n, MaxOutcomes))
	}
	outcomes := make([]int, n)
	weights := make([]uint64, n)
	for i := range outcomes {
		outcomes[i] = i + 1
		weights[i] = 1
	}
	return Dist{outcomes: outcomes, small: weights, total64: uint64(n)}
}

// oneWeight is the weights of every Const, shared: weights are never
// modified.
var oneWeight = []uint64{1}

// Const is the distribution that always yields v.
func Const(v int) Dist {
	return Dist{outcomes: []int{v}, small: oneWeight, total64: 1}
}

// FromWeights builds a distribution from relative weights, e.g.
// {1: 1, 2: 2} makes 2 twice as likely as 1. Zero weights are dropped;
// negative weights panic. If no weight is positive the result is empty.
func FromWeights(m map[int]int64) Dist {
	bm := make(map[int]*big.Int, len(m))
	for v, w := range m {
		bm[v] = big.NewInt(w)
	}
	return fromMap(bm)
}

// checkProb panics unless 0 <= p <= 1. (A Rat's denominator is
// positive, so p <= 1 is its numerator at most its denominator: compared
// so, with no products made as Rat.Cmp makes them.)
func checkProb(p *big.Rat) {
	if p.Sign() < 0 || p.Num().Cmp(p.Denom()) > 0 {
		panic(fmt.Sprintf("dice: probability %s outside [0, 1]", p.RatString()))
	}
}

// Bernoulli is 1 with probability p and 0 otherwise. It panics unless
// 0 <= p <= 1. p = 0 gives Const(0) and p = 1 gives Const(1).
func Bernoulli(p *big.Rat) Dist {
	return Binomial(1, p)
}

// Outcomes returns the possible outcomes in increasing order (a fresh slice).
func (d Dist) Outcomes() []int {
	return append([]int(nil), d.outcomes...)
}

// Min returns the smallest outcome. It panics on the empty distribution.
func (d Dist) Min() int {
	d.mustHaveOutcomes("Min")
	return d.outcomes[0]
}

// Max returns the largest outcome. It panics on the empty distribution.
func (d Dist) Max() int {
	d.mustHaveOutcomes("Max")
	return d.outcomes[len(d.outcomes)-1]
}

func (d Dist) mustHaveOutcomes(op string) {
	if len(d.outcomes) == 0 {
		panic("dice: " + op + " of empty distribution")
	}
}

// index returns the position of v in d.outcomes, or -1.
func (d Dist) index(v int) int {
	i := sort.SearchInts(d.outcomes, v)
	if i < len(d.outcomes) && d.outcomes[i] == v {
		return i
	}
	return -1
}

// Weight returns the (reduced) weight of outcome v, 0 if impossible.
// Prob(v) = Weight(v) / Total().
func (d Dist) Weight(v int) *big.Int {
	if i := d.index(v); i >= 0 {
		z := new(big.Int)
		return z.Set(d.weightInt(i, z))
	}
	return new(big.Int)
}

// Total returns the sum of all weights (0 for the empty distribution).
func (d Dist) Total() *big.Int {
	z := new(big.Int)
	return z.Set(d.totalInt(z))
}

// ProbIf returns the probability that the outcome satisfies pred, exactly.
// All the comparison queries are built on it.
func (d Dist) ProbIf(pred func(int) bool) *big.Rat {
	if len(d.outcomes) == 0 {
		return new(big.Rat)
	}
	if d.isSmall() { // so is every partial sum of the weights
		var sum uint64
		for i, v := range d.outcomes {
			if pred(v) {
				sum += d.small[i]
			}
		}
		return ratio(sum, d.total64)
	}
	sum := new(big.Int)
	for i, v := range d.outcomes {
		if pred(v) {
			sum.Add(sum, d.big[i])
		}
	}
	return new(big.Rat).SetFrac(sum, d.bigTotal)
}

// Prob returns P(X = v) in lowest terms.
func (d Dist) Prob(v int) *big.Rat {
	if i := d.index(v); i >= 0 {
		if d.isSmall() {
			return ratio(d.small[i], d.total64)
		}
		return new(big.Rat).SetFrac(d.big[i], d.bigTotal)
	}
	return new(big.Rat)
}

// ProbFloat returns P(X = v) as the nearest float64.
func (d Dist) ProbFloat(v int) float64 {
	f, _ := d.Prob(v).Float64()
	return f
}

// AtLeast returns P(X >= v).
func (d Dist) AtLeast(v int) *big.Rat { return d.ProbIf(func(x int) bool { return x >= v }) }

// AtMost returns P(X <= v).
func (d Dist) AtMost(v int) *big.Rat { return d.ProbIf(func(x int) bool { return x <= v }) }

// Greater returns P(X > v).
func (d Dist) Greater(v int) *big.Rat { return d.ProbIf(func(x int) bool { return x > v }) }

// Less returns P(X < v).
func (d Dist) Less(v int) *big.Rat { return d.ProbIf(func(x int) bool { return x < v }) }

// Mean returns the exact expected value. It panics on the empty distribution,
// which has no mean.
func (d Dist) Mean() *big.Rat {
	d.mustHaveOutcomes("Mean")
	sum, term, w := new(big.Int), new(big.Int), new(big.Int)
	for i, v := range d.outcomes {
		sum.Add(sum, term.Mul(term.SetInt64(int64(v)), d.weightInt(i, w)))
	}
	return new(big.Rat).SetFrac(sum, d.totalInt(w))
}

// Equal reports whether a and b give every outcome the same probability.
// It cross-multiplies rather than comparing weights, so it does not depend
// on both sides being reduced.
func Equal(a, b Dist) bool {
	if len(a.outcomes) != len(b.outcomes) {
		return false
	}
	l, r := new(big.Int), new(big.Int)
	wa, wb, ta, tb := new(big.Int), new(big.Int), a.totalInt(new(big.Int)), b.totalInt(new(big.Int))
	for i, v := range a.outcomes {
		if b.outcomes[i] != v {
			return false
		}
		if l.Mul(a.weightInt(i, wa), tb).Cmp(r.Mul(b.weightInt(i, wb), ta)) != 0 {
			return false
		}
	}
	return true
}

// String lists outcomes with exact probabilities, e.g. "{0:1/2 1:1/2}".
func (d Dist) String() string {
	var sb strings.Builder
	sb.WriteByte('{')
	for i, v := range d.outcomes {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%d:%s", v, RatString(d.Prob(v)))
	}
	sb.WriteByte('}')
	return sb.String()
}
