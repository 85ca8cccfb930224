package aqotmf

import (
	"slices"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// play is what a game in progress asks of the engine: an attack's odds,
// the decoys' type, the reinforcements' arrivals.
var play = rules.Play{Shots: shots, DecoyType: decoyType, Arrivals: arrivals, Units: playUnits}

// shots are the attack questions from's weapons ask of to, with the
// numbers the printed tables use.
func shots(sys *catalog.System, from, to rules.Fighter) []rules.Shot {
	q, _ := rules.LookupQuery("attack")
	r, _, err := aqRules(sys)
	if err != nil || to.Entry == nil || len(to.Entry.Composition) == 0 || from.Left <= 0 {
		return nil
	}
	p := sys.Profile(to.Entry.Composition[0].Profile)
	if p == nil || p.Defense == nil || p.Armor == nil {
		return nil // a target with no stats (the Mk II Baldwin): nothing to work out
	}
	var out []rules.Shot
	for _, w := range from.Weapons {
		a := rules.Args{
			"dice":    strconv.Itoa(from.Left * w.DicePerElement()),
			"defense": strconv.Itoa(*p.Defense),
			"armor":   strconv.Itoa(max(*p.Armor-to.Less["armor"], 0)),
			"power":   strconv.Itoa(w.Power),
		}
		if slices.ContainsFunc(to.Entry.Composition, func(s catalog.Stand) bool { return s.Profile == r.TripodDamage.Profile }) {
			a["tripod"] = "true"
		}
		rules.SetFlags(a, q, to)
		out = append(out, rules.Shot{Label: w.Name, Query: q, Args: a})
	}
	return out
}

// decoyType is the unit type decoy blips pass for.
func decoyType(sys *catalog.System) string {
	if r, _, err := aqRules(sys); err == nil {
		return r.Blips.DecoyType
	}
	return ""
}

// arrivals is the reinforcement test of a unit held back.
func arrivals(sys *catalog.System) *rules.Arrival {
	r, err := Reinforcements(sys, 0)
	if err != nil {
		return nil
	}
	return &rules.Arrival{FromTurn: r.FromTurn, Arrive: r.Arrive, CanAttack: r.CanAttack}
}
