package web

import (
	"github.com/playaid/playaid/catalog"
)

// picker is the "add units" side of the builder: groups of things to add,
// each a button that posts what it adds.
type picker struct {
	Groups []pickGroup
	Note   string
	From   string // where units come from: "catalogue", "list of unit types"
}

type pickGroup struct {
	Title string
	Force bool // a scenario's force list
	Items []pickItem
}

type pickItem struct {
	Name   string
	Points int      // 0: not shown
	Info   []string // stats, or the line as the scenario prints it
	Button string   // the form field the button sets: add, add-force, add-type
	Value  string
	InList int // how many of it the list has
}

// picker lists what can be added to the list, as the rule set's engine
// offers it (rules.Builder.Picker).
func (s *Server) picker(f *form, sys *catalog.System) picker {
	rp := builderOf(sys).Picker(sys, f.rules(), faction(f, sys))
	p := picker{Note: rp.Note, From: rp.From}
	for _, g := range rp.Groups {
		pg := pickGroup{Title: g.Title, Force: g.Force}
		for _, it := range g.Items {
			pg.Items = append(pg.Items, pickItem{Name: it.Name, Points: it.Points, Info: it.Info, Button: it.Button, Value: it.Value, InList: it.InList})
		}
		p.Groups = append(p.Groups, pg)
	}
	return p
}
