// Package markdown renders the Markdown of reference sheets, scenario
// briefings and army rosters to PDF, and to a standalone HTML page.
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
// behind, table rows stay whole and a table's header row is repeated in
// every column it continues in.
//
// Directives are HTML comments on a line of their own:
//
//	<!-- pagebreak -->     start a new page
//	<!-- columnbreak -->   go to the next column (a new page from the last)
//	<!-- columns: 2 -->    from here on, two columns (or 1), starting below
//	                       everything drawn on the page so far
//
// Fenced code blocks with the info string "chart" draw a line chart from
// the TOML in their body (see chartSpec); "calibration" draws
// layout.CalibrationBars. Other comments are ignored.
//
// Characters the Go fonts lack are replaced before drawing (see fallbacks):
// ✓ ✔ → √, ✗ ✘ ✕ → ×, ⅓ ⅔ → 1/3 2/3, ∼ → ~, ▸ → ►, ☐ → □, ☑ → ■, ⚠ → !,
// non-breaking hyphen → -, thin spaces → spaces; anything else missing → ?.
package markdown

import (
	"bytes"
	"fmt"
	"html"

	"github.com/go-pdf/fpdf"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/playaid/playaid/layout"
)

// Options set up a document.
type Options struct {
	Paper    layout.Paper // layout.A4 (default) or layout.Letter
	Title    string       // sheet name, printed in the running header
	Version  string       // data version (a short hash), printed in the footer
	Source   string       // where the data came from, printed in the footer when set
	Columns  int          // 1 (default) or 2 text columns at the start
	BaseSize float64      // body font size in points, 6–14 (default 9)
	Margin   float64      // page margin in mm, at least layout.SafeMargin (default 8)
	File     string       // name of the Markdown in error messages (default "markdown")
}

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
	case o.Margin > o.Paper.Width/4:
		return o, fmt.Errorf("%s: margin %g mm leaves no room on %s paper", o.File, o.Margin, o.Paper.Name)
	}
	return o, nil
}

// Parser returns the goldmark configuration both renderers share: GFM
// tables, strikethrough and footnotes.
func Parser() goldmark.Markdown {
	return goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Footnote))
}

// Render lays md out as a complete document on a deterministic fpdf
// document with the fonts of layout.NewDoc (see newDoc), which the caller
// may go on drawing on. Problems in the Markdown (a bad directive or chart,
// something taller than a column) are returned as a diag.List.
func Render(md []byte, opt Options) (*fpdf.Fpdf, error) {
	c, err := renderPDF(md, opt)
	if err != nil {
		return nil, err
	}
	for _, f := range fontBytes {
		c.use(f.family, f.style)
	}
	c.pdf.SetFont(layout.Font, "", 10)
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
	c := &pdfCanvas{pdf: newDoc(opt.Paper, opt.Title)}
	if err := render(md, opt, c); err != nil {
		return nil, err
	}
	return c, c.pdf.Error()
}

// fontBytes are copies of the Go fonts taken when the program starts,
// before any document exists. fpdf v0.9.0 writes into the font bytes it is
// given while it subsets a font (utf8FontFile.getMetrics appends to a
// slice of them; it hits gomono), so documents registered with the shared
// gofont slices — as layout.NewDoc does — come out differently depending
// on what was rendered before them in the same process.
var fontBytes = [...]struct {
	family, style string
	ttf           []byte
}{
	{layout.Font, "", bytes.Clone(goregular.TTF)},
	{layout.Font, "B", bytes.Clone(gobold.TTF)},
	{layout.Font, "I", bytes.Clone(goitalic.TTF)},
	{layout.Font, "BI", bytes.Clone(gobolditalic.TTF)},
	{layout.FontMono, "", bytes.Clone(gomono.TTF)},
}

// newDoc is layout.NewDoc without the fonts: pdfCanvas.use registers each
// font when it is first needed, from a fresh copy, so the same Markdown
// always gives the same bytes. (Registering a font costs fpdf about 5 ms;
// a sheet rarely needs all five.)
func newDoc(paper layout.Paper, title string) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{
		OrientationStr: "P",
		UnitStr:        "mm",
		Size:           fpdf.SizeType{Wd: paper.Width, Ht: paper.Height},
	})
	pdf.SetCreationDate(layout.Epoch)
	pdf.SetModificationDate(layout.Epoch)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCellMargin(0)
	pdf.SetTitle(title, true)
	pdf.SetCreator("playaid", true)
	return pdf
}

// HTML renders md through goldmark's HTML renderer as a standalone page
// with small print-friendly CSS. Raw HTML is left out, except <br> and the
// pagebreak directive; a chart becomes a table of its numbers; the
// calibration bars are left out (a browser does not print to scale).
func HTML(md []byte, title string) ([]byte, error) {
	g := Parser()
	g.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlExtras{}, 100)))
	var body bytes.Buffer
	if err := g.Convert(md, &body); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n", html.EscapeString(title), css)
	out.Write(body.Bytes())
	out.WriteString("</main>\n</body>\n</html>\n")
	return out.Bytes(), nil
}
