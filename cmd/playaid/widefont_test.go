package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/font/gofont/gomono"

	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

// Real fonts of other widths than the Go font's, as a club names them
// with --font. Debian's fonts-dejavu-core and fonts-liberation hold the
// first four (.ci/run installs them); Go Mono, every letter as wide as an
// M's share, is written from the module's copy.
var wideFonts = []struct {
	name, path string
	wider      bool // wider than the Go font: the Buildings "Burning buildings" table is fitted
}{
	{"DejaVu Sans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", true},
	{"DejaVu Serif", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", true},
	{"Liberation Sans Narrow", "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf", false},
	{"Liberation Serif", "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf", false},
	{"Go Mono", "", true},
}

// TestWideFonts: a font with wider (or narrower) letters than the Go font
// never breaks a document. The whole pack builds; a table too wide for its
// card is fitted (narrower margins, smaller type, never under 6.5 pt), and
// standard error says what was fitted and where, at the line of the
// template; no character of the cards is under 6.5 pt. The reference
// cards and a game night build alike. The table watched is the Buildings
// "Burning buildings" card's (each building's Armor and Fire rating across
// a card): the wider fonts need it fitted, the narrower ones not.
func TestWideFonts(t *testing.T) {
	dir := t.TempDir()
	t.Cleanup(func() { layout.SetTextFont(nil) })
	// At the template's line, wherever it stands in the template.
	burning := regexp.MustCompile(`templates/cards-buildings.md:\d+:1: warning: card "Burning buildings": the table is too wide for its 57.0 mm with this font's letters: fitted with its cells' margins narrowed`)
	checked := 0 // the fonts installed
	for _, f := range wideFonts {
		path := f.path
		if path == "" {
			path = filepath.Join(dir, "GoMono.ttf")
			if err := os.WriteFile(path, gomono.TTF, 0o644); err != nil {
				t.Fatal(err)
			}
		} else if _, err := os.Stat(path); err != nil {
			t.Logf("%s is not installed (Debian: fonts-dejavu-core, fonts-liberation): %v", f.name, err)
			continue
		}
		checked++
		out := filepath.Join(dir, strings.ReplaceAll(f.name, " ", "-"))
		stderr := cli(t, 0, "build", "-o", out, "--font", path)
		if f.wider != burning.MatchString(stderr) {
			t.Errorf("%s: standard error says:\n%s\nwant the Burning buildings table fitted: %v", f.name, stderr, f.wider)
		}
		for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
			if line != "" && !strings.Contains(line, ": warning: ") {
				t.Errorf("%s: %q on standard error: only what was fitted, as warnings", f.name, line)
			}
		}
		decks, _ := filepath.Glob(filepath.Join(out, "reference-cards-*.pdf"))
		all, _ := filepath.Glob(filepath.Join(out, "*.pdf"))
		if len(decks) != 4 || len(all) != 27 {
			t.Fatalf("%s: %d decks, %d files; want 4 and 27", f.name, len(decks), len(all))
		}
		for _, d := range decks {
			b, err := os.ReadFile(d)
			if err != nil {
				t.Fatal(err)
			}
			texts, err := pdftest.Read(b)
			if err != nil {
				t.Fatal(err)
			}
			if small := pdftest.Smallest(texts, cards.MinPt); len(small) > 0 {
				t.Errorf("%s %s: %q at %g pt, under %g", f.name, filepath.Base(d), small[0].S, small[0].Size, cards.MinPt)
			}
		}
		if !f.wider || f.path == "" {
			continue
		}
		// The deck alone, and a game night, in the same font: the night's
		// AQotMF deck is fitted as that deck alone is.
		if stderr := cli(t, 0, "reference", "--cards", "--system", "buildings", "-o", filepath.Join(dir, "deck.pdf"), "--font", path); !burning.MatchString(stderr) {
			t.Errorf("%s: reference --cards says:\n%s\nwant the Burning buildings table fitted", f.name, stderr)
		}
		deck := cli(t, 0, "reference", "--cards", "--system", "aqotmf", "-o", filepath.Join(dir, "aqotmf.pdf"), "--font", path)
		night := cli(t, 0, "game", "boys-of-company-c", "-o", filepath.Join(dir, "night"), "--font", path)
		if a, b := warningsOf(deck, "aqotmf"), warningsOf(night, "aqotmf"); a == "" || a != b {
			t.Errorf("%s: the AQotMF deck alone is fitted with:\n%s\nin a game night with:\n%s\nwant the same, and said", f.name, a, b)
		}
	}
	if checked < len(wideFonts) {
		t.Logf("%d of %d fonts checked: the others are not installed (.ci/run installs them)", checked, len(wideFonts))
	}
}

// warningsOf is the warnings of standard error that name the rule set's
// cards (their template or their file), in order.
func warningsOf(stderr, system string) string {
	var out []string
	for _, line := range strings.Split(stderr, "\n") {
		if strings.Contains(line, ": warning: ") && strings.Contains(line, "cards-"+system) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}
