package aqotmf

import (
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// aqQueries are the odds questions asked of the engine's rule sets.
var aqQueries = []rules.Query{
	rules.Ask("attack", []rules.Param{
		rules.DiceParam("dice", "1"),
		rules.ScoreParam("defense", "5"),
		rules.ScoreParam("armor", "4"),
		rules.ScoreParam("power", "0"),
		rules.Choices("cover", "", "soft", "hard"),
		rules.Switch("tripod"),
		rules.Switch("dug-in"),
		rules.Switch("tripod-close"),
		rules.Switch("immobilised"),
	}, rules.WordSpec{Words: []string{"die_hits", "hit_damages", "on", "on_any_roll", "hit", "damage", "destroyed",
		"points", "points_caption"}, Vars: []string{"score"}}, func(sys *catalog.System, w *rules.Words, a rules.Args) (*rules.Answer, error) {
		r, err := Attack(sys, AttackQuery{Dice: a.Int("dice"), Defense: a.Int("defense"), Armor: a.Int("armor"),
			Power: a.Int("power"), Cover: a["cover"], Immobilised: a.Bool("immobilised"), DugIn: a.Bool("dug-in"),
			TripodClose: a.Bool("tripod-close"), Tripod: a.Bool("tripod")})
		if err != nil {
			return nil, err
		}
		// on is the score a die needs: "on 5+", or "on any roll".
		on := func(n int) string {
			if n <= 1 {
				return w.Word("on_any_roll")
			}
			return w.Word("on", "score", strconv.Itoa(n))
		}
		ans := &rules.Answer{Notes: r.Notes, JSON: map[string]any{"hit": rules.RatStr(r.DieHit), "damage": rules.RatStr(r.HitDamages), "points": rules.RatStrs(r.Points)}}
		ans.Rows = append(ans.Rows,
			rules.AnswerRow{Label: w.Word("die_hits"), Detail: on(r.HitOn), P: r.DieHit},
			rules.AnswerRow{Label: w.Word("hit_damages"), Detail: on(r.DamageOn), P: r.HitDamages},
			rules.AnswerRow{Label: w.Word("hit"), P: r.Hit},
			rules.AnswerRow{Label: w.Word("damage"), P: r.Damage})
		if r.Destroyed != nil {
			ans.Rows = append(ans.Rows, rules.AnswerRow{Label: w.Word("destroyed"), P: r.Destroyed})
			ans.JSON["destroyed"] = rules.RatStr(r.Destroyed)
		}
		ans.Dists = append(ans.Dists, rules.NewDist(w, "points", rules.Counts(len(r.Points)), r.Points))
		return ans, nil
	}),
}
