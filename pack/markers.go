package pack

import (
	"fmt"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/markers"
)

// markerDocs are each rule set's marker files (markerFiles).
func markerDocs(cat *catalog.Catalog, _ Options) ([]Doc, error) {
	var docs []Doc
	for _, s := range cat.Systems {
		fs, err := markerFiles(s, cat.Version())
		if err != nil {
			return nil, err
		}
		docs = append(docs, fs...)
	}
	return docs, nil
}

// markerFiles lists a rule set's marker files in print-pack order: its
// own sheet of every kind no scenario prints apart, then, for each
// scenario whose hidden side deploys as blips, the blips its secret
// deployment sheet numbers, with backs for a long-edge duplex print.
// Every sheet is stamped with the rules edition. Nothing is rendered.
func markerFiles(sys *catalog.System, version string) ([]Doc, error) {
	if len(sys.Markers) == 0 {
		return nil, nil
	}
	stamp := sys.Edition()
	var blips []Doc
	perScenario := map[string]bool{}
	for i := range sys.Scenarios {
		sc := &sys.Scenarios[i]
		b, err := briefing.New(sys, sc, version)
		if err != nil {
			return nil, diag.At(sc.Pos, err)
		}
		set := b.MarkerSet
		if set.Blips == "" {
			continue
		}
		opt := markers.Options{
			Only:   []string{set.Blips},
			Counts: map[string]int{set.Blips: set.Counts[set.Blips]},
			Decoys: set.Decoys,
			Backs:  markers.LongEdge,
			Stamp:  stamp,
			Title:  set.BlipSheet,
		}
		blips = append(blips, Doc{Name: set.BlipFile, Kind: Blips, Duplex: true, System: sys, Scenario: sc, Kinds: opt.Only,
			render: func(p layout.Paper, _ *run) ([]byte, error) {
				o := opt
				o.Paper = p
				pdf, err := markers.Render([]*catalog.System{sys}, o)
				if err != nil {
					return nil, diag.At(sc.Pos, fmt.Errorf("blips of %s: %w", sc.ID, err))
				}
				return pdf, nil
			}})
		perScenario[set.Blips] = true
	}
	var kinds []string
	for _, m := range sys.Markers {
		if !perScenario[m.ID] {
			kinds = append(kinds, m.ID)
		}
	}
	var out []Doc
	if len(kinds) > 0 {
		out = append(out, Doc{Name: briefing.MarkersFile(sys), Kind: Markers, System: sys, Kinds: kinds,
			render: func(p layout.Paper, _ *run) ([]byte, error) {
				pdf, err := markers.Render([]*catalog.System{sys}, markers.Options{Only: kinds, Stamp: stamp, Paper: p})
				if err != nil {
					return nil, fmt.Errorf("%s: %w", sys.ID, err)
				}
				return pdf, nil
			}})
	}
	return append(out, blips...), nil
}

// ListBlipsDoc is the blips and decoys a valid hidden list deploys, with
// their backs for a long-edge duplex print, as the pack prints a
// scenario's ('playaid markers --army FILE --backs long'); false when the
// list deploys none.
func ListBlipsDoc(cat *catalog.Catalog, name string, r *army.Report) (Doc, bool) {
	if r == nil || r.System == nil || !r.Valid() {
		return Doc{}, false
	}
	n, decoys := army.Blips(r.List, r.System)
	if n == 0 {
		return Doc{}, false
	}
	opt := markers.Options{Only: []string{"blips"}, Counts: map[string]int{"blips": n}, Decoys: decoys,
		Backs: markers.LongEdge, Stamp: r.System.Edition()}
	return Doc{Name: name, Kind: Blips, Duplex: true, System: r.System, List: r, Kinds: opt.Only,
		render: func(p layout.Paper, _ *run) ([]byte, error) {
			o := opt
			o.Paper = p
			return markers.Render([]*catalog.System{r.System}, o)
		}}, true
}
