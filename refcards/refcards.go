// Package refcards makes reference cards: the rules and tables a player
// reaches for during a game, one rule or table to a poker-size card (63 ×
// 88 mm, the sleeves of the unit cards), with the exact odds that go with
// it on the back.
//
// Which cards a deck holds, in which order, and what each side says is a
// template, not Go: templates/cards-<deck>.md (a club's copy with
// --templates DIR), executed through the document pipeline like every
// other document. The Markdown it makes is a list of cards:
//
//	# Tripod Damage Chart          a level-1 heading starts a card: its title
//	…front: paragraphs, lists, GFM tables, ## headings…
//	<!-- back -->                  the rest is the card's back
//	…back…
//
// Besides document's functions a template gets `engine "id"` (an odds
// table of the rule engine), `table` (one printed as a table), `pick` and
// `transpose` (an odds table cut down or turned to fit a card), `printed
// "id"` (a table of the data), `chart "id"` (a die chart of the data),
// `rule "Name"` (a rule the data keeps as text) and `roll` (a chart row's
// roll). See funcs.go and odds.go.
//
// Each side is a card's body, set by layout/markdown — the typesetter of
// every document, in its card look — at one of two sizes, the larger
// where the side still fits on one card; what does not fit on one card
// goes on to a second ("1/2", "2/2"), never smaller. The cards are one
// content of the card engine (layout/cards), whose face they fill (the
// title band, the body, the foot line) and which places them: nine cards
// to a page sharing their cut lines, with the calibration bars and the
// print instruction in the margins, each page of fronts followed by its
// page of backs mirrored for a duplex printer that flips on the long edge
// (or the short one); or beside their backs on fold-over sheets; or one
// face to a page with bleed for a print shop.
//
// A card prints headings, paragraphs, lists and tables, and the lines of
// the readings it marks (`reading "id"`, `governed "value"`, `note
// "topic"`: footnotes, each under the block that marks it on the same
// side of the same card); the template's Markdown is refused, at its
// line, where it holds anything else.
package refcards

import (
	"errors"
	"fmt"
	"sync"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/rules"
)

// Deck is one rule set's reference cards.
type Deck struct {
	ID       string   // --system value and output name ("aqotmf")
	System   string   // the catalogue system it prints
	Template string   // its engine's template ("cards-aqotmf.md")
	Own      string   // the rule set's own template, read first from a club's folder ("cards-<id>.md")
	Accent   [3]uint8 // the colour of its title bands, so decks sort apart
}

// All lists the decks of the catalogue's rule sets, in the order the
// print pack prints them: one for each rule set whose engine has cards,
// as the reference sheets.
func All(cat *catalog.Catalog) []Deck {
	var out []Deck
	for _, sys := range rules.RuleSets(cat) {
		c := rules.EngineOf(sys).Cards
		if c.Template == "" {
			continue
		}
		out = append(out, Deck{ID: sys.ID, System: sys.ID, Template: c.Template, Own: "cards-" + sys.ID + ".md", Accent: c.Accent})
	}
	return out
}

// IDs lists the decks' ids.
func IDs(cat *catalog.Catalog) []string {
	var ids []string
	for _, d := range All(cat) {
		ids = append(ids, d.ID)
	}
	return ids
}

// Lookup returns the deck with the id.
func Lookup(cat *catalog.Catalog, id string) (Deck, error) {
	for _, d := range All(cat) {
		if d.ID == id {
			return d, nil
		}
	}
	return Deck{}, errors.New(catalog.Unknown("reference card deck", id, IDs(cat)))
}

// FileName is the deck's name in the print pack for a format
// ("reference-cards-aqotmf.pdf").
func (d Deck) FileName(format string) string {
	if format == "" {
		format = document.PDF
	}
	return "reference-cards-" + d.ID + "." + format
}

// Formats a deck renders to: drawn to size as PDF, or the Markdown its
// template makes (to check a club's template).
func Formats() []string { return []string{document.PDF, document.Markdown} }

// Options say how to print a deck.
type Options struct {
	Paper  layout.Paper // A4 when zero
	Format string       // document.PDF (default) or document.Markdown
	// Backs is how each back goes behind its front: the edge the printer
	// flips the sheet on, cards.LongEdge (also when zero: a card's back is
	// half of it) or cards.ShortEdge, or cards.Fold (one-sided, folded).
	Backs cards.Backs
	// BackOffset shifts every back by X, Y mm (right, down as printed),
	// for a printer that does not line the two sides up.
	BackOffset   [2]float64
	TemplatesDir string // a club's templates folder, or ""
	// Shop, when set, prints a print shop's deck instead of sheets: one
	// face to a page with bleed (Paper, Backs and BackOffset unused).
	Shop *cards.Shop
	// Odds, when set, hands out the odds tables the cards print, shared
	// with the other documents of a run (the print pack); nil computes
	// them for the deck alone.
	Odds *document.Odds
	// Marks, when set, records where the readings' marks land: on which
	// card of which page.
	Marks *document.Marks
}

// Data is what a deck's template executes over.
type Data struct {
	Deck    Deck
	Catalog *catalog.Catalog
	System  *catalog.System // the deck's rule set
	Base    *catalog.System // the rule set an add-on adds to (About.AddOnTo), or nil
}

// Markdown executes the deck's template (from templatesDir when it has
// one of that name, else the shipped one).
func (d Deck) Markdown(cat *catalog.Catalog, templatesDir string) ([]byte, error) {
	md, _, _, _, err := d.markdown(cat, templatesDir, nil)
	return md, err
}

// markdown executes the deck's template: its Markdown, the template's
// name, where its lines came from and its footnotes (the readings it
// marks).
func (d Deck) markdown(cat *catalog.Catalog, templatesDir string, odds *document.Odds) ([]byte, string, document.Lines, *document.Notes, error) {
	sys := cat.System(d.System)
	if sys == nil {
		return nil, "", nil, nil, fmt.Errorf("cards %s: the data has no system %q", d.ID, d.System)
	}
	data := Data{Deck: d, Catalog: cat, System: sys}
	if sys.About.AddOnTo != "" {
		data.Base = cat.System(sys.About.AddOnTo)
	}
	x := newExec(sys, data.Base, odds)
	set := d.templates(x, templatesDir)
	srcs, err := document.Read(templatesDir, set.Names...)
	if err != nil {
		return nil, "", nil, nil, err
	}
	md, lines, err := document.ExecuteLines(srcs, set.Funcs, data, &x.foot)
	if err != nil {
		return nil, "", nil, nil, err
	}
	return md, srcs[0].From, lines, &x.foot, nil
}

// templates are the deck's template, from templatesDir when it has one of
// the deck's own, and the functions x gives it.
func (d Deck) templates(x *exec, templatesDir string) document.Set {
	return document.Set{Names: []string{document.Pick(templatesDir, d.Own, d.Template)}, Funcs: x.funcs()}
}

// Templates are the shipped templates the catalogue's decks execute, with
// their functions (see document.ParseShipped).
func Templates(cat *catalog.Catalog) []document.Set {
	var sets []document.Set
	for _, d := range All(cat) {
		if sys := cat.System(d.System); sys != nil {
			sets = append(sets, d.templates(&exec{sys: sys}, "")) // only the functions' names count
		}
	}
	return sets
}

// Render executes the deck's template and prints its cards.
func (d Deck) Render(cat *catalog.Catalog, o Options) ([]byte, error) {
	switch o.Format {
	case document.Markdown:
		return d.Markdown(cat, o.TemplatesDir)
	case document.PDF, "":
	default:
		return nil, fmt.Errorf("reference cards are drawn to size and print as %s, not %q", document.PDF, o.Format)
	}
	md, from, lines, notes, err := d.markdown(cat, o.TemplatesDir, o.Odds)
	if err != nil {
		return nil, err
	}
	file := "cards of " + d.ID + " (the Markdown " + from + " makes; see --format md)"
	cards, err := parse(md, file)
	if err != nil {
		return nil, lines.Place(err, file)
	}
	out, fitted, err := print(cards, d, cat.System(d.System), file, cat.System(d.System).Edition(), o, notes)
	lines.NoteFitted(fitted, file)
	return out, lines.Place(err, file)
}

// RenderAll renders the decks side by side, one goroutine each (every deck
// is its own fpdf document), and returns them in order. The first error,
// by deck order, wins.
func RenderAll(list []Deck, cat *catalog.Catalog, o Options) ([][]byte, error) {
	out := make([][]byte, len(list))
	errs := make([]error, len(list))
	var wg sync.WaitGroup
	for i, d := range list {
		wg.Go(func() { out[i], errs[i] = d.Render(cat, o) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s: %w", list[i].ID, err)
		}
	}
	return out, nil
}
