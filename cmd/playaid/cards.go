package main

import (
	"context"
	"errors"
	"flag"
	"path/filepath"
	"slices"
	"strings"

	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/markers"
	"github.com/playaid/playaid/refcards"
)

// cardFlags are the reference command's flags for cards.
type cardFlags struct {
	cards         bool
	backs, offset string
	shop          shopFlags
}

func (c *cardFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&c.cards, "cards", false, "print reference cards (63 × 88 mm, nine to a page, odds on the backs) instead of the sheets: reference-cards-<system>.pdf")
	fs.StringVar(&c.backs, "backs", "", "with --cards: the edge your printer flips the sheet on, long (default) or short; or fold: fronts beside their backs, printed one-sided and folded (…-fold.pdf)")
	fs.StringVar(&c.offset, "back-offset", "", "with --cards: X,Y: shift the backs X mm right and Y mm down to match your printer")
	c.shop.register(fs)
}

// shopFlags ask for a print shop's deck: one card face to a page, with
// bleed.
type shopFlags struct {
	on        bool
	bleed     string
	size      string
	backsLast bool
}

func (s *shopFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&s.on, "print-shop", false, "with --cards: a deck for a print shop: one card face to a page with bleed, backs after their fronts, TrimBox and BleedBox set (…-print-shop.pdf)")
	fs.StringVar(&s.bleed, "bleed", "", "with --print-shop: the bleed beyond each edge of the card, 3mm (default) or 1/8in")
	fs.StringVar(&s.size, "card-size", "", "with --print-shop: poker (63 × 88 mm, default) or us-poker (2.5 × 3.5 in)")
	fs.BoolVar(&s.backsLast, "backs-last", false, "with --print-shop: all the fronts, then all the backs (default: each back after its front)")
}

// parse returns the shop asked for, or nil when none is.
func (s shopFlags) parse() (*cards.Shop, error) {
	if !s.on {
		if s.bleed != "" || s.size != "" || s.backsLast {
			return nil, usagef("--bleed, --card-size and --backs-last go with --print-shop")
		}
		return nil, nil
	}
	b, err := cards.ParseBleed(s.bleed)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	z, err := cards.ParseSize(s.size)
	if err != nil {
		return nil, usageError{"--card-size: " + err.Error()}
	}
	return &cards.Shop{Size: z, Bleed: b, BacksLast: s.backsLast}, nil
}

// cardSuffix names a deck's file by how it prints: "" for duplex sheets,
// "-fold" or "-print-shop".
func cardSuffix(backs cards.Backs, shop *cards.Shop) string {
	switch {
	case shop != nil:
		return "-print-shop"
	case backs == cards.Fold:
		return "-fold"
	}
	return ""
}

// withSuffix puts suffix before a file name's extension.
func withSuffix(name, suffix string) string {
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + suffix + ext
}

// referenceCards is 'playaid reference --cards': one deck, or all of them.
func (e *env) referenceCards(ctx context.Context, d dataFlags, doc *docFlags, p layout.Paper, cf cardFlags, sysID, out string) error {
	if !cf.cards {
		return usagef("--backs, --back-offset and --print-shop print reference cards: add --cards")
	}
	if !slices.Contains(refcards.Formats(), doc.format) {
		return usagef("--format %s: reference cards are drawn to size; expected one of: %s", doc.format, strings.Join(refcards.Formats(), ", "))
	}
	flip, err := cards.ParseBacks(cf.backs)
	if err != nil {
		return usageError{err.Error()}
	}
	off, err := parseOffset(cf.offset)
	if err != nil {
		return err
	}
	shop, err := cf.shop.parse()
	if err != nil {
		return err
	}
	if shop != nil && (cf.backs != "" || cf.offset != "") {
		return usagef("--print-shop prints one card face to a page: --backs and --back-offset are for sheets")
	}
	if flip == cards.Fold && cf.offset != "" {
		return usagef("--back-offset is for duplex backs; a fold sheet's backs are on the same side")
	}
	if (shop != nil || flip == cards.Fold) && doc.format != document.PDF {
		return usagef("--backs fold and --print-shop print PDF only, not --format %s", doc.format)
	}
	suffix := cardSuffix(flip, shop)
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
	rendered, err := refcards.RenderAll(list, cat, refcards.Options{Paper: p, Format: doc.format, Backs: flip, BackOffset: off, TemplatesDir: doc.templates, Shop: shop})
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
		name := withSuffix(dk.FileName(doc.format), suffix)
		path := filepath.Join("output", name)
		switch {
		case out != "" && sysID != "":
			path = out
		case out != "":
			path = filepath.Join(out, name)
		}
		files = append(files, outfile.File{Path: path, Data: rendered[i]})
	}
	return e.writeFiles(ctx, files)
}

// cardsNoBacks is unit cards' default: fronts only.
const cardsNoBacks = cards.NoBacks

// cardsBacks reads army print's --backs: fold, or nothing.
func cardsBacks(s string) (cards.Backs, error) {
	b, err := cards.ParseBacks(s)
	if err != nil || b.Duplex() {
		return cards.NoBacks, usagef("--backs %q: unit cards print fronts only, or fold (each beside its back, printed one-sided and folded)", s)
	}
	return b, nil
}
