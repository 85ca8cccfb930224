package imperial

import (
	"math/big"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// imQueries are the odds questions asked of the engine's rule sets.
var imQueries = []rules.Query{
	rules.Ask("im-shoot", []rules.Param{
		rules.ScoreParam("factor", "0"),
		rules.DiceParam("trays", "1"),
	}, rules.WordSpec{Words: []string{"one_tray", "hit", "hits", "total", "total_caption", "tray", "trays"},
		Vars: []string{"hits", "n", "trays"}}, func(sys *catalog.System, w *rules.Words, a rules.Args) (*rules.Answer, error) {
		n := a.Int("trays")
		r, err := Shoot(sys, a.Int("factor"), n)
		if err != nil {
			return nil, err
		}
		ans := &rules.Answer{Notes: r.Notes}
		for k, p := range r.PerTray {
			hits := w.Word(rules.Plural(k, "hit", "hits"), "n", strconv.Itoa(k))
			ans.Rows = append(ans.Rows, rules.AnswerRow{Label: w.Word("one_tray", "hits", hits), P: p})
		}
		var labels []string
		var ps []*big.Rat
		if len(r.Hits.Outcomes()) > 0 {
			for k := 0; k <= r.Hits.Max(); k++ {
				labels = append(labels, strconv.Itoa(k))
				ps = append(ps, r.Hits.Prob(k))
			}
		}
		trays := w.Word(rules.Plural(n, "tray", "trays"), "n", strconv.Itoa(n))
		w.Set("trays", trays)
		ans.Dists = append(ans.Dists, rules.NewDist(w, "total", labels, ps))
		ans.JSON = map[string]any{"per_tray": rules.RatStrs(r.PerTray), "hits": rules.RatStrs(ps)}
		return ans, nil
	}),
	rules.Ask("im-morale", []rules.Param{rules.ScoreParam("modifier", "0")}, rules.WordSpec{Words: []string{"markers", "markers_caption"}}, func(sys *catalog.System, w *rules.Words, a rules.Args) (*rules.Answer, error) {
		r, err := Morale(sys, a.Int("modifier"))
		if err != nil {
			return nil, err
		}
		return &rules.Answer{Dists: []rules.Dist{rules.NewDist(w, "markers", rules.Counts(len(r)), r)}, JSON: map[string]any{"dm": rules.RatStrs(r)}}, nil
	}),
	rules.Ask("im-melee", []rules.Param{rules.ScoreParam("diff", "0")}, rules.WordSpec{Words: []string{"second_loses", "second_loses_caption", "first_loses", "first_loses_caption"}}, func(sys *catalog.System, w *rules.Words, a rules.Args) (*rules.Answer, error) {
		inf, suf, err := Melee(sys, a.Int("diff"))
		if err != nil {
			return nil, err
		}
		return &rules.Answer{Dists: []rules.Dist{
			rules.NewDist(w, "second_loses", rules.Counts(len(inf)), inf),
			rules.NewDist(w, "first_loses", rules.Counts(len(suf)), suf),
		}, JSON: map[string]any{"inflicted": rules.RatStrs(inf), "suffered": rules.RatStrs(suf)}}, nil
	}),
}
