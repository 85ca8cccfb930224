package evacuation

import (
	"math/big"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// evacQueries are the odds questions asked of the engine's rule sets.
var evacQueries = []rules.Query{
	rules.Ask("game-length", nil, rules.WordSpec{Words: []string{"ends", "ends_caption"}}, func(sys *catalog.System, w *rules.Words, a rules.Args) (*rules.Answer, error) {
		rs, err := GameLength(sys)
		if err != nil {
			return nil, err
		}
		rounds := map[string]string{}
		var labels []string
		var ps []*big.Rat
		for _, r := range rs {
			labels = append(labels, strconv.Itoa(r.Round))
			ps = append(ps, r.Ends)
			rounds[strconv.Itoa(r.Round)] = rules.RatStr(r.Ends)
		}
		return &rules.Answer{Dists: []rules.Dist{rules.NewDist(w, "ends", labels, ps)}, JSON: map[string]any{"rounds": rounds}}, nil
	}),
}
