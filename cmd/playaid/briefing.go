package main

import (
	"context"
	"path/filepath"

	"github.com/playaid/playaid/briefing"
)

func runBriefing(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("briefing", "briefing SCENARIO [--paper a4|letter] [--format pdf|html|md] [--data DIR] [--templates DIR] [-o FILE]")
	var d dataFlags
	d.register(fs)
	var doc docFlags
	doc.register(fs, "a folder whose briefing.md or deployment.md replace the shipped templates")
	out := fs.String("o", "", "the file to write (default output/briefing-SCENARIO.FORMAT; - for standard output)")
	ids, err := e.parseAll(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(ids) == 0:
		return usagef("briefing: which scenario? run 'playaid list scenarios' for the ids")
	case len(ids) > 1:
		return usagef("briefing takes one scenario, got %q and %q", ids[0], ids[1])
	}
	id := ids[0]
	p, err := doc.check(e, d)
	if err != nil {
		return err
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	e.fontWarnings(doc)
	sys, sc, err := briefing.Find(cat, id)
	if err != nil {
		return usageError{err.Error()}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	b, err := briefing.New(sys, sc, cat.Version())
	if err != nil {
		return err
	}
	opt := briefing.Options{Paper: p, Templates: doc.templates}
	var data []byte
	switch doc.format {
	case "pdf":
		data, err = b.PDF(opt)
	case "html":
		data, err = b.HTML(opt)
	case "md":
		data, err = b.MarkdownText(opt)
	}
	if err != nil {
		return err
	}
	path := *out
	if path == "" {
		path = filepath.Join("output", "briefing-"+sc.ID+"."+doc.format)
	}
	return e.writeOutput(ctx, path, data)
}
