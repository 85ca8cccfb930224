package rules

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
)

// Query is one odds question a person asks: 'playaid odds NAME' and the
// web odds page read the same list (Queries), parse the same parameters
// with the same bounds (Parse) and print the same Answer.
type Query struct {
	Name    string  // the CLI's query and the page's address: "attack"
	Engine  *Engine // the engine whose rule sets it asks (RuleSetOn picks one)
	Title   string  // the page's heading: "Attack"
	Summary string  // one sentence: what it answers
	Params  []Param
	answer  func(sys *catalog.System, a Args) (*Answer, error)
}

// ParamKind is what a parameter takes.
type ParamKind int

const (
	IntParam    ParamKind = iota // a whole number from Min to Max
	BoolParam                    // yes or no (a CLI switch, a check box)
	ChoiceParam                  // one of the values Choices offers
)

// Param is one input of a query: a CLI flag (--Name) and a form field.
type Param struct {
	Name     string // the flag and the field: "dice"
	Label    string // what the form calls it: "Dice"
	Help     string // what it means, in the game's words
	Kind     ParamKind
	Default  string // an IntParam's value when left out
	Min, Max int    // an IntParam's bounds
	choices  func(sys *catalog.System) []Choice
}

// Choice is one value a ChoiceParam offers.
type Choice struct {
	Value, Label string
}

// Choices are the values a ChoiceParam offers in a rule set; nil for
// other kinds. A left-out choice is the first.
func (p Param) Choices(sys *catalog.System) []Choice {
	if p.choices == nil {
		return nil
	}
	return p.choices(sys)
}

// Expected says what the parameter takes, for a message: "a whole
// number from 0 to 100", "one of: soft, hard".
func (p Param) Expected(sys *catalog.System) string {
	switch p.Kind {
	case IntParam:
		return fmt.Sprintf("a whole number from %d to %d", p.Min, p.Max)
	case ChoiceParam:
		var vs []string
		for _, c := range p.Choices(sys) {
			if c.Value != "" {
				vs = append(vs, c.Value)
			}
		}
		return "one of: " + strings.Join(vs, ", ")
	}
	return "yes or no"
}

// ParamError is a value a parameter does not take.
type ParamError struct {
	Param    Param
	Value    string // as given, cut short
	Expected string // Param.Expected
}

// Error says it in the form's words: `Dice: "1001" is not a whole number
// from 0 to 100.` The CLI names the flag instead (Flag).
func (e *ParamError) Error() string {
	return fmt.Sprintf("%s: %q is not %s.", e.Param.Label, e.Value, e.Expected)
}

// Flag says it with the CLI's flag: "--dice 1001: expected a whole
// number from 0 to 100".
func (e *ParamError) Flag() string {
	return fmt.Sprintf("--%s %s: expected %s", e.Param.Name, e.Value, e.Expected)
}

// Args are a query's parameters, read and checked: the values, by name,
// in the form the parameter prints ("12", "1" for yes, "soft").
type Args map[string]string

// Int is an IntParam's value.
func (a Args) Int(name string) int { n, _ := strconv.Atoi(a[name]); return n }

// Bool is a BoolParam's value.
func (a Args) Bool(name string) bool { return a[name] != "" }

// maxValue is the longest value a message repeats.
const maxValue = 24

// Parse reads the query's parameters from get (a flag's or a field's
// value, and whether it was given): a left-out number is its default, a
// left-out choice the first offered. It returns every value (those
// refused as given, cut short, so a form can show them again) and every
// problem, in the parameters' order.
func (q *Query) Parse(sys *catalog.System, get func(name string) (string, bool)) (Args, []*ParamError) {
	a := Args{}
	var errs []*ParamError
	for _, p := range q.Params {
		raw, given := get(p.Name)
		raw = strings.TrimSpace(raw)
		bad := func() {
			a[p.Name] = clipValue(raw)
			errs = append(errs, &ParamError{Param: p, Value: clipValue(raw), Expected: p.Expected(sys)})
		}
		switch p.Kind {
		case IntParam:
			if !given || raw == "" {
				raw = p.Default
			}
			n, err := strconv.Atoi(raw)
			if err != nil || n < p.Min || n > p.Max {
				bad()
				continue
			}
			a[p.Name] = strconv.Itoa(n)
		case BoolParam:
			switch strings.ToLower(raw) {
			case "", "0", "false", "off", "no":
			case "1", "true", "on", "yes":
				a[p.Name] = "1"
			default:
				bad()
			}
		case ChoiceParam:
			cs := p.Choices(sys)
			if !given && len(cs) > 0 {
				raw = cs[0].Value
			}
			found := false
			for _, c := range cs {
				found = found || c.Value == raw
			}
			if !found {
				bad()
				continue
			}
			if raw != "" {
				a[p.Name] = raw
			}
		}
	}
	return a, errs
}

// clipValue cuts a value short for a message.
func clipValue(s string) string {
	if len(s) <= maxValue {
		return s
	}
	r := []rune(s)
	if len(r) > maxValue {
		r = r[:maxValue]
	}
	return string(r) + "…"
}

// SystemParam names the rule set a query is asked of: the CLI's --system
// and the web odds page's chooser. Left out, it is the first rule set on
// the query's engine (the book's, before a club's copy).
const SystemParam = "system"

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

// Answer asks the query with checked arguments.
func (q *Query) Answer(sys *catalog.System, a Args) (*Answer, error) { return q.answer(sys, a) }

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

// The bounds of a question's numbers: what a game can have (internal/limits).
func diceParam(name, label, help, def string) Param {
	return Param{Name: name, Label: label, Help: help, Kind: IntParam, Default: def, Min: 0, Max: limits.MaxAskDice}
}

func scoreParam(name, label, help, def string) Param {
	return Param{Name: name, Label: label, Help: help, Kind: IntParam, Default: def, Min: -limits.MaxAskScore, Max: limits.MaxAskScore}
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

// needs is the score a die needs, in words: "5+", or "any roll".
func needs(n int) string {
	if n <= 1 {
		return "any roll"
	}
	return fmt.Sprintf("%d+", n)
}

var queries = []Query{
	{Name: "attack", Engine: AQEngine, Title: "Attack", Summary: "An AQotMF attack: hits, damage points, a tripod's destruction.",
		Params: []Param{
			diceParam("dice", "Dice", "elements × weapon dice (Rapid Fire rolls 3 per stand)", "1"),
			scoreParam("defense", "Defense", "the target's Defense", "5"),
			scoreParam("armor", "Armor", "the target's Armor (a damaged tripod: its current Armor)", "4"),
			scoreParam("power", "Power", "the weapon's Power bonus", "0"),
			{Name: "cover", Label: "Cover", Help: "the target's cover", Kind: ChoiceParam, choices: func(*catalog.System) []Choice {
				return []Choice{{Value: "", Label: "none"}, {Value: "soft", Label: "soft"}, {Value: "hard", Label: "hard"}}
			}},
			{Name: "tripod", Label: "Target is a tripod", Help: "roll on the Tripod Damage Chart", Kind: BoolParam},
			{Name: "dug-in", Label: "Target is dug in", Kind: BoolParam},
			{Name: "tripod-close", Label: "Attacker is a tripod close by", Help: "within the Dug In range: dug in does not count", Kind: BoolParam},
			{Name: "immobilised", Label: "Target is immobilised", Kind: BoolParam},
		},
		answer: func(sys *catalog.System, a Args) (*Answer, error) {
			r, err := AQAttack(sys, AttackQuery{Dice: a.Int("dice"), Defense: a.Int("defense"), Armor: a.Int("armor"),
				Power: a.Int("power"), Cover: a["cover"], Immobilised: a.Bool("immobilised"), DugIn: a.Bool("dug-in"),
				TripodClose: a.Bool("tripod-close"), Tripod: a.Bool("tripod")})
			if err != nil {
				return nil, err
			}
			ans := &Answer{Notes: r.Notes, JSON: map[string]any{"hit": ratStr(r.DieHit), "damage": ratStr(r.HitDamages), "points": ratStrs(r.Points)}}
			ans.Rows = append(ans.Rows,
				AnswerRow{Label: "A die hits", Detail: "on " + needs(r.HitOn), P: r.DieHit},
				AnswerRow{Label: "A hit damages", Detail: "on " + needs(r.DamageOn), P: r.HitDamages},
				AnswerRow{Label: "At least one hit", P: r.Hit},
				AnswerRow{Label: "At least one damage point", P: r.Damage})
			if r.Destroyed != nil {
				ans.Rows = append(ans.Rows, AnswerRow{Label: "Tripod destroyed", P: r.Destroyed})
				ans.JSON["destroyed"] = ratStr(r.Destroyed)
			}
			ans.Dists = append(ans.Dists, Dist{Title: "Damage points", Caption: "damage points scored by the attack", Labels: counts(len(r.Points)), P: r.Points})
			return ans, nil
		}},
	{Name: "building", Engine: BuildingsEngine, Title: "Hit on a building", Summary: "One hit on a building: destroyed, damaged, on fire.",
		Params: []Param{
			{Name: "type", Label: "Building", Help: "the building's type", Kind: ChoiceParam, choices: func(sys *catalog.System) []Choice {
				var cs []Choice
				if sys.Buildings != nil {
					for _, t := range sys.Buildings.Types {
						cs = append(cs, Choice{Value: t.ID, Label: t.Name})
					}
				}
				return cs
			}},
			scoreParam("power", "Power", "the weapon's Power bonus", "0"),
			{Name: "heat-ray", Label: "Martian Heat Ray", Help: "a Heat Ray adds its bonus to the fire roll", Kind: BoolParam},
		},
		answer: func(sys *catalog.System, a Args) (*Answer, error) {
			r, err := BuildingHit(sys, a["type"], a.Int("power"), a.Bool("heat-ray"))
			if err != nil {
				return nil, err
			}
			return &Answer{
				Rows: []AnswerRow{
					{Label: "Destroyed (rubble)", P: r.Destroyed},
					{Label: "Damaged (armour −1)", P: r.Damaged},
					{Label: "Standing and on fire", P: r.Fire},
				},
				Dists: []Dist{{Title: "One hit", Caption: "each outcome of one hit", Labels: []string{"destroyed", "damaged", "on fire"},
					P: []*big.Rat{r.Destroyed, r.Damaged, r.Fire}, Charted: true}},
				JSON: map[string]any{"destroyed": ratStr(r.Destroyed), "damaged": ratStr(r.Damaged), "fire": ratStr(r.Fire)},
			}, nil
		}},
	{Name: "burn", Engine: BuildingsEngine, Title: "Burning building", Summary: "A burning building: still standing after each turn's test.",
		Params: []Param{{Name: "armor", Label: "Armour", Help: "the building's current armour", Kind: IntParam, Default: "6", Min: 0, Max: limits.MaxStat}},
		answer: func(sys *catalog.System, a Args) (*Answer, error) {
			r, err := Burn(sys, a.Int("armor"))
			if err != nil {
				return nil, err
			}
			ans := &Answer{JSON: map[string]any{"standing": ratStrs(r.Standing), "expected_tests": ratStr(r.ExpectedTests)}}
			var labels []string
			for i, p := range r.Standing {
				ans.Rows = append(ans.Rows, AnswerRow{Label: fmt.Sprintf("Standing after test %d", i+1), P: p})
				labels = append(labels, strconv.Itoa(i+1))
			}
			ans.Rows = append(ans.Rows, AnswerRow{Label: "Expected tests", Detail: "the collapsing one included", Num: r.ExpectedTests})
			ans.Dists = append(ans.Dists, Dist{Title: "Still standing", Caption: "after each turn's test", Labels: labels, P: r.Standing, Charted: true})
			return ans, nil
		}},
	{Name: "im-shoot", Engine: IMEngine, Title: "Small arms", Summary: "Imperial Mars small arms: hits per tray and for N trays.",
		Params: []Param{
			scoreParam("factor", "Factor", "the sum of weapon and tactical factors", "0"),
			diceParam("trays", "Trays", "trays shooting", "1"),
		},
		answer: func(sys *catalog.System, a Args) (*Answer, error) {
			n := a.Int("trays")
			r, err := IMShoot(sys, a.Int("factor"), n)
			if err != nil {
				return nil, err
			}
			ans := &Answer{Notes: r.Notes}
			for k, p := range r.PerTray {
				ans.Rows = append(ans.Rows, AnswerRow{Label: "One tray: " + count(k, "hit", "hits"), P: p})
			}
			var labels []string
			var ps []*big.Rat
			if len(r.Hits.Outcomes()) > 0 {
				for k := 0; k <= r.Hits.Max(); k++ {
					labels = append(labels, strconv.Itoa(k))
					ps = append(ps, r.Hits.Prob(k))
				}
			}
			ans.Dists = append(ans.Dists, Dist{Title: "Hits of " + count(n, "tray", "trays"), Caption: "total hits", Labels: labels, P: ps})
			ans.JSON = map[string]any{"per_tray": ratStrs(r.PerTray), "hits": ratStrs(ps)}
			return ans, nil
		}},
	{Name: "im-morale", Engine: IMEngine, Title: "Morale test", Summary: "An Imperial Mars morale test: disruption markers 0–4.",
		Params: []Param{scoreParam("modifier", "Modifier", "the sum of the morale modifiers", "0")},
		answer: func(sys *catalog.System, a Args) (*Answer, error) {
			r, err := IMMorale(sys, a.Int("modifier"))
			if err != nil {
				return nil, err
			}
			return &Answer{Dists: []Dist{{Title: "Disruption markers", Caption: "DMs taken", Labels: counts(len(r)), P: r}},
				JSON: map[string]any{"dm": ratStrs(r)}}, nil
		}},
	{Name: "im-melee", Engine: IMEngine, Title: "Melee", Summary: "An Imperial Mars melee between two trays.",
		Params: []Param{scoreParam("diff", "Difference", "the first tray's factors minus the second's", "0")},
		answer: func(sys *catalog.System, a Args) (*Answer, error) {
			inf, suf, err := IMMelee(sys, a.Int("diff"))
			if err != nil {
				return nil, err
			}
			return &Answer{Dists: []Dist{
				{Title: "The second tray loses", Caption: "figures lost by the second tray", Labels: counts(len(inf)), P: inf},
				{Title: "The first tray loses", Caption: "figures lost by the first tray", Labels: counts(len(suf)), P: suf},
			}, JSON: map[string]any{"inflicted": ratStrs(inf), "suffered": ratStrs(suf)}}, nil
		}},
	{Name: "game-length", Engine: EvacEngine, Title: "Game length", Summary: "Evacuation: Mars: how many rounds the game lasts.",
		answer: func(sys *catalog.System, a Args) (*Answer, error) {
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
			return &Answer{Dists: []Dist{{Title: "The game ends after round", Caption: "rounds played", Labels: labels, P: ps}},
				JSON: map[string]any{"rounds": rounds}}, nil
		}},
}
