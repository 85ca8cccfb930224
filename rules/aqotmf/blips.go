package aqotmf

import (
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// BlipUnit is one line of a force as the Hidden Units and Ambush rules
// see it; Blips what a hidden force deploys (rules.HiddenUnit,
// rules.BlipCount).
type (
	BlipUnit = rules.HiddenUnit
	Blips    = rules.BlipCount
)

// CountBlips counts a hidden force's blips and decoys: one blip for each
// unit deployed at the start (not in ambush, not held back), and up to
// [aqotmf.blips] decoys_per_infantry decoys for each blip of a unit of
// the type decoy_type ("For every blip representing an infantry unit, the
// player can add up to a further two decoy blips"). The army roster, the
// briefing's secret deployment sheet and 'playaid markers --army' all
// count with it.
func CountBlips(sys *catalog.System, units []BlipUnit) (Blips, error) {
	r, _, err := aqRules(sys)
	if err != nil {
		return Blips{}, err
	}
	b := Blips{PerUnit: r.Blips.DecoysPerInfantry, Units: make([]int, len(units))}
	for i, u := range units {
		if u.Ambush || u.Reinforcement || u.Count < 1 {
			continue
		}
		b.Units[i] = u.Count
		b.Blips += u.Count
		if r.Blips.DecoyType != "" && strings.EqualFold(u.Type, r.Blips.DecoyType) {
			b.Decoys += u.Count * b.PerUnit
		}
	}
	return b, nil
}
