package markdown

import (
	"fmt"
	"sync"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
	"github.com/yuin/goldmark/ast"
)

// Layout is a document laid out by Measure: where its boxes land, worked
// out without drawing anything, and everything needed to draw it (Render,
// PDF) without laying it out again.
type Layout struct {
	Pages int
	r     *walker // the chosen layout: its flow's pages hold the boxes
}

// Measure lays md out exactly as Render and PDF do, but draws nothing and
// makes no fpdf document: it is the cheap way to learn how many pages a
// document takes or on which page a block lands (to draw something of
// one's own on that page of the rendered document, say). It returns the
// errors Render would. Drawing the Layout (its Render and PDF) then makes
// the same document Render and PDF would, without laying it out again.
//
// The part of a document before a page break is laid out the same whether
// or not more follows (each section between page breaks is tightened to
// save its own last page, on its own content). So when md[:i] ends in a page break and a
// heading, Measure(md[:i]).Pages is the page that heading lands on in the
// whole document as well — the page to draw a briefing's table map on.
func Measure(md []byte, opt Options) (*Layout, error) {
	s, err := Prepare(md, opt)
	if err != nil {
		return nil, err
	}
	return s.Measure(opt)
}

// measured is the Layout of a walker that has laid its document out.
func measured(r *walker) *Layout { return &Layout{Pages: r.fl.pages, r: r} }

// Page returns the page on which the block starting at Markdown line
// (1-based) lands: the page of the first box drawn from that line or, when
// the line draws nothing (a blank line, a directive), from the next line
// that does. It returns 0 when nothing is drawn from line on.
func (l *Layout) Page(line int) int {
	page, _ := l.Spot(line)
	return page
}

// Spot is Page with the left edge (mm from the page's left) of the column
// the block lands in, so a test can tell that two lines (the rows of a
// table, a heading and what follows it) share a column.
func (l *Layout) Spot(line int) (page int, x float64) {
	best := 0
	for i, ps := range l.r.fl.done {
		for _, p := range ps {
			if b := p.b; b.line > 0 && !b.space && !p.repeat && int(b.line) >= line && (best == 0 || int(b.line) < best) {
				best, page, x = int(b.line), i+1, p.x
			}
		}
	}
	return page, x
}

// Empty returns the share (0–1) of page's text area left empty: the
// column length no box (text, table row, space between blocks) fills.
func (l *Layout) Empty(page int) float64 {
	if page < 1 || page > len(l.r.fl.done) {
		return 0
	}
	return 1 - l.r.fl.fill(page)
}

// End is the document's last page and how far down that page its content
// reaches, in mm from the paper's top edge.
func (l *Layout) End() (page int, y float64) {
	f := l.r.fl
	y = f.top
	if f.pages > 0 {
		for _, p := range f.done[f.pages-1] {
			if !p.b.space {
				y = max(y, p.y+p.b.h)
			}
		}
	}
	return f.pages, y
}

// Least is the least End of a one-page document any space between its
// blocks gives (Options.Tight), in mm from the paper's top edge: its
// boxes' own heights do not depend on that space, and they fill at
// least their ink (walker.ink) of the page's column. 0 for a longer
// document, whose boxes may move between pages.
func (l *Layout) Least() float64 {
	if l.r.fl.pages != 1 {
		return 0
	}
	return l.r.fl.top + l.r.ink
}

// EndBefore is End for the part of the document before Markdown line
// (1-based): the page the last box from an earlier line lands on, and how
// far down that page the boxes from earlier lines reach. It takes the
// boxes in the order they were placed and stops at the first from line
// on, so what the document places after that is left out, even from
// earlier lines (its footnotes). Where a page break follows line, it
// tells what End tells of the Markdown before line — the place a briefing
// draws its table map in — without laying that out again.
func (l *Layout) EndBefore(line int) (page int, y float64) {
	f := l.r.fl
	page, y = 1, f.top
	for i, ps := range f.done {
		for _, p := range ps {
			if p.b.space {
				continue
			}
			if int(p.b.line) >= line {
				return page, y
			}
			if i+1 != page {
				page, y = i+1, f.top
			}
			y = max(y, p.y+p.b.h)
		}
	}
	return page, y
}

// Render draws the document as laid out on a new deterministic fpdf
// document, which the caller may go on drawing on, as markdown.Render
// does; the running header's "n / N" counts extraPages more pages (which
// the caller adds after), in place of Options.ExtraPages.
func (l *Layout) Render(extraPages int) (*fpdf.Fpdf, error) {
	if extraPages < 0 {
		return nil, fmt.Errorf("%s: %d extra pages; expected 0 or more", l.r.opt.File, extraPages)
	}
	c := l.r.drawPDF(extraPages)
	return c.pdf, c.pdf.Error()
}

// PDF draws the document as laid out and returns the bytes of the PDF, as
// markdown.PDF does.
func (l *Layout) PDF() ([]byte, error) {
	pdf, err := l.Render(l.r.opt.ExtraPages)
	if err != nil {
		return nil, err
	}
	return layout.Bytes(pdf)
}

// Source is Markdown parsed once, to be laid out with several options —
// a roster or a briefing tried again with tighter space between its
// blocks — without parsing it again each time (goldmark's parse is a
// good part of a layout's cost), nor setting again what an earlier
// layout set as the next sets it (sets).
type Source struct {
	md  []byte
	doc ast.Node
	nl  []int
	mu  sync.Mutex // one layout at a time sets set
	set *sets
}

// Prepare parses md for Measure, reporting what Measure would about its
// Markdown. opt gives the file and lines its messages name; the layout's
// options are Measure's.
func Prepare(md []byte, opt Options) (*Source, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	doc, nl, err := parse(md, opt)
	if err != nil {
		return nil, err
	}
	return &Source{md: md, doc: doc, nl: nl, set: newSets(nil)}, nil
}

// Measure is Measure(md, opt) on the Markdown s was prepared from; opt
// names the same file as Prepare's.
func (s *Source) Measure(opt Options) (*Layout, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r, err := layParsed(s.doc, s.md, s.nl, opt, s.set)
	if err != nil {
		return nil, err
	}
	return measured(r), nil
}
