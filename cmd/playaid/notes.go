package main

import (
	"context"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/sheets"
)

// buildNotesPack renders every rule set's rules notes as PDF for the
// print pack: notes-<system>.pdf, pages counted on the pack's paper.
func buildNotesPack(ctx context.Context, cat *catalog.Catalog, paper layout.Paper) ([]packFile, error) {
	all := sheets.All()
	pdfs, err := sheets.RenderNotesAll(all, cat, sheets.Options{Paper: paper, Format: document.PDF})
	if err != nil {
		return nil, err
	}
	var files []packFile
	for i, s := range all {
		files = append(files, packFile{name: s.NotesFileName(document.PDF), data: pdfs[i]})
	}
	return files, nil
}

func runNotes(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("notes", "notes [--system ID] [--paper a4|letter] [--format pdf|html|md] [--data DIR] [--templates DIR] [-o FILE]")
	var d dataFlags
	d.register(fs)
	sysID := fs.String("system", "", "only this rule set: "+strings.Join(sheets.IDs(), ", ")+" (default: all four)")
	var doc docFlags
	doc.register(fs, "a folder of templates that replace the shipped ones of the same name (notes.md, and the reference sheets' whose pages it cites)")
	out := fs.String("o", "", "where to write: a file (\"-\" for standard output) with --system, else a folder (default: output/notes-<system>.<format>)")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("notes takes no arguments, got %q; use --system to choose a rule set", fs.Args())
	}
	p, err := doc.check()
	if err != nil {
		return err
	}
	list := sheets.All()
	if *sysID != "" {
		s, err := sheets.Lookup(*sysID)
		if err != nil {
			return usageError{err.Error()}
		}
		list = []sheets.Sheet{s}
	} else if *out == "-" {
		return usagef("-o - (standard output) needs --system: all four rules notes cannot share one output")
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	rendered, err := sheets.RenderNotesAll(list, cat, sheets.Options{Paper: p, Format: doc.format, TemplatesDir: doc.templates})
	if err != nil {
		return err
	}
	names := make([]string, len(list))
	for i, s := range list {
		names[i] = s.NotesFileName(doc.format)
	}
	return e.writeEach(names, rendered, *out, *sysID != "")
}
