package imperial

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// documents is what Imperial Mars adds to its documents: the notes its
// orders and vehicles carry, for the rules notes.
type documents struct{ rules.NoDocuments }

func (documents) DataNotes(sys *catalog.System) []rules.DataNote {
	im := RulesOf(sys)
	if im == nil {
		return nil
	}
	var out []rules.DataNote
	for _, o := range im.Orders {
		out = append(out, rules.DataNote{Note: o.Note, Section: "Organisation and Basing", Name: o.Name})
	}
	for _, v := range im.Vehicles {
		out = append(out, rules.DataNote{Note: v.Note, Section: "Vehicles", Name: v.Name})
	}
	return out
}
