// Package sheets makes the quick-reference sheets: it executes a sheet's
// Markdown template (templates/<sheet>.md, or a club's copy) over the
// catalogue and the odds engine's tables, and renders the Markdown to PDF
// or HTML with layout/markdown, or leaves it as Markdown.
//
// A template is Markdown with text/template actions. Besides the data (see
// Data) it gets helper functions (see funcs.go): `table "id"` prints an
// engine table as a GFM table with percentages, `printed "id"` a table as
// the seed prints it, `chart "id"` draws an engine table as a line chart,
// `note "topic"` adds the source notes touching a topic as footnotes.
package sheets

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/rules"
)

// Sheet is one quick-reference sheet: which rule set, which template, and
// how it is set on the page.
type Sheet struct {
	ID       string  // --system value and output name ("aqotmf")
	System   string  // the catalogue system it prints
	Template string  // its engine's template ("aqotmf.md")
	Own      string  // the rule set's own template, read first from a club's folder ("<id>.md")
	MaxPages int     // sides of paper it must fit, on A4 and Letter
	Columns  int     // text columns
	BaseSize float64 // body text size in points
	Margin   float64 // page margin in mm
}

// All lists the sheets of the catalogue's rule sets, in the order the
// print pack prints them: one for each rule set whose engine has a sheet.
// Its odds tables are its engine's (rules.OddsTables).
func All(cat *catalog.Catalog) []Sheet {
	var out []Sheet
	for _, sys := range rules.RuleSets(cat) {
		e := rules.EngineOf(sys)
		st := e.Sheet
		if st.Template == "" {
			continue
		}
		out = append(out, Sheet{ID: sys.ID, System: sys.ID, Template: st.Template, Own: sys.ID + ".md",
			MaxPages: st.MaxPages, Columns: st.Columns, BaseSize: st.BaseSize, Margin: st.Margin})
	}
	return out
}

// IDs lists the sheets' ids.
func IDs(cat *catalog.Catalog) []string {
	var ids []string
	for _, s := range All(cat) {
		ids = append(ids, s.ID)
	}
	return ids
}

// Lookup returns the sheet with the id.
func Lookup(cat *catalog.Catalog, id string) (Sheet, error) {
	for _, s := range All(cat) {
		if s.ID == id {
			return s, nil
		}
	}
	return Sheet{}, errors.New(catalog.Unknown("reference sheet", id, IDs(cat)))
}

// Data is what a template executes over.
type Data struct {
	Sheet   Sheet
	Catalog *catalog.Catalog
	System  *catalog.System // the sheet's rule set
	Base    *catalog.System // the rule set an add-on adds to (About.AddOnTo), or nil
	Title   string          // the sheet's name, as the header prints it
	Version string          // the data version (catalogue hash)
}

// Title is the sheet's name: the rule set's name and "Quick Reference".
func (s Sheet) title(sys *catalog.System) string {
	name := sys.About.Name
	if name == "" {
		name = sys.ID
	}
	return name + " — Quick Reference"
}

// Markdown executes the sheet's template (from templatesDir when it has
// one of that name, else the shipped one) and returns the Markdown with
// the footnotes of every source note it printed appended.
func (s Sheet) Markdown(cat *catalog.Catalog, templatesDir string) ([]byte, error) {
	md, _, err := s.markdown(cat, templatesDir)
	return md, err
}

func (s Sheet) markdown(cat *catalog.Catalog, templatesDir string) ([]byte, string, error) {
	r, err := s.run(cat, templatesDir, nil)
	return r.md, r.title, err
}

// ran is what a run of the sheet's template made: its Markdown and title,
// the places its notes touch, by line, where its lines came from, and its
// footnotes (the readings whose marks it prints).
type ran struct {
	md     []byte
	title  string
	places []Place
	lines  document.Lines
	notes  *document.Notes
}

// run executes the sheet's template. Its odds tables come from odds (nil:
// computed here).
func (s Sheet) run(cat *catalog.Catalog, templatesDir string, odds *document.Odds) (ran, error) {
	x, md, lines, err := s.execute(cat, templatesDir, odds)
	if err != nil {
		return ran{}, err
	}
	md, places := x.lift(md)
	md = document.OneMarkEach(md) // the anchors between a run's marks are gone
	return ran{md: md, title: s.title(x.sys), places: places, lines: lines, notes: &x.foot}, nil
}

// execute runs the sheet's template: what it ran with (the tables it
// computed), its Markdown and where its lines came from.
func (s Sheet) execute(cat *catalog.Catalog, templatesDir string, odds *document.Odds) (*exec, []byte, document.Lines, error) {
	sys := cat.System(s.System)
	if sys == nil {
		return nil, nil, nil, fmt.Errorf("sheet %s: the data has no system %q", s.ID, s.System)
	}
	x := newExec(s, cat, sys, odds)
	set := s.templates(x, templatesDir)
	srcs, err := document.Read(templatesDir, set.Names...)
	if err != nil {
		return nil, nil, nil, err
	}
	d := Data{Sheet: s, Catalog: cat, System: sys, Title: s.title(sys), Version: cat.Version()}
	if sys.About.AddOnTo != "" {
		d.Base = cat.System(sys.About.AddOnTo)
	}
	md, lines, err := document.ExecuteLines(srcs, set.Funcs, d, &x.foot)
	if err != nil {
		return nil, nil, nil, err
	}
	return x, md, lines, nil
}

// templates are the sheet's template, from templatesDir when it has one
// of the sheet's own, and the functions x gives it.
func (s Sheet) templates(x *exec, templatesDir string) document.Set {
	return document.Set{Names: []string{document.Pick(templatesDir, s.Own, s.Template)}, Funcs: x.engineFuncs(x.funcs())}
}

// Templates are the shipped templates the catalogue's sheets and rules
// notes execute, with their functions (see document.ParseShipped).
func Templates(cat *catalog.Catalog) []document.Set {
	var sets []document.Set
	for _, s := range All(cat) {
		if sys := cat.System(s.System); sys != nil {
			sets = append(sets, s.templates(&exec{sys: sys}, "")) // only the functions' names count
		}
	}
	return append(sets, document.Set{Names: []string{NotesTemplate}})
}

// Places returns where the sheet, rendered on paper, prints what each of
// the data's notes is about — source notes and entries' own notes, in the
// order they stand on the sheet — with the page.
func (s Sheet) Places(cat *catalog.Catalog, templatesDir string, paper layout.Paper) ([]Place, error) {
	l, err := s.Lay(cat, Options{Paper: paper, TemplatesDir: templatesDir})
	if err != nil {
		return nil, err
	}
	return l.places, nil
}

// Laid is a sheet whose template has run and whose Markdown is laid out
// on paper, once, for the two documents of the print pack that need it:
// the sheet itself (PDF) and the rules notes that cite its pages
// (NotesPDF).
type Laid struct {
	sheet  Sheet
	cat    *catalog.Catalog
	o      Options
	layout *markdown.Layout
	places []Place         // in the order they stand in the Markdown, with their pages
	lines  document.Lines  // where the Markdown's lines came from
	file   string          // the Markdown's name in the renderer's messages
	notes  *document.Notes // its footnotes: the readings it marks
}

// Lay runs the sheet's template (from o.TemplatesDir when it has one of
// that name) and lays its Markdown out on o.Paper. o.Format is not used:
// what is laid out prints as PDF.
func (s Sheet) Lay(cat *catalog.Catalog, o Options) (*Laid, error) {
	r, err := s.run(cat, o.TemplatesDir, o.Odds)
	if err != nil {
		return nil, err
	}
	mo := s.options(cat, r.title, o.Paper, o.TemplatesDir)
	l, err := markdown.Measure(r.md, mo)
	if err != nil {
		return nil, r.lines.Place(err, mo.File)
	}
	r.lines.NoteFitted(l.Fitted(), mo.File)
	for i := range r.places {
		r.places[i].Page = l.Page(r.places[i].Line)
	}
	return &Laid{sheet: s, cat: cat, o: o, layout: l, places: r.places, lines: r.lines, file: mo.File, notes: r.notes}, nil
}

// PDF draws the sheet as laid out: what Render makes as PDF. marks
// records where its readings' marks land.
func (l *Laid) PDF(marks *document.Marks) ([]byte, error) {
	out, err := l.layout.PDF()
	if err == nil {
		marks.LaidAt(l.layout, l.notes, l.where)
	}
	return out, l.lines.Place(err, l.file)
}

// where names the place of a reading's mark on a page of the sheet: what
// the sheet prints there that the reading bears on ("Game stats: Mk II
// Baldwin"), else the heading it stands under. A reading marked under two
// headings of a page is named under each: its place under the mark's
// heading first.
func (l *Laid) where(n catalog.Note, page int, heading string) string {
	first := ""
	var under []string // every place under the heading: "Shooting at buildings; Fire"
	for _, p := range l.places {
		if p.Note != n.ID || p.System != n.System || p.Page != page {
			continue
		}
		if w := p.Where(); p.Section == heading && !slices.Contains(under, w) {
			under = append(under, w)
		}
		if first == "" {
			first = p.Where()
		}
	}
	if len(under) > 0 {
		return strings.Join(under, "; ")
	}
	if first != "" {
		return first
	}
	return heading
}

// ForNotes is l as NotesPDF reads it — the sheet, its options and the
// pages of its places — without the layout only PDF draws: what is kept
// of a sheet for rules notes made after it is drawn, a small part of its
// memory (a layout holds the parsed Markdown and every box of its pages).
func (l *Laid) ForNotes() *Laid {
	return &Laid{sheet: l.sheet, cat: l.cat, o: l.o, places: l.places}
}

// NotesPDF renders the rule set's rules notes, citing the sheet's pages
// as laid out and telling where each reading printed from printed: what
// RenderNotes makes as PDF.
func (l *Laid) NotesPDF(printed *document.Printed) ([]byte, error) {
	o := l.o
	o.Format = PDF
	o.Printed = printed
	return l.sheet.renderNotes(l.cat, o, l.places)
}

// options are the renderer's options for the sheet on paper.
func (s Sheet) options(cat *catalog.Catalog, title string, paper layout.Paper, templatesDir string) markdown.Options {
	if paper.Width == 0 {
		paper = layout.A4
	}
	return markdown.Options{
		Paper:    paper,
		Title:    title,
		Stamp:    edition(cat, s.System),
		Columns:  s.Columns,
		BaseSize: s.BaseSize,
		Margin:   s.Margin,
		File:     "reference sheet " + s.ID + " (Markdown from " + document.Pick(templatesDir, s.Own, s.Template) + ")",
		Decode:   document.DecodeTOML,
	}
}

// Formats a sheet can be rendered to: document's.
const (
	PDF      = document.PDF
	HTML     = document.HTML
	Markdown = document.Markdown
)

// Options say how to render a sheet.
type Options struct {
	Paper        layout.Paper
	Format       string // PDF (default), HTML or Markdown
	TemplatesDir string // a club's templates folder, or ""
	// Odds, when set, hands out the odds tables the sheet prints, shared
	// with the other documents of a run (the print pack); nil computes
	// them for the sheet alone.
	Odds *document.Odds
	// Marks, when set, records where the sheet's readings' marks land.
	Marks *document.Marks
	// Printed is where the player documents printed the readings' marks:
	// the rules notes say "Prints on" from it. The rules notes need it.
	Printed *document.Printed
}

// Render executes the sheet's template and renders it.
func (s Sheet) Render(cat *catalog.Catalog, o Options) ([]byte, error) {
	r, err := s.run(cat, o.TemplatesDir, o.Odds)
	if err != nil {
		return nil, err
	}
	mo := s.options(cat, r.title, o.Paper, o.TemplatesDir)
	return r.lines.RenderNoted(r.md, o.Format, mo, r.notes, o.Marks)
}

// FileName is the sheet's name in the print pack for a format
// ("reference-aqotmf.pdf").
func (s Sheet) FileName(format string) string {
	if format == "" {
		format = PDF
	}
	return "reference-" + s.ID + "." + format
}

// RenderAll renders the sheets side by side, one goroutine each (every
// sheet is its own fpdf document, and most of the time goes into fpdf), and
// returns them in order. The first error, by sheet order, wins.
func RenderAll(list []Sheet, cat *catalog.Catalog, o Options) ([][]byte, error) {
	return each(list, func(s Sheet) ([]byte, error) { return s.Render(cat, o) })
}

// RenderNotesAll is RenderAll for the sheets' rules notes.
func RenderNotesAll(list []Sheet, cat *catalog.Catalog, o Options) ([][]byte, error) {
	return each(list, func(s Sheet) ([]byte, error) { return s.RenderNotes(cat, o) })
}

// each runs render for every sheet side by side and returns the results
// in order; the first error, by sheet order, wins.
func each(list []Sheet, render func(Sheet) ([]byte, error)) ([][]byte, error) {
	out := make([][]byte, len(list))
	errs := make([]error, len(list))
	var wg sync.WaitGroup
	for i, s := range list {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = render(s)
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", list[i].ID, err)
		}
	}
	return out, nil
}

// edition is the stamp of the rule set's documents: "rules edition
// 2026-12", or the club's label.
func edition(cat *catalog.Catalog, system string) string {
	if sys := cat.System(system); sys != nil {
		return sys.Edition()
	}
	return ""
}

// Tables runs the sheet's template and returns the odds tables it printed
// by id (rules.OddsTables), in the registry's order (the benchmark and the
// tests use it).
func (s Sheet) Tables(cat *catalog.Catalog) ([]rules.Table, error) {
	x, _, _, err := s.execute(cat, "", nil)
	if err != nil {
		return nil, err
	}
	var out []rules.Table
	for _, o := range x.specs {
		if t, ok := x.tables[o.ID]; ok {
			out = append(out, t)
		}
	}
	return out, nil
}

// TableIDs lists the ids the sheet's template may pass to `table`.
func (s Sheet) TableIDs(cat *catalog.Catalog) []string {
	sys := cat.System(s.System)
	if sys == nil {
		return nil
	}
	return rules.OddsTableIDs(sys)
}
