package briefing

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
)

// MarkerSet is what a scenario needs printed: the marker kinds, how many
// of each where the scenario's number differs from a sheet's, and for
// the blips the numbers its secret deployment sheet can use. The print
// pack and 'playaid markers --scenario' print it; the briefing's "Needed
// to play" lists it.
type MarkerSet struct {
	Only   []string       // marker kinds, in the scenario's order
	Counts map[string]int // --count: sets, or numbered faces for Blips
	// Blips is the kind printed as the hidden side's blips ("" when the
	// scenario deploys none): Counts[Blips] numbered for the units and
	// Decoys decoys numbered on, as the secret sheet's rows run.
	Blips  string
	Decoys int
	// BlipFile is the print pack's file of the blips with their backs,
	// MarkerFile the rule set's file of the other markers. The briefing
	// names them in the players' words: BlipSheet, the title the blips'
	// sheet carries ("Blips for Scenario 1: …"), and MarkerSheet ("the
	// AQotMF marker sheet").
	BlipFile, MarkerFile   string
	BlipSheet, MarkerSheet string
	// BlipNote says what the blips are, as "Needed to play" does;
	// BlipReadings are the readings their numbers follow: the one the
	// scenario names, and those governing the note's words.
	BlipNote     string
	BlipReadings []catalog.Note
}

// BlipsFile names the print pack's file of a scenario's blips.
func BlipsFile(sc *catalog.Scenario) string { return "blips-" + sc.ID + ".pdf" }

// BlipsTitle is the title the sheet of a scenario's blips carries.
func BlipsTitle(sc *catalog.Scenario) string { return "Blips for " + sc.Name }

// ListBlipsTitle is the title the sheet of a list's blips carries: the
// list's name, so that two sides' sheets never mix (the scenario's name
// beside it would not fit the backs' header).
func ListBlipsTitle(list string) string { return "Blips for " + list }

// SameBack opens a blip note: what the blips' backs are. A sheet printed
// without backs leaves it out (OneSided).
const SameBack = "All have the same back. "

// OneSided is a blip note for a sheet printed without backs.
func OneSided(note string) string { return strings.TrimPrefix(note, SameBack) }

// MarkersFile names the print pack's file of a rule set's markers.
func MarkersFile(sys *catalog.System) string { return "markers-" + sys.ID + ".pdf" }

// needed fills in the markers of "Needed to play" and the marker set,
// after the secret sheet: the blips follow its rows, number for number.
func (b *Briefing) needed() {
	sys, sc := b.System, b.Scenario
	set := MarkerSet{Counts: map[string]int{}, MarkerFile: MarkersFile(sys), MarkerSheet: "the " + sys.About.Short + " marker sheet"}
	for _, m := range sc.Markers {
		ml := MarkerLine{ID: m.Kind, Name: m.Kind, Count: m.Count, Note: m.Note, Reading: m.Reading}
		mk := sys.Marker(m.Kind)
		if mk != nil && mk.Name != "" {
			ml.Name = mk.Name
		}
		set.Only = append(set.Only, m.Kind)
		if sh := b.Sheet; mk != nil && mk.Decoys && set.Blips == "" && sh != nil && len(sh.Blips) > 0 {
			set.Blips, set.BlipFile, set.BlipSheet = m.Kind, BlipsFile(sc), BlipsTitle(sc)
			set.Counts[m.Kind], set.Decoys = sh.UnitCount, sh.Decoys
			others, what := otherFaces(sys, mk)
			ml.Count = len(sh.Blips) + others
			ml.Note = blipNote(sh, others, what)
			set.BlipNote = ml.Note
			var governed []catalog.Note
			set.BlipReadings, governed = blipReadings(sys, m.Reading, ml.Note)
			for _, n := range governed {
				ml.NoteReadings = append(ml.NoteReadings, n.ID)
			}
		}
		b.Markers = append(b.Markers, ml)
	}
	for _, c := range markerCounts(sys, sc) {
		set.Counts[c.kind] = c.n
	}
	b.MarkerSet = set
}

// blipReadings are the readings a blip note follows: the one the
// scenario names for its blips (id, "" for none), then governed, those
// whose words the note prints (each Mk II Baldwin a unit, and so a blip,
// makes its count).
func blipReadings(sys *catalog.System, id, note string) (all, governed []catalog.Note) {
	if n := sys.Reading(id); n != nil {
		all = append(all, *n)
	}
	for _, n := range sys.Governed(note, document.Typo) {
		if !slices.ContainsFunc(all, func(r catalog.Note) bool { return r.Mark == n.Mark }) {
			all = append(all, n)
			governed = append(governed, n)
		}
	}
	return all, governed
}

// ListBlips is what the blip sheet of a hidden side's list says, as a
// scenario's does, with the list's own counts: units numbered blips and
// decoys numbered on, printed as marker kind; with the readings it
// follows (those of the list's scenario sc, nil for none).
func ListBlips(sys *catalog.System, sc *catalog.Scenario, kind string, units, decoys int) (string, []catalog.Note) {
	mk := sys.Marker(kind)
	if mk == nil || units+decoys <= 0 {
		return "", nil
	}
	others, what := otherFaces(sys, mk)
	sh := &Sheet{Blips: make([]int, units+decoys), UnitCount: units, Decoys: decoys}
	note := blipNote(sh, others, what)
	reading := ""
	if sc != nil {
		for _, m := range sc.Markers {
			if m.Kind == kind {
				reading = m.Reading
			}
		}
	}
	all, _ := blipReadings(sys, reading, note)
	return note, all
}

// otherFaces counts the faces of a blip kind that are not numbered (the
// dummies, "D") and says what they are.
func otherFaces(sys *catalog.System, mk *catalog.Marker) (int, string) {
	n := len(mk.Labels)
	var what []string
	for _, l := range mk.Labels {
		what = append(what, "“"+l+"”")
	}
	for _, f := range mk.Faces {
		c, err := f.Count.Value(sys, 1)
		if err != nil || c <= 0 {
			continue
		}
		n += c
		w := "“" + f.Label + "”"
		if f.Sub != "" {
			w += " (" + f.Sub + ")"
		}
		what = append(what, w)
	}
	return n, strings.Join(what, ", ")
}

// blipNote says which blips to bring: the numbers of the secret sheet,
// what they are for, and the other faces.
func blipNote(sh *Sheet, others int, what string) string {
	// Where a unit may start in ambush the count is the most the side
	// deploys: a list that places it in ambush deploys fewer (its roster
	// counts them), and the note says so, so the two agree.
	may := len(sh.MayAmbush) > 0
	s := fmt.Sprintf("Numbered 1–%d: the %s that deploy as blips", len(sh.Blips), document.Count(sh.UnitCount, "unit", "units"))
	switch {
	case sh.UnitCount == 1 && may:
		s = fmt.Sprintf("Numbered 1–%d: the unit that may deploy as a blip", len(sh.Blips))
	case sh.UnitCount == 1:
		s = fmt.Sprintf("Numbered 1–%d: the unit that deploys as a blip", len(sh.Blips))
	case may:
		s = fmt.Sprintf("Numbered 1–%d: the %s that may deploy as blips", len(sh.Blips), document.Count(sh.UnitCount, "unit", "units"))
	}
	if sh.Decoys > 0 {
		s += fmt.Sprintf(" and up to %s", document.Count(sh.Decoys, "decoy", "decoys"))
	}
	if may {
		s += "; a unit placed in ambush has no blip and no decoys"
	}
	if others > 0 {
		s += fmt.Sprintf("; %d marked %s", others, what)
	}
	// The backs first: the readings' marks follow the sentence of the
	// numbers and counts they govern.
	return SameBack + s + "."
}

// count is a --count setting.
type count struct {
	kind string
	n    int
}

// markerCounts returns the --count settings that make the marker sheet
// print what the scenario needs, for the kinds the data counts in sets
// (a Dug In or Tow Cable marker; a tripod's damage markers, one set per
// tripod): a set for each the scenario counts. Numbered kinds (the
// blips) follow the secret sheet; a kind of several faces printed once
// (the five pods) prints as its data says.
func markerCounts(sys *catalog.System, sc *catalog.Scenario) []count {
	var out []count
	for _, m := range sc.Markers {
		mk := sys.Marker(m.Kind)
		if mk == nil || m.Count <= 0 {
			continue
		}
		if n, err := mk.Numbered.Value(sys, 0); err != nil || n > 0 {
			continue
		}
		if faces, _ := otherFaces(sys, mk); faces > 1 && !mk.Count.Set {
			continue
		}
		out = append(out, count{m.Kind, m.Count})
	}
	return out
}

// SheetCounts are the sets of each kind a rule set's own marker sheet
// prints, which serves every scenario: as many as the scenario needing
// most asks for in its briefing ("Tow Cable 3"). Kinds no scenario
// counts print as the marker data says.
func SheetCounts(sys *catalog.System) map[string]int {
	out := map[string]int{}
	for i := range sys.Scenarios {
		for _, c := range markerCounts(sys, &sys.Scenarios[i]) {
			out[c.kind] = max(out[c.kind], c.n)
		}
	}
	return out
}
