package dice

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

// Bounds on the work one call may be asked to do. A call beyond them
// panics with a message instead of running for minutes, taking gigabytes
// or overflowing an int: callers bound what users type (see
// internal/limits) well inside them, and reach them only by a mistake.
const (
	// MaxOutcomes is the number of outcomes a distribution may have, and
	// so the span of a Die, a Repeat or a sum: a million.
	MaxOutcomes = 1 << 20

	// MaxPairs is the number of outcome pairs Add may combine: about
	// seventy million multiplications, a few seconds at most.
	MaxPairs = 1 << 26

	// MaxWeightBits bounds Binomial's weights, all together: n+1 weights
	// of up to n times the bits of p's denominator, 256 MB at most.
	MaxWeightBits = 1 << 31

	// MaxDecimals is the most decimals Percent prints; more are cut to it.
	MaxDecimals = 30
)

// addInts returns a+b, panicking when the sum overflows an int: an
// outcome past the ends of int is a caller's mistake, and wrapping round
// would turn it into a wrong answer.
func addInts(op string, a, b int) int {
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) {
		panic(fmt.Sprintf("dice: %s: outcome %d + %d overflows an int", op, a, b))
	}
	return s
}

// mulInts returns a*b, panicking on overflow.
func mulInts(op string, a, b int) int {
	hi, lo := bits.Mul64(uint64(abs(a)), uint64(abs(b)))
	if hi != 0 || lo > math.MaxInt {
		panic(fmt.Sprintf("dice: %s: %d × %d overflows an int", op, a, b))
	}
	return a * b
}

func abs(a int) int {
	if a < 0 {
		if a == math.MinInt {
			return math.MaxInt // close enough: any product with it overflows but 0, 1
		}
		return -a
	}
	return a
}

// checkSpan panics when a distribution over lo..hi would have more than
// MaxOutcomes outcomes.
func checkSpan(op string, lo, hi int) {
	if span := uint64(hi) - uint64(lo); span >= MaxOutcomes {
		panic(fmt.Sprintf("dice: %s: outcomes %d to %d are more than %d", op, lo, hi, MaxOutcomes))
	}
}

// checkBinomial panics when Binomial(n, p)'s weights would be too big.
func checkBinomial(n int, p *big.Rat) {
	if n >= MaxOutcomes {
		panic(fmt.Sprintf("dice: Binomial with %d trials: at most %d", n, MaxOutcomes-1))
	}
	if b := uint64(n+1) * uint64(n) * uint64(p.Denom().BitLen()); b > MaxWeightBits {
		panic(fmt.Sprintf("dice: Binomial with %d trials of p = %s: weights of %d bits, more than %d", n, p.RatString(), b, uint64(MaxWeightBits)))
	}
}
