package dicegame

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/playaid/playaid/dice"
)

// Every chance is exact, so its arithmetic grows with the data: a roll of
// many exploding dice, or a chain whose each step multiplies the size of
// the weights it is handed, can ask for minutes and gigabytes. The work
// of each roll and each step is therefore estimated before it is done —
// from the outcomes it is handed, the size of their exact weights and its
// roll — and what would pass its budget is refused, at its place in the
// data, with nothing spent. The unit of work is about 10 ns on a slow,
// busy machine: a product of big numbers costs a few units and the words
// of one times the words of the other (mult).
const (
	maxRollWork  = 1 << 26 // one roll's distribution: about a second at most
	maxRollsWork = 1 << 27 // every roll of a rule set, each worked out once
	maxRunWork   = 1 << 28 // one question asked, or one table
	maxRuleWork  = 1 << 29 // every table of a rule set, when its data is read
)

// mult is the work of n products of numbers of wa and wb words: word by
// word, or past math/big's Karatsuba threshold (40 words) as Karatsuba's
// n^1.585 for each square block of the smaller's size.
func mult(n, wa, wb uint64) uint64 {
	lo, hi := min(wa, wb), max(wa, wb)
	w := float64(lo * hi)
	if lo > 40 {
		w *= math.Pow(40/float64(lo), 0.415)
	}
	return n * (8 + uint64(w))
}

// budget is work left to spend, within its parent's.
type budget struct {
	left   uint64
	parent *budget
}

func newBudget(n uint64) *budget { return &budget{left: n} }

// sub is a budget of at most n, spent from b as well.
func (b *budget) sub(n uint64) *budget { return &budget{left: n, parent: b} }

// spend takes w from the budget, or says why it cannot.
func (b *budget) spend(what string, w uint64) error {
	for a := b; a != nil; a = a.parent {
		if w > a.left {
			return fmt.Errorf("%s asks for more exact arithmetic than can be done at once; expected fewer dice, fewer sides or fewer steps", what)
		}
	}
	for a := b; a != nil; a = a.parent {
		a.left -= w
	}
	return nil
}

// words is how many machine words a number of bits bits takes.
func words(bits int) uint64 { return uint64(max(bits, 0))/64 + 1 }

// repeatWork is the work of dice.Repeat(d, n) for a d of span outcomes
// whose total has bits bits; ok is false when dice would refuse it (too
// many outcomes, or too many pairs in one sum).
func repeatWork(span, n, bits int) (work uint64, ok bool) {
	if n <= 1 || span <= 1 {
		return 0, true
	}
	if uint64(span)*uint64(n) >= dice.MaxOutcomes {
		return 0, false
	}
	add := func(a, b, ca, cb int) bool { // outcomes a and b, of ca and cb copies
		pairs := uint64(a) * uint64(b)
		if pairs > dice.MaxPairs {
			return false
		}
		work += mult(pairs, words(ca*bits), words(cb*bits))
		return true
	}
	res, resN, base, baseN, have := 0, 0, span, 1, false
	for n > 0 {
		if n&1 == 1 {
			if have {
				if !add(res, base, resN, baseN) {
					return 0, false
				}
				res, resN = res+base-1, resN+baseN
			} else {
				res, resN, have = base, baseN, true
			}
		}
		n >>= 1
		if n > 0 {
			if !add(base, base, baseN, baseN) {
				return 0, false
			}
			base, baseN = 2*base-1, 2*baseN
		}
	}
	return work, true
}

// rollWork is the work of the roll's distribution; ok is false when dice
// would refuse it.
func (r roll) rollWork() (uint64, bool) {
	if r.keep < r.n {
		return dice.KeepWork(r.explodedSpan(), r.n, r.keep), true
	}
	// One die's total: sides, squared by a reroll, to the power of the
	// rolls an explosion may add.
	b := bits.Len(uint(r.sides))
	if r.reroll > 0 {
		b *= 2
	}
	if r.explodeOn > 0 {
		b *= explodeTimes + 1
	}
	return repeatWork(r.explodedSpan(), r.n, b)
}

// stepWork is the work of a step handed prev, carrying at most most: a
// distribution for each outcome of prev, mixed into one; bp is the bits of
// the total of one roll (of a chance's denominator, for a count). ok is
// false when dice would refuse a part of it.
func (s *step) stepWork(prev dice.Dist, most, bp int) (uint64, bool) {
	parts := uint64(len(prev.Outcomes()))
	tb := prev.Total().BitLen()
	r := len(s.dist.Outcomes())
	var part uint64
	switch {
	case s.Once || most == 0:
		// The roll, mapped; mixed over a common total of bp bits.
		part = mult(uint64(r), words(tb+bp), words(bp)) + words(bp)*words(bp)
	case s.carry == carrySuccesses || s.carry == carryFailures:
		// A binomial of up to most trials: its weights up to most·bp
		// bits, made in most products; their common total found by a
		// gcd; then each weight scaled.
		k, wk := uint64(most), words(most*bp)
		part = mult(k, wk, words(bp)) + wk*wk + mult(k+1, words(tb+most*bp), wk)
	default:
		// The roll repeated for each one carried.
		rep, ok := repeatWork(r, most, bp)
		if !ok {
			return 0, false
		}
		wk := words(most * bp)
		part = rep + wk*wk + mult(uint64(r*most), words(tb+most*bp), wk)
	}
	return parts * part, true
}
