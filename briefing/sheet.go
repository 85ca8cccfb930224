package briefing

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Sheet is the secret deployment sheet of the side that hides: what the
// Hidden Units and Ambush rules tell its player to write down.
type Sheet struct {
	Side string
	// Blips are the rows of numbered blips: enough for every unit that
	// may deploy as a blip plus every decoy the rules allow. Empty when
	// the scenario has no hidden movement.
	Blips []int
	// Units are the units that may deploy as blips ("Infantry Company",
	// "6 × Mk II Baldwin Tank").
	Units []string
	// UnitCount is how many units that is; Decoys how many decoy blips
	// the rules allow them (PerInfantry for every infantry blip).
	UnitCount, Decoys, PerInfantry int
	Dummies                        int // blips marked "D" in the marker set
	// Ambush are the force lines that may or must start in ambush
	// (Line.StartsInAmbush tells them apart), and AmbushAreas the terrain
	// areas of the table map they may hide in.
	Ambush      []Line
	AmbushAreas []string
	// MustAmbush and MayAmbush are the lines of Ambush that must start in
	// ambush, and those that may.
	MustAmbush, MayAmbush []Line
	DugIn                 int // dug-in markers the scenario provides
	Secret                []string
}

// newSheet builds the sheet for the first hidden side, or returns nil
// when no side hides. Its blips are counted by its engine (rules.HiddenRules), as the
// roster's are: a line that may start in ambush may as well deploy as a
// blip and gets rows; one that must start in ambush gets none.
func newSheet(sys *catalog.System, sc *catalog.Scenario, sides []Side) (*Sheet, error) {
	// The hidden side deploys as blips when the scenario lists the
	// Hidden Units rule (the engine's HiddenRules.Rule), under any of its names.
	hr := rules.DocumentsOf(sys).Hidden(sys)
	blips := false
	if hr.Rule != "" && hr.Count != nil {
		for _, r := range sc.Rules {
			if t := ruleTable(sys, r); t != nil && t.ID == hr.Rule {
				blips = true
			}
		}
	}
	for _, side := range sides {
		hidden := side.Hidden || len(side.Secret) > 0
		for _, l := range side.Lines {
			hidden = hidden || l.InAmbush()
		}
		if !hidden {
			continue
		}
		sh := &Sheet{Side: side.Name, Secret: side.Secret}
		var units []rules.HiddenUnit
		for _, l := range side.Lines {
			if l.InAmbush() {
				sh.Ambush = append(sh.Ambush, l)
				if l.StartsInAmbush {
					sh.MustAmbush = append(sh.MustAmbush, l)
				} else {
					sh.MayAmbush = append(sh.MayAmbush, l)
				}
			}
			units = append(units, rules.HiddenUnit{Count: l.Count, Type: l.Unit.Type, Ambush: l.StartsInAmbush, Reinforcement: l.Reinforcement})
		}
		if blips {
			b, err := hr.Count(units)
			if err != nil {
				return nil, fmt.Errorf("scenario %s: blips: %w", sc.ID, err)
			}
			for i, l := range side.Lines {
				if n := b.Units[i]; n > 0 {
					sh.Units = append(sh.Units, composition1(l.Unit.Name, n))
				}
			}
			sh.UnitCount, sh.Decoys, sh.PerInfantry = b.Blips, b.Decoys, b.PerUnit
			sh.Dummies = hr.Dummies
			for i := 1; i <= b.Blips+b.Decoys; i++ {
				sh.Blips = append(sh.Blips, i)
			}
		}
		for _, m := range sc.Markers {
			if hr.DugIn != "" && m.Kind == hr.DugIn {
				sh.DugIn = m.Count
			}
		}
		if len(sh.Ambush) > 0 && sc.Map != nil {
			sh.AmbushAreas = terrainAreas(sys, sc.Map)
		}
		return sh, nil
	}
	return nil, nil
}

// composition1 names n units of a kind: "Infantry Company", "6 × Mk II
// Baldwin Tank".
func composition1(name string, n int) string {
	if n > 1 {
		return strconv.Itoa(n) + " × " + name
	}
	return name
}

// terrainAreas lists the map's terrain areas — the features of the kinds
// the data marks terrain — by label, with a count where a label repeats:
// "Farm buildings", "Woods (3)".
func terrainAreas(sys *catalog.System, m *catalog.Map) []string {
	count := map[string]int{}
	var order []string
	for _, f := range m.Features {
		if k := sys.MapKind(f.Kind); k == nil || !k.Terrain || f.Label == "" {
			continue
		}
		if count[f.Label] == 0 {
			order = append(order, f.Label)
		}
		count[f.Label]++
	}
	sort.Strings(order)
	out := make([]string, len(order))
	for i, l := range order {
		out[i] = l
		if count[l] > 1 {
			out[i] += " (" + strconv.Itoa(count[l]) + ")"
		}
	}
	return out
}
