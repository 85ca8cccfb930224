package sheets

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
)

// The rules notes document, one per rule set: the organiser's companion to
// the reference sheet. It carries every note of the data — misprints kept,
// gaps, ambiguities and how the odds read them, what the rules leave out —
// each under the table or rule of the sheet it touches, with the sheet's
// page, and the ruling the sheet prints for it, if any. Notes about what
// the sheet does not print (scenarios, army lists, markers) follow.

// NotesTemplate is the notes document's template.
const NotesTemplate = "notes.md"

// NotesData is what the notes template executes over.
type NotesData struct {
	Title     string
	System    *catalog.System
	Sheet     string        // the reference sheet's file ("reference-aqotmf.pdf")
	Paper     string        // the paper its pages are counted on ("A4")
	Sections  []NoteSection // notes on the sheet, in its order
	Elsewhere []NoteEntry   // notes about what the sheet does not print
	Notes     int           // notes in all
	Rulings   int           // of which with a ruling
}

// NoteSection is a section of the sheet and the notes touching it.
type NoteSection struct {
	Name  string
	Page  int
	Notes []NoteEntry
}

// NoteEntry is one note of the data.
type NoteEntry struct {
	at     int      // index of its first place on the sheet, in sheet order
	ID     string   // a source note's id; "" for an entry's own note
	Label  string   // the table, row or rule of the sheet (or what it is about, off the sheet)
	Also   []string // other places on the sheet: "Tow cables: Tow Cable … (page 2)"
	Text   string
	Ruling string // what the sheet prints, for a source note with a ruling
}

// NotesTitle is the notes document's title for the rule set.
func NotesTitle(sys *catalog.System) string {
	name := sys.About.Name
	if name == "" {
		name = sys.ID
	}
	return name + " — Rules notes and rulings"
}

// NotesFileName is the notes document's name in the print pack
// ("notes-aqotmf.pdf").
func (s Sheet) NotesFileName(format string) string {
	if format == "" {
		format = PDF
	}
	return "notes-" + s.ID + "." + format
}

// notesData gathers the rule set's notes and where the sheet, set on
// paper, prints what they touch (places, as Places returns them).
func (s Sheet) notesData(cat *catalog.Catalog, paper layout.Paper, places []Place) (NotesData, error) {
	sys := cat.System(s.System)
	if sys == nil {
		return NotesData{}, fmt.Errorf("sheet %s: the data has no system %q", s.ID, s.System)
	}
	if paper.Width == 0 {
		paper = layout.A4
	}
	places = slices.Clone(places)
	slices.SortStableFunc(places, func(a, b Place) int {
		if a.Page != b.Page {
			return a.Page - b.Page
		}
		return a.Line - b.Line
	})
	d := NotesData{Title: NotesTitle(sys), System: sys, Sheet: s.FileName(PDF), Paper: paperName(paper)}
	for _, n := range dataNotes(sys) {
		e := NoteEntry{ID: n.id, Text: n.text, Ruling: n.ruling}
		d.Notes++
		if n.ruling != "" {
			d.Rulings++
		}
		var at []Place
		for _, p := range places {
			mine := p.Note != "" && p.Note == n.id && p.System == sys.ID || p.Note == "" && n.id == "" && p.Entry == n.text
			if mine && !slices.ContainsFunc(at, func(q Place) bool { return q.Where() == p.Where() && q.Page == p.Page }) {
				at = append(at, p)
			}
		}
		if len(at) == 0 || at[0].Page == 0 {
			e.Label = strings.Join(n.about, "; ")
			d.Elsewhere = append(d.Elsewhere, e)
			continue
		}
		first := at[0]
		e.at = slices.IndexFunc(places, func(p Place) bool { return p == first })
		e.Label = first.Label
		if e.Label == "" && n.id == "" {
			e.Label = strings.Join(n.about, "; ")
		}
		for _, p := range at[1:] {
			e.Also = append(e.Also, fmt.Sprintf("%s (page %d)", p.Where(), p.Page))
		}
		d.add(first, e, places)
	}
	return d, nil
}

// add files e under the section of the sheet where it first stands,
// keeping the sections in the sheet's order.
func (d *NotesData) add(at Place, e NoteEntry, places []Place) {
	for i := range d.Sections {
		if sec := &d.Sections[i]; sec.Name == at.Section && sec.Page == at.Page {
			sec.Notes = append(sec.Notes, e)
			slices.SortStableFunc(sec.Notes, func(a, b NoteEntry) int { return a.at - b.at })
			return
		}
	}
	d.Sections = append(d.Sections, NoteSection{Name: at.Section, Page: at.Page, Notes: []NoteEntry{e}})
	order := func(sec NoteSection) int {
		return slices.IndexFunc(places, func(p Place) bool { return p.Section == sec.Name && p.Page == sec.Page })
	}
	slices.SortStableFunc(d.Sections, func(a, b NoteSection) int { return order(a) - order(b) })
}

// paperName is the paper's name as people write it: A4, Letter.
func paperName(p layout.Paper) string {
	if p.Name == "a4" {
		return "A4"
	}
	return strings.ToUpper(p.Name[:1]) + p.Name[1:]
}

// NotesMarkdown executes the notes template (from templatesDir when it
// has one, else the shipped one) for the sheet's rule set, its pages
// counted on paper.
func (s Sheet) NotesMarkdown(cat *catalog.Catalog, templatesDir string, paper layout.Paper) ([]byte, error) {
	places, err := s.Places(cat, templatesDir, paper)
	if err != nil {
		return nil, err
	}
	md, _, err := s.notesMarkdown(cat, templatesDir, paper, places)
	return md, err
}

// notesMarkdown is NotesMarkdown with the sheet's places found, and where
// its lines came from.
func (s Sheet) notesMarkdown(cat *catalog.Catalog, templatesDir string, paper layout.Paper, places []Place) ([]byte, document.Lines, error) {
	d, err := s.notesData(cat, paper, places)
	if err != nil {
		return nil, nil, err
	}
	srcs, err := document.Read(templatesDir, NotesTemplate)
	if err != nil {
		return nil, nil, err
	}
	return document.ExecuteLines(srcs, nil, d, nil)
}

// RenderNotes renders the rule set's rules notes.
func (s Sheet) RenderNotes(cat *catalog.Catalog, o Options) ([]byte, error) {
	places, err := s.Places(cat, o.TemplatesDir, o.Paper)
	if err != nil {
		return nil, err
	}
	return s.renderNotes(cat, o, places)
}

// renderNotes is RenderNotes with the sheet's places found.
func (s Sheet) renderNotes(cat *catalog.Catalog, o Options, places []Place) ([]byte, error) {
	paper := o.Paper
	if paper.Width == 0 {
		paper = layout.A4
	}
	md, lines, err := s.notesMarkdown(cat, o.TemplatesDir, paper, places)
	if err != nil {
		return nil, err
	}
	mo := markdown.Options{
		Paper:    paper,
		Title:    NotesTitle(cat.System(s.System)),
		Stamp:    strings.TrimPrefix(edition(cat, s.System)+" · data "+cat.Version(), " · "),
		Columns:  2,
		BaseSize: 8,
		Margin:   8,
		File:     "rules notes " + s.ID + " (Markdown from " + NotesTemplate + ")",
	}
	out, err := document.Render(md, o.Format, mo)
	return out, lines.Place(err, mo.File)
}
