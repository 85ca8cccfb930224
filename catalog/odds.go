package catalog

import "github.com/playaid/playaid/diag"

// OddsWords are the words an odds table of the rule set prints, from its
// [odds.<table>] block: the title, the corner (the head of the row
// labels), fixed column heads, the notes printed under it, and the named
// words its rows and columns are made of. The engine (package rules)
// computes the numbers and fills each {name} with a value it worked out;
// it keeps no game words of its own, so a club's copy of the data can
// reword a table. Which blocks, words and {names} an engine reads, and
// the checks that none is missing or unknown, are in package rules.
type OddsWords struct {
	Title   string            `toml:"title"`
	Corner  string            `toml:"corner"`
	Columns []string          `toml:"columns"`
	Notes   []string          `toml:"notes"`
	Words   map[string]string `toml:"words"`

	Pos diag.Pos `toml:"-"` // where [odds.<table>] stands
	at  located
}

// Has reports whether the block writes key ("title", "columns",
// "words.open").
func (w *OddsWords) Has(key string) bool { return w.at.ix != nil && w.at.ix.Has(w.at.path+"."+key) }

// At is where the block's key stands ("title", "notes.1", "words.open"):
// its value, or the block when the key is not written.
func (w *OddsWords) At(key string) diag.Pos {
	if w.Has(key) {
		return w.at.value(key)
	}
	return w.Pos
}
