package briefing

import (
	"sort"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
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
	// Ambush are the force lines that may (or must) start in ambush, and
	// AmbushAreas the terrain areas of the table map they may hide in.
	Ambush      []Line
	AmbushAreas []string
	DugIn       int // dug-in markers the scenario provides
	Secret      []string
}

// hiddenRules are the scenario rule names that deploy units as blips.
var hiddenRules = map[string]bool{"hidden-movement": true, "hidden-units": true}

// newSheet builds the sheet for the first hidden side, or returns nil
// when no side hides.
func newSheet(sys *catalog.System, sc *catalog.Scenario, sides []Side) *Sheet {
	blips := false
	for _, r := range sc.Rules {
		blips = blips || hiddenRules[document.Slug(r)]
	}
	for _, side := range sides {
		hidden := side.Hidden || len(side.Secret) > 0
		for _, l := range side.Lines {
			hidden = hidden || l.Ambush
		}
		if !hidden {
			continue
		}
		sh := &Sheet{Side: side.Name, Secret: side.Secret}
		infantry := 0
		for _, l := range side.Lines {
			if l.Ambush {
				sh.Ambush = append(sh.Ambush, l)
			}
			if l.Reinforcement {
				continue // not on the table at the start: no blip
			}
			name := l.Unit.Name
			if l.Count > 1 {
				name = strconv.Itoa(l.Count) + " × " + name
			}
			sh.Units = append(sh.Units, name)
			sh.UnitCount += l.Count
			// "For every blip representing an infantry unit, the player
			// can add up to a further two decoy blips."
			if strings.EqualFold(l.Unit.Type, "infantry") {
				infantry += l.Count
			}
		}
		if r := sys.AQotMF; r != nil {
			sh.PerInfantry = r.Blips.DecoysPerInfantry
			sh.Dummies = r.Blips.Dummies
		}
		if blips {
			sh.Decoys = infantry * sh.PerInfantry
			for i := 1; i <= sh.UnitCount+sh.Decoys; i++ {
				sh.Blips = append(sh.Blips, i)
			}
		} else {
			sh.Units, sh.UnitCount, sh.Dummies = nil, 0, 0
		}
		for _, m := range sc.Markers {
			if m.Kind == "dug-in" {
				sh.DugIn = m.Count
			}
		}
		if len(sh.Ambush) > 0 && sc.Map != nil {
			sh.AmbushAreas = terrainAreas(sc.Map)
		}
		return sh
	}
	return nil
}

// terrainKinds are the map features a unit can hide in.
var terrainKinds = map[string]bool{"woods": true, "farm": true, "farmhouse": true, "building": true, "hill": true}

// terrainAreas lists the map's terrain areas by label, with a count where
// a label repeats: "Farm buildings", "Woods (3)".
func terrainAreas(m *catalog.Map) []string {
	count := map[string]int{}
	var order []string
	for _, f := range m.Features {
		if !terrainKinds[f.Kind] || f.Label == "" {
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
