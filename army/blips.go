package army

import (
	"strings"

	"github.com/playaid/playaid/catalog"
)

// Blips is how many blips and decoys an AQotMF list may deploy under the
// Hidden Units rules: one blip for each unit deployed at the start — not
// one set up in ambush ("no blips can be deployed on its account") nor one
// held back as reinforcements (it is not on the table yet) — and up to
// [aqotmf.blips] decoys_per_infantry decoys for each blip of an infantry
// unit. A list that does not deploy hidden (hidden = false, the default)
// and a list of another rule set have none. Unknown unit ids are skipped.
func Blips(l *List, sys *catalog.System) (blips, decoys int) {
	if l == nil || sys == nil || sys.AQotMF == nil || !l.Hidden {
		return 0, 0
	}
	for _, u := range l.Units {
		e := sys.Unit(u.ID)
		if e == nil || u.Ambush || u.Reinforcement || u.N() < 1 {
			continue
		}
		blips += u.N()
		if strings.EqualFold(e.Type, "infantry") {
			decoys += u.N() * sys.AQotMF.Blips.DecoysPerInfantry
		}
	}
	return blips, decoys
}
