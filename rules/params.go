package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// A question's parameters: what each takes, the words it is shown with
// (the rule set's [query.<name>] param.<param> words), and reading them
// from a flag or a form field. The messages here are the program's own
// words, not the game's.

// SystemParam names the rule set a query is asked of: the CLI's --system
// and the web odds page's chooser. Left out, it is the first rule set on
// the query's engine (the book's, before a club's copy).
const SystemParam = "system"

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
	Kind     ParamKind
	Default  string // an IntParam's value when left out
	Min, Max int    // an IntParam's bounds

	query string // the question it is asked for: its words are [query.<query>] param.<Name>
	// A ChoiceParam offers either fixed values, labelled by the words
	// ("" for none), or those choices works out from the rule set.
	values  []string
	choices func(sys *catalog.System) []Choice
}

// Choice is one value a ChoiceParam offers.
type Choice struct {
	Value, Label string
}

// words are the parameter's words in the rule set; zero when it has
// none (CheckWords says so when the data is loaded).
func (p Param) words(sys *catalog.System) catalog.ParamWords {
	if sys == nil || sys.Queries[p.query] == nil {
		return catalog.ParamWords{}
	}
	return sys.Queries[p.query].Params[p.Name]
}

// Label is what the rule set's form calls the parameter: "Dice".
func (p Param) Label(sys *catalog.System) string { return p.words(sys).Label }

// Help is what the parameter means, in the rule set's words; "" when
// its label says it all.
func (p Param) Help(sys *catalog.System) string { return p.words(sys).Help }

// Choices are the values a ChoiceParam offers in a rule set, with their
// labels; nil for other kinds. A left-out choice is the first.
func (p Param) Choices(sys *catalog.System) []Choice {
	if p.choices != nil {
		return p.choices(sys)
	}
	if p.values == nil {
		return nil
	}
	w := p.words(sys)
	cs := make([]Choice, len(p.values))
	for i, v := range p.values {
		cs[i] = Choice{Value: v, Label: w.Choices[v]}
		if v == "" {
			cs[i].Label = w.None
		}
	}
	return cs
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
	Label    string // Param.Label in the rule set asked
	Value    string // as given, cut short
	Expected string // Param.Expected
}

// Error says it in the form's words: `Dice: "1001" is not a whole number
// from 0 to 100.` The CLI names the flag instead (Flag).
func (e *ParamError) Error() string {
	return fmt.Sprintf("%s: %q is not %s.", e.Label, e.Value, e.Expected)
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
			errs = append(errs, &ParamError{Param: p, Label: p.Label(sys), Value: clipValue(raw), Expected: p.Expected(sys)})
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
