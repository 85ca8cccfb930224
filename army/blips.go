package army

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Blips is how many blips and decoys a list deploys as a hidden side
// (rules.Blips: its engine counts them). A list that does not deploy
// hidden, and a list of a rule set without hidden deployment, have none.
func Blips(l *List, sys *catalog.System) (blips, decoys int) { return rules.Blips(l, sys) }

// NoBlips says, in the player's words, why a checked list deploys no
// blips ("set hidden = true for a side that deploys hidden", "Imperial
// Mars has no hidden deployment"); "" when it deploys some.
func NoBlips(l *List, sys *catalog.System) string { return rules.NoBlips(l, sys) }
