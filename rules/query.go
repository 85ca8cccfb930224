package rules

import (
	"math/big"
	"strconv"

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
	answer func(sys *catalog.System, w *tableWords, a Args) (*Answer, error)
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
		if EngineOf(s) == q.Engine {
			on = append(on, s)
		}
	}
	return on
}

// RuleSet is the rule set id names for the query ("" for the first):
// RuleSetOn the query's engine.
func (q *Query) RuleSet(cat *catalog.Catalog, id string) (*catalog.System, error) {
	return RuleSetOn(cat, q.Engine, id)
}

// Answer asks the query with checked arguments, in the rule set's words.
func (q *Query) Answer(sys *catalog.System, a Args) (*Answer, error) {
	w := queryWordsOf(sys, q.Name)
	ans, err := q.answer(sys, w, a)
	if err != nil {
		return nil, err
	}
	if err := w.err(); err != nil {
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

// ask makes the question name: its parameters' words are its block's.
func ask(name string, e *Engine, params []Param, answer func(*catalog.System, *tableWords, Args) (*Answer, error)) Query {
	for i := range params {
		params[i].query = name
	}
	return Query{Name: name, Engine: e, Params: params, answer: answer}
}

// The bounds of a question's numbers: what a game can have (internal/limits).
func diceParam(name, def string) Param {
	return Param{Name: name, Kind: IntParam, Default: def, Min: 0, Max: limits.MaxAskDice}
}

func scoreParam(name, def string) Param {
	return Param{Name: name, Kind: IntParam, Default: def, Min: -limits.MaxAskScore, Max: limits.MaxAskScore}
}

func statParam(name, def string) Param {
	return Param{Name: name, Kind: IntParam, Default: def, Min: 0, Max: limits.MaxStat}
}

func boolParam(name string) Param { return Param{Name: name, Kind: BoolParam} }

// choiceParam offers fixed values, the first by default; "" is none.
func choiceParam(name string, values ...string) Param {
	return Param{Name: name, Kind: ChoiceParam, values: values}
}

// choiceOf offers the choices the rule set's data has.
func choiceOf(name string, choices func(sys *catalog.System) []Choice) Param {
	return Param{Name: name, Kind: ChoiceParam, choices: choices}
}

func ratStr(r *big.Rat) string { return r.RatString() }

func ratStrs(rs []*big.Rat) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.RatString()
	}
	return out
}

func counts(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}

// dist is a distribution titled by the named word, captioned by the
// word name_caption.
func dist(w *tableWords, name string, labels []string, ps []*big.Rat) Dist {
	return Dist{Title: w.word(name), Caption: w.word(name + "_caption"), Labels: labels, P: ps}
}

var queries = []Query{
	ask("attack", AQEngine, []Param{
		diceParam("dice", "1"),
		scoreParam("defense", "5"),
		scoreParam("armor", "4"),
		scoreParam("power", "0"),
		choiceParam("cover", "", "soft", "hard"),
		boolParam("tripod"),
		boolParam("dug-in"),
		boolParam("tripod-close"),
		boolParam("immobilised"),
	}, func(sys *catalog.System, w *tableWords, a Args) (*Answer, error) {
		r, err := AQAttack(sys, AttackQuery{Dice: a.Int("dice"), Defense: a.Int("defense"), Armor: a.Int("armor"),
			Power: a.Int("power"), Cover: a["cover"], Immobilised: a.Bool("immobilised"), DugIn: a.Bool("dug-in"),
			TripodClose: a.Bool("tripod-close"), Tripod: a.Bool("tripod")})
		if err != nil {
			return nil, err
		}
		// on is the score a die needs: "on 5+", or "on any roll".
		on := func(n int) string {
			if n <= 1 {
				return w.word("on_any_roll")
			}
			return w.word("on", "score", strconv.Itoa(n))
		}
		ans := &Answer{Notes: r.Notes, JSON: map[string]any{"hit": ratStr(r.DieHit), "damage": ratStr(r.HitDamages), "points": ratStrs(r.Points)}}
		ans.Rows = append(ans.Rows,
			AnswerRow{Label: w.word("die_hits"), Detail: on(r.HitOn), P: r.DieHit},
			AnswerRow{Label: w.word("hit_damages"), Detail: on(r.DamageOn), P: r.HitDamages},
			AnswerRow{Label: w.word("hit"), P: r.Hit},
			AnswerRow{Label: w.word("damage"), P: r.Damage})
		if r.Destroyed != nil {
			ans.Rows = append(ans.Rows, AnswerRow{Label: w.word("destroyed"), P: r.Destroyed})
			ans.JSON["destroyed"] = ratStr(r.Destroyed)
		}
		ans.Dists = append(ans.Dists, dist(w, "points", counts(len(r.Points)), r.Points))
		return ans, nil
	}),
	ask("building", BuildingsEngine, []Param{
		choiceOf("type", func(sys *catalog.System) []Choice {
			var cs []Choice
			if sys.Buildings != nil {
				for _, t := range sys.Buildings.Types {
					cs = append(cs, Choice{Value: t.ID, Label: t.Name})
				}
			}
			return cs
		}),
		scoreParam("power", "0"),
		boolParam("heat-ray"),
	}, func(sys *catalog.System, w *tableWords, a Args) (*Answer, error) {
		r, err := BuildingHit(sys, a["type"], a.Int("power"), a.Bool("heat-ray"))
		if err != nil {
			return nil, err
		}
		outcomes := dist(w, "outcomes", []string{w.word("outcome_destroyed"), w.word("outcome_damaged"), w.word("outcome_fire")},
			[]*big.Rat{r.Destroyed, r.Damaged, r.Fire})
		outcomes.Charted = true
		return &Answer{
			Rows: []AnswerRow{
				{Label: w.word("destroyed"), P: r.Destroyed},
				{Label: w.word("damaged"), P: r.Damaged},
				{Label: w.word("fire"), P: r.Fire},
			},
			Dists: []Dist{outcomes},
			JSON:  map[string]any{"destroyed": ratStr(r.Destroyed), "damaged": ratStr(r.Damaged), "fire": ratStr(r.Fire)},
		}, nil
	}),
	ask("burn", BuildingsEngine, []Param{statParam("armor", "6")}, func(sys *catalog.System, w *tableWords, a Args) (*Answer, error) {
		r, err := Burn(sys, a.Int("armor"))
		if err != nil {
			return nil, err
		}
		ans := &Answer{JSON: map[string]any{"standing": ratStrs(r.Standing), "expected_tests": ratStr(r.ExpectedTests)}}
		var labels []string
		for i, p := range r.Standing {
			ans.Rows = append(ans.Rows, AnswerRow{Label: w.word("standing", "n", strconv.Itoa(i+1)), P: p})
			labels = append(labels, strconv.Itoa(i+1))
		}
		ans.Rows = append(ans.Rows, AnswerRow{Label: w.word("expected"), Detail: w.word("expected_detail"), Num: r.ExpectedTests})
		standing := dist(w, "still_standing", labels, r.Standing)
		standing.Charted = true
		ans.Dists = append(ans.Dists, standing)
		return ans, nil
	}),
	ask("im-shoot", IMEngine, []Param{
		scoreParam("factor", "0"),
		diceParam("trays", "1"),
	}, func(sys *catalog.System, w *tableWords, a Args) (*Answer, error) {
		n := a.Int("trays")
		r, err := IMShoot(sys, a.Int("factor"), n)
		if err != nil {
			return nil, err
		}
		ans := &Answer{Notes: r.Notes}
		for k, p := range r.PerTray {
			hits := w.word(plural(k, "hit", "hits"), "n", strconv.Itoa(k))
			ans.Rows = append(ans.Rows, AnswerRow{Label: w.word("one_tray", "hits", hits), P: p})
		}
		var labels []string
		var ps []*big.Rat
		if len(r.Hits.Outcomes()) > 0 {
			for k := 0; k <= r.Hits.Max(); k++ {
				labels = append(labels, strconv.Itoa(k))
				ps = append(ps, r.Hits.Prob(k))
			}
		}
		trays := w.word(plural(n, "tray", "trays"), "n", strconv.Itoa(n))
		w.set("trays", trays)
		ans.Dists = append(ans.Dists, dist(w, "total", labels, ps))
		ans.JSON = map[string]any{"per_tray": ratStrs(r.PerTray), "hits": ratStrs(ps)}
		return ans, nil
	}),
	ask("im-morale", IMEngine, []Param{scoreParam("modifier", "0")}, func(sys *catalog.System, w *tableWords, a Args) (*Answer, error) {
		r, err := IMMorale(sys, a.Int("modifier"))
		if err != nil {
			return nil, err
		}
		return &Answer{Dists: []Dist{dist(w, "markers", counts(len(r)), r)}, JSON: map[string]any{"dm": ratStrs(r)}}, nil
	}),
	ask("im-melee", IMEngine, []Param{scoreParam("diff", "0")}, func(sys *catalog.System, w *tableWords, a Args) (*Answer, error) {
		inf, suf, err := IMMelee(sys, a.Int("diff"))
		if err != nil {
			return nil, err
		}
		return &Answer{Dists: []Dist{
			dist(w, "second_loses", counts(len(inf)), inf),
			dist(w, "first_loses", counts(len(suf)), suf),
		}, JSON: map[string]any{"inflicted": ratStrs(inf), "suffered": ratStrs(suf)}}, nil
	}),
	ask("game-length", EvacEngine, nil, func(sys *catalog.System, w *tableWords, a Args) (*Answer, error) {
		rs, err := GameLength(sys)
		if err != nil {
			return nil, err
		}
		rounds := map[string]string{}
		var labels []string
		var ps []*big.Rat
		for _, r := range rs {
			labels = append(labels, strconv.Itoa(r.Round))
			ps = append(ps, r.Ends)
			rounds[strconv.Itoa(r.Round)] = ratStr(r.Ends)
		}
		return &Answer{Dists: []Dist{dist(w, "ends", labels, ps)}, JSON: map[string]any{"rounds": rounds}}, nil
	}),
}
