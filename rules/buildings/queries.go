package buildings

import (
	"math/big"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// bldQueries are the odds questions asked of the engine's rule sets.
var bldQueries = []rules.Query{
	rules.Ask("building", []rules.Param{
		rules.ChoicesFrom("type", func(sys *catalog.System) []rules.Choice {
			var cs []rules.Choice
			if RulesOf(sys) != nil {
				for _, t := range RulesOf(sys).Types {
					cs = append(cs, rules.Choice{Value: t.ID, Label: t.Name})
				}
			}
			return cs
		}),
		rules.ScoreParam("power", "0"),
		rules.Switch("heat-ray"),
	}, rules.WordSpec{Words: []string{"destroyed", "damaged", "fire", "outcomes", "outcomes_caption",
		"outcome_destroyed", "outcome_damaged", "outcome_fire"}}, func(sys *catalog.System, w *rules.Words, a rules.Args) (*rules.Answer, error) {
		r, err := Hit(sys, a["type"], a.Int("power"), a.Bool("heat-ray"))
		if err != nil {
			return nil, err
		}
		outcomes := rules.NewDist(w, "outcomes", []string{w.Word("outcome_destroyed"), w.Word("outcome_damaged"), w.Word("outcome_fire")},
			[]*big.Rat{r.Destroyed, r.Damaged, r.Fire})
		outcomes.Charted = true
		return &rules.Answer{
			Rows: []rules.AnswerRow{
				{Label: w.Word("destroyed"), P: r.Destroyed},
				{Label: w.Word("damaged"), P: r.Damaged},
				{Label: w.Word("fire"), P: r.Fire},
			},
			Dists: []rules.Dist{outcomes},
			JSON:  map[string]any{"destroyed": rules.RatStr(r.Destroyed), "damaged": rules.RatStr(r.Damaged), "fire": rules.RatStr(r.Fire)},
		}, nil
	}),
	rules.Ask("burn", []rules.Param{rules.StatParam("armor", "6")}, rules.WordSpec{Words: []string{"standing", "expected", "expected_detail", "still_standing", "still_standing_caption"},
		Vars: []string{"n"}}, func(sys *catalog.System, w *rules.Words, a rules.Args) (*rules.Answer, error) {
		r, err := Burn(sys, a.Int("armor"))
		if err != nil {
			return nil, err
		}
		ans := &rules.Answer{JSON: map[string]any{"standing": rules.RatStrs(r.Standing), "expected_tests": rules.RatStr(r.ExpectedTests)}}
		var labels []string
		for i, p := range r.Standing {
			ans.Rows = append(ans.Rows, rules.AnswerRow{Label: w.Word("standing", "n", strconv.Itoa(i+1)), P: p})
			labels = append(labels, strconv.Itoa(i+1))
		}
		ans.Rows = append(ans.Rows, rules.AnswerRow{Label: w.Word("expected"), Detail: w.Word("expected_detail"), Num: r.ExpectedTests})
		standing := rules.NewDist(w, "still_standing", labels, r.Standing)
		standing.Charted = true
		ans.Dists = append(ans.Dists, standing)
		return ans, nil
	}),
}
