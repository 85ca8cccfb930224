package web

// This file is the web's one door to playaid's document generators: every
// PDF and HTML document the server hands out is made here, with the same
// calls and options the CLI uses, so that a download is the same bytes
// 'playaid build', 'reference', 'briefing', 'markers' and 'army print'
// write. When the generators' entry points move, only this file follows.

import (
	"errors"
	"fmt"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/markers"
	"github.com/playaid/playaid/sheets"
)

// Document formats the web hands out.
const (
	fmtPDF  = "pdf"
	fmtHTML = "html"
)

// docs renders documents and keeps them: they are deterministic, so a key
// naming every input names the bytes.
type docs struct {
	cat       *catalog.Catalog
	version   string // the catalogue's hash, printed on sheets
	templates string // --templates, or ""
	cache     *cache
}

func (d *docs) key(parts ...any) string { return fmt.Sprint(parts...) }

// sheet is a quick-reference sheet the home page offers.
type sheet struct {
	ID, System string
}

// referenceSheets lists the quick-reference sheets, in print-pack order.
func referenceSheets() []sheet {
	var out []sheet
	for _, s := range sheets.All() {
		out = append(out, sheet{ID: s.ID, System: s.System})
	}
	return out
}

// referenceFile is the print pack's name of the sheet id in a format
// ("reference-aqotmf.pdf"); false when there is no such sheet.
func referenceFile(id, format string) (string, bool) {
	s, err := sheets.Lookup(id)
	if err != nil {
		return "", false
	}
	return s.FileName(format), true
}

// reference renders the quick-reference sheet id ('playaid reference
// --system id --format f').
func (d *docs) reference(id, format string, p layout.Paper) ([]byte, error) {
	s, err := sheets.Lookup(id)
	if err != nil {
		return nil, errNoDoc
	}
	return d.cache.get(d.key("reference|", id, "|", format, "|", p.Name), func() ([]byte, error) {
		return s.Render(d.cat, sheets.Options{Paper: p, Format: format, TemplatesDir: d.templates})
	})
}

// briefingDoc renders a scenario's briefing ('playaid briefing ID').
func (d *docs) briefingDoc(sys *catalog.System, sc *catalog.Scenario, format string, p layout.Paper) ([]byte, error) {
	return d.cache.get(d.key("briefing|", sys.ID, "|", sc.ID, "|", format, "|", p.Name), func() ([]byte, error) {
		b, err := briefing.New(sys, sc, d.version)
		if err != nil {
			return nil, err
		}
		opt := briefing.Options{Paper: p, Templates: d.templates}
		if format == fmtHTML {
			return b.HTML(opt)
		}
		return b.PDF(opt)
	})
}

// markerSheet renders a rule set's full marker set, as the print pack's
// markers-ID.pdf.
func (d *docs) markerSheet(sys *catalog.System, p layout.Paper) ([]byte, error) {
	if len(sys.Markers) == 0 {
		return nil, errNoDoc
	}
	return d.cache.get(d.key("markers|", sys.ID, "|", p.Name), func() ([]byte, error) {
		return markers.Render([]*catalog.System{sys}, markers.Options{Paper: p, Stamp: "data " + d.version})
	})
}

// rulesNotes is the hook for the organiser's rules-notes document of a
// rule set (the sources, their gaps and the data's notes), which playaid
// does not make yet. When it does, render it here and return true from
// hasRulesNotes: the home page then offers it next to the reference sheet.
func (d *docs) rulesNotes(sys *catalog.System, format string, p layout.Paper) ([]byte, error) {
	return nil, errNoDoc
}

func (d *docs) hasRulesNotes(sys *catalog.System) bool { return false }

// errNoDoc is a document that does not exist.
var errNoDoc = errors.New("no such document")

// roster renders a list's roster, with its unit cards when cards is set
// ('playaid army print FILE [--cards]'). file is the name the roster
// prints; src the list's bytes, whose hash it prints too.
func (d *docs) roster(file string, src []byte, r *army.Report, cards bool, p layout.Paper) ([]byte, error) {
	return d.cache.get(d.key("roster|", file, "|", hashOf(src), "|", cards, "|", p.Name), func() ([]byte, error) {
		return army.Print(r, d.cat, army.PrintOptions{Paper: p, Cards: cards, Templates: d.templates})
	})
}

// blips is how many blips and decoys a checked list deploys; 0 when it
// deploys none (not hidden, not AQotMF, or invalid).
func blips(r *army.Report) (blips, decoys int) {
	if r == nil || r.System == nil || !r.Valid() {
		return 0, 0
	}
	return army.Blips(r.List, r.System)
}

// listMarkers renders exactly the blips and decoys a list deploys
// ('playaid markers --army FILE').
func (d *docs) listMarkers(src []byte, r *army.Report, p layout.Paper) ([]byte, error) {
	n, decoys := blips(r)
	if n == 0 {
		return nil, errNoDoc
	}
	return d.cache.get(d.key("army-markers|", hashOf(src), "|", p.Name), func() ([]byte, error) {
		return markers.Render([]*catalog.System{r.System}, markers.Options{
			Paper:  p,
			Only:   []string{"blips"},
			Counts: map[string]int{"blips": n},
			Decoys: decoys,
			Stamp:  "data " + d.version,
		})
	})
}
