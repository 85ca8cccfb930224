package catalog

import "github.com/playaid/playaid/diag"

// MapKind is a kind of feature a rule set's table maps show: the words
// the map's legend uses for it, whether units may hide in it, and which
// of the map's drawing styles it takes.
type MapKind struct {
	ID   string `toml:"id"`   // what a feature's kind names ("woods")
	Name string `toml:"name"` // the legend's words ("Farm buildings")
	// Style is how the map draws it, one of MapStyles.
	Style string `toml:"style"`
	// Terrain: an area of terrain units may set up in ambush in (woods,
	// farms, buildings, hills); the secret deployment sheet lists them.
	Terrain bool     `toml:"terrain"`
	Pos     diag.Pos `toml:"-"`
}

// MapStyles are the ways a table map draws a kind of feature: a side's
// deployment zone, an entry point, an objective, ground (plain, hill,
// woods with trees, farm or building hatched), a road or a wall. The
// table map's drawing keeps one entry for each (a test makes sure).
var MapStyles = []string{"zone", "entry", "objective", "ground", "hill", "woods", "farm", "building", "road", "wall"}

// MapKind returns the map kind with the id, or nil.
func (s *System) MapKind(id string) *MapKind {
	return find(s.MapKinds, id, func(k *MapKind) string { return k.ID })
}
