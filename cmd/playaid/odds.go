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

func runOdds(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(e.stdout, "Usage: playaid odds QUERY [flags] [--json]\n\nQueries:\n")
		for _, q := range rules.Queries() {
			fmt.Fprintf(e.stdout, "  %-12s %s\n", q.Name, q.Summary)
		}
		if len(args) == 0 {
			return usagef("odds needs a query")
		}
		return nil
	}
	q, ok := rules.LookupQuery(args[0])
	if !ok {
		return usageError{catalog.Unknown("odds query", args[0], rules.QueryNames())}
	}
	fs := e.newFlags("odds "+q.Name, "odds "+q.Name+" [flags]")
	var d dataFlags
	d.register(fs)
	asJSON := fs.Bool("json", false, "print JSON: exact fractions in lowest terms")
	sysID := fs.String(rules.SystemParam, "", "the rule set to answer for, one on the "+q.Engine.Name+" engine (default: the first)")
	for _, p := range q.Params {
		usage := p.Help
		if usage == "" {
			usage = strings.ToLower(p.Label)
		}
		switch p.Kind {
		case rules.BoolParam:
			fs.Bool(p.Name, false, usage)
		case rules.IntParam:
			fs.String(p.Name, p.Default, fmt.Sprintf("%s: a whole number `N` from %d to %d", usage, p.Min, p.Max))
		default:
			fs.String(p.Name, "", usage+": `VALUE`")
		}
	}
	for old, name := range oddsAliases {
		if f := fs.Lookup(name); f != nil {
			fs.Var(f.Value, old, "deprecated: use --"+name)
		}
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
	cat, err := e.load(d)
	if err != nil {
		return err
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
