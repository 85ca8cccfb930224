package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/layout/raster"
	"github.com/playaid/playaid/refcards"
)

// cli runs playaid with args and fails the test unless it exits with code.
func cli(t *testing.T, code int, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), args, &stdout, &stderr)
	if got := exitCode(err, &stderr); got != code {
		t.Fatalf("playaid %s: exit %d, want %d; stderr: %s", strings.Join(args, " "), got, code, stderr.String())
	}
	return stderr.String()
}

// pngsIn reads the PNGs of a folder by name, in name order.
func pngsIn(t *testing.T, dir string) (names []string, data [][]byte) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.png"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no PNGs in %s (%v)", dir, err)
	}
	slices.Sort(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		names, data = append(names, filepath.Base(f)), append(data, b)
	}
	return names, data
}

func decodePNG(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// samePage checks the PNG of a face against poppler's raster of its page
// of the PDF (from 1): the ink of each within 2 pixels of the other's,
// white type on the bands included; the colours of the paper, bands and
// fills the same (poppler hints its type to the pixel grid and draws it a
// little thinner: the edges of type differ by a few levels, more over a
// face full of type, as a card set a size larger).
func samePage(t *testing.T, what string, pdf []byte, page int, pngData []byte) {
	t.Helper()
	theirs := pdftest.RasterColour(t, pdf, 300, page, page)[0]
	mine := decodePNG(t, pngData)
	if mine.Bounds().Dx() < theirs.Bounds().Dx()-1 || mine.Bounds().Dy() < theirs.Bounds().Dy()-1 {
		t.Errorf("%s: %v pixels, poppler %v", what, mine.Bounds().Size(), theirs.Bounds().Size())
	}
	ag := pdftest.Compare(mine, theirs, 2)
	t.Logf("%s: %v", what, ag)
	if ag.OffShare() > 0.02 || ag.FlatDiff > 0.5 || ag.MeanDiff > 5 {
		t.Errorf("%s differs from poppler's raster of page %d: %v", what, page, ag)
	}
}

// TestPNGReferenceCards: 'reference --cards --print-shop --png DIR'
// writes one image per page of the deck's PDF, named in its order, each
// the page poppler prints; a second run writes the same bytes.
func TestPNGReferenceCards(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pdfPath := filepath.Join(dir, "deck.pdf")
	cli(t, 0, "reference", "--cards", "--print-shop", "--system", "imperial-mars", "--png", filepath.Join(dir, "png"), "-o", pdfPath)
	pdf, err := os.ReadFile(pdfPath)
	if err != nil {
		t.Fatal(err)
	}
	names, data := pngsIn(t, filepath.Join(dir, "png"))
	pages := bytes.Count(pdf, []byte("/Type /Page\n"))
	if len(names) != pages {
		t.Fatalf("%d images for %d pages", len(names), pages)
	}
	for i, n := range names {
		side := "front"
		if i%2 == 1 {
			side = "back"
		}
		if want := fmt.Sprintf("%03d-card%03d-%s.png", i+1, i/2+1, side); n != want {
			t.Errorf("image %d is %s, want %s", i+1, n, want)
		}
		if b := decodePNG(t, data[i]).Bounds().Size(); b != (image.Point{815, 1110}) {
			t.Errorf("%s: %v pixels, want 815 × 1110 (69 × 94 mm at 300 dpi)", n, b)
		}
	}
	// The first card's front and back, and the last card's.
	for _, k := range []int{1, 2, pages - 1, pages} {
		samePage(t, names[k-1], pdf, k, data[k-1])
	}
	// Again: the same bytes.
	cli(t, 0, "reference", "--cards", "--print-shop", "--system", "imperial-mars", "--png", filepath.Join(dir, "again"), "-o", filepath.Join(dir, "again.pdf"))
	names2, data2 := pngsIn(t, filepath.Join(dir, "again"))
	if !slices.Equal(names, names2) {
		t.Fatalf("a second run names the images %v, the first %v", names2, names)
	}
	for i := range data {
		if !bytes.Equal(data[i], data2[i]) {
			t.Errorf("%s: a second run wrote other bytes", names[i])
		}
	}
}

// TestPNGUnitCards: 'army print --cards --print-shop --backs-last --png
// DIR' on US poker cards with a 1/8 in bleed: the fronts, then the backs,
// 2.75 × 3.75 in = 825 × 1125 pixels, each the page poppler prints.
func TestPNGUnitCards(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pdfPath := filepath.Join(dir, "units.pdf")
	cli(t, 0, "army", "print", armyExample("imperial-mars.toml"), "--cards", "--print-shop", "--backs-last", "--card-size", "us-poker", "--bleed", "1/8in", "--png", filepath.Join(dir, "png"), "-o", pdfPath)
	pdf, err := os.ReadFile(pdfPath)
	if err != nil {
		t.Fatal(err)
	}
	names, data := pngsIn(t, filepath.Join(dir, "png"))
	n := len(names) / 2
	if len(names) < 4 || len(names)%2 != 0 {
		t.Fatalf("%d images: want a front and a back for each card", len(names))
	}
	for i, name := range names {
		want := fmt.Sprintf("%03d-card%03d-front.png", i+1, i+1)
		if i >= n {
			want = fmt.Sprintf("%03d-card%03d-back.png", i+1, i-n+1)
		}
		if name != want {
			t.Errorf("image %d is %s, want %s", i+1, name, want)
		}
		if b := decodePNG(t, data[i]).Bounds().Size(); b != (image.Point{825, 1125}) {
			t.Errorf("%s: %v pixels, want 825 × 1125", name, b)
		}
	}
	for _, k := range []int{1, n, n + 1, 2 * n} {
		samePage(t, names[k-1], pdf, k, data[k-1])
	}
	// A face compared with the wrong page fails: the check can see.
	theirs := pdftest.RasterColour(t, pdf, 300, 2, 2)[0]
	if ag := pdftest.Compare(decodePNG(t, data[0]), theirs, 2); ag.OffShare() < 0.05 {
		t.Errorf("card 1's front passes for card 2's: %v", ag)
	}
}

// TestPNGErrors: --png without --print-shop, into a file, a link or
// standard output is refused in a line, and nothing is written.
func TestPNGErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file.png")
	os.WriteFile(file, []byte("mine"), 0o644)
	target := filepath.Join(dir, "target")
	os.Mkdir(target, 0o755)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	list := armyExample("imperial-mars.toml")
	out := filepath.Join(dir, "out.pdf")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"reference without --print-shop", []string{"reference", "--cards", "--system", "aqotmf", "--png", dir, "-o", out}, "--png " + dir + ": the card images are the print shop's pages: add --print-shop"},
		{"army without --print-shop", []string{"army", "print", list, "--cards", "--png", dir, "-o", out}, "add --print-shop"},
		{"a file", []string{"reference", "--cards", "--print-shop", "--system", "aqotmf", "--png", file, "-o", out}, "--png " + file + " is a file; give a folder for the card images"},
		{"a link", []string{"army", "print", list, "--cards", "--print-shop", "--png", link, "-o", out}, "--png " + link + " is a symbolic link; give a folder"},
		{"standard output", []string{"army", "print", list, "--cards", "--print-shop", "--png", target, "-o", "-"}, "-o - writes the deck to standard output; --png writes files"},
		{"standard output, reference", []string{"reference", "--cards", "--print-shop", "--system", "aqotmf", "--png", target, "-o", "-"}, "--png writes files"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := cli(t, 2, tt.args...)
			if !strings.Contains(msg, tt.want) {
				t.Errorf("stderr %q, want %q", msg, tt.want)
			}
			if strings.Count(strings.TrimSpace(msg), "\n") > 1 {
				t.Errorf("more than a line or two: %q", msg)
			}
		})
	}
	if b, _ := os.ReadFile(file); string(b) != "mine" {
		t.Error("the file given as --png was changed")
	}
	if es, _ := os.ReadDir(target); len(es) != 0 {
		t.Errorf("%d files written through the link or for standard output", len(es))
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a deck was written despite the error")
	}
	// An image's name taken by something other than a file: nothing is
	// written, not even the PDF.
	busy := filepath.Join(dir, "busy")
	os.MkdirAll(filepath.Join(busy, "001-card001-front.png"), 0o755)
	msg := cli(t, 1, "army", "print", list, "--cards", "--print-shop", "--png", busy, "-o", out)
	if !strings.Contains(msg, "001-card001-front.png is a folder") {
		t.Errorf("stderr %q does not say the image's name is a folder", msg)
	}
	if es, _ := os.ReadDir(busy); len(es) != 1 {
		t.Errorf("%d entries in the folder, want the one that was there", len(es))
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the deck was written though its images were not")
	}
}

// TestPNGStale: images left in the folder by a longer deck are named on
// standard error, and left alone; other files are not mentioned.
func TestPNGStale(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pngDir := filepath.Join(dir, "png")
	os.MkdirAll(pngDir, 0o755)
	for _, n := range []string{"099-card050-back.png", "notes.txt", "cover.png"} {
		os.WriteFile(filepath.Join(pngDir, n), []byte("old"), 0o644)
	}
	msg := cli(t, 0, "army", "print", armyExample("imperial-mars.toml"), "--cards", "--print-shop", "--png", pngDir, "-o", filepath.Join(dir, "u.pdf"))
	if want := pngDir + " also holds 1 card image this deck does not have (099-card050-back.png): remove it before sending the folder to the shop"; !strings.Contains(msg, want) {
		t.Errorf("stderr %q, want %q", msg, want)
	}
	if b, _ := os.ReadFile(filepath.Join(pngDir, "099-card050-back.png")); string(b) != "old" {
		t.Error("the old image was changed")
	}
	msg = cli(t, 0, "army", "print", armyExample("imperial-mars.toml"), "--cards", "--print-shop", "--png", filepath.Join(dir, "fresh"), "-o", filepath.Join(dir, "u.pdf"))
	if strings.Contains(msg, "also holds") {
		t.Errorf("a fresh folder: %q", msg)
	}
}

// TestPNGEveryDeck: every shipped deck's print-shop pages, reference and
// unit cards, are drawn whole by the page printer: they use only what it
// draws (no image, no clip), so no card face can come out with a part
// missing. (Drawn at 30 dpi: what is read does not depend on it.)
func TestPNGEveryDeck(t *testing.T) {
	t.Parallel()
	cat := shipped.Catalog(t)
	var pdfs [][]byte
	var names []string
	for _, dk := range refcards.All(cat) {
		b, err := dk.Render(cat, refcards.Options{Shop: &cards.Shop{}})
		if err != nil {
			t.Fatal(err)
		}
		pdfs, names = append(pdfs, b), append(names, dk.FileName("pdf"))
	}
	exs, err := army.Examples(cat)
	if err != nil {
		t.Fatal(err)
	}
	for _, ex := range exs {
		b, err := army.PrintCards(ex.Report, cards.Shop{Size: cards.USPoker})
		if err != nil {
			t.Fatal(err)
		}
		pdfs, names = append(pdfs, b), append(names, ex.Name)
	}
	if len(names) < 8 {
		t.Fatalf("%d decks: the shipped decks are missing", len(names))
	}
	for i, pdf := range pdfs {
		d, err := raster.Open(pdf)
		if err != nil {
			t.Fatalf("%s: %v", names[i], err)
		}
		for k := range d.Pages() {
			if _, err := d.Render(k, 30); err != nil {
				t.Errorf("%s: %v", names[i], err)
			}
		}
	}
}
