package document

import (
	"cmp"
	"slices"
	"sync"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout/markdown"
)

// Printed is where the readings' marks landed as the documents were made:
// the organiser's rules notes say where each reading prints from it, so
// that they stay true as the pack changes. The print pack keeps one for
// each paper it is made on. Safe for documents made side by side.
type Printed struct {
	mu sync.Mutex
	at []Printing
}

// Printing is one place a reading's mark landed.
type Printing struct {
	System, Note, Mark string // the reading: its rule set, id and mark
	Rank               int    // the document's place in the pack, for the order places are told in
	File               string // the document's file ("briefing-morale-wagon.pdf")
	Doc                string // the document in the organiser's words ("the briefing of Scenario 2")
	Page               int    // from 1
	Card               string // the card the mark is on, where the page is a page of cards
	Where              string // the heading it stands under, on a page of text
}

// In returns what a document records its marks with: its place in the
// pack, file and name. A nil Printed gives a nil Marks, which records
// nothing (a document made on its own).
func (p *Printed) In(rank int, file, doc string) *Marks {
	if p == nil {
		return nil
	}
	return &Marks{p: p, rank: rank, file: file, doc: doc}
}

// Of returns where the reading printed: document by document in the
// pack's order, then page, card and heading, each place once.
func (p *Printed) Of(n catalog.Note) []Printing {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	var out []Printing
	for _, at := range p.at {
		if at.System == n.System && at.Note == n.ID && !slices.Contains(out, at) {
			out = append(out, at)
		}
	}
	p.mu.Unlock()
	slices.SortFunc(out, comparePrinting)
	return out
}

// All returns every place a mark landed, in the order Of tells them.
func (p *Printed) All() []Printing {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	out := slices.Clone(p.at)
	p.mu.Unlock()
	slices.SortFunc(out, comparePrinting)
	return slices.Compact(out)
}

func comparePrinting(a, b Printing) int {
	return cmp.Or(cmp.Compare(a.Rank, b.Rank), cmp.Compare(a.File, b.File), cmp.Compare(a.Page, b.Page),
		cmp.Compare(a.Card, b.Card), cmp.Compare(a.Where, b.Where), cmp.Compare(a.System, b.System), cmp.Compare(a.Note, b.Note))
}

// Marks records the marks of one document.
type Marks struct {
	p    *Printed
	rank int
	file string
	doc  string
}

// Add records that the reading's mark landed on page (from 1), on the
// card named (or ""), under the heading where (or "").
func (m *Marks) Add(n catalog.Note, page int, card, where string) {
	if m == nil || n.Mark == "" {
		return
	}
	m.p.mu.Lock()
	m.p.at = append(m.p.at, Printing{System: n.System, Note: n.ID, Mark: n.Mark, Rank: m.rank, File: m.file, Doc: m.doc, Page: page, Card: card, Where: where})
	m.p.mu.Unlock()
}

// Laid records the marks a laid-out document prints, the readings found
// by their marks among the footnotes of notes, each under its heading.
func (m *Marks) Laid(l *markdown.Layout, notes *Notes) {
	m.LaidAt(l, notes, func(_ catalog.Note, _ int, heading string) string { return heading })
}

// LaidAt is Laid naming where each mark stands with where: from the
// reading, the page and the heading.
func (m *Marks) LaidAt(l *markdown.Layout, notes *Notes, where func(n catalog.Note, page int, heading string) string) {
	if m == nil || l == nil || notes == nil {
		return
	}
	for _, at := range l.Marks() {
		if n, ok := notes.readings[at.Label]; ok {
			m.Add(n, at.Page, "", where(n, at.Page, at.Heading))
		}
	}
}

// Card records the marks a card prints: those page of its laid-out side
// l prints, the card drawn on the document's page at and named card.
func (m *Marks) Card(l *markdown.Layout, notes *Notes, page, at int, card string) {
	if m == nil || l == nil || notes == nil {
		return
	}
	for _, mk := range l.Marks() {
		if n, ok := notes.readings[mk.Label]; ok && mk.Page == page {
			m.Add(n, at, card, "")
		}
	}
}
