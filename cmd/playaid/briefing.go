package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/playaid/playaid/briefing"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/layout"
)

// The default print pack includes every shipped scenario's briefing.
func init() {
	packers = append(packers, packer{name: "briefings", build: packBriefings})
}

func packBriefings(ctx context.Context, cat *catalog.Catalog, paper layout.Paper) ([]packFile, error) {
	var out []packFile
	for _, s := range cat.Systems {
		for i := range s.Scenarios {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			sc := &s.Scenarios[i]
			b, err := briefing.New(s, sc, cat.Hash)
			if err != nil {
				return nil, err
			}
			pdf, err := b.PDF(briefing.Options{Paper: paper})
			if err != nil {
				return nil, fmt.Errorf("briefing %s: %w", sc.ID, err)
			}
			out = append(out, packFile{name: "briefing-" + sc.ID + ".pdf", data: pdf})
		}
	}
	return out, nil
}

func runBriefing(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("briefing", "briefing SCENARIO [--paper a4|letter] [--format pdf|html|md] [--data DIR] [--templates DIR] [-o FILE]")
	var d dataFlags
	d.register(fs)
	paperName := paperFlag(fs)
	format := fs.String("format", "pdf", "pdf, html or md")
	tmpl := fs.String("templates", "", "a folder whose briefing.md or deployment.md replace the shipped templates")
	out := fs.String("o", "", "the file to write (default output/briefing-SCENARIO.FORMAT; - for standard output)")
	// The scenario may stand before, between or after the flags: the flag
	// package stops at the first argument, so parse on after it.
	var id string
	for {
		if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
			if id != "" {
				return usagef("briefing takes one scenario, got %q and %q", id, args[0])
			}
			id, args = args[0], args[1:]
			continue
		}
		if err := e.parse(fs, args); err != nil {
			return err
		}
		if args = fs.Args(); len(args) == 0 {
			break
		}
	}
	if id == "" {
		return usagef("briefing: which scenario? run 'playaid list scenarios' for the ids")
	}
	switch *format {
	case "pdf", "html", "md":
	default:
		return usagef("unknown --format %q: expected pdf, html or md", *format)
	}
	p, err := paper(*paperName)
	if err != nil {
		return err
	}
	if *tmpl != "" {
		if st, err := os.Stat(*tmpl); err != nil || !st.IsDir() {
			return usagef("--templates %s: not a folder", *tmpl)
		}
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	sys, sc, err := briefing.Find(cat, id)
	if err != nil {
		return usageError{err.Error()}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	b, err := briefing.New(sys, sc, cat.Hash)
	var dl diag.List
	if errors.As(err, &dl) {
		printDiags(e.stderr, dl)
		return exitStatus(1)
	}
	if err != nil {
		return err
	}
	opt := briefing.Options{Paper: p, Templates: *tmpl}
	var data []byte
	switch *format {
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
	if path == "-" {
		_, err := e.stdout.Write(data)
		return err
	}
	if path == "" {
		path = filepath.Join("output", "briefing-"+sc.ID+"."+*format)
	}
	return e.writeOutput(path, data)
}
