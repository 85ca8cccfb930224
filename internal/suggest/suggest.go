// Package suggest finds the word a user probably meant: "did you mean …?".
package suggest

import "strings"

// maxClosest is the longest word Closest looks for a near miss of: the
// edit distance takes time growing with the product of the lengths, and
// no typo of a word that long is worth a guess.
const maxClosest = 64

// Closest returns the candidate closest to word when it is close enough to
// be a likely typo ("did you mean …?"), or "".
func Closest(word string, candidates []string) string {
	best, bestD := "", len(word)/2+2
	if len(word) > maxClosest {
		return ""
	}
	for _, c := range candidates {
		if len(c) > maxClosest {
			continue
		}
		if d := distance(strings.ToLower(word), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the Levenshtein edit distance.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
