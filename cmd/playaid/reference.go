package main

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/sheets"
)

// buildReferencePack renders every quick-reference sheet as PDF for the
// print pack: reference-<system>.pdf.
func buildReferencePack(ctx context.Context, cat *catalog.Catalog, paper layout.Paper) ([]packFile, error) {
	all := sheets.All()
	pdfs, err := sheets.RenderAll(all, cat, sheets.Options{Paper: paper, Format: document.PDF})
	if err != nil {
		return nil, err
	}
	var files []packFile
	for i, s := range all {
		files = append(files, packFile{name: s.FileName(document.PDF), data: pdfs[i]})
	}
	return files, nil
}

func runReference(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("reference", "reference [--system ID] [--paper a4|letter] [--format pdf|html|md] [--data DIR] [--templates DIR] [-o FILE]\n       playaid reference --cards [--system ID] [--paper a4|letter] [--backs long|short] [--back-offset X,Y] [--format pdf|md] [--data DIR] [--templates DIR] [-o FILE]")
	var d dataFlags
	d.register(fs)
	sysID := fs.String("system", "", "only this sheet: "+strings.Join(sheets.IDs(), ", ")+" (default: all four)")
	var doc docFlags
	doc.register(fs, "a folder of templates that replace the shipped ones of the same name (aqotmf.md …)")
	out := fs.String("o", "", "where to write: a file (\"-\" for standard output) with --system, else a folder (default: output/reference-<system>.<format>)")
	var cf cardFlags
	cf.register(fs)
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("reference takes no arguments, got %q; use --system to choose a sheet", fs.Args())
	}
	p, err := doc.check()
	if err != nil {
		return err
	}
	if cf.cards || cf.backs != "" || cf.offset != "" {
		return e.referenceCards(ctx, d, &doc, p, cf, *sysID, *out)
	}
	format := &doc.format
	list := sheets.All()
	if *sysID != "" {
		s, err := sheets.Lookup(*sysID)
		if err != nil {
			return usageError{err.Error()}
		}
		list = []sheets.Sheet{s}
	} else if *out == "-" {
		return usagef("-o - (standard output) needs --system: all four sheets cannot share one output")
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	// Render every sheet before writing any: a bad template leaves the
	// output as it was.
	rendered, err := sheets.RenderAll(list, cat, sheets.Options{Paper: p, Format: *format, TemplatesDir: doc.templates})
	if err != nil {
		return err
	}
	for i, s := range list {
		path := filepath.Join("output", s.FileName(*format))
		switch {
		case *out == "-":
			_, err := e.stdout.Write(rendered[i])
			return err
		case *out != "" && *sysID != "":
			path = *out
		case *out != "":
			path = filepath.Join(*out, s.FileName(*format))
		}
		if err := e.writeOutput(path, rendered[i]); err != nil {
			return err
		}
	}
	return nil
}
