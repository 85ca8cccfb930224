package catalog

import (
	"fmt"
	"slices"
)

// checkWords checks the game words the documents read from the data
// rather than from Go: map kinds and the features that use them, the
// Hidden Units rule's table, the objective card's rules and the Imperial
// Mars roster's rules — each name must be one the data has.
func (c *checker) checkWords() {
	s := c.s
	kindIDs := ids(s.MapKinds, func(k MapKind) string { return k.ID })
	for _, k := range s.MapKinds {
		at := c.at("map_kind", k.ID)
		if k.Name == "" {
			c.errf(at.pos(), "map kind %q has no name; expected name = \"…\", the words the map's legend prints", k.ID)
		}
		if !slices.Contains(MapStyles, k.Style) {
			pos := at.value("style")
			if k.Style == "" {
				pos = at.pos()
			}
			c.errf(pos, "map kind %q: %s", k.ID, Unknown("style", k.Style, MapStyles))
		}
	}
	for _, sc := range s.Scenarios {
		if sc.Map == nil {
			continue
		}
		at := c.at("scenario", sc.ID)
		for i, f := range sc.Map.Features {
			if s.MapKind(f.Kind) == nil {
				c.unknownRef(at.value(fmt.Sprintf("map.feature.%d.kind", i)), "map kind", f.Kind, kindIDs)
			}
		}
	}
	if r := s.AQotMF; r != nil && r.Blips.Rule != "" && s.Table(r.Blips.Rule) == nil {
		c.unknownRef(c.block(r).at.value("blips.rule"), "table", r.Blips.Rule, ids(s.Tables, func(t Table) string { return t.ID }))
	}
	if r := s.AQotMF; r != nil && r.DugIn.Marker != "" && s.Marker(r.DugIn.Marker) == nil {
		c.unknownRef(c.block(r).at.value("dug_in.marker"), "marker kind", r.DugIn.Marker, ids(s.Markers, func(m Marker) string { return m.ID }))
	}
	if r := s.Evacuation; r != nil {
		var specials []string
		for _, sc := range s.Scenarios {
			for _, sp := range sc.Specials {
				specials = append(specials, sp.Name)
			}
		}
		at := c.block(r).at
		for i, name := range r.Objective.Rules {
			if !slices.Contains(specials, name) {
				c.unknownRef(at.value(fmt.Sprintf("objective.rules.%d", i)), "scenario special rule", name, specials)
			}
		}
	}
	if r := s.Imperial; r != nil {
		var names []string
		for _, ru := range r.Rules {
			names = append(names, ru.Name)
		}
		at := c.block(r).at
		for i, ro := range r.Roster {
			for j, name := range ro.Rules {
				if !slices.Contains(names, name) {
					c.unknownRef(at.value(fmt.Sprintf("roster.%d.rules.%d", i, j)), "rule", name, names)
				}
			}
		}
	}
	c.checkCards()
}
