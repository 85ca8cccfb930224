// Package playercopy knows what player documents — briefings, rosters,
// unit cards, reference sheets and cards, marker and blip sheets — must
// not say: the program's words. No file names, commands or command-line
// options, no hexadecimal hashes or data versions, and none of the
// project's working words ("seed", "catalogue", "TOML", "data" in the
// program's sense, "as printed", "transcribed"). They belong in the
// README, the web app and the organiser's rules notes. A player document
// speaks the game: it names the rules by the book's title and edition.
// The catalogue checks the rulings it prints with Word; tests read a
// document's text and ask Find for what slipped through.
package playercopy

import (
	"regexp"
	"strings"
	"sync"
)

// Banned are the words and phrases a player document never prints, in
// lower case. Each counts as a whole word: "Seeds of doubt" passes.
// "data" is the program's word: the games say "stats", "rules", "table".
var Banned = []string{
	"seed", "catalogue", "catalog", "toml", "as printed", "transcribed",
	"no rule text in the data", "sha256", "data", "playaid", "template file",
}

// program finds the program's other marks in a text: a file name, a
// command-line option, a hexadecimal hash (7 or more hex digits holding
// both a digit and a letter, as a short commit or data version prints).
// They are compiled when first needed: only Find, which tests call, reads
// them.
var program = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`(?i)\b[\w-]+\.(pdf|toml|md|txt|html?|ttf|otf|json|csv|png|svg|zip|go)\b`),
		regexp.MustCompile(`(^|[\s(“"'])--?[a-z][a-z-]*\b`),
		regexp.MustCompile(`\b(?:[0-9a-f]*[0-9][0-9a-f]*[a-f][0-9a-f]*|[0-9a-f]*[a-f][0-9a-f]*[0-9][0-9a-f]*)\b`),
	}
})

// isHash reports whether m, a match of the hash pattern, is long enough to
// be one.
func isHash(m string) bool { return len(m) >= 7 }

// Word returns the first of Banned that s holds as a word or phrase, in
// any case, or "".
func Word(s string) string {
	for _, m := range words(s) {
		return Banned[m[2]]
	}
	return ""
}

// Find returns each banned word, file name, option or hash in text, with a
// little of the text around it.
func Find(text string) []string {
	var out []string
	at := func(i, j int) string {
		from, to := max(0, i-30), min(len(text), j+30)
		return strings.Join(strings.Fields(text[from:to]), " ")
	}
	for _, m := range words(text) {
		out = append(out, at(m[0], m[1]))
	}
	for k, re := range program() {
		for _, m := range re.FindAllStringIndex(text, -1) {
			if k == 2 && !isHash(text[m[0]:m[1]]) {
				continue
			}
			out = append(out, at(m[0], m[1]))
		}
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
