package sheets

import (
	"errors"
	"fmt"
	"regexp"
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
	at     [2]int // page and line of its first place on the sheet; {1<<30} off the sheet
	ID     string // a source note's id; "" for an entry's own note
	Mark   string // a reading's mark ("R3"); "" for a note players do not see
	Label  string // what it is about: the table, row or entry
	Quote  string // the book's words, where the note quotes them
	Text   string // what is unclear, and how the pack reads it
	Ruling string // the ruling the pack prints, for a reading
	// Where is where a reading's mark printed, as the player documents
	// were made (document.Printed): "the AQotMF reference sheet p. 2
	// (Shooting)". Empty for a reading that printed nowhere.
	Where []string
	// About is where the player documents print what a note players do
	// not see is about: the sheet's pages, a briefing.
	About []string
}

// QuoteStop is the stop the notes print after the quotation, so that the
// book's words and the note's own read as two sentences: "" where the
// quotation ends a sentence already.
func (e NoteEntry) QuoteStop() string {
	if strings.HasSuffix(e.Quote, ".") || strings.HasSuffix(e.Quote, "!") || strings.HasSuffix(e.Quote, "?") {
		return ""
	}
	return "."
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
func (s Sheet) notesData(cat *catalog.Catalog, paper layout.Paper, places []Place, printed *document.Printed) (NotesData, error) {
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
		e := NoteEntry{ID: n.id, Mark: n.mark, Quote: n.quote, Text: n.text, Ruling: n.ruling, at: [2]int{off, 0}}
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
		if e.Label == "" || n.id == "" || !hasLetter(e.Label) {
			// A note about one entry is headed by its name; one about
			// several by its section alone (a list of names reads like
			// keys).
			e.Label = ""
			if len(n.about) == 1 {
				e.Label = n.about[0]
			}
		}
		if n.quote != "" {
			e.Label = "" // the book's words head it
		}
		if strings.EqualFold(e.Label, section) {
			e.Label = ""
		}
		if n.mark != "" {
			if note := sys.Note(n.id); note != nil {
				e.Where = printedWhere(printed.Of(*note), sys)
			}
		} else {
			e.About = aboutPages(at)
			e.About = append(e.About, n.elsewhere...)
		}
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

// aboutPages names the sheet's pages a note bears on, each once with its
// places after it: "the reference sheet p. 4 (Rallying results; Pursuit)".
// A place that another on the page names more closely goes ("One die …"
// beside "One die …: Worked example …", "Rallying" beside "Rallying
// results").
func aboutPages(at []Place) []string {
	var pages []int
	heads := map[int][]string{}
	for _, p := range at {
		if !slices.Contains(pages, p.Page) {
			pages = append(pages, p.Page)
		}
		if w := p.Where(); !slices.Contains(heads[p.Page], w) {
			heads[p.Page] = append(heads[p.Page], w)
		}
	}
	var out []string
	for _, pg := range pages {
		out = append(out, fmt.Sprintf("the reference sheet p. %d (%s)", pg, strings.Join(closest(heads[pg]), "; ")))
	}
	return out
}

// closest drops a place that another of places names more closely.
func closest(places []string) []string {
	return slices.DeleteFunc(slices.Clone(places), func(w string) bool {
		return slices.ContainsFunc(places, func(o string) bool { return strings.HasPrefix(o, w+": ") || strings.HasPrefix(o, w+" ") })
	})
}

// printedWhere says where a reading's mark printed, document by
// document in the pack's order: "the reference sheet p. 1 (Initiative),
// p. 2 (Tow cables)", "the roster of Martians p. 1, its unit card Assault
// Tripod". The rule set's own sheet, cards and markers go without its
// name (the notes are its own); another's, an add-on's, with it.
func printedWhere(at []document.Printing, sys *catalog.System) []string {
	own := "the " + sys.About.Short + " "
	if sys.About.Short == "" {
		own = "the " + sys.About.Name + " "
	}
	var out []string
	for i := 0; i < len(at); {
		j := i
		for j < len(at) && at[j].File == at[i].File {
			j++
		}
		var pages, cards []string
		heads := map[string][]string{} // a page's headings, by page
		count := map[string]int{}      // cards of one title (a unit's 1/3, 2/3, 3/3)
		for _, p := range at[i:j] {
			switch {
			case p.Card != "":
				c := partOf.ReplaceAllString(p.Card, "")
				if count[c]++; count[c] == 1 {
					cards = append(cards, c)
				}
			default:
				pg := fmt.Sprintf("p. %d", p.Page)
				if !slices.Contains(pages, pg) {
					pages = append(pages, pg)
				}
				for _, w := range strings.Split(p.Where, "; ") {
					if w != "" && !slices.Contains(heads[pg], w) {
						heads[pg] = append(heads[pg], w)
					}
				}
			}
		}
		for k, c := range cards {
			if n := count[c]; n > 1 {
				cards[k] = fmt.Sprintf("%s (%d cards)", c, n)
			}
		}
		for k, pg := range pages {
			if h := closest(heads[pg]); len(h) > 0 {
				pages[k] += " (" + strings.Join(h, "; ") + ")"
			}
		}
		w := at[i].Doc
		if rest, ok := strings.CutPrefix(w, own); ok {
			w = "the " + rest
		}
		switch {
		case len(pages) > 0 && len(cards) > 0:
			w += " " + strings.Join(pages, ", ") + ", its " + plural(len(cards), "card", "cards") + " " + strings.Join(cards, cardSep)
		case len(pages) > 0:
			w += " " + strings.Join(pages, ", ")
		case strings.HasSuffix(w, " cards"): // a deck: its cards are the document
			w += ": " + strings.Join(cards, cardSep)
		default: // a roster's unit cards, not its pages
			w += ", its " + plural(len(cards), "card", "cards") + " " + strings.Join(cards, cardSep)
		}
		out = append(out, w)
		i = j
	}
	return out
}

// cardSep parts card names, which may hold commas themselves ("1st
// Company, 24th Foot"); "; " parts the documents.
const cardSep = " · "

// partOf is which of a title's cards one is: " 2/3".
var partOf = regexp.MustCompile(` \d+/\d+\b`)

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
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
// counted on paper, where each reading printed told from printed.
func (s Sheet) NotesMarkdown(cat *catalog.Catalog, templatesDir string, paper layout.Paper, printed *document.Printed) ([]byte, error) {
	places, err := s.Places(cat, templatesDir, paper)
	if err != nil {
		return nil, err
	}
	md, _, err := s.notesMarkdown(cat, templatesDir, paper, places, printed)
	return md, err
}

// notesMarkdown is NotesMarkdown with the sheet's places found, and where
// its lines came from.
func (s Sheet) notesMarkdown(cat *catalog.Catalog, templatesDir string, paper layout.Paper, places []Place, printed *document.Printed) ([]byte, document.Lines, error) {
	if printed == nil {
		return nil, nil, errNoPrinted
	}
	d, err := s.notesData(cat, paper, places, printed)
	if err != nil {
		return nil, nil, err
	}
	srcs, err := document.Read(templatesDir, NotesTemplate)
	if err != nil {
		return nil, nil, err
	}
	return document.ExecuteLines(srcs, nil, d, nil)
}

// errNoPrinted: the rules notes say where each ruling printed, which the
// player documents tell as they are made.
var errNoPrinted = errors.New("the rules notes say where each ruling prints: make the player documents first (the print pack does)")

// RenderNotes renders the rule set's rules notes, telling where each
// reading printed from o.Printed.
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
	md, lines, err := s.notesMarkdown(cat, o.TemplatesDir, paper, places, o.Printed)
	if err != nil {
		return nil, err
	}
	mo := markdown.Options{
		Paper:    paper,
		Title:    NotesTitle(cat.System(s.System)),
		Stamp:    edition(cat, s.System),
		Columns:  2,
		BaseSize: 8,
		Margin:   8,
		File:     "rules notes " + s.ID + " (Markdown from " + NotesTemplate + ")",
		Decode:   document.DecodeTOML,
	}
	return lines.Render(md, o.Format, mo)
}
