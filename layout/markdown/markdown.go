// Package markdown renders the Markdown of reference sheets, scenario
// briefings and army rosters to PDF, and to a standalone HTML page; and
// it sets a card's body (MeasureCard): a card is a small page, laid out by
// the same walker in a card's look (look.go), with no running header or
// footer, what does not fit going on to the next card.
//
// The Markdown is parsed by goldmark with the GFM table, strikethrough and
// footnote extensions (Parser). The PDF renderer walks goldmark's tree
// once, through a table from node kind to function, keeping a stack of
// text styles (bold, italic, code, heading sizes …) as goldmark-pdf does.
// What it draws goes through a small canvas interface: fpdf for the real
// document, a recorder for golden tests.
//
// Blocks are cut into boxes that are never split — a line of text, a table
// row, a chart — and a flow puts them down one or two columns and onto new
// pages. Headings keep with what follows, paragraphs leave no single line
// behind, a paragraph right before a table (its caption or introduction)
// keeps with it, and a table no taller than a column is kept whole; a
// longer one breaks between rows and its header row is repeated in every
// column it continues in. Where a two-column stretch ends on a page (a
// columns directive or the end), its columns are balanced to end level.
// The flow measures and places everything before anything is drawn, so a
// section (the part between page breaks) whose last page would hold only
// a little is set again with the space between its blocks tightened, and Measure
// can tell how many pages a document takes, and where a block lands,
// without making a PDF; the Layout it returns then draws the document
// (Layout.Render, Layout.PDF) without laying it out again. A running header (title, page "n / N") and footer
// (source, "playaid", data version) sit inside the margin on every page.
//
// Type never goes under 7 pt (minText) unless the body size itself is
// smaller: footnotes, code, chart labels and tables that shrink to fit
// stop there; only footnote marks are smaller — and a table whose longest
// words do not fit its column at that floor (a club's font of wide
// letters), which is fitted with narrower cell margins, then smaller
// type down to 6.5 pt (minMark), and only then broken words; the Layout
// says so (Fitted). Table columns are as wide
// as their content allows, and a column's names (cell lines of up to four
// words) stay on one line when the table can afford it. A run of footnote
// marks prints sorted and comma-separated ("⁴,⁸"), with a thin space
// before a number that follows it. A footnote prints under the top-level
// block that first marks it on a page, in the column and on the page of
// its mark (a heading's waits for the block the heading heads), the
// block's last line kept with it; those no block marks go at the end. The text faces print a plain zero (see
// layout.PlainZero); code keeps the Go Mono slashed one.
//
// Directives are HTML comments on a line of their own:
//
//	<!-- pagebreak -->     the next block starts a new page
//	<!-- columnbreak -->   go to the next column (a new page from the last)
//	<!-- columns: 2 -->    from here on, two columns (or 1), starting below
//	                       everything drawn on the page so far
//
// Other comments are ignored, unless they look like a misspelt directive.
// Inline <br> breaks a line (also in a table cell); other raw HTML is
// dropped.
//
// A fenced code block with the info string "chart" draws a line chart from
// the TOML in its body (see chartSpec), decoded by Options.Decode;
// "calibration" draws
// layout.CalibrationBars, which need a one-column stretch (133 mm wide, for
// the print instruction above the bars).
//
// Characters the Go fonts lack are replaced before drawing (see fallbacks):
// ✓ ✔ → √, ✗ ✘ ✕ → ×, ⅓ ⅔ → 1/3 2/3, ∼ → ~, ▸ → ►, ☐ → □, ☑ → ■, ⚠ → !,
// non-breaking hyphen → -, thin spaces → spaces; anything else missing → ?.
package markdown

import (
	"bytes"
	"fmt"
	"html"
	"sync"

	"github.com/playaid/playaid/internal/fpdf"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/layout"
)

// Options set up a document.
type Options struct {
	Paper    layout.Paper // layout.A4 (default) or layout.Letter
	Title    string       // sheet name, printed in the running header
	Stamp    string       // the footer's right-hand words ("rules edition 2026-12"), when set
	Source   string       // where the data came from, printed in the footer when set
	Columns  int          // 1 (default) or 2 text columns at the start
	BaseSize float64      // body font size in points, 6–14 (default 9)
	Margin   float64      // page margin in mm, at least layout.SafeMargin (default 8)
	File     string       // name of the Markdown in error messages (default "markdown")
	// ExtraPages are pages the caller adds after the document (a roster's
	// unit cards): the running header's "n / N" counts them in N.
	ExtraPages int
	// Decode reads the TOML of a chart block into v strictly, each
	// problem at its line of src (tomlpos.DecodeTOML): the layers that
	// read data hand it down, so that layout draws what it is given and
	// knows no data format. Without it a chart block is an error.
	Decode Decoder

	// Set by MeasureCard: a card's look, its body's box (W × H mm, no
	// running header or footer), and the line of File the Markdown
	// starts on.
	look  *look
	frame [2]float64
	// onePage: only a layout of one page will do (a card's larger
	// type), so a walk stops once it cannot be one (walker.over).
	onePage   bool
	firstLine int
	// notes are footnotes the Markdown's marks refer to from outside its
	// tree: a deck's, for a side taken out of it (Deck.Side).
	notes []*east.Footnote

	// Tight, when set, scales the space between blocks everywhere (0.8:
	// a fifth less): a caller fitting the document into less room (a
	// roster with its unit cards under it).
	Tight float64
	// Pages, when set, is how many pages a layout comes to once the
	// caller has drawn its own part (a briefing's table map, on the rest
	// of its page or a page of its own); nil is the layout's own pages. A
	// short section moves to a new page only where this does not grow.
	Pages func(*Layout) int
}

// Decoder decodes TOML text into v, every problem at its file, line and
// column.
type Decoder func(file string, src []byte, v any) diag.List

// withDefaults fills in zero values and rejects impossible ones.
func (o Options) withDefaults() (Options, error) {
	if o.Paper.Width == 0 {
		o.Paper = layout.A4
	}
	if o.Columns == 0 {
		o.Columns = 1
	}
	if o.BaseSize == 0 {
		o.BaseSize = 9
	}
	if o.Margin == 0 {
		o.Margin = 8
	}
	if o.File == "" {
		o.File = "markdown"
	}
	switch {
	case o.Columns != 1 && o.Columns != 2:
		return o, fmt.Errorf("%s: columns must be 1 or 2, not %d", o.File, o.Columns)
	case o.BaseSize < 6 || o.BaseSize > 14:
		return o, fmt.Errorf("%s: base font size %g pt is outside 6–14 pt", o.File, o.BaseSize)
	case o.Margin < layout.SafeMargin:
		return o, fmt.Errorf("%s: margin %g mm is inside the %g mm printers cannot print", o.File, o.Margin, layout.SafeMargin)
	case o.ExtraPages < 0:
		return o, fmt.Errorf("%s: %d extra pages; expected 0 or more", o.File, o.ExtraPages)
	case o.Margin > o.Paper.Width/4:
		return o, fmt.Errorf("%s: margin %g mm leaves no room on %s paper", o.File, o.Margin, o.Paper.Name)
	}
	return o, nil
}

// Parser returns the goldmark configuration both renderers share: GFM
// tables, strikethrough and footnotes.
func Parser() goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Footnote),
		goldmark.WithParserOptions(parser.WithParagraphTransformers(util.Prioritized(bracketBound{}, 1000))))
}

// sharedParser is Parser's parser, made once: goldmark's parsers keep
// what one parse needs in its own context, so one parser serves every
// document, also side by side, and setting one up for each (every
// layout of the print pack) would cost more than some parses.
var sharedParser = sync.OnceValue(func() parser.Parser { return Parser().Parser() })

// Render lays md out as a complete document on a deterministic fpdf
// document, which the caller may go on drawing on. Only the fonts the text
// used are registered (each embedded font costs time and bytes): a caller
// that draws sets its fonts with layout.SetFont, which registers them.
// Problems in the Markdown (a bad directive or chart, something taller
// than a column) are returned as a diag.List.
func Render(md []byte, opt Options) (*fpdf.Fpdf, error) {
	c, err := renderPDF(md, opt)
	if err != nil {
		return nil, err
	}
	return c.pdf, c.pdf.Error()
}

// PDF renders md and returns the bytes of the PDF. Only the fonts the
// document uses are embedded.
func PDF(md []byte, opt Options) ([]byte, error) {
	c, err := renderPDF(md, opt)
	if err != nil {
		return nil, err
	}
	return layout.Bytes(c.pdf)
}

func renderPDF(md []byte, opt Options) (*pdfCanvas, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return nil, err
	}
	r, err := lay(md, opt)
	if err != nil {
		return nil, err
	}
	return r.drawPDF(opt.ExtraPages), nil
}

// drawPDF draws the laid-out document on a new deterministic fpdf
// document.
func (r *walker) drawPDF(extra int) *pdfCanvas {
	c := &pdfCanvas{pdf: layout.NewBlankDoc(r.opt.Paper, r.opt.Title)}
	r.draw(c, extra)
	return c
}

// HTML renders md through goldmark's HTML renderer as a standalone page
// titled opt.Title, with small print-friendly CSS that also reads on a
// phone: a table wider than the screen scrolls sideways in its own box,
// names in tables stay on one line, footnote marks print as the PDF
// prints them ("⁴,⁵"). Raw HTML
// is left out, except <br> and the pagebreak directive; a chart becomes a
// table of its numbers, in whole percents as the sheets print chances; the
// calibration bars are left out (a browser does not print to scale).
func HTML(md []byte, opt Options) ([]byte, error) {
	title := opt.Title
	g := Parser()
	extras := &htmlExtras{decode: opt.Decode}
	g.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(extras, 100)))
	doc, err := Parse(md, opt.File)
	if err != nil {
		return nil, err
	}
	extras.labels = footnoteLabels(doc)
	markNames(doc, md)
	labelTables(doc, md)
	var body bytes.Buffer
	if err := g.Renderer().Render(&body, md, doc); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n<main id=\"main\" tabindex=\"-1\">\n", html.EscapeString(title), css)
	out.Write(body.Bytes())
	out.WriteString("</main>\n</body>\n</html>\n")
	return out.Bytes(), nil
}
