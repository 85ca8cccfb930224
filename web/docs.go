package web

// This file is the web's one door to playaid's document generators: every
// PDF and HTML document the server hands out is made here, with the same
// calls and options the CLI uses, so that a download is the same bytes
// 'playaid build' writes in its print pack, and 'reference', 'notes',
// 'briefing', 'markers' and 'army print' write one by one. When the
// generators' entry points move, only this file follows.

import (
	"errors"
	"fmt"
	"sync"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/markers"
	"github.com/playaid/playaid/refcards"
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
	pack      pack
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

// notesFile is the print pack's name of the rules notes of sheet id in a
// format ("notes-aqotmf.pdf"); false when there is no such sheet.
func notesFile(id, format string) (string, bool) {
	s, err := sheets.Lookup(id)
	if err != nil {
		return "", false
	}
	return s.NotesFileName(format), true
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

// pack is the part of the print pack that the catalogue alone decides —
// which marker files there are, the ready-made lists — worked out once,
// the first time a page asks.
type pack struct {
	once     sync.Once
	markers  map[string][]briefing.MarkerFile // by rule set id
	examples []army.Example
	err      error // what stopped it; the rest of the pack still serves
}

func (d *docs) plan() *pack {
	p := &d.pack
	p.once.Do(func() {
		p.markers = map[string][]briefing.MarkerFile{}
		var errs []error
		for _, sys := range d.cat.Systems {
			mfs, err := briefing.PackMarkers(sys, d.version)
			errs = append(errs, err)
			p.markers[sys.ID] = mfs
		}
		ex, err := army.Examples(d.cat)
		p.examples = ex
		p.err = errors.Join(append(errs, err)...)
	})
	return p
}

// markerFile finds the print pack's marker file of a rule set by name.
func (d *docs) markerFile(sysID, name string) (briefing.MarkerFile, bool) {
	for _, f := range d.plan().markers[sysID] {
		if f.Name == name {
			return f, true
		}
	}
	return briefing.MarkerFile{}, false
}

// markerSheet renders a print-pack marker file: a rule set's
// markers-ID.pdf or a scenario's blips-ID.pdf, as 'playaid build' writes
// them.
func (d *docs) markerSheet(f briefing.MarkerFile, p layout.Paper) ([]byte, error) {
	return d.cache.get(d.key("markers|", f.Name, "|", p.Name), func() ([]byte, error) { return f.Render(p) })
}

// example finds a ready-made list of the print pack by its file name
// ("army-morale-wagon-humans.pdf").
func (d *docs) example(file string) (army.Example, bool) {
	for _, ex := range d.plan().examples {
		if ex.File == file {
			return ex, true
		}
	}
	return army.Example{}, false
}

// exampleDoc renders a ready-made list's roster and unit cards, as the
// print pack's army-NAME.pdf.
func (d *docs) exampleDoc(ex army.Example, p layout.Paper) ([]byte, error) {
	return d.cache.get(d.key("example|", ex.File, "|", p.Name), func() ([]byte, error) {
		return ex.Print(d.cat, army.PrintOptions{Paper: p, Templates: d.templates})
	})
}

// notes renders the organiser's rules notes of the sheet id ('playaid
// notes --system id --format f'). Its HTML cites the pages of the sheet
// on the paper, so both formats depend on it.
func (d *docs) notes(id, format string, p layout.Paper) ([]byte, error) {
	s, err := sheets.Lookup(id)
	if err != nil {
		return nil, errNoDoc
	}
	return d.cache.get(d.key("notes|", id, "|", format, "|", p.Name), func() ([]byte, error) {
		return s.RenderNotes(d.cat, sheets.Options{Paper: p, Format: format, TemplatesDir: d.templates})
	})
}

// cards renders the reference cards of deck id, backs for a long-edge
// flip ('playaid reference --cards --system id').
func (d *docs) cards(id string, p layout.Paper) ([]byte, error) {
	dk, err := refcards.Lookup(id)
	if err != nil {
		return nil, errNoDoc
	}
	return d.cache.get(d.key("cards|", id, "|", p.Name), func() ([]byte, error) {
		return dk.Render(d.cat, refcards.Options{Paper: p, TemplatesDir: d.templates})
	})
}

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
			Stamp:  r.System.Edition(),
		})
	})
}
