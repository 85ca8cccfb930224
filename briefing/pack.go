package briefing

import (
	"fmt"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/markers"
)

// MarkerFile is one marker file of the print pack: a rule set's own sheet
// (MarkersFile) or a scenario's blips with their backs (BlipsFile). Both
// 'playaid build' and the web app render them through here, so the two
// hand out the same bytes.
type MarkerFile struct {
	Name     string            // "markers-aqotmf.pdf", "blips-morale-wagon.pdf"
	Scenario *catalog.Scenario // the blips' scenario; nil for the rule set's sheet
	sys      *catalog.System
	opt      markers.Options // all but the paper
}

// PackMarkers lists a rule set's marker files in print-pack order: its
// own sheet of every kind no scenario prints apart, then, for each
// scenario whose hidden side deploys as blips, the blips its secret
// deployment sheet numbers, with backs for a long-edge duplex print.
// version is the data's, stamped on every sheet. Nothing is rendered.
func PackMarkers(sys *catalog.System, version string) ([]MarkerFile, error) {
	if len(sys.Markers) == 0 {
		return nil, nil
	}
	stamp := sys.Edition()
	var blips []MarkerFile
	perScenario := map[string]bool{}
	for i := range sys.Scenarios {
		sc := &sys.Scenarios[i]
		b, err := New(sys, sc, version)
		if err != nil {
			return nil, diag.At(sc.Pos, err)
		}
		set := b.MarkerSet
		if set.Blips == "" {
			continue
		}
		blips = append(blips, MarkerFile{Name: set.BlipFile, Scenario: sc, sys: sys, opt: markers.Options{
			Only:   []string{set.Blips},
			Counts: map[string]int{set.Blips: set.Counts[set.Blips]},
			Decoys: set.Decoys,
			Backs:  markers.LongEdge,
			Stamp:  stamp,
			Title:  set.BlipSheet,
		}})
		perScenario[set.Blips] = true
	}
	var kinds []string
	for _, m := range sys.Markers {
		if !perScenario[m.ID] {
			kinds = append(kinds, m.ID)
		}
	}
	var out []MarkerFile
	if len(kinds) > 0 {
		out = append(out, MarkerFile{Name: MarkersFile(sys), sys: sys, opt: markers.Options{Only: kinds, Stamp: stamp}})
	}
	return append(out, blips...), nil
}

// Render draws the file on paper p.
func (f MarkerFile) Render(p layout.Paper) ([]byte, error) {
	o := f.opt
	o.Paper = p
	pdf, err := markers.Render([]*catalog.System{f.sys}, o)
	switch {
	case err == nil:
		return pdf, nil
	case f.Scenario != nil:
		return nil, diag.At(f.Scenario.Pos, fmt.Errorf("blips of %s: %w", f.Scenario.ID, err))
	default:
		return nil, fmt.Errorf("%s: %w", f.sys.ID, err)
	}
}

// Kinds are the marker kinds the file prints, by id.
func (f MarkerFile) Kinds() []string { return f.opt.Only }
