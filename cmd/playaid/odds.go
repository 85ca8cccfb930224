package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/rules"
)

// 'playaid odds' asks one of the rules engine's questions (rules.Queries):
// the web odds page asks the same ones, with the same parameters, bounds
// and answers. A parameter is a flag; every value a question refuses is
// a usage error naming its flag (exit 2), all at once; an error from the
// rules engine after that is a problem in the data (exit 1).

// oddsAliases are older flag names that still work.
var oddsAliases = map[string]string{"tripod-within-6": "tripod-close"}

// A question's words (its summary, its parameters' help, its answer) are
// the words of the rule set it is asked of: --system among those of
// --data. The list of questions, asked of none, is in the shipped rule
// sets' words.

func runOdds(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		var pre dataFlags
		if len(args) > 0 {
			pre = dataArgs(args[1:])
		}
		cat, err := e.load(pre)
		if err != nil {
			return err
		}
		fmt.Fprint(e.stdout, "Usage: playaid odds QUERY [flags] [--json]\n\nQueries:\n")
		for _, q := range rules.QueriesIn(cat) {
			sys, _ := q.RuleSet(cat, "")
			fmt.Fprintf(e.stdout, "  %-12s %s\n", q.Name, q.Summary(sys))
		}
		if len(args) == 0 {
			return usagef("odds needs a query")
		}
		return nil
	}
	// An engine's question is known before the data is read; one a rule
	// set's data writes is known once the data (--data) is: its flags are
	// the data's.
	q, ok := rules.LookupQuery(args[0])
	var cat *catalog.Catalog
	pre := dataArgs(args[1:])
	if !ok {
		var err error
		if cat, err = e.load(pre); err != nil {
			return err
		}
		if q, ok = rules.LookupQueryIn(cat, args[0]); !ok {
			return usageError{catalog.Unknown("odds query", args[0], rules.QueryNamesIn(cat))}
		}
	}
	fs := e.newFlags("odds "+q.Name, "odds "+q.Name+" [flags]")
	var d dataFlags
	d.register(fs)
	asJSON := fs.Bool("json", false, "print JSON: exact fractions in lowest terms")
	sysID := fs.String(rules.SystemParam, "", "the rule set to answer for, one on the "+q.Engine.Name+" engine (default: the first)")
	for _, p := range q.Params {
		// The usage says what the flag takes; the rule set's words go
		// before it when --help prints it (describeParams).
		switch p.Kind {
		case rules.BoolParam:
			fs.Bool(p.Name, false, "")
		default:
			fs.String(p.Name, p.Default, takes(p))
		}
	}
	for old, name := range oddsAliases {
		if f := fs.Lookup(name); f != nil {
			fs.Var(f.Value, old, "deprecated: use --"+name)
		}
	}
	usage := fs.Usage
	fs.Usage = func() {
		// The flag package also calls Usage on a mistake, with its
		// output turned off (env.parse): the words are read only for
		// --help, which prints them.
		if fs.Output() != io.Discard {
			dd := d
			if dd == (dataFlags{}) {
				dd = pre // --help before the flags are read
			}
			e.describeParams(fs, q, dd, *sysID)
		}
		usage()
	}
	if err := e.parse(fs, args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("odds %s takes no arguments, got %q", q.Name, fs.Args())
	}
	given := map[string]string{}
	fs.Visit(func(f *flag.Flag) {
		name := f.Name
		if n, ok := oddsAliases[name]; ok {
			name = n
		}
		given[name] = f.Value.String()
	})
	if cat == nil || d != pre {
		var err error
		if cat, err = e.load(d); err != nil {
			return err
		}
	}
	sys, err := q.RuleSet(cat, *sysID)
	if err != nil {
		return usageError{"--system: " + err.Error()}
	}
	a, perrs := q.Parse(sys, func(name string) (string, bool) { v, ok := given[name]; return v, ok })
	if len(perrs) > 0 {
		var msgs []string
		for _, pe := range perrs {
			msgs = append(msgs, pe.Flag())
		}
		return usageError{strings.Join(msgs, "\nplayaid: ")}
	}
	ans, err := q.Answer(sys, a)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(ans.JSON)
	}
	return printAnswer(e.stdout, ans)
}

// describeParams writes each parameter's flag usage in the words of the
// rule set the flags given so far (--data, --system) choose: the first on
// the query's engine when they choose none, or one the data lacks.
func (e *env) describeParams(fs *flag.FlagSet, q *rules.Query, d dataFlags, sysID string) {
	cat, err := e.load(d)
	if err != nil {
		if cat, err = e.load(dataFlags{}); err != nil {
			return
		}
	}
	sys, err := q.RuleSet(cat, sysID)
	if err != nil {
		sys, _ = q.RuleSet(cat, "")
	}
	for _, p := range q.Params {
		usage := p.Help(sys)
		if usage == "" {
			usage = strings.ToLower(p.Label(sys))
		}
		if t := takes(p); t != "" {
			usage += ": " + t
		}
		fs.Lookup(p.Name).Usage = usage
	}
}

// takes says what a parameter's flag takes, for its usage: "a whole
// number `N` from 0 to 100" (read back by expected), "`VALUE`"; "" for a
// switch.
func takes(p rules.Param) string {
	switch p.Kind {
	case rules.IntParam:
		return fmt.Sprintf("a whole number `N` from %d to %d", p.Min, p.Max)
	case rules.ChoiceParam:
		return "`VALUE`"
	}
	return ""
}

// printAnswer prints an answer for people: its rows, each distribution's
// outcomes, and its notes, with percentages and exact fractions.
func printAnswer(w io.Writer, a *rules.Answer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, r := range a.Rows {
		v := r.P
		val := ""
		if v == nil {
			v, val = r.Num, r.Num.FloatString(2)
		} else {
			val = dice.Percent(v, 1)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", lowerFirst(r.Label), r.Detail, val, v.RatString())
	}
	for _, d := range a.Dists {
		if d.Charted {
			continue
		}
		for i, p := range d.P {
			if p.Sign() == 0 {
				continue
			}
			fmt.Fprintf(tw, "%s: %s\t\t%s\t%s\n", lowerFirst(d.Title), d.Labels[i], dice.Percent(p, 1), p.RatString())
		}
	}
	for _, n := range a.Notes {
		fmt.Fprintf(tw, "note: %s\n", n)
	}
	return tw.Flush()
}

// lowerFirst is s with its first letter small, for a line that goes on.
func lowerFirst(s string) string {
	for i, r := range s {
		return string(unicode.ToLower(r)) + s[i+len(string(r)):]
	}
	return s
}

// dataArgs reads --data and --font from a verb's arguments before its
// flags are known (a question of a rule set's data has the data's flags):
// as the flag package reads them, "-data DIR", "--data=DIR", up to "--".
func dataArgs(args []string) dataFlags {
	var d dataFlags
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, val, eq := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "data" && name != "font" {
			continue
		}
		if !eq {
			if i+1 >= len(args) {
				break
			}
			i++
			val = args[i]
		}
		if name == "data" {
			d.dir = val
		} else {
			d.font = val
		}
	}
	return d
}
