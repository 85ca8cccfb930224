// Package dicegame is the generic dice engine (engine = "dice"): a rule
// set says in data, in its [dice] block, how its game rolls — rolls,
// targets, modifiers, chains of steps, odds tables and questions — and
// the engine works out every chance exactly on package dice's
// distributions. docs/dice-engine.md describes the format.
package dicegame

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Engine is the engine, registered by package rules/engines.
var Engine = &rules.Engine{Name: "dice",
	Block:   rules.BlockOf(checkBlock),
	Sheet:   rules.SheetStyle{Template: "dice.md", MaxPages: 2, Columns: 2, BaseSize: 7.5, Margin: 8},
	Cards:   rules.CardStyle{Template: "cards-dice.md", Accent: [3]uint8{92, 64, 140}},
	Own:     own,
	Army:    army,
	Builder: builder{},
	Play:    play,
	// Its sheet and cards are its templates over the rule set's data:
	// nothing of its own to add to the documents.
	Documents: rules.NoDocuments{},
}

// own is what a rule set's [dice] block adds: its tables, their words and
// its questions.
func own(sys *catalog.System) rules.Own {
	m := modelOf(sys)
	if m == nil {
		return rules.Own{}
	}
	return m.own(sys)
}

// modelOf is the compiled block of sys; nil when it has none, or one that
// does not compile (the data check says why).
func modelOf(sys *catalog.System) *model {
	r := RulesOf(sys)
	if r == nil {
		return nil
	}
	if r.model != nil && r.model.sys == sys {
		return r.model
	}
	m, _ := compile(sys, r)
	return m
}

// own is the rule set's tables and questions, made once.
func (m *model) own(sys *catalog.System) rules.Own {
	m.ownOnce.Do(func() {
		for _, t := range m.tables {
			m.parts.Odds = append(m.parts.Odds, rules.OddsTable{ID: t.ID, Build: func(s *catalog.System) (rules.Table, error) { return m.build(s, t) }})
			m.parts.Words = append(m.parts.Words, t.spec)
		}
		for _, q := range m.questions {
			m.parts.Queries = append(m.parts.Queries, m.query(q))
		}
	})
	return m.parts
}
