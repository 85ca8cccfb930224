package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/rules/evacuation"
)

// picker is the "add units" side of the builder: groups of things to add,
// each a button that posts what it adds.
type picker struct {
	Groups []pickGroup
	Note   string
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

// picker lists what can be added to the list: AQotMF catalogue units by
// type, after the scenario's force lists; Evacuation: Mars and Imperial
// Mars units by type.
func (s *Server) picker(f *form, sys *catalog.System, kind string) picker {
	var p picker
	inList := map[string]int{}
	for _, u := range f.Units {
		n, err := strconv.Atoi(u["count"])
		switch {
		case err != nil || n < 1:
			n = 1
		case n > limits.MaxCount:
			// Refused by the check, as here: bounded before it is
			// summed, since a few of the largest ints wrap round.
			n = 0
		}
		inList[u["id"]] += n
	}
	fac := faction(f, sys)
	switch kind {
	case kindAQ:
		sc := sys.Scenario(f.List["scenario"])
		if sc != nil && side(sc, f.List["side"]) == nil {
			p.Note = "Choose the side the list plays (above) to see its units."
			return p
		}
		if sc == nil && fac == "" {
			p.Note = "Choose the list's faction (above) to see its units."
			return p
		}
		if sc != nil {
			for si, sd := range sc.Sides {
				if !strings.EqualFold(sd.Name, f.List["side"]) {
					continue
				}
				g := pickGroup{Title: "Force list: " + sd.Name, Force: true}
				for li, fc := range sd.Forces {
					if u := sys.Unit(fc.Unit); u != nil {
						g.Items = append(g.Items, pickItem{Name: u.Name, Points: max(fc.Count, 1) * u.Points, Info: []string{fc.Text},
							Button: "add-force", Value: fmt.Sprintf("%d.%d", si, li), InList: inList[u.ID]})
					}
				}
				if len(g.Items) > 0 {
					p.Groups = append(p.Groups, g)
				}
			}
		}
		byType := map[string]int{}
		for i := range sys.Units {
			u := &sys.Units[i]
			if fac != "" && u.Faction != "" && !strings.EqualFold(u.Faction, fac) {
				continue
			}
			gi, ok := byType[u.Type]
			if !ok {
				gi = len(p.Groups)
				byType[u.Type] = gi
				p.Groups = append(p.Groups, pickGroup{Title: u.Type})
			}
			p.Groups[gi].Items = append(p.Groups[gi].Items, pickItem{Name: u.Name, Points: u.Points, Info: unitStats(sys, u),
				Button: "add", Value: u.ID, InList: inList[u.ID]})
		}
	case kindEvac:
		p.Groups = append(p.Groups, typeGroup(evacuation.RulesOf(sys).Allowed))
		p.Note = fmt.Sprintf("Infantry only: write each unit's cost from your own codex. Refused: %s.", strings.Join(evacuation.RulesOf(sys).Excluded, ", "))
	case kindIM:
		if fac == "" {
			p.Note = "Choose the list's faction (above) to see its units."
			return p
		}
		p.Groups = append(p.Groups, typeGroup(imTypes))
		p.Note = "No points: each company or troop is checked for organisation."
	}
	return p
}

// typeGroup is a button per unit type.
func typeGroup(types []string) pickGroup {
	g := pickGroup{Title: "Unit types"}
	for _, t := range types {
		g.Items = append(g.Items, pickItem{Name: capital(t), Button: "add-type", Value: t})
	}
	return g
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
