package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/outfile"
	"github.com/playaid/playaid/internal/plain"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
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
	png       string
}

func (s *shopFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&s.on, "print-shop", false, "with --cards: a deck for a print shop: one card face to a page with bleed, backs after their fronts, TrimBox and BleedBox set (…-print-shop.pdf)")
	fs.StringVar(&s.bleed, "bleed", "", "with --print-shop: the bleed beyond each edge of the card, 3mm (default) or 1/8in")
	fs.StringVar(&s.size, "card-size", "", "with --print-shop: poker (63 × 88 mm, default) or us-poker (2.5 × 3.5 in)")
	fs.BoolVar(&s.backsLast, "backs-last", false, "with --print-shop: all the fronts, then all the backs (default: each back after its front)")
	fs.StringVar(&s.png, "png", "", "with --print-shop: also write each card face as a 300 dpi PNG at the size with bleed into this folder, named in deck order (001-card001-front.png …), for shops that take images")
}

// parse returns the shop asked for, or nil when none is.
func (s shopFlags) parse() (*cards.Shop, error) {
	if !s.on {
		if s.png != "" {
			return nil, usagef("--png %s: the card images are the print shop's pages: add --print-shop", s.png)
		}
		if s.bleed != "" || s.size != "" || s.backsLast {
			return nil, usagef("--bleed, --card-size and --backs-last go with --print-shop")
		}
		return nil, nil
	}
	if s.png != "" {
		if err := checkPNGDir(s.png); err != nil {
			return nil, err
		}
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

// checkPNGDir refuses a --png folder that is something else: a file, a
// symbolic link (whose folder could be anywhere), a device. A folder that
// does not exist yet is made.
func checkPNGDir(dir string) error {
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return plain.Cannot("write into", dir, err)
	case fi.IsDir():
		return nil
	case fi.Mode().IsRegular():
		return usagef("--png %s is a file; give a folder for the card images (it is made when missing)", dir)
	}
	return usagef("--png %s is %s; give a folder for the card images (it is made when missing)", dir, plain.Kind(fi.Mode()))
}

// pngFiles are the card images of a print shop's deck (its PDF), as
// files in dir.
func pngFiles(shop *cards.Shop, pdf []byte, dir string) ([]outfile.File, error) {
	imgs, err := shop.Images(pdf)
	if err != nil {
		return nil, fmt.Errorf("drawing the card images: %v", err)
	}
	files := make([]outfile.File, len(imgs))
	for i, im := range imgs {
		files[i] = outfile.File{Path: filepath.Join(dir, im.Name), Data: im.PNG}
	}
	return files, nil
}

// imageName is the name of a card image --png writes (compiled when first
// needed: only --png does).
var imageName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]{3,}-card[0-9]{3,}-(front|back)\.png$`) })

// warnStale says on standard error which card images in the folders of
// files this run did not write: a deck's images from an earlier, longer
// deck would be sent to the shop with it. They are left alone.
func (e *env) warnStale(files []outfile.File) {
	written := map[string]bool{}
	var dirs []string
	for _, f := range files {
		if imageName().MatchString(filepath.Base(f.Path)) {
			written[filepath.Clean(f.Path)] = true
			if d := filepath.Dir(f.Path); !slices.Contains(dirs, d) {
				dirs = append(dirs, d)
			}
		}
	}
	for _, d := range dirs {
		es, _ := os.ReadDir(d)
		var stale []string
		for _, en := range es {
			if imageName().MatchString(en.Name()) && !written[filepath.Join(d, en.Name())] {
				stale = append(stale, en.Name())
			}
		}
		if len(stale) > 0 {
			fmt.Fprintf(e.stderr, "playaid: %s also holds %d card %s this deck does not have (%s): remove %s before sending the folder to the shop\n",
				d, len(stale), document.Plural(len(stale), "image", "images"), plain.Clip(strings.Join(stale, ", "), 80), document.Plural(len(stale), "it", "them"))
		}
	}
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
	rendered, err := refcards.RenderAll(list, cat, refcards.Options{Paper: p, Format: doc.format, Backs: flip, BackOffset: off, TemplatesDir: doc.templates, Shop: shop, Odds: e.odds})
	var oe *cards.OptionError
	if errors.As(err, &oe) {
		return usageError{oe.Msg}
	}
	if err != nil {
		return err
	}
	if out == "-" {
		if cf.shop.png != "" {
			return usagef("-o - writes the deck to standard output; --png writes files: give -o a file or a folder")
		}
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
		if shop != nil && cf.shop.png != "" {
			// One deck's images go straight into the folder; all of
			// them, each into a folder named after its PDF.
			dir := cf.shop.png
			if sysID == "" {
				dir = filepath.Join(dir, strings.TrimSuffix(name, filepath.Ext(name)))
			}
			imgs, err := pngFiles(shop, rendered[i], dir)
			if err != nil {
				return err
			}
			files = append(files, imgs...)
		}
	}
	if err := e.writeFiles(ctx, files); err != nil {
		return err
	}
	e.warnStale(files)
	return nil
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
