package document

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/markdown"
	"github.com/playaid/playaid/tomlpos"
)

// The formats a document renders to.
const (
	PDF      = "pdf"
	HTML     = "html"
	Markdown = "md"
)

// Formats lists the --format values.
func Formats() []string { return []string{PDF, HTML, Markdown} }

// Render renders a document's Markdown in a format: PDF through
// layout/markdown with opt (PDF is the default), a standalone HTML page
// titled opt.Title, or the Markdown itself.
func Render(md []byte, format string, opt markdown.Options) ([]byte, error) {
	switch format {
	case Markdown:
		return md, nil
	case HTML:
		return markdown.HTML(md, opt)
	case PDF, "":
		return markdown.PDF(md, opt)
	}
	return nil, UnknownFormat(format)
}

// Render is Render for Markdown whose lines come from templates: the
// renderer's messages name the template's place (Place), and so does
// what it fitted to the paper for a font of wide letters, told to the
// person at the terminal (NoteFitted).
func (ls Lines) Render(md []byte, format string, opt markdown.Options) ([]byte, error) {
	return ls.RenderNoted(md, format, opt, nil, nil)
}

// RenderNoted is Render recording in marks where the marks of the
// readings among notes (the document's footnotes) land on the PDF's
// pages.
func (ls Lines) RenderNoted(md []byte, format string, opt markdown.Options, notes *Notes, marks *Marks) ([]byte, error) {
	if format != PDF && format != "" {
		out, err := Render(md, format, opt)
		return out, ls.Place(err, opt.File)
	}
	l, err := markdown.Measure(md, opt)
	if err != nil {
		return nil, ls.Place(err, opt.File)
	}
	ls.NoteFitted(l.Fitted(), opt.File)
	out, err := l.PDF()
	if err == nil {
		marks.Laid(l, notes)
	}
	return out, ls.Place(err, opt.File)
}

// NoteFitted tells what a layout of the Markdown the renderer knew as
// file fitted to the paper (markdown.Layout.Fitted), at the template's
// places (layout.NoteFitted): the command prints it once its documents
// are made.
func (ls Lines) NoteFitted(fitted diag.List, file string) {
	if len(fitted) == 0 {
		return
	}
	if l, ok := diag.AsList(ls.Place(fitted, file)); ok {
		layout.NoteFitted(l)
	}
}

// DecodeTOML reads the TOML of a chart block, strictly and every
// problem at its place (markdown.Options.Decode): every document that
// lays out Markdown gives it to layout/markdown, which knows no data
// format of its own.
func DecodeTOML(file string, src []byte, v any) diag.List {
	_, l := tomlpos.DecodeTOML(file, src, v)
	return l
}

// UnknownFormat is the error for a format no document renders to.
func UnknownFormat(format string) error {
	return fmt.Errorf("unknown format %q; expected one of: %s", format, strings.Join(Formats(), ", "))
}
