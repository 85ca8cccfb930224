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

// The rules notes document, one per rule set: the organiser's page. Each
// note of the data once, grouped by the book's sections: the book's words
// (quoted, with the section), what is unclear or misprinted, the ruling
// the pack prints, and where it prints — the reference sheet's page, the
// briefings, rosters and cards.

// NotesTemplate is the notes document's template.
const NotesTemplate = "notes.md"

// NotesData is what the notes template executes over.
type NotesData struct {
	Title   string
	System  *catalog.System
	Book    string      // the book's title ("All Quiet on the Martian Front (quick-start)")
	Edition string      // "rules edition 2026-12"
	Version string      // the data version, for the organiser
	Sheet   string      // the reference sheet's file ("reference-aqotmf.pdf")
	Paper   string      // the paper its pages are counted on ("A4")
	Groups  []NoteGroup // by the book's sections, in the sheet's order
	Notes   int         // notes in all
	Rulings int         // of which with a ruling
}

// NoteGroup is a section of the book and its notes.
type NoteGroup struct {
	Section string
	Notes   []NoteEntry
}

// NoteEntry is one note of the data.
type NoteEntry struct {
	at     [2]int   // page and line of its first place on the sheet; {1<<30} off the sheet
	ID     string   // a source note's id; "" for an entry's own note
	Label  string   // what it is about: the table, row or entry
	Quote  string   // the book's words, where the note quotes them
	Text   string   // what is unclear, and how the pack reads it
	Ruling string   // the ruling the pack prints, for a source note with one
	Where  []string // where it prints: "reference sheet p. 2 (Shooting)", "the briefing"
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

// notesData gathers the rule set's notes, each once, by the book's
// sections, with where the sheet, set on paper, prints what they touch
// (places, as Places returns them).
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
	d := NotesData{Title: NotesTitle(sys), System: sys, Book: sys.BookTitle(), Edition: sys.Edition(), Version: cat.Version(),
		Sheet: s.FileName(PDF), Paper: paperName(paper)}
	const off = 1 << 30
	for _, n := range dataNotes(sys) {
		e := NoteEntry{ID: n.id, Quote: n.quote, Text: n.text, Ruling: n.ruling, at: [2]int{off, 0}}
		d.Notes++
		if n.ruling != "" {
			d.Rulings++
		}
		var at []Place
		for _, p := range places {
			mine := p.Note != "" && p.Note == n.id && p.System == sys.ID || p.Note == "" && n.id == "" && p.Entry == n.text
			if mine && p.Page > 0 && !slices.ContainsFunc(at, func(q Place) bool { return q.Where() == p.Where() && q.Page == p.Page }) {
				at = append(at, p)
			}
		}
		section := n.section
		if len(at) > 0 {
			e.at = [2]int{at[0].Page, at[0].Line}
			e.Label = at[0].Label
			if section == "" {
				section = at[0].Section
			}
		}
		if e.Label == "" || n.id == "" {
			e.Label = strings.Join(n.about, "; ")
		}
		if strings.EqualFold(e.Label, section) {
			e.Label = ""
		}
		for _, p := range at {
			e.Where = append(e.Where, fmt.Sprintf("reference sheet p. %d (%s)", p.Page, p.Where()))
		}
		e.Where = append(e.Where, n.elsewhere...)
		if section == "" {
			section = "General"
		}
		d.add(section, e)
	}
	// Sections in the order the sheet first prints them (it follows the
	// book), those off the sheet after, each section's notes likewise.
	first := func(g NoteGroup) [2]int { return g.Notes[0].at }
	for i := range d.Groups {
		slices.SortStableFunc(d.Groups[i].Notes, func(a, b NoteEntry) int { return cmpAt(a.at, b.at) })
	}
	slices.SortStableFunc(d.Groups, func(a, b NoteGroup) int { return cmpAt(first(a), first(b)) })
	return d, nil
}

func cmpAt(a, b [2]int) int {
	if a[0] != b[0] {
		return a[0] - b[0]
	}
	return a[1] - b[1]
}

// add files e under its section.
func (d *NotesData) add(section string, e NoteEntry) {
	for i := range d.Groups {
		if d.Groups[i].Section == section {
			d.Groups[i].Notes = append(d.Groups[i].Notes, e)
			return
		}
	}
	d.Groups = append(d.Groups, NoteGroup{Section: section, Notes: []NoteEntry{e}})
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
		Stamp:    strings.TrimPrefix(edition(cat, s.System)+" · data "+cat.Version(), " · "), // the organiser's: the data version too
		Columns:  2,
		BaseSize: 8,
		Margin:   8,
		File:     "rules notes " + s.ID + " (Markdown from " + NotesTemplate + ")",
		Decode:   document.DecodeTOML,
	}
	return lines.Render(md, o.Format, mo)
}
