package refcards

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/internal/golden"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

var (
	catOnce sync.Once
	shipCat *catalog.Catalog
)

func loadCat(t testing.TB) *catalog.Catalog {
	t.Helper()
	catOnce.Do(func() { shipCat = shipped.Catalog(t) })
	return shipCat
}

// render prints a shipped deck and reads its text back.
func render(t *testing.T, d Deck, o Options) ([]byte, []pdftest.Text) {
	t.Helper()
	b, err := d.Render(loadCat(t), o)
	if err != nil {
		t.Fatalf("%s: %v", d.ID, err)
	}
	texts, err := pdftest.Read(b)
	if err != nil {
		t.Fatalf("%s: reading the PDF back: %v", d.ID, err)
	}
	return b, texts
}

var papers = []layout.Paper{layout.A4, layout.Letter}

// TestGoldenMarkdown shows every deck whole: the Markdown its template
// makes from the shipped data, against testdata/golden/<deck>.md (go test
// -update rewrites them).
func TestGoldenMarkdown(t *testing.T) {
	for _, d := range All(loadCat(t)) {
		t.Run(d.ID, func(t *testing.T) {
			md, err := d.Markdown(loadCat(t), "")
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "golden", d.ID+".md"), md)
		})
	}
}

// TestGoldenLayout keeps how the cards are set: each printed card, its
// part mark, and for each side the type size it is set at and how far
// down its body the text reaches, to a tenth of a mm, against
// testdata/golden/<deck>.cards.
func TestGoldenLayout(t *testing.T) {
	for _, d := range All(loadCat(t)) {
		t.Run(d.ID, func(t *testing.T) {
			cat := loadCat(t)
			md, err := d.Markdown(cat, "")
			if err != nil {
				t.Fatal(err)
			}
			cs, err := parse(md, d.ID)
			if err != nil {
				t.Fatal(err)
			}
			pcs, fitted, err := settle(layout.NewBlankDoc(layout.A4, "measure"), cs, d.Accent, d.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(fitted) > 0 {
				t.Errorf("the Go font needs fitting: %v", fitted)
			}
			var b strings.Builder
			for _, pc := range pcs {
				fmt.Fprintf(&b, "%s %s\n", pc.titleOf, pc.of)
				for s, name := range []string{"front", "back"} {
					_, y := pc.sides[s].End()
					fmt.Fprintf(&b, "  %s: %g pt, %.1f of %.1f mm\n", name, pc.sizes[s], y, cards.BodyHeight(pc.bandH))
				}
			}
			golden.Check(t, filepath.Join("testdata", "golden", d.ID+".cards"), []byte(b.String()))
		})
	}
}

// TestShippedCardsWhole: every shipped card fits on one card, front and
// back, with something on each side; clubs' own cards may run to two.
func TestShippedCardsWhole(t *testing.T) {
	for _, d := range All(loadCat(t)) {
		_, texts := render(t, d, Options{})
		for _, tx := range texts {
			if tx.S == "1/2" || tx.S == "2/2" {
				t.Errorf("%s: a card runs over two (%q on page %d at %.1f, %.1f)", d.ID, tx.S, tx.Page, tx.X, tx.Y)
			}
		}
		md, _ := d.Markdown(loadCat(t), "")
		cards, err := parse(md, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(cards) < 4 {
			t.Errorf("%s: %d cards; the deck has lost its cards", d.ID, len(cards))
		}
	}
}

// TestTypeSizes holds the bar on type, measured on the PDFs: 90% of the
// characters at 7 pt or more, none under 6.5 pt (the labels of cards
// included) — every deck, both papers.
func TestTypeSizes(t *testing.T) {
	t.Parallel()
	for _, d := range All(loadCat(t)) {
		for _, p := range papers {
			_, texts := render(t, d, Options{Paper: p})
			sz := pdftest.Tally(texts)
			if sz.Chars() < 500 {
				t.Fatalf("%s %s: only %d characters read back", d.ID, p.Name, sz.Chars())
			}
			if below := sz.Below(7); below > 0.10 {
				t.Errorf("%s %s: %.1f%% of characters under 7 pt; at most 10%% (%s)", d.ID, p.Name, 100*below, sz)
			}
			if small := pdftest.Smallest(texts, cards.MinPt); len(small) > 0 {
				t.Errorf("%s %s: %d strings under %g pt, the first %q at %g pt", d.ID, p.Name, len(small), cards.MinPt, small[0].S, small[0].Size)
			}
		}
	}
}

// cellAt returns the grid cell whose box holds (x, y), on a page laid out
// as g, or false.
func cellAt(g geometry, x, y float64) (layout.Rect, bool) {
	if x < g.x0 || x > g.x1 || y < g.y0 || y > g.y1 {
		return layout.Rect{}, false
	}
	c := min(int((x-g.x0)/cardW), g.grid.Cols-1)
	r := min(int((y-g.y0)/cardH), g.grid.Rows-1)
	return layout.Rect{X: g.x0 + float64(c)*cardW, Y: g.y0 + float64(r)*cardH, W: cardW, H: cardH}, true
}

// A card, and how far inside its edge its ink keeps.
const (
	cardW, cardH = 63.0, 88.0
	inset        = (cardW - cards.LiveW) / 2
)

// textWidth is how wide a string read back from the PDF is, in its font
// as the PDF names it ("utf8goB" is the bold face, "utf8goBI" the bold
// italic).
func textWidth(pdf *fpdf.Fpdf, tx pdftest.Text) float64 {
	style := ""
	for _, st := range []string{"BI", "B", "I"} {
		if strings.HasSuffix(tx.Font, st) {
			style = st
			break
		}
	}
	layout.SetFont(pdf, layout.Font, style, tx.Size)
	return layout.Width(pdf, tx.S)
}

// TestContentInsideCells: every string on a card — front or back — starts,
// ends and stands inside its 63 × 88 mm cell less the 3 mm inner margin,
// and so does every line and shape drawn there but the fronts' cut lines.
// Checked on both papers and both flips, from the PDF.
func TestContentInsideCells(t *testing.T) {
	t.Parallel()
	st := layout.NewBlankDoc(layout.A4, "measure")
	const tol = 0.02
	for _, d := range All(loadCat(t)) {
		for _, p := range papers {
			for _, flip := range []cards.Backs{cards.LongEdge, cards.ShortEdge} {
				g, err := newGeometry(p)
				if err != nil {
					t.Fatal(err)
				}
				b, texts := render(t, d, Options{Paper: p, Backs: flip})
				where := fmt.Sprintf("%s %s %v", d.ID, p.Name, flip)
				n := 0
				for _, tx := range texts {
					cell, ok := cellAt(g, tx.X, tx.Y)
					if !ok || tx.Chars() == 0 {
						continue
					}
					n++
					in := layout.Rect{X: cell.X + inset, Y: cell.Y + inset, W: cell.W - 2*inset, H: cell.H - 2*inset}
					top := tx.Y - tx.Size*ptMM*0.75 // the capitals' height above the baseline
					end := tx.X + textWidth(st, tx)
					if tx.X < in.X-tol || end > in.X+in.W+tol || top < in.Y-tol || tx.Y > in.Y+in.H+tol {
						t.Errorf("%s page %d: %q (%.2f to %.2f, %.2f) leaves the card's inner box %+v", where, tx.Page, tx.S, tx.X, end, tx.Y, in)
					}
				}
				if n < 150 {
					t.Errorf("%s: only %d strings on cards", where, n)
				}
				lines, err := pdftest.Lines(b)
				if err != nil {
					t.Fatal(err)
				}
				for _, l := range lines {
					mx, my := (l.X1+l.X2)/2, (l.Y1+l.Y2)/2
					cell, ok := cellAt(g, mx, my)
					if !ok {
						continue
					}
					onEdge := func(v, a, b float64) bool { return math.Abs(v-a) < tol || math.Abs(v-b) < tol }
					if !l.Filled && ((l.X1 == l.X2 && onEdge(l.X1, cell.X, cell.X+cardW)) || (l.Y1 == l.Y2 && onEdge(l.Y1, cell.Y, cell.Y+cardH))) {
						continue // a cut line along the cell's edge
					}
					for _, q := range [][2]float64{{l.X1, l.Y1}, {l.X2, l.Y2}} {
						if q[0] < cell.X+inset-tol || q[0] > cell.X+cardW-inset+tol || q[1] < cell.Y+inset-tol || q[1] > cell.Y+cardH-inset+tol {
							t.Errorf("%s page %d: a line or shape reaches (%.2f, %.2f), inside the 3 mm margin of the card at %.1f, %.1f", where, l.Page, q[0], q[1], cell.X, cell.Y)
							break
						}
					}
				}
			}
		}
	}
}

// TestBacksBehindFronts: after the flip, each card's back lies behind its
// front — its title, read back from the PDF, where the front's title
// lands mirrored across the page — for both flips, and moved by a back
// offset.
func TestBacksBehindFronts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		paper layout.Paper
		flip  cards.Backs
		off   [2]float64
	}{
		{layout.A4, cards.LongEdge, [2]float64{}},
		{layout.Letter, cards.LongEdge, [2]float64{}},
		{layout.A4, cards.ShortEdge, [2]float64{}},
		{layout.Letter, cards.LongEdge, [2]float64{1.5, -1}},
		{layout.A4, cards.ShortEdge, [2]float64{-2, 0.5}},
	} {
		checked := 0
		for _, d := range All(loadCat(t)) {
			_, texts := render(t, d, Options{Paper: tc.paper, Backs: tc.flip, BackOffset: tc.off})
			titles := map[int][]pdftest.Text{} // by page
			for _, tx := range texts {
				if tx.Size == titlePt {
					titles[tx.Page] = append(titles[tx.Page], tx)
				}
			}
			pages := 0
			for p := range titles {
				pages = max(pages, p)
			}
			if pages%2 != 0 || pages == 0 {
				t.Fatalf("%s: %d pages with titles; want fronts and backs in pairs", d.ID, pages)
			}
			for p := 1; p < pages; p += 2 {
				fronts, backs := titles[p], titles[p+1]
				if len(fronts) != len(backs) {
					t.Fatalf("%s %v: page %d has %d titles, its back %d", d.ID, tc.flip, p, len(fronts), len(backs))
				}
				for _, f := range fronts {
					wx, wy := f.X, f.Y
					if tc.flip == cards.ShortEdge {
						// The title sits at the same place in its cell: the
						// cell's top edge is mirrored, the title below it.
						cellY := f.Y - (inset + cards.BandPad + baseline(titlePt))
						wy = tc.paper.Height - cellY - cardH + (f.Y - cellY)
					} else {
						cellX := f.X - (inset + cards.BandPad)
						wx = tc.paper.Width - cellX - cardW + (f.X - cellX)
					}
					wx, wy = wx+tc.off[0], wy+tc.off[1]
					found := false
					for _, b := range backs {
						if b.S == f.S && math.Abs(b.X-wx) < 0.02 && math.Abs(b.Y-wy) < 0.02 {
							found = true
						}
					}
					if !found {
						t.Errorf("%s %s %v%v: the back of %q (front at %.2f, %.2f) is not at %.2f, %.2f", d.ID, tc.paper.Name, tc.flip, tc.off, f.S, f.X, f.Y, wx, wy)
					}
					checked++
				}
			}
		}
		if checked < 30 {
			t.Errorf("%v: only %d cards checked", tc.flip, checked)
		}
	}
}

// TestCalibration finds on every page of fronts the 100 mm and the 4 in
// bar, drawn true (a stroked line of that length, upright or level), and
// the print-at-100% line, and keeps everything on every page 6 mm from
// the paper's edge.
func TestCalibration(t *testing.T) {
	t.Parallel()
	for _, d := range All(loadCat(t)) {
		for _, p := range papers {
			b, texts := render(t, d, Options{Paper: p, Backs: cards.ShortEdge})
			lines, err := pdftest.Lines(b)
			if err != nil {
				t.Fatal(err)
			}
			pages := 0
			for _, tx := range texts {
				pages = max(pages, tx.Page)
			}
			for page := 1; page <= pages; page += 2 {
				found := map[float64]bool{}
				for _, l := range lines {
					length := math.Hypot(l.X2-l.X1, l.Y2-l.Y1)
					for _, want := range []float64{100, 101.6} {
						if l.Page == page && !l.Filled && math.Abs(length-want) < 0.02 && (l.X1 == l.X2 || l.Y1 == l.Y2) {
							found[want] = true
						}
					}
				}
				if !found[100] || !found[101.6] {
					t.Errorf("%s %s page %d: 100 mm bar %v, 4 in bar %v", d.ID, p.Name, page, found[100], found[101.6])
				}
				var words []string
				for _, tx := range texts {
					if tx.Page == page {
						words = append(words, tx.S)
					}
				}
				all := strings.Join(words, " ")
				for _, want := range []string{"Print at 100% / actual size", "100 mm", "4 in"} {
					if !strings.Contains(all, want) {
						t.Errorf("%s %s page %d: no %q", d.ID, p.Name, page, want)
					}
				}
			}
			m := layout.SafeMargin
			for _, l := range lines {
				for _, q := range [][2]float64{{l.X1, l.Y1}, {l.X2, l.Y2}} {
					if q[0] < m-0.1 || q[1] < m-0.1 || q[0] > p.Width-m+0.1 || q[1] > p.Height-m+0.1 {
						t.Errorf("%s %s page %d: ink at (%.2f, %.2f), within %g mm of the edge", d.ID, p.Name, l.Page, q[0], q[1], m)
						break
					}
				}
			}
			for _, tx := range texts {
				if tx.X < m || tx.Y < m || tx.X > p.Width-m || tx.Y > p.Height-m {
					t.Errorf("%s %s page %d: %q at (%.2f, %.2f), within %g mm of the edge", d.ID, p.Name, tx.Page, tx.S, tx.X, tx.Y, m)
				}
			}
		}
	}
}

// TestDeterministic: the same deck gives the same bytes, whatever was
// rendered before it.
func TestDeterministic(t *testing.T) {
	cat := loadCat(t)
	d, _ := Lookup(loadCat(t), "aqotmf")
	a, err := d.Render(cat, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RenderAll(All(loadCat(t)), cat, Options{Paper: layout.Letter, Backs: cards.ShortEdge}); err != nil {
		t.Fatal(err)
	}
	b, _ := d.Render(cat, Options{})
	if !bytes.Equal(a, b) {
		t.Error("the same deck came out different the second time")
	}
}

// TestPlayerLanguage: a card speaks game language: none of the project's
// words about its data.
func TestPlayerLanguage(t *testing.T) {
	banned := []string{"seed", "catalogue", "as printed", "transcribed", "no rule text", "in the data", "sha256"}
	for _, d := range All(loadCat(t)) {
		_, texts := render(t, d, Options{})
		var b strings.Builder
		for _, tx := range texts {
			b.WriteString(strings.ToLower(tx.S) + " ")
		}
		all := b.String()
		for _, w := range banned {
			if strings.Contains(all, w) {
				t.Errorf("%s: the cards print %q", d.ID, w)
			}
		}
	}
}

// TestInnerMarginRaster prints every deck through pdftoppm and checks, on
// every card front and back, that the band inside the card from 0.6 mm
// (past the cut line) to 2.5 mm from its edge is blank paper: nothing of
// the card reaches into its 3 mm inner margin. It does not trust the
// fonts' widths as the text test does.
func TestInnerMarginRaster(t *testing.T) {
	t.Parallel()
	const dpi = 100
	px := func(mm float64) int { return int(math.Round(mm / 25.4 * dpi)) }
	for _, d := range All(loadCat(t)) {
		for _, p := range papers {
			g, _ := newGeometry(p)
			b, texts := render(t, d, Options{Paper: p})
			cells := map[int][]layout.Rect{} // the cards on each page, from their titles
			for _, tx := range texts {
				if c, ok := cellAt(g, tx.X, tx.Y); ok && tx.Size == titlePt && !slices.Contains(cells[tx.Page], c) {
					cells[tx.Page] = append(cells[tx.Page], c)
				}
			}
			checked := 0
			for i, img := range pdftest.Raster(t, b, dpi) {
				for _, c := range cells[i+1] {
					x0, y0, x1, y1 := px(c.X), px(c.Y), px(c.X+c.W), px(c.Y+c.H)
					outer, inner := px(0.6), px(2.5)
					bad := 0
					for y := y0 + outer; y < y1-outer; y++ {
						for x := x0 + outer; x < x1-outer; x++ {
							if x == x0+inner && y >= y0+inner && y < y1-inner {
								x = x1 - inner // skip the card's inside
							}
							if r, _, _, _ := img.At(x, y).RGBA(); r < 0xf000 && bad < 3 {
								bad++
								t.Errorf("%s %s page %d: ink at %.1f, %.1f mm, in the inner margin of the card at %.1f, %.1f", d.ID, p.Name, i+1, float64(x)*25.4/dpi, float64(y)*25.4/dpi, c.X, c.Y)
							}
						}
					}
					checked++
				}
			}
			if checked < 8 {
				t.Errorf("%s %s: only %d card sides checked", d.ID, p.Name, checked)
			}
		}
	}
}

// TestGameStatsKeepTheBooksColumns: a card that reprints the book's game
// stats keeps its columns: every unit's Type (a column) and Special (a
// column, or a list headed by the word), and every weapon's Special, are
// on the deck, not only on the sheet.
func TestGameStatsKeepTheBooksColumns(t *testing.T) {
	cat := loadCat(t)
	checked := 0
	for _, d := range All(cat) {
		md, err := d.Markdown(cat, "")
		if err != nil {
			t.Fatal(err)
		}
		text := string(md)
		i := strings.Index(text, "## Game stats")
		if i < 0 {
			continue
		}
		sys := cat.System(d.System)
		stats := text[i:]
		if j := strings.Index(stats, "\n# "); j >= 0 {
			stats = stats[:j]
		}
		if !strings.Contains(stats, "| Type |") {
			t.Errorf("%s: the game stats card has no Type column", d.ID)
		}
		if head, _, _ := strings.Cut(stats, "\n"); !strings.Contains(stats, "| Special |") && !strings.HasSuffix(head, "special") {
			t.Errorf("%s: the game stats card has no Special column or list", d.ID)
		}
		for _, p := range sys.Profiles {
			if p.Speed.IsZero() {
				continue
			}
			checked++
			if !strings.Contains(stats, "| "+p.Type+" |") {
				t.Errorf("%s: %s's type %q is not on the game stats card", d.ID, p.Name, p.Type)
			}
			for _, s := range p.Specials {
				if !strings.Contains(stats, s) {
					t.Errorf("%s: %s's special %q is not on the game stats card", d.ID, p.Name, s)
				}
			}
		}
		for _, w := range sys.Weapons {
			for _, s := range w.Specials {
				name, _, _ := strings.Cut(s, " – ")
				if !strings.Contains(text, name) {
					t.Errorf("%s: %s's special %q is not on the deck", d.ID, w.Name, name)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no deck prints game stats")
	}
}
