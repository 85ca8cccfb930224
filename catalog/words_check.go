package catalog

import (
	"fmt"
	"slices"
)

// checkWords checks the game words the documents read from the data
// rather than from Go: map kinds and the features that use them — each
// name must be one the data has. (An engine checks the names its own
// block gives: Block.Check.)
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
}
