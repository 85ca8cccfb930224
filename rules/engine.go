package rules

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// Engine is a rule engine: what every rule set running on it computes and
// prints. A rule set is data plus an engine: its system.toml names the
// engine (engine = "aqotmf") and keeps the engine's numbers in the block
// of that name ([aqotmf]). Each engine registers itself once, here, as
// goldmark lists its extensions; the rest of playaid asks a rule set's
// engine (EngineOf) and never names a rule set. A club's folder may hold
// a rule set of its own on any engine: it prints as the shipped ones do,
// from its own numbers.
type Engine struct {
	Name  string     // as system.toml names it, and its block of numbers
	Sheet SheetStyle // its quick-reference sheet
	Cards CardStyle  // its reference cards
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

// The engines, in the order the print pack prints their rule sets.
var (
	AQEngine = register(&Engine{Name: "aqotmf",
		Sheet: SheetStyle{Template: "aqotmf.md", MaxPages: 2, Columns: 2, BaseSize: 7.5, Margin: 7},
		Cards: CardStyle{Template: "cards-aqotmf.md", Accent: [3]uint8{140, 36, 28}}})
	BuildingsEngine = register(&Engine{Name: "buildings",
		Sheet: SheetStyle{Template: "buildings.md", MaxPages: 1, Columns: 1, BaseSize: 7.5, Margin: 8},
		Cards: CardStyle{Template: "cards-buildings.md", Accent: [3]uint8{150, 84, 20}}})
	IMEngine = register(&Engine{Name: "imperial",
		Sheet: SheetStyle{Template: "imperial-mars.md", MaxPages: 6, Columns: 2, BaseSize: 7.5, Margin: 7},
		Cards: CardStyle{Template: "cards-imperial-mars.md", Accent: [3]uint8{34, 58, 112}}})
	EvacEngine = register(&Engine{Name: "evacuation",
		Sheet: SheetStyle{Template: "evacuation-mars.md", MaxPages: 1, Columns: 1, BaseSize: 7.5, Margin: 8},
		Cards: CardStyle{Template: "cards-evacuation-mars.md", Accent: [3]uint8{18, 104, 104}}})
)

var engines []*Engine

func register(e *Engine) *Engine {
	engines = append(engines, e)
	return e
}

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
