package army

import (
	"fmt"
	"path"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/templates"
)

// PrintOptions say how a roster is printed.
type PrintOptions struct {
	Paper     layout.Paper // A4 when zero
	Format    string       // "pdf" (default), "html" or "md"
	Cards     bool         // PDF only: add unit cards after the roster
	Templates string       // a folder whose roster.md replaces the shipped one
}

// Formats are the output formats Print knows.
var Formats = []string{"pdf", "html", "md"}

// Print renders the roster of a checked list. An invalid list prints too,
// stamped INVALID with its errors on the sheet.
func Print(r *Report, cat *catalog.Catalog, opt PrintOptions) ([]byte, error) {
	if opt.Format == "" {
		opt.Format = "pdf"
	}
	if opt.Paper.Width == 0 {
		opt.Paper = layout.A4
	}
	if opt.Cards && opt.Format != "pdf" {
		return nil, fmt.Errorf("unit cards are drawn to size and print only as PDF, not %s", opt.Format)
	}
	text, from, err := templates.Read(opt.Templates, "roster.md")
	if err != nil {
		return nil, err
	}
	md, err := Markdown(r, cat, text, from)
	if err != nil {
		return nil, err
	}
	title := "Army roster — " + firstOf(r.List.Name, path.Base(r.List.File))
	if !r.Valid() {
		title = "INVALID " + title // in the running header of every page
	}
	switch opt.Format {
	case "md":
		return md, nil
	case "html":
		return markdown.HTML(md, title)
	case "pdf":
	default:
		return nil, fmt.Errorf("unknown format %q; expected one of: %s", opt.Format, strings.Join(Formats, ", "))
	}
	mo := markdown.Options{Paper: opt.Paper, Title: title, File: from, Source: "list " + path.Base(r.List.File) + " · sha256 " + r.List.Hash}
	if cat != nil {
		mo.Version = cat.Version()
	}
	if !opt.Cards {
		return markdown.PDF(md, mo) // embeds only the fonts it uses: faster
	}
	pdf, err := markdown.Render(md, mo)
	if err != nil {
		return nil, err
	}
	if err := drawCards(pdf, r, opt.Paper); err != nil {
		return nil, err
	}
	return layout.Bytes(pdf)
}
