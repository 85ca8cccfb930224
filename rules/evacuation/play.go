package evacuation

import (
	"math/big"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// play is what a game in progress asks of the engine: the game-length
// roll after each round.
var play = rules.Play{RoundEnds: roundEnds, Units: playUnits, Objective: playObjective}

func roundEnds(sys *catalog.System, round int) (*big.Rat, bool) {
	rs, err := GameLength(sys)
	if err != nil {
		return nil, false
	}
	for _, r := range rs {
		if r.Round == round {
			return r.EndsIf, r.EndsIf.Cmp(big.NewRat(1, 1)) == 0
		}
	}
	return nil, false
}
