package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules"
)

// oddsQuery is one 'playaid odds' question: its flags, and a function that
// answers it as a JSON value and as lines for people.
//
// Every number a query takes has its bounds (internal/limits): dice and
// trays 0 to limits.MaxDice, scores, stats and modifiers within
// ±limits.MaxRoll, beyond which every roll of every die lands the same
// way. A number outside them is a usage error naming the flag (exit 2),
// checked before the data is read; an error from the rules engine after
// that is a problem in the data (exit 1). The engine keeps the same
// bounds for its other callers, and reads a chart modifier beyond the
// chart as the chart's end.
type oddsQuery struct {
	name    string
	engine  *rules.Engine // the rule engine that answers it
	summary string
	flags   func(fs *oddsFlags) func(sys *catalog.System) (any, [][]string, error)
}

// oddsFlags is a query's flag set that knows the bounds of its numbers.
type oddsFlags struct {
	*flag.FlagSet
	bounds []intBound
}

// intBound is a number flag and the values it may take.
type intBound struct {
	name   string
	v      *int
	lo, hi int
}

// bounded registers an int flag that takes values from lo to hi.
func (o *oddsFlags) bounded(name string, def, lo, hi int, usage string) *int {
	v := o.Int(name, def, fmt.Sprintf("%s, %d to %d", usage, lo, hi))
	o.bounds = append(o.bounds, intBound{name, v, lo, hi})
	return v
}

// dice registers a number of dice (or trays): 0 to limits.MaxDice.
func (o *oddsFlags) dice(name string, def int, usage string) *int {
	return o.bounded(name, def, 0, limits.MaxDice, usage)
}

// score registers a score, stat or modifier: within ±limits.MaxRoll.
func (o *oddsFlags) score(name string, def int, usage string) *int {
	return o.bounded(name, def, -limits.MaxRoll, limits.MaxRoll, usage)
}

// check refuses the first number outside its bounds.
func (o *oddsFlags) check() error {
	for _, b := range o.bounds {
		if *b.v < b.lo || *b.v > b.hi {
			return usagef("--%s %d: expected a whole number from %d to %d", b.name, *b.v, b.lo, b.hi)
		}
	}
	return nil
}

var oddsQueries = []oddsQuery{
	{"attack", rules.AQEngine, "an AQotMF attack: hits, damage points, a tripod's destruction", func(fs *oddsFlags) func(*catalog.System) (any, [][]string, error) {
		n := fs.dice("dice", 1, "dice rolled (elements × weapon dice; Rapid Fire rolls 3 per stand)")
		def := fs.score("defense", 5, "the target's Defense")
		arm := fs.score("armor", 4, "the target's Armor (a damaged tripod: its current Armor)")
		pow := fs.score("power", 0, "the weapon's Power bonus")
		tripod := fs.Bool("tripod", false, "the target is a tripod: roll on the Tripod Damage Chart")
		cover := fs.String("cover", "", "the target's cover: soft or hard")
		dug := fs.Bool("dug-in", false, "the target is dug in")
		close := fs.Bool("tripod-close", false, "the attacker is a tripod within the data's dug-in range ([aqotmf.dug_in] tripod_within), so dug in does not count")
		fs.BoolVar(close, "tripod-within-6", false, "deprecated: use --tripod-close (the range comes from the data)")
		imm := fs.Bool("immobilised", false, "the target is immobilised")
		return func(sys *catalog.System) (any, [][]string, error) {
			if *cover != "" && *cover != "soft" && *cover != "hard" {
				return nil, nil, usagef("--cover %q: expected soft or hard", *cover)
			}
			r, err := rules.AQAttack(sys, rules.AttackQuery{Dice: *n, Defense: *def, Armor: *arm, Power: *pow, Cover: *cover,
				Immobilised: *imm, DugIn: *dug, TripodClose: *close, Tripod: *tripod})
			if err != nil {
				return nil, nil, err
			}
			out := map[string]any{"hit": rat(r.DieHit), "damage": rat(r.HitDamages), "points": rats(r.Points)}
			lines := [][]string{
				{"a die hits", fmt.Sprintf("on %s", score(r.HitOn)), pct(r.DieHit), rat(r.DieHit)},
				{"a hit damages", fmt.Sprintf("on %s", score(r.DamageOn)), pct(r.HitDamages), rat(r.HitDamages)},
			}
			for k, p := range r.Points {
				if k > 20 && p.Sign() == 0 {
					break
				}
				lines = append(lines, []string{document.Count(k, "damage point", "damage points"), "", pct(p), rat(p)})
			}
			if r.Destroyed != nil {
				out["destroyed"] = rat(r.Destroyed)
				lines = append(lines, []string{"tripod destroyed", "", pct(r.Destroyed), rat(r.Destroyed)})
			}
			for _, n := range r.Notes {
				lines = append(lines, []string{"note: " + n})
			}
			return out, lines, nil
		}
	}},
	{"building", rules.BuildingsEngine, "one hit on a building: destroyed, damaged, on fire", func(fs *oddsFlags) func(*catalog.System) (any, [][]string, error) {
		typ := fs.String("type", "", "building type: wood-frame, brick-stone or concrete-steel")
		pow := fs.score("power", 0, "the weapon's Power bonus")
		heat := fs.Bool("heat-ray", false, "a Martian Heat Ray (+2 on the fire roll)")
		return func(sys *catalog.System) (any, [][]string, error) {
			if err := knownBuilding(sys, *typ); err != nil {
				return nil, nil, err
			}
			r, err := rules.BuildingHit(sys, *typ, *pow, *heat)
			if err != nil {
				return nil, nil, err
			}
			return map[string]any{"destroyed": rat(r.Destroyed), "damaged": rat(r.Damaged), "fire": rat(r.Fire)}, [][]string{
				{"destroyed (rubble)", pct(r.Destroyed), rat(r.Destroyed)},
				{"damaged (armour −1)", pct(r.Damaged), rat(r.Damaged)},
				{"standing and on fire", pct(r.Fire), rat(r.Fire)},
			}, nil
		}
	}},
	{"burn", rules.BuildingsEngine, "a burning building: still standing after each turn's test", func(fs *oddsFlags) func(*catalog.System) (any, [][]string, error) {
		arm := fs.bounded("armor", 6, 0, limits.MaxStat, "the building's current armour")
		return func(sys *catalog.System) (any, [][]string, error) {
			r, err := rules.Burn(sys, *arm)
			if err != nil {
				return nil, nil, err
			}
			var lines [][]string
			for i, p := range r.Standing {
				lines = append(lines, []string{fmt.Sprintf("standing after test %d", i+1), pct(p), rat(p)})
			}
			lines = append(lines, []string{"expected tests", r.ExpectedTests.FloatString(2), rat(r.ExpectedTests)})
			return map[string]any{"standing": rats(r.Standing), "expected_tests": rat(r.ExpectedTests)}, lines, nil
		}
	}},
	{"im-shoot", rules.IMEngine, "Imperial Mars small arms: hits per tray and for N trays", func(fs *oddsFlags) func(*catalog.System) (any, [][]string, error) {
		f := fs.score("factor", 0, "the sum of weapon and tactical factors")
		n := fs.dice("trays", 1, "trays shooting")
		return func(sys *catalog.System) (any, [][]string, error) {
			r, err := rules.IMShoot(sys, *f, *n)
			if err != nil {
				return nil, nil, err
			}
			hits := distRats(r.Hits)
			lines := [][]string{}
			for k, p := range r.PerTray {
				lines = append(lines, []string{fmt.Sprintf("one tray: %d hits", k), pct(p), rat(p)})
			}
			for k, p := range hits {
				lines = append(lines, []string{fmt.Sprintf("%d trays: %s hits", *n, strconv.Itoa(k)), pct(p), rat(p)})
			}
			for _, n := range r.Notes {
				lines = append(lines, []string{"note: " + n})
			}
			return map[string]any{"per_tray": rats(r.PerTray), "hits": ratStrings(hits)}, lines, nil
		}
	}},
	{"im-morale", rules.IMEngine, "an Imperial Mars morale test: disruption markers 0–4", func(fs *oddsFlags) func(*catalog.System) (any, [][]string, error) {
		m := fs.score("modifier", 0, "the sum of the morale modifiers")
		return func(sys *catalog.System) (any, [][]string, error) {
			r, err := rules.IMMorale(sys, *m)
			if err != nil {
				return nil, nil, err
			}
			var lines [][]string
			for k, p := range r {
				lines = append(lines, []string{fmt.Sprintf("%d DMs", k), pct(p), rat(p)})
			}
			return map[string]any{"dm": rats(r)}, lines, nil
		}
	}},
	{"im-melee", rules.IMEngine, "an Imperial Mars melee between two trays", func(fs *oddsFlags) func(*catalog.System) (any, [][]string, error) {
		d := fs.score("diff", 0, "the first tray's factors minus the second's")
		return func(sys *catalog.System) (any, [][]string, error) {
			inf, suf, err := rules.IMMelee(sys, *d)
			if err != nil {
				return nil, nil, err
			}
			var lines [][]string
			for k, p := range inf {
				lines = append(lines, []string{fmt.Sprintf("second tray loses %d", k), pct(p), rat(p)})
			}
			for k, p := range suf {
				lines = append(lines, []string{fmt.Sprintf("first tray loses %d", k), pct(p), rat(p)})
			}
			return map[string]any{"inflicted": rats(inf), "suffered": rats(suf)}, lines, nil
		}
	}},
	{"game-length", rules.EvacEngine, "Evacuation: Mars: how many rounds the game lasts", func(fs *oddsFlags) func(*catalog.System) (any, [][]string, error) {
		return func(sys *catalog.System) (any, [][]string, error) {
			rs, err := rules.GameLength(sys)
			if err != nil {
				return nil, nil, err
			}
			rounds := map[string]string{}
			var lines [][]string
			for _, r := range rs {
				rounds[strconv.Itoa(r.Round)] = rat(r.Ends)
				lines = append(lines, []string{fmt.Sprintf("ends after round %d", r.Round), pct(r.Ends), rat(r.Ends)})
			}
			return map[string]any{"rounds": rounds}, lines, nil
		}
	}},
}

func runOdds(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(e.stdout, "Usage: playaid odds QUERY [flags] [--json]\n\nQueries:\n")
		for _, q := range oddsQueries {
			fmt.Fprintf(e.stdout, "  %-12s %s\n", q.name, q.summary)
		}
		if len(args) == 0 {
			return usagef("odds needs a query")
		}
		return nil
	}
	var q *oddsQuery
	names := []string{}
	for i := range oddsQueries {
		names = append(names, oddsQueries[i].name)
		if oddsQueries[i].name == args[0] {
			q = &oddsQueries[i]
		}
	}
	if q == nil {
		return usageError{catalog.Unknown("odds query", args[0], names)}
	}
	fs := &oddsFlags{FlagSet: e.newFlags("odds "+q.name, "odds "+q.name+" [flags]")}
	var d dataFlags
	d.register(fs.FlagSet)
	asJSON := fs.Bool("json", false, "print JSON: exact fractions in lowest terms")
	sysID := fs.String("system", "", "the rule set to answer for, one on the "+q.engine.Name+" engine (default: the first)")
	answer := q.flags(fs)
	if err := e.parse(fs.FlagSet, args[1:]); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("odds %s takes no arguments, got %q", q.name, fs.Args())
	}
	if err := fs.check(); err != nil {
		return err
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	sys, err := rules.RuleSetOn(cat, q.engine, *sysID)
	if err != nil {
		return usageError{"--system: " + err.Error()}
	}
	v, lines, err := answer(sys)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	return printLines(e.stdout, lines)
}

func printLines(w io.Writer, lines [][]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, l := range lines {
		fmt.Fprintln(tw, strings.Join(l, "\t"))
	}
	return tw.Flush()
}

func knownBuilding(sys *catalog.System, id string) error {
	var ids []string
	for _, t := range sys.Buildings.Types {
		if t.ID == id {
			return nil
		}
		ids = append(ids, t.ID)
	}
	sort.Strings(ids)
	return usageError{catalog.Unknown("building type", id, ids)}
}

func score(n int) string {
	if n <= 1 {
		return "any roll"
	}
	return fmt.Sprintf("%d+", n)
}

func rat(r *big.Rat) string { return r.RatString() }
func pct(r *big.Rat) string { return dice.Percent(r, 1) }

func rats(rs []*big.Rat) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = rat(r)
	}
	return out
}

func ratStrings(rs []*big.Rat) []string { return rats(rs) }

// distRats lists P(0), P(1), … P(max) of a distribution over 0…max.
func distRats(d dice.Dist) []*big.Rat {
	if len(d.Outcomes()) == 0 {
		return nil
	}
	out := make([]*big.Rat, d.Max()+1)
	for k := range out {
		out[k] = d.Prob(k)
	}
	return out
}
