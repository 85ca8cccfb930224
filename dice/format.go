package dice

import (
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// RatString formats r as a fraction in lowest terms, without a denominator
// when it is 1: "0", "1", "21/100".
func RatString(r *big.Rat) string {
	return r.RatString()
}

// Percent formats r (a probability) as a percentage with the given number of
// decimals (negative means 0, more than MaxDecimals means MaxDecimals),
// rounding half away from zero:
// 21/100 -> "21%", 1/3 with 1 decimal -> "33.3%", 1/200 -> "1%".
//
// Exactly 0 and exactly 1 print as "0%" and "100%" whatever the decimals.
// Anything strictly between 0 and 1 that would round to 0 or 100 prints as
// "<1%" or ">99%" instead ("<0.1%" and ">99.9%" with one decimal), so a
// player never reads "impossible" or "certain" for something that is
// neither. Values outside [0, 1] are formatted plainly.
func Percent(r *big.Rat, decimals int) string {
	decimals = min(max(decimals, 0), MaxDecimals)
	num, den := r.Num(), r.Denom()
	one := r.IsInt() && num.IsUint64() && num.Uint64() == 1
	switch {
	case r.Sign() == 0:
		return "0%"
	case one:
		return "100%"
	}
	below1 := r.Sign() > 0 && num.CmpAbs(den) < 0 // strictly between 0 and 1
	if s, ok := percentSmall(r, decimals, below1); ok {
		return s
	}
	return percentBig(r, decimals, below1)
}

// percentBig is Percent in big.Ints, for any r.
func percentBig(r *big.Rat, decimals int, below1 bool) string {
	num, den := r.Num(), r.Denom()
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	unit := new(big.Int).Mul(scale, big.NewInt(100)) // 100% in output units

	// n = round(|r| * unit), half away from zero: floor((2*|num|*unit + den) / (2*den)).
	n := new(big.Int).Abs(num)
	n.Mul(n, unit).Lsh(n, 1).Add(n, den)
	n.Quo(n, new(big.Int).Lsh(den, 1))

	prefix := ""
	if r.Sign() < 0 {
		prefix = "-"
	} else if below1 {
		// Keep possible-but-uncertain visible.
		switch {
		case n.Sign() == 0:
			return "<" + fixed("1", decimals) + "%"
		case n.Cmp(unit) == 0:
			return ">" + fixed(n.Sub(unit, bigOne).String(), decimals) + "%"
		}
	}
	return prefix + fixed(n.String(), decimals) + "%"
}

// percentSmall is Percent for the common case of a positive r whose
// numerator and denominator are below 2^63, with few enough decimals
// that 100% in output units fits in a word: the same rounding in 128-bit
// machine arithmetic. ok is false when r is not such a case.
func percentSmall(r *big.Rat, decimals int, below1 bool) (s string, ok bool) {
	num, den := r.Num(), r.Denom()
	if r.Sign() < 0 || decimals > 16 || !num.IsUint64() || !den.IsUint64() {
		return "", false
	}
	a, b := num.Uint64(), den.Uint64()
	if a>>63 != 0 || b>>63 != 0 {
		return "", false
	}
	unit := uint64(100)
	for range decimals {
		unit *= 10
	}
	// n = floor((2*a*unit + b) / (2*b)); the quotient fits in a word
	// when the high word is below the divisor.
	hi, lo := bits.Mul64(a, 2*unit)
	lo, carry := bits.Add64(lo, b, 0)
	hi += carry
	if hi >= 2*b {
		return "", false
	}
	n, _ := bits.Div64(hi, lo, 2*b)
	if below1 {
		switch n {
		case 0:
			return "<" + fixed("1", decimals) + "%", true
		case unit:
			return ">" + fixed(strconv.FormatUint(unit-1, 10), decimals) + "%", true
		}
	}
	return fixed(strconv.FormatUint(n, 10), decimals) + "%", true
}

// fixed prints the integer of digits s divided by 10^decimals, with
// exactly that many decimals.
func fixed(s string, decimals int) string {
	if decimals == 0 {
		return s
	}
	if len(s) <= decimals {
		s = strings.Repeat("0", decimals-len(s)+1) + s
	}
	return s[:len(s)-decimals] + "." + s[len(s)-decimals:]
}
