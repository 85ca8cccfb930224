package catalog

import "github.com/playaid/playaid/diag"

// QueryWords are the words of one odds question the rule set answers
// ('playaid odds NAME' and the web odds page), from its [query.<name>]
// block: the question's title and one-line summary, each parameter's
// words (param.<name>), and the named words its answer is made of. As
// with OddsWords, the engine (package rules) asks the question and fills
// each {name} with a value it worked out; which blocks, parameters, words
// and {names} a question reads, and the checks, are in package rules.
type QueryWords struct {
	Title   string                `toml:"title"`
	Summary string                `toml:"summary"`
	Params  map[string]ParamWords `toml:"param"`
	Words   map[string]string     `toml:"words"`

	Pos diag.Pos `toml:"-"` // where [query.<name>] stands
	at  located
}

// ParamWords are the words of one parameter of a question: the label a
// form shows, the help a flag prints, and for a parameter with a fixed
// list of choices, the label of each (choices.<value>) and of choosing
// none.
type ParamWords struct {
	Label   string            `toml:"label"`
	Help    string            `toml:"help"`
	None    string            `toml:"none"`
	Choices map[string]string `toml:"choices"`
}

// Has reports whether the block writes key ("title", "param.dice.label",
// "words.on").
func (w *QueryWords) Has(key string) bool { return w.at.ix != nil && w.at.ix.Has(w.at.path+"."+key) }

// At is where the block's key stands: its value; for a table of keys
// ("param.dice"), or a key not written, the first key written under it
// or under the nearest table that holds it.
func (w *QueryWords) At(key string) diag.Pos {
	switch {
	case w.at.ix == nil:
		return w.Pos
	case w.Has(key):
		return w.at.value(key)
	}
	return w.at.key(key)
}
