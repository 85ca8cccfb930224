// Package pack is the print pack, defined once: which documents it holds,
// their file names and order, which print double-sided, and how they are
// rendered side by side on a paper. 'playaid build' writes it, the web
// app hands out its documents one by one or as one zip, and the game
// night bundle (gamenight.go) gathers a scenario's share of it.
package pack

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/markers"
	"github.com/playaid/playaid/refcards"
	"github.com/playaid/playaid/sheets"
)

// Kind is what a document of the pack is.
type Kind string

const (
	Army      Kind = "army"      // a list's roster and unit cards
	Briefing  Kind = "briefing"  // a scenario's briefing
	Markers   Kind = "markers"   // a rule set's markers, templates and range sticks
	Blips     Kind = "blips"     // a scenario's blips, with their backs
	Reference Kind = "reference" // a rule set's quick-reference sheet
	Notes     Kind = "notes"     // a rule set's rules notes, for the organiser
	Cards     Kind = "cards"     // a rule set's reference cards, with their backs
)

// Doc is one document: its file name, what it is, and how to make it.
type Doc struct {
	Name     string // the file: "reference-aqotmf.pdf"
	Kind     Kind
	Part     string            // what its errors are part of: "reference sheets"
	Duplex   bool              // it has backs: print double-sided, flipping on the long edge
	System   *catalog.System   // its rule set; nil for a document made by Func
	Scenario *catalog.Scenario // a briefing's or blips' scenario
	List     *army.Report      // an army's list
	Kinds    []string          // the marker kinds a markers or blips file prints
	Sheet    string            // a reference sheet's or rules notes' id (sheets.Lookup)
	Deck     string            // reference cards' id (refcards.Lookup)
	run      int               // when it starts in a Render, lower first
	// render makes it on p, in r, recording in m where the readings'
	// marks land.
	render func(p layout.Paper, r *run, m *document.Marks) ([]byte, error)
	marks  *markers.Options  // a marker or blips file's options (Fold)
	wrap   func(error) error // where a marker file's error is (Fold)
}

// Render makes the document on paper p.
func (d Doc) Render(p layout.Paper) ([]byte, error) {
	r := newRun()
	return d.render(p, r, r.marks(d))
}

// Func is a document outside the pack, made by f: a club's own list, or a
// test's stand-in.
func Func(name, part string, f func(p layout.Paper) ([]byte, error)) Doc {
	return Doc{Name: name, Part: part, render: func(p layout.Paper, _ *run, _ *document.Marks) ([]byte, error) { return f(p) }}
}

// Via is the document made through f, which is given the document
// itself: a cache in front of its rendering.
func (d Doc) Via(f func(d Doc, p layout.Paper) ([]byte, error)) Doc {
	orig := d
	d.render = func(p layout.Paper, _ *run, _ *document.Marks) ([]byte, error) { return f(orig, p) }
	return d
}

// Options are what a club changes in the documents.
type Options struct {
	Templates string // a folder of templates overriding the shipped ones, or ""
	// Odds, when set, hands out the odds tables of the catalogue for every
	// rendering (those the data's check built: rules.CheckWordsWith);
	// else each Render computes its own, once.
	Odds *document.Odds
}

// part is one kind of the pack's documents, listed together: its name
// (what its errors are part of), how to list them, and when they start.
type part struct {
	name string
	list func(c *catalog.Catalog, o Options) ([]Doc, error)
	// run is when its documents start, lower first: the parts whose
	// documents take longest go first, so that short ones are left to
	// fill the cores at the end. (The files keep the parts' order.)
	run int
}

// parts are the print pack, in the order of its files.
var parts []part

// The parts are set in init: the rules notes make the pack's other
// documents (run.players), which a variable's initialiser may not name.
func init() {
	parts = []part{
		{"army rosters", armies, 3},
		{"briefings", briefings, 0},
		{"markers", markerDocs, 4},
		{"reference sheets", referenceSheets, 1},
		{"rules notes", rulesNotes, 1},
		{"reference cards", cardDecks, 2},
	}
}

// Parts names the pack's parts, in the order of their files.
func Parts() []string {
	var out []string
	for _, p := range parts {
		out = append(out, p.name)
	}
	return out
}

// Pack is the print pack of a catalogue: its documents in order.
type Pack struct {
	Docs []Doc
	// Err is what kept documents off the list; each part that could not
	// list its documents has one in their place that fails with it.
	Err error

	cat *catalog.Catalog // the catalogue it is the pack of
	opt Options          // how it was asked for
}

// New lists the print pack of the catalogue. Listing is quick: the work
// is in rendering.
func New(cat *catalog.Catalog, o Options) *Pack {
	pk := &Pack{cat: cat, opt: o}
	var errs []error
	for _, pt := range parts {
		docs, err := pt.list(cat, o)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", pt.name, err))
			docs = []Doc{{Part: pt.name, render: func(layout.Paper, *run, *document.Marks) ([]byte, error) { return nil, err }}}
		}
		for _, d := range docs {
			d.Part, d.run = pt.name, pt.run
			// A document of the pack's own says so in the run that made
			// it: its marks are in the run's record.
			inner, name := d.render, d.Name
			d.render = func(p layout.Paper, r *run, m *document.Marks) ([]byte, error) {
				r.from(pk)
				b, err := inner(p, r, m)
				if err == nil {
					r.madeDoc(name)
				}
				return b, err
			}
			pk.Docs = append(pk.Docs, d)
		}
	}
	pk.Err = errors.Join(errs...)
	return pk
}

// Doc finds a document of the pack by its file name.
func (pk *Pack) Doc(name string) (Doc, bool) {
	for _, d := range pk.Docs {
		if d.Name == name && d.render != nil {
			return d, true
		}
	}
	return Doc{}, false
}

// Find finds the document of a kind for a rule set, and for blips and
// briefings a scenario.
func (pk *Pack) Find(k Kind, sys *catalog.System, sc *catalog.Scenario) (Doc, bool) {
	for _, d := range pk.Docs {
		if d.Kind == k && d.System == sys && (sc == nil || d.Scenario == sc) {
			return d, true
		}
	}
	return Doc{}, false
}

// File is one rendered document.
type File struct {
	Name string
	Data []byte
}

// run is one Render's shared work: each reference sheet is laid out once
// for the sheet and the rules notes that cite its pages, each odds table
// is computed once for the sheets and the cards that print it, and the
// player documents record where the readings' marks land, for the rules
// notes to say (see players).
type run struct {
	mu   sync.Mutex
	laid map[string]func() (*sheets.Laid, error)
	// need counts, by sheet, the documents of the run still to ask for
	// its layout (none known: kept to the end of the run). The last lets
	// go of it: a sheet's layout is a few megabytes of the run's peak.
	need    map[string]int
	odds    *document.Odds
	printed document.Printed
	made    map[string]bool // the player documents made in the run, by file
	pack    *Pack           // the pack the run's documents are listed in (the first's)
	fill    sync.Once       // the player documents the run had not made, made for the rules notes
	fillErr error
}

func newRun() *run {
	return &run{laid: map[string]func() (*sheets.Laid, error){}, need: map[string]int{}, odds: document.NewOdds(), made: map[string]bool{}}
}

// oddsFor is where the documents of the run get their odds tables.
func (r *run) oddsFor(o Options) *document.Odds {
	if o.Odds != nil {
		return o.Odds
	}
	return r.odds
}

// marks records the marks d prints, under its name in the organiser's
// words.
func (r *run) marks(d Doc) *document.Marks {
	if d.Kind == Notes || d.Kind == "" {
		return nil
	}
	return r.printed.In(slices.Index(kindOrder, d.Kind), d.Name, docLabel(d))
}

// kindOrder is the order the rules notes tell the documents a reading
// prints on in: the sheet and cards a player reads first.
var kindOrder = []Kind{Reference, Cards, Briefing, Blips, Markers, Army}

// docLabel is what the organiser calls a document: "the AQotMF
// reference sheet", "the briefing of Scenario 1: …", "the roster and unit
// cards of Company C".
func docLabel(d Doc) string {
	short := ""
	if d.System != nil {
		short = d.System.About.Short
		if short == "" {
			short = d.System.About.Name
		}
		short += " "
	}
	switch d.Kind {
	case Reference:
		return "the " + short + "reference sheet"
	case Cards:
		return "the " + short + "reference cards"
	case Markers:
		return "the " + short + "marker sheet"
	case Briefing:
		return "the briefing of " + d.Scenario.Name
	case Blips:
		if d.Scenario != nil {
			return "the blips of " + d.Scenario.Name
		}
	case Army:
		if d.List != nil && d.List.List != nil {
			return "the roster of " + army.ListName(d.List.List)
		}
	}
	return d.Name
}

// from notes that the run makes a document of pk.
func (r *run) from(pk *Pack) {
	r.mu.Lock()
	if r.pack == nil {
		r.pack = pk
	}
	r.mu.Unlock()
}

// madeDoc notes that the pack's document with the file name was made in
// the run.
func (r *run) madeDoc(name string) {
	r.mu.Lock()
	r.made[name] = true
	r.mu.Unlock()
}

// players makes, once in the run, the player documents of the pack it has
// not made, so that printed tells where every reading's mark landed: the
// rules notes say where each ruling prints from it, whether they are made
// with the whole pack (which makes them last) or alone.
func (r *run) players(p layout.Paper, cat *catalog.Catalog, o Options) (*document.Printed, error) {
	r.fill.Do(func() {
		r.mu.Lock()
		pk := r.pack
		r.mu.Unlock()
		if pk == nil || pk.cat != cat || pk.opt != o {
			pk = New(cat, o) // listed again only when the run has not listed it
		}
		for _, d := range pk.Docs {
			r.mu.Lock()
			skip := d.Kind == Notes || d.render == nil || r.made[d.Name]
			r.mu.Unlock()
			if skip {
				continue
			}
			if _, err := d.render(p, r, r.marks(d)); err != nil {
				r.fillErr = err
				return
			}
		}
	})
	return &r.printed, r.fillErr
}

// lay lays out the sheet on p, once in the run.
func (r *run) lay(s sheets.Sheet, cat *catalog.Catalog, o Options, p layout.Paper) (*sheets.Laid, error) {
	r.mu.Lock()
	f, ok := r.laid[s.ID]
	if !ok {
		f = sync.OnceValues(func() (*sheets.Laid, error) {
			return s.Lay(cat, sheets.Options{Paper: p, TemplatesDir: o.Templates, Odds: r.oddsFor(o)})
		})
		r.laid[s.ID] = f
	}
	if n, counted := r.need[s.ID]; counted {
		if n <= 1 {
			delete(r.laid, s.ID) // the last to ask
		}
		r.need[s.ID] = n - 1
	}
	r.mu.Unlock()
	return f()
}

// drawn tells the run that the sheet's own document is drawn: for the
// rules notes still to come it keeps what they read of the sheet
// (Laid.ForNotes), not the layout, a few megabytes of the run's peak
// held while every other document is made.
func (r *run) drawn(id string, l *sheets.Laid) {
	r.mu.Lock()
	if _, kept := r.laid[id]; kept {
		lite := l.ForNotes()
		r.laid[id] = func() (*sheets.Laid, error) { return lite, nil }
	}
	r.mu.Unlock()
}

// Printed makes the pack's player documents on paper p and tells where
// they printed each reading's mark: what the rules notes say "Prints on"
// from, as when the pack is made whole.
func Printed(cat *catalog.Catalog, o Options, p layout.Paper) (*document.Printed, error) {
	if p.Width == 0 {
		p = layout.A4
	}
	return newRun().players(p, cat, o)
}

// Render renders the documents on paper p (see RenderEach) and returns
// them in the order given, whatever order they start or finish in.
func Render(ctx context.Context, p layout.Paper, docs []Doc) ([]File, error) {
	files := make([]File, len(docs))
	err := RenderEach(ctx, p, docs, func(i int, data []byte) { files[i] = File{Name: docs[i].Name, Data: data} })
	if err != nil {
		return nil, err
	}
	return files, nil
}

// RenderEach renders the documents on paper p, at most GOMAXPROCS at a
// time (more would only raise the peak of memory; fewer would leave a core
// idle), and calls made with each document's place in docs and bytes as
// soon as that document is made, from the goroutine that made it; it keeps
// none: 'playaid build' writes each file while the others are being made,
// and holds only those not yet written. The first error in the documents'
// order wins, so the message does not depend on timing; it names the
// document's part. A cancelled ctx stops the documents not yet started.
func RenderEach(ctx context.Context, p layout.Paper, docs []Doc, made func(i int, data []byte)) error {
	for i, err := range newRun().renderAll(ctx, p, docs, made) {
		if err != nil && docs[i].Part != "" {
			return fmt.Errorf("%s: %w", docs[i].Part, err)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Check renders the documents on paper p as RenderEach does, in one run
// (so the rules notes read the marks the others recorded rather than
// make the whole pack again each), and returns each document's error,
// nil where it was made: 'playaid validate' reports every part's.
func Check(ctx context.Context, p layout.Paper, docs []Doc) []error {
	return newRun().renderAll(ctx, p, docs, func(int, []byte) {})
}

// renderAll is RenderEach giving each document's error, in docs' order;
// r is the run they are made in, new.
func (r *run) renderAll(ctx context.Context, p layout.Paper, docs []Doc, made func(i int, data []byte)) []error {
	order := make([]int, len(docs)) // the documents' places, in the order they start
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return docs[a].run - docs[b].run })
	// The rules notes tell where the others printed each reading: they
	// start when every other document is made.
	order = append(slices.DeleteFunc(slices.Clone(order), func(i int) bool { return docs[i].Kind == Notes }),
		slices.DeleteFunc(order, func(i int) bool { return docs[i].Kind != Notes })...)
	for _, d := range docs {
		if d.Sheet != "" && (d.Kind == Reference || d.Kind == Notes) {
			r.need[d.Sheet]++
		}
	}
	errs := make([]error, len(docs))
	work := func(order []int) {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range min(runtime.GOMAXPROCS(0), len(order)) {
			wg.Go(func() {
				for {
					k := int(next.Add(1) - 1)
					if k >= len(order) {
						return
					}
					i := order[k]
					d := docs[i]
					var data []byte
					if errs[i] = ctx.Err(); errs[i] == nil {
						data, errs[i] = d.render(p, r, r.marks(d))
					}
					if errs[i] == nil {
						made(i, data)
					}
				}
			})
		}
		wg.Wait()
	}
	notes := slices.IndexFunc(order, func(i int) bool { return docs[i].Kind == Notes })
	if notes < 0 {
		notes = len(order)
	}
	work(order[:notes])
	work(order[notes:])
	return errs
}

// armies are the rosters and unit cards of the example lists shipped in
// data/armies/.
func armies(cat *catalog.Catalog, o Options) ([]Doc, error) {
	exs, err := army.Examples(cat)
	if err != nil {
		return nil, err
	}
	var docs []Doc
	for _, ex := range exs {
		docs = append(docs, ListDoc(cat, ArmyFile(ex.Name), ex.Report, o))
	}
	return docs, nil
}

// ArmyFile names the pack's file of a list's roster and unit cards.
func ArmyFile(name string) string { return "army-" + name + ".pdf" }

// ListDoc is a list's roster with its unit cards, as the pack prints the
// example lists: a club's saved list prints the same way.
func ListDoc(cat *catalog.Catalog, name string, r *army.Report, o Options) Doc {
	return Doc{Name: name, Kind: Army, System: r.System, List: r, render: func(p layout.Paper, _ *run, m *document.Marks) ([]byte, error) {
		pdf, err := army.Print(r, cat, army.PrintOptions{Paper: p, Cards: true, Templates: o.Templates, Marks: m})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.List.File, err)
		}
		return pdf, nil
	}}
}

// briefings are every scenario's briefing.
func briefings(cat *catalog.Catalog, o Options) ([]Doc, error) {
	var docs []Doc
	for _, s := range cat.Systems {
		for i := range s.Scenarios {
			sc := &s.Scenarios[i]
			docs = append(docs, Doc{Name: "briefing-" + sc.ID + ".pdf", Kind: Briefing, System: s, Scenario: sc,
				render: func(p layout.Paper, _ *run, m *document.Marks) ([]byte, error) {
					b, err := briefing.New(s, sc, cat.Version())
					if err != nil {
						return nil, diag.At(sc.Pos, err)
					}
					pdf, err := b.PDF(briefing.Options{Paper: p, Templates: o.Templates, Marks: m})
					if err != nil {
						return nil, diag.At(sc.Pos, fmt.Errorf("briefing %s: %w", sc.ID, err))
					}
					return pdf, nil
				}})
		}
	}
	return docs, nil
}

// referenceSheets are the rule sets' quick-reference sheets.
func referenceSheets(cat *catalog.Catalog, o Options) ([]Doc, error) {
	return sheetDocs(cat, o, Reference, sheets.Sheet.FileName, func(l *sheets.Laid, _ layout.Paper, _ *run, m *document.Marks) ([]byte, error) {
		return l.PDF(m)
	}), nil
}

// rulesNotes are the rule sets' rules notes, which cite the pages of
// their sheets: in one Render, each sheet is laid out once for both.
func rulesNotes(cat *catalog.Catalog, o Options) ([]Doc, error) {
	return sheetDocs(cat, o, Notes, sheets.Sheet.NotesFileName, func(l *sheets.Laid, p layout.Paper, r *run, _ *document.Marks) ([]byte, error) {
		printed, err := r.players(p, cat, o)
		if err != nil {
			return nil, err
		}
		return l.NotesPDF(printed)
	}), nil
}

func sheetDocs(cat *catalog.Catalog, o Options, k Kind, name func(sheets.Sheet, string) string, draw func(*sheets.Laid, layout.Paper, *run, *document.Marks) ([]byte, error)) []Doc {
	var docs []Doc
	for _, s := range sheets.All(cat) {
		docs = append(docs, Doc{Name: name(s, document.PDF), Kind: k, System: cat.System(s.System), Sheet: s.ID,
			render: func(p layout.Paper, r *run, m *document.Marks) ([]byte, error) {
				l, err := r.lay(s, cat, o, p)
				var b []byte
				if err == nil {
					b, err = draw(l, p, r, m)
				}
				if err == nil && k == Reference {
					r.drawn(s.ID, l)
				}
				if err != nil {
					return nil, fmt.Errorf("%s: %w", s.ID, err)
				}
				return b, nil
			}})
	}
	return docs
}

// cardDecks are the rule sets' reference cards, backs for a long-edge
// flip.
func cardDecks(cat *catalog.Catalog, o Options) ([]Doc, error) {
	var docs []Doc
	for _, dk := range refcards.All(cat) {
		docs = append(docs, Doc{Name: dk.FileName(document.PDF), Kind: Cards, Duplex: true, System: cat.System(dk.System), Deck: dk.ID,
			render: func(p layout.Paper, r *run, m *document.Marks) ([]byte, error) {
				pdf, err := dk.Render(cat, refcards.Options{Paper: p, TemplatesDir: o.Templates, Odds: r.oddsFor(o), Marks: m})
				if err != nil {
					return nil, fmt.Errorf("%s: %w", dk.ID, err)
				}
				return pdf, nil
			}})
	}
	return docs, nil
}
