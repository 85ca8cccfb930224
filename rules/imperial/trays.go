package imperial

import (
	"github.com/playaid/playaid/catalog"
)

// Trays is how a unit's figures stand on its trays: PerTray figures on
// each of Full trays, and Remainder figures on a partial one (0: none).
type Trays struct {
	PerTray, Full, Remainder int
}

// Shooters says which of a unit's trays may shoot.
type Shooters struct {
	Trays int // the trays that shoot
	// ThinOrder: the order puts fewer infantry figures on a tray than may
	// shoot, so no tray of the unit shoots.
	ThinOrder bool
	// ThinTray: the partial infantry tray holds too few figures to shoot.
	ThinTray bool
}

// ShootingTrays works out how many of a unit's trays shoot: its full
// trays and a partial one, except that an infantry tray of fewer than
// [imperial.shooting] min_infantry_figures may not shoot; a weapon that
// fires as a number of trays (a machine gun: "they fire as an equivalent
// number of Infantry Trays") shoots as that many. infantry says the unit
// is infantry; w may be nil. The army check warns with it and the unit
// cards work out their odds with it.
func ShootingTrays(sys *catalog.System, infantry bool, t Trays, w *catalog.Weapon) (Shooters, error) {
	r, _, err := imRules(sys)
	if err != nil {
		return Shooters{}, err
	}
	least := r.Shooting.MinInfantryFigures
	s := Shooters{Trays: t.Full}
	if infantry && least > 0 {
		s.ThinOrder = t.PerTray > 0 && t.PerTray < least
		s.ThinTray = t.Remainder > 0 && t.Remainder < least
	}
	if t.Remainder > 0 && !s.ThinTray {
		s.Trays++
	}
	if s.ThinOrder {
		s.Trays = 0
	}
	if w != nil && w.Trays > 0 {
		s.Trays = w.Trays
	}
	return s, nil
}
