package rules

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
)

// Query is one odds question a person asks: 'playaid odds NAME' and the
// web odds page read the same list (Queries), parse the same parameters
// with the same bounds (Parse) and print the same Answer.
//
// A question's words are its rule set's: the title, summary, parameters'
// labels and help and the answer's words are in the rule set's
// [query.<Name>] block (odds.toml), so a club's copy can reword them.
// This file keeps no game words (TestTablesKeepNoWords): what it names
// are questions, parameters, words and JSON fields.
type Query struct {
	Name   string  // the CLI's query and the page's address: "attack"
	Engine *Engine // the engine whose rule sets it asks (RuleSetOn picks one)
	Params []Param
	named  WordSpec // the named words its answer reads
	// owned is set for a question a rule set's data writes (Engine.Own):
	// it is asked of the rule sets on its engine that write it.
	owned  bool
	answer func(sys *catalog.System, w *Words, a Args) (*Answer, error)
}

// Title is the question's heading in the rule set's words: "Attack".
func (q *Query) Title(sys *catalog.System) string {
	if w := q.words(sys); w != nil {
		return w.Title
	}
	return ""
}

// Summary is one sentence in the rule set's words: what it answers.
func (q *Query) Summary(sys *catalog.System) string {
	if w := q.words(sys); w != nil {
		return w.Summary
	}
	return ""
}

// words are the rule set's words of the question; nil when it has none
// (CheckWords says so when the data is loaded).
func (q *Query) words(sys *catalog.System) *catalog.QueryWords {
	if sys == nil {
		return nil
	}
	return sys.Queries[q.Name]
}

// RuleSets lists the rule sets a query may be asked of: those on its
// engine, the book's first.
func (q *Query) RuleSets(cat *catalog.Catalog) []*catalog.System {
	var on []*catalog.System
	for _, s := range RuleSets(cat) {
		if EngineOf(s) == q.Engine && (!q.owned || writes(s, q.Name)) {
			on = append(on, s)
		}
	}
	return on
}

// writes reports whether the rule set's data writes the question name.
func writes(sys *catalog.System, name string) bool {
	return slices.ContainsFunc(own(sys).Queries, func(q Query) bool { return q.Name == name })
}

// RuleSet is the rule set id names for the query ("" for the first):
// RuleSetOn the query's engine, or for a question a rule set's data
// writes, one of the rule sets that write it.
func (q *Query) RuleSet(cat *catalog.Catalog, id string) (*catalog.System, error) {
	if !q.owned {
		return RuleSetOn(cat, q.Engine, id)
	}
	on := q.RuleSets(cat)
	var ids []string
	for _, s := range on {
		if id == "" || s.ID == id {
			return s, nil
		}
		ids = append(ids, s.ID)
	}
	if id == "" {
		return nil, fmt.Errorf("no rule set of the data asks %s", q.Name)
	}
	return nil, fmt.Errorf("rule set %q does not ask %s; expected one of: %s", id, q.Name, strings.Join(ids, ", "))
}

// Answer asks the query with checked arguments, in the rule set's words.
func (q *Query) Answer(sys *catalog.System, a Args) (*Answer, error) {
	w := queryWordsOf(sys, q.Name)
	ans, err := q.answer(sys, w, a)
	if err != nil {
		return nil, err
	}
	if err := w.Err(); err != nil {
		return nil, err
	}
	return ans, nil
}

// Answer is a query's result, exactly: rows of chances or numbers, the
// distributions, the notes the engine attaches, and the same values for
// a program (JSON: exact fractions in lowest terms).
type Answer struct {
	Rows  []AnswerRow
	Dists []Dist
	Notes []string
	JSON  map[string]any
}

// AnswerRow is one line of an answer.
type AnswerRow struct {
	Label, Detail string
	P             *big.Rat // a chance; nil for a row that is a number
	Num           *big.Rat
}

// Dist is a distribution over outcomes: each label's chance.
type Dist struct {
	Title   string // "Damage points"
	Caption string // what the outcomes count: "damage points scored by the attack"
	Labels  []string
	P       []*big.Rat
	// Charted is set when the rows already give these chances: the
	// distribution is there to be drawn, and a listing leaves it out.
	Charted bool
}

// LookupQuery finds a query by name.
func LookupQuery(name string) (*Query, bool) {
	for i := range queries {
		if queries[i].Name == name {
			return &queries[i], true
		}
	}
	return nil, false
}

// Queries lists every odds question, in the order people are offered
// them.
func Queries() []Query { return queries }

// QueryNames lists the queries' names.
func QueryNames() []string {
	var out []string
	for _, q := range queries {
		out = append(out, q.Name)
	}
	return out
}

// QueriesIn lists every odds question the catalogue's rule sets are
// asked, in the order people are offered them: the engines' (Queries),
// then those the rule sets' data writes (Engine.Own), each once by name
// (the first rule set that writes it gives its parameters; CheckWords
// holds the others to them).
func QueriesIn(cat *catalog.Catalog) []Query {
	out := slices.Clone(queries)
	for _, s := range RuleSets(cat) {
		for _, q := range ownQueries(s) {
			if !slices.ContainsFunc(out, func(o Query) bool { return o.Name == q.Name }) {
				out = append(out, *q)
			}
		}
	}
	return out
}

// LookupQueryIn finds a question by name among QueriesIn(cat).
func LookupQueryIn(cat *catalog.Catalog, name string) (*Query, bool) {
	qs := QueriesIn(cat)
	for i := range qs {
		if qs[i].Name == name {
			return &qs[i], true
		}
	}
	return nil, false
}

// QueryNamesIn lists the names of QueriesIn(cat).
func QueryNamesIn(cat *catalog.Catalog) []string {
	var out []string
	for _, q := range QueriesIn(cat) {
		out = append(out, q.Name)
	}
	return out
}

// ownQueries are the questions the rule set's data writes, as its
// engine's.
func ownQueries(sys *catalog.System) []*Query {
	qs := own(sys).Queries
	out := make([]*Query, len(qs))
	for i := range qs {
		q := qs[i]
		q.Engine, q.owned = EngineOf(sys), true
		out[i] = &q
	}
	return out
}

// questionsOf lists the questions asked of the rule set: its engine's
// and its data's.
func questionsOf(sys *catalog.System) []*Query {
	return append(queriesOn(EngineOf(sys)), ownQueries(sys)...)
}

// queriesOn lists the questions asked of the engine's rule sets.
func queriesOn(e *Engine) []*Query {
	var out []*Query
	for i := range queries {
		if queries[i].Engine == e {
			out = append(out, &queries[i])
		}
	}
	return out
}

// Ask makes the question name: its parameters' words are its block's,
// and its answer reads the named words of words.
func Ask(name string, params []Param, words WordSpec, answer func(*catalog.System, *Words, Args) (*Answer, error)) Query {
	for i := range params {
		params[i].query = name
	}
	return Query{Name: name, Params: params, named: words, answer: answer}
}

// The bounds of a question's numbers: what a game can have (internal/limits).
func DiceParam(name, def string) Param {
	return Param{Name: name, Kind: IntParam, Default: def, Min: 0, Max: limits.MaxAskDice}
}

func ScoreParam(name, def string) Param {
	return Param{Name: name, Kind: IntParam, Default: def, Min: -limits.MaxAskScore, Max: limits.MaxAskScore}
}

func StatParam(name, def string) Param {
	return Param{Name: name, Kind: IntParam, Default: def, Min: 0, Max: limits.MaxStat}
}

func Switch(name string) Param { return Param{Name: name, Kind: BoolParam} }

// Choices offers fixed values, the first by default; "" is none.
func Choices(name string, values ...string) Param {
	return Param{Name: name, Kind: ChoiceParam, values: values}
}

// ChoicesFrom offers the choices the rule set's data has.
func ChoicesFrom(name string, choices func(sys *catalog.System) []Choice) Param {
	return Param{Name: name, Kind: ChoiceParam, choices: choices}
}

func RatStr(r *big.Rat) string { return r.RatString() }

func RatStrs(rs []*big.Rat) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.RatString()
	}
	return out
}

func Counts(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}

// NewDist is a distribution titled by the named word, captioned by the
// word name_caption.
func NewDist(w *Words, name string, labels []string, ps []*big.Rat) Dist {
	return Dist{Title: w.Word(name), Caption: w.Word(name + "_caption"), Labels: labels, P: ps}
}

// queries are the registered engines' questions, in their order
// (Register).
var queries []Query
