package main

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/pack"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/sheets"
)

// sheetTemplates lists the engines' templates of reference sheets and
// cards, for --templates' help.
func sheetTemplates() string {
	var names []string
	for _, e := range rules.Engines() {
		names = append(names, e.Sheet.Template, e.Cards.Template)
	}
	return strings.Join(names, ", ")
}

// sheetDoc is a document made for each rule set with a reference sheet:
// the sheet itself, or the organiser's rules notes that cite its pages.
// Both verbs and both parts of the print pack work the same way.
type sheetDoc struct {
	verb      string // the command
	each      string // what one document is: "sheet", "rule set"
	templates string // what --templates replaces; "" for the engines' sheets and cards
	name      func(s sheets.Sheet, format string) string
	render    func([]sheets.Sheet, *catalog.Catalog, sheets.Options) ([][]byte, error)
	cards     string // the usage of --cards, for the verb that makes reference cards too
}

var (
	referenceDoc = sheetDoc{"reference", "sheet", "", sheets.Sheet.FileName, sheets.RenderAll,
		"\n       playaid reference --cards [--system ID] [--paper a4|letter] [--backs long|short|fold] [--back-offset X,Y] [--print-shop [--bleed 3mm|1/8in] [--card-size poker|us-poker] [--backs-last] [--png DIR]] [--format pdf|md] [--data DIR] [--templates DIR] [-o FILE]"}
	notesDoc = sheetDoc{"notes", "rule set", "notes.md, and the reference sheets' whose pages it cites", sheets.Sheet.NotesFileName, renderNotes, ""}
)

// renderNotes renders the rules notes, saying where each ruling prints as
// the print pack's player documents, made on the same paper, print it.
func renderNotes(list []sheets.Sheet, cat *catalog.Catalog, o sheets.Options) ([][]byte, error) {
	printed, err := pack.Printed(cat, pack.Options{Templates: o.TemplatesDir}, o.Paper)
	if err != nil {
		return nil, err
	}
	o.Printed = printed
	return sheets.RenderNotesAll(list, cat, o)
}

// run is the verb: one rule set's document (--system) or all four.
func (d sheetDoc) run(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags(d.verb, d.verb+" [--system ID] [--paper a4|letter] [--format pdf|html|md] [--data DIR] [--templates DIR] [-o FILE]"+d.cards)
	var df dataFlags
	df.register(fs)
	sysID := fs.String("system", "", "only this "+d.each+": "+shippedSystems()+" or one of --data (default: all)")
	var doc docFlags
	what := d.templates
	if what == "" {
		what = sheetTemplates()
	}
	doc.register(fs, "a folder of templates that replace the shipped ones of the same name ("+what+")")
	out := fs.String("o", "", "where to write: a file (\"-\" for standard output) with --system, else a folder (default: output/"+d.name(sheets.Sheet{ID: "<system>"}, "<format>")+")")
	var cf cardFlags
	if d.cards != "" {
		cf.register(fs)
	}
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("%s takes no arguments, got %q; use --system to choose a %s", d.verb, fs.Args(), d.each)
	}
	p, err := doc.check(e, df)
	if err != nil {
		return err
	}
	if cf.cards || cf.backs != "" || cf.offset != "" || cf.shop != (shopFlags{}) {
		return e.referenceCards(ctx, df, &doc, p, cf, *sysID, *out)
	}
	if *sysID == "" && *out == "-" {
		return usagef("-o - (standard output) needs --system: all four cannot share one output")
	}
	cat, err := e.load(df)
	if err != nil {
		return err
	}
	list := sheets.All(cat)
	if *sysID != "" {
		s, err := sheets.Lookup(cat, *sysID)
		if err != nil {
			return usageError{err.Error()}
		}
		list = []sheets.Sheet{s}
	}
	e.fontWarnings(doc)
	// Render every document before writing any: a bad template leaves
	// the output as it was.
	rendered, err := d.render(list, cat, sheets.Options{Paper: p, Format: doc.format, TemplatesDir: doc.templates, Odds: e.odds})
	if err != nil {
		return err
	}
	if *out == "-" {
		return e.writeOutput(ctx, "-", rendered[0])
	}
	var files []outfile.File
	for i, s := range list {
		path := filepath.Join("output", d.name(s, doc.format))
		switch {
		case *out != "" && *sysID != "":
			path = *out
		case *out != "":
			path = filepath.Join(*out, d.name(s, doc.format))
		}
		files = append(files, outfile.File{Path: path, Data: rendered[i]})
	}
	return e.writeFiles(ctx, files)
}
