package buildings

import (
	"github.com/playaid/playaid/catalog"
)

// BuildingType is one kind of building of the Destroying Buildings add-on.
type BuildingType struct {
	ID    string `toml:"id"`
	Name  string `toml:"name"`
	Armor int    `toml:"armor"`
	Fire  int    `toml:"fire"` // Fire Rating
	Text  string `toml:"text"` // the seed's description
}

// Rules holds the Destroying Buildings add-on's numbers.
type Rules struct {
	Types              []BuildingType `toml:"type"`
	HeatRayFireBonus   int            `toml:"heat_ray_fire_bonus"`   // +2 on fire rolls
	DamagedArmor       int            `toml:"damaged_armor"`         // -1 when the roll equals the armour
	BurnArmorLoss      int            `toml:"burn_armor_loss"`       // armour lost each turn a burning building stands
	TallFloors         int            `toml:"tall_floors"`           // 4 or more stories is tall
	DangerZonePerFloor catalog.Length `toml:"danger_zone_per_floor"` // 1" of danger zone per floor
	// HeatRays are the weapons of the rule set the add-on adds to that
	// are Martian Heat Rays: their fire rolls get HeatRayFireBonus.
	HeatRays []string    `toml:"heat_rays"`
	Example  ExampleData `toml:"example"` // the sheet's worked example
}

// ExampleData is the shot the add-on's sheet works through: a weapon
// of the rule set the add-on adds to, at a building type.
type ExampleData struct {
	Weapon   string `toml:"weapon"`   // weapon id in the base rule set (a Heat Ray if in heat_rays)
	Building string `toml:"building"` // building type id
}

// Type returns the building type with the id, or nil.
func (b *Rules) Type(id string) *BuildingType {
	for i := range b.Types {
		if b.Types[i].ID == id {
			return &b.Types[i]
		}
	}
	return nil
}

// RulesOf is the rule set's block of buildings numbers, or nil.
func RulesOf(sys *catalog.System) *Rules {
	if sys == nil {
		return nil
	}
	b, _ := sys.Block.(*Rules)
	return b
}
