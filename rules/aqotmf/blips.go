package aqotmf

import (
	"strings"

	"github.com/playaid/playaid/catalog"
)

// BlipUnit is one line of a force as AQotMF's Hidden Units and Ambush
// rules see it: how many units, their type, and whether they start in
// ambush or are held back.
type BlipUnit struct {
	Count int    // units on the line
	Type  string // the unit entry's type ("Infantry")
	// Ambush: the units start in ambush — "no 'blips' can be deployed on
	// its account – either a 'blip' representing the unit itself or
	// decoys". A unit that only may start in ambush may still deploy as
	// a blip, and counts here as one that does.
	Ambush bool
	// Reinforcement: held back; not on the table at the start, no blip.
	Reinforcement bool
}

// Blips is what a hidden force deploys under the Hidden Units rules.
type Blips struct {
	Units   []int // per line: the blips deployed on its account
	Blips   int   // numbered blips: one per unit on the table at the start
	Decoys  int   // the most decoy blips the force may add
	PerUnit int   // decoys allowed for each blip of the decoy type
}

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
