// Package playercopy knows what player documents — briefings, rosters,
// unit cards, reference sheets — must not say: the project's working
// words ("seed", "catalogue", "as printed", "transcribed"), remarks about
// the data, and file hashes. They belong on the organiser's rules notes.
// Tests read a document's text and ask Find for what slipped through.
package playercopy

import (
	"regexp"
	"strings"
)

// Banned are the words and phrases a player document never prints, in
// lower case.
var Banned = []string{"seed", "catalogue", "as printed", "transcribed", "no rule text in the data", "sha256"}

// hash is a run of hex digits as long as a file hash prints: the data's
// short version code (12 digits) is allowed, a list's or file's hash
// beside "sha256" or a full one is not.
var hash = regexp.MustCompile(`\b[0-9a-f]{16,}\b`)

// Find returns each banned word or hash in text, with a little of the
// text around it.
func Find(text string) []string {
	var out []string
	lower := strings.ToLower(text)
	at := func(i, n int) string {
		from, to := max(0, i-30), min(len(text), i+n+30)
		return strings.Join(strings.Fields(text[from:to]), " ")
	}
	for _, w := range Banned {
		for off := 0; ; {
			i := strings.Index(lower[off:], w)
			if i < 0 {
				break
			}
			out = append(out, at(off+i, len(w)))
			off += i + len(w)
		}
	}
	for _, m := range hash.FindAllStringIndex(text, -1) {
		out = append(out, at(m[0], m[1]-m[0]))
	}
	return out
}
