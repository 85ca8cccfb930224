package markdown

import (
	"fmt"
	"slices"

	"github.com/playaid/playaid/internal/fpdf"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"

	"github.com/playaid/playaid/diag"
)

// A card is a small page: its body, under the title band and over the
// foot line the card engine (layout/cards) places, is laid out by the
// same walker as a sheet's pages, in the card look (cardLook), on pages
// the size of the body with no running header or footer. What does not
// fit on one goes on to the next: the content prints them on a card each.

// CardOptions set up a card's body.
type CardOptions struct {
	W, H float64 // the body's box, mm
	Size float64 // the body's type, pt (tables half a point smaller, never under 7)
	// Grow, when more than Size, is the type the body is set at instead
	// where it then fits on one card, as it is without fitting a table:
	// a card that says little says it larger.
	Grow   float64
	Accent [3]uint8 // headings, list marks and table headers, in the deck's colour
	File   string   // the Markdown's name in messages
	Line   int      // the line of File the Markdown starts on (1 when 0)
}

// MeasureCard lays md out as a card's body: Pages is how many cards it
// takes, DrawPage draws one of them where the card's body is, Size the
// type it chose.
func MeasureCard(md []byte, o CardOptions) (*Layout, error) {
	if _, err := o.options(o.Line); err != nil {
		return nil, err
	}
	t, err := ParseCard(md, o.File, o.Line)
	if err != nil {
		return nil, err
	}
	return t.Measure(o)
}

// options are the layout's options for a card's body whose Markdown
// starts on line first of its file.
func (o CardOptions) options(first int) (Options, error) {
	if !(o.W > 0 && o.H > 0) {
		return Options{}, fmt.Errorf("%s: a card's body of %g × %g mm", o.File, o.W, o.H)
	}
	a := o.Accent
	return Options{BaseSize: o.Size, File: o.File, look: cardLook(rgb{a[0], a[1], a[2]}), frame: [2]float64{o.W, o.H}, firstLine: first}.withDefaults()
}

// CardText is a card side's Markdown parsed, to be set as its body as
// often as its deck tries a size (Measure).
type CardText struct {
	md    []byte  // the Markdown its tree's text is in
	str   string  // md as a string (walker.source), where its deck's sides share one
	ch    *chunks // its deck's, shared by the sides (its own, parsed alone)
	doc   ast.Node
	nl    []int
	first int // the line of the file md starts on
	// notes are the footnotes of its deck that its blocks mark.
	notes []*east.Footnote
}

// ParseCard parses md, a card's body, whose first line is line (1 when
// 0) of file, reporting what MeasureCard would about its Markdown.
func ParseCard(md []byte, file string, line int) (*CardText, error) {
	opt, err := Options{File: file, firstLine: line}.withDefaults()
	if err != nil {
		return nil, err
	}
	doc, nl, err := parse(md, opt)
	if err != nil {
		return nil, err
	}
	return &CardText{md: md, doc: doc, nl: nl, first: line, ch: &chunks{size: len(md)}}, nil
}

// Measure is MeasureCard on the Markdown t was parsed from (o.Line
// unused: t knows its lines).
func (t *CardText) Measure(o CardOptions) (*Layout, error) {
	opt, err := o.options(t.first)
	if err != nil {
		return nil, err
	}
	opt.notes = t.notes
	// Each layout its own sets: nothing the larger type sets is of use
	// at the other size. They set into the deck's chunks, with the deck's
	// specs, one side at a time.
	t.ch.mu.Lock()
	defer t.ch.mu.Unlock()
	if t.ch.specs == nil {
		t.ch.specs = newSpecs()
	}
	fresh := func() *sets {
		set := newSets(t.ch.specs)
		set.src, set.ch = t.str, t.ch
		return set
	}
	if o.Grow > o.Size {
		big := opt
		big.BaseSize, big.onePage = o.Grow, true
		if r, err := layParsed(t.doc, t.md, t.nl, big, fresh()); err == nil && !r.over && r.fl.pages == 1 && len(r.fitted) == 0 {
			return measured(r), nil
		}
	}
	r, err := layParsed(t.doc, t.md, t.nl, opt, fresh())
	if err != nil {
		return nil, err
	}
	return measured(r), nil
}

// A Deck is a card deck's Markdown parsed once: its cards' sides are
// runs of its top-level blocks, each set as the Markdown of its lines,
// with the definitions of the footnotes they mark, would be (Side)
// without parsing that again.
type Deck struct {
	Doc ast.Node // until its sides are taken out of it
	md  []byte
	str string // md as a string, for the sides' words
	nl  []int
	// notes are the deck's footnotes by index, their list taken out of
	// Doc: a side's marks refer to them.
	notes map[int]*east.Footnote
	// defined: md defines link references, which the text of a side's
	// blocks read as links; its lines alone would not.
	defined bool
	ch      *chunks // its sides' tokens and lines
}

// ParseDeck parses md as Parse does, for its cards to be read from Doc
// and their sides taken out of it. The list of its footnotes, which
// Parse puts last in the document, is not in Doc: the sides that mark
// them take them (Side).
func ParseDeck(md []byte, file string) (*Deck, error) {
	pc := parser.NewContext()
	doc, err := parseIn(md, file, pc)
	if err != nil {
		return nil, err
	}
	d := &Deck{Doc: doc, md: md, nl: newlines(md), notes: map[int]*east.Footnote{}, ch: &chunks{size: len(md)}}
	if l := doc.LastChild(); l != nil && l.Kind() == east.KindFootnoteList {
		doc.RemoveChild(doc, l)
		for f := l.FirstChild(); f != nil; f = f.NextSibling() {
			if fn, ok := f.(*east.Footnote); ok {
				d.notes[fn.Index] = fn
			}
		}
	}
	d.defined = len(pc.References()) > 0
	if !d.defined {
		d.str = string(md)
	}
	return d, nil
}

// Side takes blocks, a run of d.Doc's top-level blocks in order, out of
// d.Doc into a document of their own: the card text of the Markdown of
// their lines followed by the definitions of the footnotes they mark,
// which is what that Markdown parsed alone would be where d defines no
// link references. Where it defines them, Side is nil: the side is to be
// parsed alone. A deck's sides are laid out one at a time.
func (d *Deck) Side(blocks []ast.Node) *CardText {
	if d.defined {
		return nil
	}
	doc := ast.NewDocument()
	for _, b := range blocks {
		doc.AppendChild(doc, b)
	}
	t := &CardText{md: d.md, str: d.str, doc: doc, nl: d.nl, first: 1, ch: d.ch}
	for _, i := range linkedNotes(doc) {
		if fn := d.notes[i]; fn != nil && !slices.Contains(t.notes, fn) {
			t.notes = append(t.notes, fn)
		}
	}
	return t
}

// Size is the body type a layout is set at, pt.
func (l *Layout) Size() float64 { return l.r.opt.BaseSize }

// DrawPage draws page n (from 1) of a card's body laid out by MeasureCard
// on the current page of pdf, its top-left corner at (x, y).
func (l *Layout) DrawPage(pdf *fpdf.Fpdf, n int, x, y float64) {
	l.drawPage(&pdfCanvas{pdf: pdf}, n, x, y)
}

func (l *Layout) drawPage(c canvas, n int, x, y float64) {
	if n < 1 || n > len(l.r.fl.done) {
		return
	}
	for _, p := range l.r.fl.done[n-1] {
		p.b.paint(c, x+p.x, y+p.y)
	}
}

// Fitted is what the layout had to fit to its columns beyond its look's
// sizes — a table whose longest words are wider than its column with the
// font in use, set with narrower margins or smaller type, never under
// 6.5 pt — as warnings for the person at the terminal.
func (l *Layout) Fitted() diag.List { return l.r.fitted }
