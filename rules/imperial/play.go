package imperial

import (
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// play is what a game in progress asks of the engine: a unit's shots.
var play = rules.Play{Shots: shots, Units: playUnits}

// shots are the shooting questions from's weapons ask, one for each
// range band, with the trays that may shoot.
func shots(sys *catalog.System, from, _ rules.Fighter) []rules.Shot {
	q, _ := rules.LookupQuery("im-shoot")
	var out []rules.Shot
	for _, w := range from.Weapons {
		if len(w.Bands) == 0 {
			continue
		}
		t := Trays{PerTray: from.PerTray}
		if from.PerTray > 0 {
			t.Full, t.Remainder = from.Left/from.PerTray, from.Left%from.PerTray
		}
		s, err := ShootingTrays(sys, from.Infantry, t, w)
		if err != nil || s.Trays == 0 {
			continue
		}
		for _, b := range w.Bands {
			a := rules.Args{"factor": strconv.Itoa(b.Factor), "trays": strconv.Itoa(s.Trays)}
			out = append(out, rules.Shot{Label: w.Name + ", " + b.Name + " (" + imInch(b.Range) + ")", Query: q, Args: a})
		}
	}
	return out
}
