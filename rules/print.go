package rules

import (
	"fmt"
	"unicode"
)

// The words and numbers the engines print in their tables, as the
// documents print them (document's own helpers sit above this package).

// PowerLabel prints a Power bonus as the rule book does: "–" for none.
func PowerLabel(p int) string {
	if p == 0 {
		return "–"
	}
	return fmt.Sprintf("%+d", p)
}

// Plural is one when n is 1, else many.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Capital is s with its first letter in capitals ("short" → "Short").
func Capital(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}
