package main

import (
	"context"
	"errors"
	"flag"
	"path/filepath"
	"slices"
	"strings"

	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/markers"
	"github.com/playaid/playaid/refcards"
)

// cardFlags are the reference command's flags for cards.
type cardFlags struct {
	cards         bool
	backs, offset string
}

func (c *cardFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&c.cards, "cards", false, "print reference cards (63 × 88 mm, nine to a page, odds on the backs) instead of the sheets: reference-cards-<system>.pdf")
	fs.StringVar(&c.backs, "backs", "", "with --cards: the edge your printer flips the sheet on, long (default) or short")
	fs.StringVar(&c.offset, "back-offset", "", "with --cards: X,Y: shift the backs X mm right and Y mm down to match your printer")
}

// referenceCards is 'playaid reference --cards': one deck, or all of them.
func (e *env) referenceCards(ctx context.Context, d dataFlags, doc *docFlags, p layout.Paper, cf cardFlags, sysID, out string) error {
	if !cf.cards {
		return usagef("--backs and --back-offset print reference cards: add --cards")
	}
	if !slices.Contains(refcards.Formats(), doc.format) {
		return usagef("--format %s: reference cards are drawn to size; expected one of: %s", doc.format, strings.Join(refcards.Formats(), ", "))
	}
	flip, err := markers.ParseFlip(cf.backs)
	if err != nil {
		return usageError{err.Error()}
	}
	off, err := parseOffset(cf.offset)
	if err != nil {
		return err
	}
	if sysID == "" && out == "-" {
		return usagef("-o - (standard output) needs --system: all four decks cannot share one output")
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	list := refcards.All(cat)
	if sysID != "" {
		dk, err := refcards.Lookup(cat, sysID)
		if err != nil {
			return usageError{err.Error()}
		}
		list = []refcards.Deck{dk}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	// Render every deck before writing any: a bad template leaves the
	// output as it was.
	rendered, err := refcards.RenderAll(list, cat, refcards.Options{Paper: p, Format: doc.format, Backs: flip, BackOffset: off, TemplatesDir: doc.templates})
	var oe *markers.OptionError
	if errors.As(err, &oe) {
		return usageError{oe.Msg}
	}
	if err != nil {
		return err
	}
	if out == "-" {
		return e.writeOutput(ctx, "-", rendered[0])
	}
	var files []outfile.File
	for i, dk := range list {
		path := filepath.Join("output", dk.FileName(doc.format))
		switch {
		case out != "" && sysID != "":
			path = out
		case out != "":
			path = filepath.Join(out, dk.FileName(doc.format))
		}
		files = append(files, outfile.File{Path: path, Data: rendered[i]})
	}
	return e.writeFiles(ctx, files)
}
