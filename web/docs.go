package web

// This file is the web's one door to playaid's document generators: every
// PDF and HTML document the server hands out is made here, with the same
// calls and options the CLI uses, so that a download is the same bytes
// 'playaid build' writes in its print pack, and 'reference', 'notes',
// 'briefing', 'markers' and 'army print' write one by one. When the
// generators' entry points move, only this file follows.

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/pack"
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
	packOnce  sync.Once
	pack      *pack.Pack
}

func (d *docs) key(parts ...any) string { return fmt.Sprint(parts...) }

// sheet is a quick-reference sheet the home page offers.
type sheet struct {
	ID, System string
}

// referenceSheets lists the quick-reference sheets, in print-pack order.
func referenceSheets(cat *catalog.Catalog) []sheet {
	var out []sheet
	for _, s := range sheets.All(cat) {
		out = append(out, sheet{ID: s.ID, System: s.System})
	}
	return out
}

// referenceFile is the print pack's name of the sheet id in a format
// ("reference-aqotmf.pdf"); false when there is no such sheet.
func referenceFile(cat *catalog.Catalog, id, format string) (string, bool) {
	s, err := sheets.Lookup(cat, id)
	if err != nil {
		return "", false
	}
	return s.FileName(format), true
}

// notesFile is the print pack's name of the rules notes of sheet id in a
// format ("notes-aqotmf.pdf"); false when there is no such sheet.
func notesFile(cat *catalog.Catalog, id, format string) (string, bool) {
	s, err := sheets.Lookup(cat, id)
	if err != nil {
		return "", false
	}
	return s.NotesFileName(format), true
}

// reference renders the quick-reference sheet id ('playaid reference
// --system id --format f').
func (d *docs) reference(id, format string, p layout.Paper) ([]byte, error) {
	s, err := sheets.Lookup(d.cat, id)
	if err != nil {
		return nil, errNoDoc
	}
	if format == fmtPDF {
		if doc, ok := d.plan().Doc(s.FileName(format)); ok {
			return d.packDoc(doc, p)
		}
	}
	return d.cache.get(d.key("reference|", id, "|", format, "|", p.Name), func() ([]byte, error) {
		return s.Render(d.cat, sheets.Options{Paper: p, Format: format, TemplatesDir: d.templates})
	})
}

// briefingDoc renders a scenario's briefing ('playaid briefing ID').
func (d *docs) briefingDoc(sys *catalog.System, sc *catalog.Scenario, format string, p layout.Paper) ([]byte, error) {
	if doc, ok := d.plan().Find(pack.Briefing, sys, sc); ok && format == fmtPDF {
		return d.packDoc(doc, p)
	}
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

// plan is the print pack (package pack): which documents there are, by
// name, worked out once, the first time a page asks. What kept part of
// it off the list is its Err; the rest still serves.
func (d *docs) plan() *pack.Pack {
	d.packOnce.Do(func() { d.pack = pack.New(d.cat, pack.Options{Templates: d.templates}) })
	return d.pack
}

// packDoc renders a document of the print pack, the bytes 'playaid
// build' writes.
func (d *docs) packDoc(doc pack.Doc, p layout.Paper) ([]byte, error) {
	return d.cache.get(d.key("pack|", doc.Name, "|", p.Name), func() ([]byte, error) { return doc.Render(p) })
}

// notes renders the organiser's rules notes of the sheet id ('playaid
// notes --system id --format f'). Its HTML cites the pages of the sheet
// on the paper, so both formats depend on it.
func (d *docs) notes(id, format string, p layout.Paper) ([]byte, error) {
	s, err := sheets.Lookup(d.cat, id)
	if err != nil {
		return nil, errNoDoc
	}
	if format == fmtPDF {
		if doc, ok := d.plan().Doc(s.NotesFileName(format)); ok {
			return d.packDoc(doc, p)
		}
	}
	return d.cache.get(d.key("notes|", id, "|", format, "|", p.Name), func() ([]byte, error) {
		printed, err := pack.Printed(d.cat, pack.Options{Templates: d.templates}, p)
		if err != nil {
			return nil, err
		}
		return s.RenderNotes(d.cat, sheets.Options{Paper: p, Format: format, TemplatesDir: d.templates, Printed: printed})
	})
}

// cardWays are the ways reference cards print besides duplex sheets, as
// the ends of their file names: fold-over sheets ('--backs fold') and a
// print shop's deck with 3 mm bleed ('--print-shop').
var cardWays = []string{"-fold", "-print-shop"}

// cards renders the reference cards of deck id, backs for a long-edge
// flip ('playaid reference --cards --system id'), or printed the way way
// says (one of cardWays).
func (d *docs) cards(id, way string, p layout.Paper) ([]byte, error) {
	dk, err := refcards.Lookup(d.cat, id)
	if err != nil {
		return nil, errNoDoc
	}
	if way == "" {
		doc, ok := d.plan().Doc(dk.FileName(fmtPDF))
		if !ok {
			return nil, errNoDoc
		}
		return d.packDoc(doc, p)
	}
	o := refcards.Options{Paper: p, TemplatesDir: d.templates}
	switch way {
	case "-fold":
		o.Backs = cards.Fold
	case "-print-shop":
		o.Shop = &cards.Shop{}
		p = layout.Paper{} // one card to a page whatever the paper
	}
	return d.cache.get(d.key("cards|", id, "|", way, "|", p.Name), func() ([]byte, error) {
		return dk.Render(d.cat, o)
	})
}

// cardImages is a print shop's images of deck id, one PNG a card face,
// zipped ('playaid reference --cards --system id --print-shop --png DIR').
func (d *docs) cardImages(id string) ([]byte, error) {
	pdf, err := d.cards(id, "-print-shop", layout.Paper{})
	if err != nil {
		return nil, err
	}
	return d.cache.get(d.key("card-images|", id), func() ([]byte, error) {
		imgs, err := cards.Shop{}.Images(pdf)
		if err != nil {
			return nil, err
		}
		files := make([]pack.File, len(imgs))
		for i, im := range imgs {
			files[i] = pack.File{Name: im.Name, Data: im.PNG}
		}
		return pack.Zip(files)
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

// listMarkers renders exactly the blips and decoys a list deploys, with
// their backs ('playaid markers --army FILE --backs long'; pack.ListBlipsDoc),
// or when fold is set beside them on a fold-over sheet ('--backs fold').
func (d *docs) listMarkers(name string, src []byte, r *army.Report, fold bool, p layout.Paper) ([]byte, error) {
	doc, ok := pack.ListBlipsDoc(d.cat, "markers-"+name+".pdf", r)
	if ok && fold {
		doc, ok = doc.Fold()
	}
	if !ok {
		return nil, errNoDoc
	}
	return d.cache.get(d.key("army-markers|", hashOf(src), "|", fold, "|", p.Name), func() ([]byte, error) { return doc.Render(p) })
}

// packZip is the whole print pack as one zip on paper p: the files
// 'playaid build' writes, in its order.
func (d *docs) packZip(ctx context.Context, p layout.Paper) ([]byte, error) {
	return d.cache.get(d.key("pack.zip|", p.Name), func() ([]byte, error) {
		var docs []pack.Doc
		for _, doc := range d.plan().Docs {
			docs = append(docs, doc.Via(d.packDoc))
		}
		files, err := pack.Render(ctx, p, docs)
		if err != nil {
			return nil, err
		}
		return pack.Zip(files)
	})
}

// blips is how many blips and decoys a checked list deploys; 0 when it
// deploys none (not hidden, its rules without hidden deployment, or
// invalid).
func blips(r *army.Report) (blips, decoys int) {
	if r == nil || r.System == nil || !r.Valid() {
		return 0, 0
	}
	return army.Blips(r.List, r.System)
}

// noBlips says why a checked list deploys no blips, in the player's
// words: a sentence without its full stop.
func noBlips(r *army.Report) string {
	if r == nil || r.System == nil || !r.Valid() {
		return "Only a valid list deploys them, and its page shows what is wrong with it"
	}
	if why := army.NoBlips(r.List, r.System); why != "" {
		return playerWords(why)
	}
	return "None of its units deploys as a blip"
}
