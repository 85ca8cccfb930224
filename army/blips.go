package army

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
)

// Blips is how many blips and decoys an AQotMF list may deploy under the
// Hidden Units rules, counted by aqotmf.CountBlips: a unit set up in ambush
// or held back as reinforcements gets no blip. A list that does not
// deploy hidden (hidden = false, the default) and a list of another rule
// set have none. Unknown unit ids are skipped.
func Blips(l *List, sys *catalog.System) (blips, decoys int) {
	if l == nil || rules.EngineOf(sys) != aqotmf.Engine || !l.Hidden {
		return 0, 0
	}
	var units []aqotmf.BlipUnit
	for _, u := range l.Units {
		if e := sys.Unit(u.ID); e != nil {
			units = append(units, aqotmf.BlipUnit{Count: u.N(), Type: e.Type, Ambush: u.Ambush, Reinforcement: u.Reinforcement})
		}
	}
	b, err := aqotmf.CountBlips(sys, units)
	if err != nil {
		return 0, 0
	}
	return b.Blips, b.Decoys
}
