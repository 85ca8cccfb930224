package army

import (
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/layout/markdown"
)

// PrintOptions say how a roster is printed.
type PrintOptions struct {
	Paper  layout.Paper // A4 when zero
	Format string       // "pdf" (default), "html" or "md"
	Cards  bool         // PDF only: add unit cards after the roster
	// CardBacks is cards.Fold for fold-over sheets of cards, each beside
	// its back; else the cards print fronts only.
	CardBacks cards.Backs
	Templates string // a folder whose roster.md replaces the shipped one
	// Marks, when set, records where the readings' marks land: on the
	// roster's pages and on each unit card.
	Marks *document.Marks
}

// Formats are the output formats Print knows: document's.
var Formats = document.Formats()

// ListName is what a list is called on its sheets: its name, else its
// file's name.
func ListName(l *List) string {
	return firstOf(l.Name, strings.TrimSuffix(path.Base(l.File), path.Ext(l.File)))
}

// Print renders the roster of a checked list. An invalid list prints too,
// stamped INVALID with its errors on the sheet. With cards, the unit cards
// follow the roster: under its text on its last page when they all fit
// there, else on pages of their own, and the running header counts those
// pages too.
func Print(r *Report, cat *catalog.Catalog, opt PrintOptions) (_ []byte, err error) {
	if opt.Format == "" {
		opt.Format = document.PDF
	}
	if opt.Paper.Width == 0 {
		opt.Paper = layout.A4
	}
	if opt.Cards && opt.Format != document.PDF {
		return nil, fmt.Errorf("unit cards are drawn to size and print only as PDF, not %s", opt.Format)
	}
	md, lines, notes, err := markdownLines(r, cat, opt.Templates)
	if err != nil {
		return nil, err
	}
	title := "Army roster — " + ListName(r.List)
	if !r.Valid() {
		title = "INVALID " + title // in the running header of every page
	}
	source := r.List.System
	if r.System != nil {
		source = r.System.About.Name
	}
	mo := markdown.Options{Paper: opt.Paper, Title: title, File: "roster of " + path.Base(r.List.File) + " (Markdown from " + RosterTemplate + ")", Source: source,
		Decode: document.DecodeTOML}
	if r.System != nil {
		mo.Stamp = r.System.Edition()
	}
	// The renderer's messages about the Markdown name the template's place.
	defer func() { err = lines.Place(err, mo.File) }()
	if !opt.Cards {
		return lines.RenderNoted(md, opt.Format, mo, notes, opt.Marks) // a PDF embeds only the fonts it uses: faster
	}
	// Laid out first: where the roster ends decides where the cards go,
	// then the chosen layout is drawn.
	l, plan, err := fitCards(r, md, mo, opt.CardBacks)
	if err != nil {
		return nil, err
	}
	lines.NoteFitted(l.Fitted(), mo.File)
	pages, _ := l.End()
	pdf, err := l.Render(plan.pages)
	if err != nil {
		return nil, err
	}
	opt.Marks.Laid(l, notes)
	if err := plan.draw(pdf, opt.Paper, opt.CardBacks, ListName(r.List), pages+1, opt.Marks); err != nil {
		return nil, err
	}
	return layout.Bytes(pdf)
}

// fitCards lays the roster out so that its cards print under its text,
// not on a sheet of their own most of which would be empty, where that
// can be done: the roster as it is, else with tighter space between its
// blocks. Else the cards go on pages of their own after it.
func fitCards(r *Report, md []byte, mo markdown.Options, backs cards.Backs) (*markdown.Layout, cardPlan, error) {
	src, err := markdown.Prepare(md, mo) // parsed once for every try
	if err != nil {
		return nil, cardPlan{}, err
	}
	// The cards are the same for every try: built once, when first asked.
	cardsOf := sync.OnceValues(func() ([]card, error) { return buildCards(r) })
	try := func(mo markdown.Options) (*markdown.Layout, cardPlan, error) {
		l, err := src.Measure(mo)
		if err != nil {
			return nil, cardPlan{}, err
		}
		cs, err := cardsOf()
		if err != nil {
			return l, cardPlan{}, err
		}
		_, end := l.End()
		plan, err := planCards(cs, mo, backs, end)
		return l, plan, err
	}
	l, plan, err := try(mo)
	if err != nil || plan.under.Top > 0 || plan.pages == 0 || backs != cards.NoBacks {
		return l, plan, err
	}
	// A tighter roster must keep its pages; one of a page cannot end
	// higher than Least, so where the cards do not fit under that, no
	// try can put them there.
	if l.Pages == 1 {
		if least, err := planCards(plan.cards, mo, backs, l.Least()); err != nil || least.under.Top == 0 {
			return l, plan, err
		}
	}
	for _, k := range []float64{0.8, 0.6} {
		tight := mo
		tight.Tight = k
		if tl, tp, err := try(tight); err == nil && tp.under.Top > 0 && tl.Pages == l.Pages {
			return tl, tp, nil
		}
	}
	return l, plan, nil
}
