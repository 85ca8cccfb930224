// Package printnum holds the few ways of writing a number that both the
// odds (package rules) and the documents above them print the same:
// one implementation, below both.
package printnum

import "strconv"

// Signed is a modifier with its sign: +2, −4 (a true minus), 0.
func Signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return "−" + strconv.Itoa(-n)
	}
	return "0"
}
