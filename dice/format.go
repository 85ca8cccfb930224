package dice

import (
	"math/big"
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
	switch {
	case r.Sign() == 0:
		return "0%"
	case r.Cmp(ratOne) == 0:
		return "100%"
	}
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	unit := new(big.Int).Mul(scale, big.NewInt(100)) // 100% in output units

	// n = round(|r| * unit), half away from zero: floor((2*|num|*unit + den) / (2*den)).
	num := new(big.Int).Abs(r.Num())
	num.Mul(num, unit).Lsh(num, 1).Add(num, r.Denom())
	n := num.Quo(num, new(big.Int).Lsh(r.Denom(), 1))

	prefix := ""
	if r.Sign() < 0 {
		prefix = "-"
	} else if r.Cmp(ratOne) < 0 {
		// Strictly between 0 and 1: keep possible-but-uncertain visible.
		switch {
		case n.Sign() == 0:
			return "<" + fixed(big.NewInt(1), decimals) + "%"
		case n.Cmp(unit) == 0:
			return ">" + fixed(n.Sub(unit, bigOne), decimals) + "%"
		}
	}
	return prefix + fixed(n, decimals) + "%"
}

// fixed prints n / 10^decimals with exactly that many decimals.
func fixed(n *big.Int, decimals int) string {
	s := n.String()
	if decimals == 0 {
		return s
	}
	if len(s) <= decimals {
		s = strings.Repeat("0", decimals-len(s)+1) + s
	}
	return s[:len(s)-decimals] + "." + s[len(s)-decimals:]
}
