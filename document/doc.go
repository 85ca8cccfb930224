// Package document is the one text pipeline every printed document of
// playaid goes through — the reference sheets, the briefings and the army
// rosters: read the Markdown template (a club's --templates folder over
// the shipped one), execute it with the shared functions and the
// generator's own, collect footnotes, tidy, and render to PDF, HTML or
// Markdown. A template error reads "file:line:col: message" whichever
// document it is in.
//
// The text helpers (Esc, Cell, Typo, Sentence, Slug, Inch, Pct,
// Plural …) are the only way documents print the data's words and
// numbers, so the same value looks the same on every sheet and card.
package document
