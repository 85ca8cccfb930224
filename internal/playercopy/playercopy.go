// Package playercopy knows what player documents — briefings, rosters,
// unit cards, reference sheets and cards — must not say: the project's
// working words ("seed", "catalogue", "as printed", "transcribed"),
// remarks about the data, and file hashes. They belong on the organiser's
// rules notes. The catalogue checks the rulings it prints with Word;
// tests read a document's text and ask Find for what slipped through.
package playercopy

import (
	"regexp"
	"strings"
)

// Banned are the words and phrases a player document never prints, in
// lower case. Each counts as a whole word: "Seeds of doubt" passes.
var Banned = []string{"seed", "catalogue", "as printed", "transcribed", "no rule text in the data", "sha256"}

// hash is a run of hex digits as long as a file hash prints: the data's
// short version code (12 digits) is allowed, a list's or file's hash
// beside "sha256" or a full one is not.
var hash = regexp.MustCompile(`\b[0-9a-f]{16,}\b`)

// Word returns the first of Banned that s holds as a word or phrase, in
// any case, or "".
func Word(s string) string {
	for _, m := range words(s) {
		return Banned[m[2]]
	}
	return ""
}

// Find returns each banned word or hash in text, with a little of the
// text around it.
func Find(text string) []string {
	var out []string
	at := func(i, j int) string {
		from, to := max(0, i-30), min(len(text), j+30)
		return strings.Join(strings.Fields(text[from:to]), " ")
	}
	for _, m := range words(text) {
		out = append(out, at(m[0], m[1]))
	}
	for _, m := range hash.FindAllStringIndex(text, -1) {
		out = append(out, at(m[0], m[1]))
	}
	return out
}

// words finds every banned word of s as a whole word: its start, its end
// and its index in Banned.
func words(s string) [][3]int {
	var out [][3]int
	low := strings.ToLower(s) // the banned words are ASCII: offsets agree
	for k, w := range Banned {
		for i := 0; ; {
			j := strings.Index(low[i:], w)
			if j < 0 {
				break
			}
			j += i
			if edge(low, j-1) && edge(low, j+len(w)) {
				out = append(out, [3]int{j, j + len(w), k})
			}
			i = j + 1
		}
	}
	return out
}

// edge reports whether byte i of s is outside it or not a letter.
func edge(s string, i int) bool {
	if i < 0 || i >= len(s) {
		return true
	}
	c := s[i]
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
}
