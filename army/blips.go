package army

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Blips is how many blips and decoys an AQotMF list may deploy under the
// Hidden Units rules, counted by rules.AQBlips: a unit set up in ambush
// or held back as reinforcements gets no blip. A list that does not
// deploy hidden (hidden = false, the default) and a list of another rule
// set have none. Unknown unit ids are skipped.
func Blips(l *List, sys *catalog.System) (blips, decoys int) {
	if l == nil || rules.EngineOf(sys) != rules.AQEngine || !l.Hidden {
		return 0, 0
	}
	var units []rules.BlipUnit
	for _, u := range l.Units {
		if e := sys.Unit(u.ID); e != nil {
			units = append(units, rules.BlipUnit{Count: u.N(), Type: e.Type, Ambush: u.Ambush, Reinforcement: u.Reinforcement})
		}
	}
	b, err := rules.AQBlips(sys, units)
	if err != nil {
		return 0, 0
	}
	return b.Blips, b.Decoys
}
