package web

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playaid/playaid/catalog"
)

// picker is the "add units" side of the builder.
type picker struct {
	Kind   string
	Forces []forceGroup // the scenario's force lists (AQotMF)
	Groups []unitGroup  // the catalogue by unit type (AQotMF)
	Types  []addType    // units to add by type (Evacuation: Mars, Imperial Mars)
	Note   string
}

type forceGroup struct {
	Side  string
	Lines []forceLine
}

type forceLine struct {
	Ref    string // "side.line", the value of the add-force button
	Name   string
	Text   string // the line as the scenario prints it
	Points int
	InList int
}

type unitGroup struct {
	Type  string
	Units []pickUnit
}

type pickUnit struct {
	ID, Name string
	Points   int
	Stats    []string
	InList   int
}

type addType struct {
	Type, Label string
}

// picker lists what can be added to the list.
func (s *Server) picker(f *form, sys *catalog.System, kind, side string) picker {
	p := picker{Kind: kind}
	inList := map[string]int{}
	for _, u := range f.Units {
		n, err := strconv.Atoi(u["count"])
		if err != nil || n < 1 {
			n = 1
		}
		inList[u["id"]] += n
	}
	switch kind {
	case kindAQ:
		if sc := sys.Scenario(f.List["scenario"]); sc != nil {
			for si, sd := range sc.Sides {
				if side != "" && side != strconv.Itoa(si) {
					continue
				}
				g := forceGroup{Side: sd.Name}
				for li, fc := range sd.Forces {
					u := sys.Unit(fc.Unit)
					if u == nil {
						continue
					}
					g.Lines = append(g.Lines, forceLine{Ref: fmt.Sprintf("%d.%d", si, li), Name: u.Name, Text: fc.Text,
						Points: max(fc.Count, 1) * u.Points, InList: inList[u.ID]})
				}
				if len(g.Lines) > 0 {
					p.Forces = append(p.Forces, g)
				}
			}
		}
		byType := map[string]int{}
		for i := range sys.Units {
			u := &sys.Units[i]
			gi, ok := byType[u.Type]
			if !ok {
				gi = len(p.Groups)
				byType[u.Type] = gi
				p.Groups = append(p.Groups, unitGroup{Type: u.Type})
			}
			p.Groups[gi].Units = append(p.Groups[gi].Units, pickUnit{ID: u.ID, Name: u.Name, Points: u.Points, Stats: unitStats(sys, u), InList: inList[u.ID]})
		}
	case kindEvac:
		for _, t := range sys.Evacuation.Allowed {
			p.Types = append(p.Types, addType{t, capital(t)})
		}
		p.Note = fmt.Sprintf("Infantry only: write each unit's cost from your own codex. Refused: %s.", strings.Join(sys.Evacuation.Excluded, ", "))
	case kindIM:
		for _, t := range imTypes {
			p.Types = append(p.Types, addType{t, capital(t)})
		}
		p.Note = "No points: each company or troop is checked for organisation."
	}
	return p
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
