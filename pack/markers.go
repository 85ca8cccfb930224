package pack

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
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
	var sheets []string // the blip sheets' titles
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
			Only:     []string{set.Blips},
			Counts:   map[string]int{set.Blips: set.Counts[set.Blips]},
			Decoys:   set.Decoys,
			Backs:    markers.LongEdge,
			Stamp:    stamp,
			Title:    set.BlipSheet,
			Note:     set.BlipNote,
			Readings: set.BlipReadings,
		}
		blips = append(blips, markerDoc(Doc{Name: set.BlipFile, Kind: Blips, Duplex: true, System: sys, Scenario: sc}, opt, func(err error) error {
			return diag.At(sc.Pos, fmt.Errorf("blips of %s: %w", sc.ID, err))
		}))
		perScenario[set.Blips] = true
		sheets = append(sheets, "“"+set.BlipSheet+"”")
	}
	var kinds []string
	for _, m := range sys.Markers {
		if !perScenario[m.ID] {
			kinds = append(kinds, m.ID)
		}
	}
	var out []Doc
	if len(kinds) > 0 {
		// One count for one thing: the sheet serves every scenario with
		// as many of each as the one needing most asks for.
		opt := markers.Options{Only: kinds, Stamp: stamp, Counts: briefing.SheetCounts(sys)}
		opt.Note = sheetNote(sys, kinds, opt.Counts, "the scenario needing most", sheets)
		out = append(out, markerDoc(Doc{Name: briefing.MarkersFile(sys), Kind: Markers, System: sys}, opt, func(err error) error {
			return fmt.Errorf("%s: %w", sys.ID, err)
		}))
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
	kind := markers.DecoyKind(r.System)
	if n == 0 || kind == "" {
		return Doc{}, false
	}
	// The note and readings the scenario's blip sheet prints, with the
	// list's counts.
	sc := r.System.Scenario(r.List.Scenario)
	note, readings := briefing.ListBlips(r.System, sc, kind, n, decoys)
	opt := markers.Options{Only: []string{kind}, Counts: map[string]int{kind: n}, Decoys: decoys,
		Backs: markers.LongEdge, Stamp: r.System.Edition(), Title: briefing.ListBlipsTitle(army.ListName(r.List)),
		Note: note, Readings: readings}
	return markerDoc(Doc{Name: name, Kind: Blips, Duplex: true, System: r.System, List: r}, opt, nil), true
}

// markerDoc is d printing its rule set's markers as opt says, on the
// paper it is rendered on; wrap, when set, says where an error is.
func markerDoc(d Doc, opt markers.Options, wrap func(error) error) Doc {
	d.Kinds = opt.Only
	d.marks = &opt
	d.render = func(p layout.Paper, _ *run, m *document.Marks) ([]byte, error) {
		o := opt
		o.Paper, o.Marks = p, m
		pdf, err := markers.Render([]*catalog.System{d.System}, o)
		if err != nil && wrap != nil {
			return nil, wrap(err)
		}
		return pdf, err
	}
	d.wrap = wrap
	return d
}

// sheetNote is a marker sheet's closing line: which kinds print as many
// as who asks for, and the blip sheets, on sheets of their own.
func sheetNote(sys *catalog.System, kinds []string, counts map[string]int, who string, sheets []string) string {
	var notes []string
	var names []string
	for _, k := range kinds {
		if _, ok := counts[k]; ok {
			names = append(names, sys.Marker(k).Name)
		}
	}
	if len(names) > 0 {
		notes = append(notes, document.And(names)+": as many as "+who+" asks for.")
	}
	switch len(sheets) {
	case 0:
	case 1:
		notes = append(notes, "The blips and decoys are on their own sheet: "+sheets[0]+".")
	default:
		notes = append(notes, "The blips and decoys are on their own sheets: "+document.And(sheets)+".")
	}
	return strings.Join(notes, " ")
}

// withCounts is a marker file printing counts of the kinds it holds (the
// sets, as 'playaid markers --count'), the others as before: a
// scenario's own numbers, closing with note. The blips are left to their
// own file.
func (d Doc) withCounts(counts map[string]int, note string) Doc {
	if d.marks == nil {
		return d
	}
	opt := *d.marks
	opt.Counts = map[string]int{}
	for k, n := range d.marks.Counts {
		opt.Counts[k] = n
	}
	for _, k := range opt.Only {
		if n, ok := counts[k]; ok {
			opt.Counts[k] = n
		}
	}
	opt.Note = note
	return markerDoc(d, opt, d.wrap)
}

// Fold is the fold-over sheet of a marker or blips file: the same pieces,
// each front beside its own back, printed one-sided and folded ('playaid
// markers … --backs fold'), named as the file with "-fold" before ".pdf".
// A fold-over sheet is its own. False for any other document, and for a
// sheet none of whose pieces has a back.
func (d Doc) Fold() (Doc, bool) {
	if d.marks == nil || d.System == nil {
		return Doc{}, false
	}
	two := false
	for _, k := range d.marks.Only {
		if m := d.System.Marker(k); m != nil && m.Back != "" {
			two = true
		}
	}
	if !two {
		return Doc{}, false
	}
	if d.marks.Backs == markers.Fold {
		return d, true
	}
	opt := *d.marks
	opt.Backs = markers.Fold
	if d.Kind != Blips {
		// The same sheet as 'playaid markers --system … --backs fold'
		// prints; a scenario's blips keep their note and its reading.
		opt.Note = ""
	}
	f := d
	f.Name = strings.TrimSuffix(d.Name, ".pdf") + "-fold.pdf"
	f.Duplex = false
	return markerDoc(f, opt, d.wrap), true
}
