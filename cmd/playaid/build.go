package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/pack"
	"github.com/playaid/playaid/refcards"
	"github.com/playaid/playaid/sheets"
)

// packDocs lists the documents of the print pack (a variable, so that
// tests can stand in documents that fail or wait).
var packDocs = func(cat *catalog.Catalog, o pack.Options) []pack.Doc { return pack.New(cat, o).Docs }

func runBuild(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("build", "[build] [--data DIR] [--paper a4|letter] [-o DIR]")
	var d dataFlags
	d.register(fs)
	paperName := paperFlag(fs)
	out := fs.String("o", "output", "the output folder (made when missing)")
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("build takes no arguments, got %q", fs.Args())
	}
	if *out == "-" {
		return usagef("-o -: the print pack is a folder of files; standard output takes one (use the command that prints it, e.g. 'playaid reference --system ID -o -')")
	}
	if st, err := os.Stat(*out); err == nil && !st.IsDir() {
		return usagef("-o %s: not a folder; the print pack goes into a folder", *out)
	}
	p, err := paper(*paperName)
	if err != nil {
		return err
	}
	go warmFonts()
	e.warm = warmTemplates
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	// Write it all or nothing: a failing generator, a file that cannot
	// be written or a signal before the renames leave the output folder
	// as it was. Each file is written (not yet in place) as soon as it is
	// made, while the others are being made.
	docs := packDocs(cat, pack.Options{Odds: e.odds})
	var paths []string
	at := make([]int, len(docs)) // each document's place in paths; -1 for none
	for i, d := range docs {
		at[i] = -1
		if d.Name == "" { // a part that could not list its documents: it fails
			continue
		}
		path := filepath.Join(*out, filepath.FromSlash(d.Name))
		if !inside(*out, path) {
			return fmt.Errorf("refusing to write %s: outside the output folder %s", d.Name, *out)
		}
		at[i] = len(paths)
		paths = append(paths, path)
	}
	batch, err := outfile.Begin(ctx, paths)
	if err != nil {
		return err
	}
	err = pack.RenderEach(ctx, p, docs, func(i int, data []byte) {
		if at[i] >= 0 {
			batch.Put(at[i], data)
		}
	})
	if err != nil {
		batch.Abort()
		return err
	}
	if err := batch.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%d files in %s\n", len(docs), *out)
	return nil
}

// warmFonts parses the text faces of the embedded font, which the
// documents need and a process parses once, on first use: called as the
// data loads, it puts that work on the core loading leaves idle. The
// monospaced face prints only code, which the pack has none of: it is
// parsed if a document sets it.
func warmFonts() {
	pdf := layout.NewBlankDoc(layout.A4, "")
	for _, f := range layout.FontFaces() {
		if f[0] == layout.Font {
			layout.UseFont(pdf, f[0], f[1])
		}
	}
}

// warmTemplates parses the shipped templates of the print pack's
// documents, which a process parses once, on first use: started as the
// data is checked, it puts that work on the core checking leaves idle,
// ahead of the documents that need it.
func warmTemplates(cat *catalog.Catalog) {
	document.ParseShipped(templateSets(cat)...)
}

// templateSets are the templates the print pack's documents execute, in
// the order the documents start. A build lays out each reference sheet
// and each deck of cards once: their trees (two thirds of all) are let go
// once used (Set.Once), not held while the rest of the pack is made; the
// briefings', rules notes' and rosters' serve several documents each.
func templateSets(cat *catalog.Catalog) []document.Set {
	sets := []document.Set{briefing.Templates()}
	for _, s := range sheets.Templates(cat) {
		s.Once = s.Names[0] != sheets.NotesTemplate
		sets = append(sets, s)
	}
	for _, s := range refcards.Templates(cat) {
		s.Once = true
		sets = append(sets, s)
	}
	return append(sets, army.Templates(cat)...)
}

// inside reports whether path lies within dir.
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !filepath.IsAbs(rel) && (len(rel) < 3 || rel[:3] != ".."+string(filepath.Separator))
}
