package aqotmf

import (
	"fmt"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// documents is what All Quiet on the Martian Front adds to its
// documents: the attackers its sheet lists, the reinforcements' odds in
// a briefing, and the Hidden Units rules of the secret deployment sheet.
type documents struct{ rules.NoDocuments }

// Funcs: attackers are the units whose odds against the tripod the sheet
// works out (Attackers).
func (documents) Funcs(sys *catalog.System) map[string]any {
	return map[string]any{"attackers": func() []catalog.Unit { return Attackers(sys) }}
}

// Briefing: the chances of the units held back arriving, turn by turn.
func (documents) Briefing(sys *catalog.System, sc *catalog.Scenario, reinforced bool) (rules.BriefingPart, error) {
	var b rules.BriefingPart
	if !reinforced {
		return b, nil
	}
	t, err := ReinforcementTable(sys, sc.Turns)
	if err != nil && sc.Turns > 0 {
		return b, fmt.Errorf("scenario %s: reinforcements: %w", sc.ID, err)
	}
	if err == nil {
		b.Reinforcements = &t
	}
	return b, nil
}

// Hidden: a scenario that lists the Hidden Units rule deploys its hidden
// side as numbered blips, counted by CountBlips.
func (documents) Hidden(sys *catalog.System) rules.HiddenRules {
	r := RulesOf(sys)
	if r == nil {
		return rules.HiddenRules{}
	}
	return rules.HiddenRules{Rule: r.Blips.Rule, Dummies: r.Blips.Dummies, DugIn: r.DugIn.Marker,
		Count: func(units []rules.HiddenUnit) (rules.BlipCount, error) { return CountBlips(sys, units) },
		List:  func(l *rules.List) (rules.BlipCount, string) { return listBlips(l, sys) }}
}
