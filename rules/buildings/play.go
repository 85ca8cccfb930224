package buildings

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// play is what a game in progress asks of the engine: the buildings put
// in play, with the numbers their tracks run to.
var play = rules.Play{Pieces: pieces}

func pieces(sys *catalog.System) []rules.Piece {
	b := RulesOf(sys)
	if b == nil {
		return nil
	}
	var out []rules.Piece
	for _, t := range b.Types {
		out = append(out, rules.Piece{On: catalog.OnBuilding, ID: t.ID, Name: t.Name, Stats: map[string]int{"armor": t.Armor, "fire": t.Fire}})
	}
	return out
}
