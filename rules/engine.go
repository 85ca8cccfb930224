package rules

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// Engine is a rule engine: everything that differs between rule sets,
// as one value. A rule set is data plus an engine: its system.toml names
// the engine (engine = "aqotmf") and keeps the engine's numbers in the
// block of that name ([aqotmf]). Each engine is a folder of its own
// under rules/ and is registered once (Register, from package
// rules/engines), as goldmark lists its extensions; the rest of playaid
// asks a rule set's engine (EngineOf) and never names a rule set or an
// engine. A club's folder may hold a rule set of its own on any engine:
// it prints as the shipped ones do, from its own numbers.
//
// The engine decides and returns values — numbers, labels, rows, field
// descriptions; the documents and the web app format any engine's values
// with one code path.
type Engine struct {
	Name string // as system.toml names it, and its block of numbers

	// Block is the engine's block of numbers in the data: the Go type it
	// decodes into and what the engine holds it to (BlockOf).
	Block catalog.Block

	Sheet SheetStyle // its quick-reference sheet
	Cards CardStyle  // its reference cards

	// Odds are its odds tables, in the order they are listed; Words are
	// what each table reads from its rule set's [odds.<table>] block.
	Odds  []OddsTable
	Words []WordSpec
	// Queries are the odds questions asked of its rule sets, each with
	// the words of its [query.<name>] block.
	Queries []Query
	// Own is what a rule set's own data adds to the engine's odds tables,
	// their words and its odds questions, for an engine whose mechanics
	// are data (the generic dice engine); nil for an engine whose tables
	// are all its own.
	Own func(sys *catalog.System) Own

	// Army is its army lists: their keys, checks, points and what they
	// print; nil for an engine whose rule sets take none.
	Army *Army
	// Builder is what the web app's army builder shows of its lists:
	// inputs described as data (NoBuilder for an engine without lists).
	Builder Builder

	// Documents is what it adds to its rule sets' documents: template
	// functions, the rules notes' entries, briefings.
	Documents Documents

	// Play is what a game in progress asks of it.
	Play Play
}

// Own is what a rule set's data adds to its engine's odds tables and
// questions (Engine.Own): they print, check and answer as the engine's
// own do.
type Own struct {
	Odds    []OddsTable
	Words   []WordSpec
	Queries []Query
}

// own is what the rule set's data adds to its engine; zero for none.
func own(sys *catalog.System) Own {
	if e := EngineOf(sys); e != nil && e.Own != nil {
		return e.Own(sys)
	}
	return Own{}
}

// BlockOf describes an engine's block of numbers: it decodes into a T,
// and check holds a decoded one to what the engine needs of it.
func BlockOf[T any](check func(c *catalog.BlockCheck, block *T)) catalog.Block {
	return catalog.Block{Type: reflect.TypeFor[T](), Check: func(c *catalog.BlockCheck, b any) { check(c, b.(*T)) }}
}

// SheetStyle is how an engine's quick-reference sheet is made: the
// template that writes it (a rule set's own <id>.md in a club's
// templates folder comes first) and how it is set on the page.
type SheetStyle struct {
	Template string  // "aqotmf.md"
	MaxPages int     // sides of paper it must fit, on A4 and Letter
	Columns  int     // text columns
	BaseSize float64 // body text size in points
	Margin   float64 // page margin in mm
}

// CardStyle is how an engine's reference cards are made: the template
// (a rule set's own cards-<id>.md in a club's folder comes first) and the
// colour of their title bands, so that decks sort apart.
type CardStyle struct {
	Template string // "cards-aqotmf.md"
	Accent   [3]uint8
}

// engines are the registered engines, in the order the print pack prints
// their rule sets.
var engines []*Engine

// Register registers engines, in the order given (the order the print
// pack prints their rule sets), and their blocks of numbers with the
// catalogue. Registering an engine again moves it to its new place. It
// runs before any data is loaded: from an init function.
func Register(es ...*Engine) {
	for _, e := range es {
		engines = slices.DeleteFunc(engines, func(o *Engine) bool { return o.Name == e.Name })
		engines = append(engines, e)
		b := e.Block
		b.Name = e.Name
		catalog.RegisterBlock(b)
	}
	registrations++
	queries = nil
	for _, e := range engines {
		for _, q := range e.Queries {
			q.Engine = e
			queries = append(queries, q)
		}
	}
}

// Engines lists the registered engines, in print order.
func Engines() []*Engine { return slices.Clone(engines) }

// EngineOf returns the engine the rule set runs on, or nil when it names
// none (or is nil).
func EngineOf(sys *catalog.System) *Engine {
	if sys == nil {
		return nil
	}
	for _, e := range engines {
		if e.Name == sys.Engine {
			return e
		}
	}
	return nil
}

// RuleSets lists the catalogue's rule sets that run on an engine: by
// engine in print order, then by id (a club's copy follows the book's).
func RuleSets(cat *catalog.Catalog) []*catalog.System {
	var out []*catalog.System
	for _, s := range cat.Systems {
		if EngineOf(s) != nil {
			out = append(out, s)
		}
	}
	rank := func(s *catalog.System) int { return slices.Index(engines, EngineOf(s)) }
	sort.SliceStable(out, func(i, j int) bool {
		if ri, rj := rank(out[i]), rank(out[j]); ri != rj {
			return ri < rj
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// RuleSetOn returns the rule set id, which must run on the engine e, or
// when id is "" the first rule set that does (the book's before a club's
// copy): the rule set an odds question of that engine is answered for.
func RuleSetOn(cat *catalog.Catalog, e *Engine, id string) (*catalog.System, error) {
	var on []string
	for _, s := range RuleSets(cat) {
		if EngineOf(s) == e {
			if id == "" || s.ID == id {
				return s, nil
			}
			on = append(on, s.ID)
		}
	}
	if id == "" {
		return nil, fmt.Errorf("no rule set of the data runs on the %s engine", e.Name)
	}
	if s := cat.System(id); s != nil {
		return nil, fmt.Errorf("rule set %s runs on the %s engine, not %s; expected one of: %s", id, s.Engine, e.Name, strings.Join(on, ", "))
	}
	return nil, errors.New(catalog.Unknown("rule set on the "+e.Name+" engine", id, on))
}
