package cards

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

var papers = []layout.Paper{layout.A4, layout.Letter}

// TestGrid: nine 63 × 88 mm cards on A4 leave (210 − 189)/2 = 10.5 mm at
// the sides and (297 − 264)/2 = 16.5 mm above; cell 4 is the middle one.
func TestGrid(t *testing.T) {
	g := Sheet{Paper: layout.A4}.Grid()
	x, y, err := g.Origin()
	if err != nil || x != 10.5 || y != 16.5 {
		t.Errorf("origin %g, %g (%v), want 10.5, 16.5", x, y, err)
	}
	if cx, cy := g.Cell(4); cx != 73.5 || cy != 104.5 {
		t.Errorf("cell 4 at %g, %g, want 73.5, 104.5", cx, cy)
	}
	if g.PerPage() != 9 {
		t.Errorf("%d a page, want 9", g.PerPage())
	}
	g.Cols = 4 // 252 mm across A4's 210
	if _, _, err := g.Origin(); err == nil {
		t.Error("a grid wider than the paper was accepted")
	}
	for _, p := range papers {
		if n := (Sheet{Paper: p, Size: USPoker}).Grid().PerPage(); n != 9 {
			t.Errorf("US poker on %s: %d a page, want 9", p.Name, n)
		}
		if n := (Sheet{Paper: p, Backs: Fold}).Grid().PerPage(); n != 3 {
			t.Errorf("fold sheet on %s: %d a page, want 3", p.Name, n)
		}
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
	}{{"", 3}, {"3mm", 3}, {"1/8in", 3.175}, {"0.125in", 3.175}, {"1/8″", 3.175}, {"4 mm", 4}} {
		got, err := ParseBleed(tc.in)
		if err != nil || math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("ParseBleed(%q) = %g, %v; want %g", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"3", "1mm", "10mm", "1/0in", "x/8in", "NaNmm", "3cm"} {
		if _, err := ParseBleed(bad); err == nil {
			t.Errorf("ParseBleed(%q) was accepted", bad)
		}
	}
	if z, err := ParseSize("us-poker"); err != nil || z != USPoker {
		t.Errorf("ParseSize(us-poker) = %v, %v", z, err)
	}
	if _, err := ParseSize("tarot"); err == nil {
		t.Error("ParseSize(tarot) was accepted")
	}
	for s, want := range map[string]Backs{"": NoBacks, "long": LongEdge, "short-edge": ShortEdge, "fold": Fold} {
		if b, err := ParseBacks(s); err != nil || b != want {
			t.Errorf("ParseBacks(%q) = %v, %v; want %v", s, b, err, want)
		}
	}
	if _, err := ParseBacks("sideways"); err == nil {
		t.Error("ParseBacks(sideways) was accepted")
	}
}

// box is a face for tests: it fills its trim (and bleed) and strokes a
// 10 × 5 mm box at its live area's top-left corner, front or back, so
// its place can be read back from the PDF.
func box(back bool) Face {
	return func(pdf *fpdf.Fpdf, f Frame) {
		pdf.SetFillColor(220, 220, 220)
		pdf.Rect(f.X-f.Bleed, f.Y-f.Bleed, f.W+2*f.Bleed, f.H+2*f.Bleed, "F")
		x, y := f.Live()
		w := 10.0
		if back {
			w = 12 // backs are told apart by their width
		}
		pdf.SetDrawColor(0, 0, 0)
		pdf.SetLineWidth(0.3)
		pdf.Rect(x, y, w, 5, "D")
	}
}

func deck(n int) []Card {
	cs := make([]Card, n)
	for i := range cs {
		cs[i] = Card{Front: box(false), Back: box(true)}
	}
	return cs
}

// marked is a stroked box read back: the face's mark.
type marked struct {
	page    int
	x, y, w float64
}

// marks finds the faces' marks on the pages: stroked rectangles 5 mm
// tall and 10 (front) or 12 (back) mm wide, by their top-left corner.
func marks(t *testing.T, pdf []byte) []marked {
	t.Helper()
	lines, err := pdftest.Lines(pdf)
	if err != nil {
		t.Fatal(err)
	}
	var out []marked
	for _, l := range lines {
		// The top edge of a mark: level, 10 or 12 long, stroked; its left
		// end is the corner.
		w := math.Abs(l.X2 - l.X1)
		if l.Filled || l.Y1 != l.Y2 || (math.Abs(w-10) > 0.01 && math.Abs(w-12) > 0.01) {
			continue
		}
		x := math.Min(l.X1, l.X2)
		// Only top edges: the bottom edge is 5 mm lower; keep the upper.
		dup := false
		for _, o := range out {
			if o.page == l.Page && math.Abs(o.x-x) < 0.01 && math.Abs(o.y-l.Y1) < 5.01 && math.Abs(o.w-w) < 0.01 {
				dup = true
			}
		}
		if !dup {
			out = append(out, marked{l.Page, x, l.Y1, math.Round(w)})
		}
	}
	// Keep the higher edge of each pair (pdftest gives y from the top).
	for i := range out {
		for _, o := range out {
			if o.page == out[i].page && o.x == out[i].x && o.w == out[i].w && o.y < out[i].y-4.99 && o.y > out[i].y-5.01 {
				out[i].y = o.y
			}
		}
	}
	return out
}

// TestFoldSheet: on a fold sheet, for both papers and both card sizes,
// each front's back lies at its mirror image across the fold line down
// the middle of the page, so that folding on it puts them back to back;
// the fronts' cut lines give the card's exact trim size; the fold line is
// drawn at the middle; three cards a sheet.
func TestFoldSheet(t *testing.T) {
	for _, p := range papers {
		for _, z := range Sizes() {
			where := fmt.Sprintf("%s %s", p.Name, z.Name)
			sh := Sheet{Paper: p, Size: z, Backs: Fold}
			pdf := layout.NewBlankDoc(p, "fold")
			if err := sh.Draw(pdf, deck(4), nil); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			b, err := layout.Bytes(pdf)
			if err != nil {
				t.Fatal(err)
			}
			pdftest.QPDFCheck(t, b)
			ms := marks(t, b)
			fronts, backs := 0, 0
			for _, f := range ms {
				if f.w != 10 {
					continue
				}
				fronts++
				// The front's trim starts (W−LiveW)/2 before its mark; its
				// back's trim starts at the mirror image W − x − w.
				tx := f.x - (z.W-LiveW)/2
				bx := p.Width - tx - z.W + (z.W-LiveW)/2
				found := false
				for _, k := range ms {
					if k.w == 12 && k.page == f.page && math.Abs(k.x-bx) < 0.01 && math.Abs(k.y-f.y) < 0.01 {
						found = true
						backs++
					}
				}
				if !found {
					t.Errorf("%s page %d: no back at %.2f, %.2f mirroring the front at %.2f", where, f.page, bx, f.y, f.x)
				}
				if tx+z.W > p.Width/2-FoldGap+0.01 {
					t.Errorf("%s: a front reaches %.2f, over the fold line's gap at %.2f", where, tx+z.W, p.Width/2)
				}
			}
			if fronts != 4 || backs != 4 {
				t.Errorf("%s: %d fronts and %d backs found; want 4 and 4", where, fronts, backs)
			}
			lines, _ := pdftest.Lines(b)
			fold, outline := false, 0
			for _, l := range lines {
				if l.Page == 1 && l.X1 == l.X2 && math.Abs(l.X1-p.Width/2) < 0.01 && math.Abs(l.Y2-l.Y1) > 100 {
					fold = true
				}
				// The cut lines: each card outlined at exactly its trim.
				if l.Page == 1 && !l.Filled && l.X1 == l.X2 && math.Abs(math.Abs(l.Y2-l.Y1)-z.H) < 0.01 {
					outline++
				}
			}
			if !fold {
				t.Errorf("%s: no fold line at %.2f", where, p.Width/2)
			}
			if outline < 6 {
				t.Errorf("%s: %d card edges %g mm long on page 1; want the 3 cards' 6", where, outline, z.H)
			}
		}
	}
}

// TestDuplexBacks: duplex backs are on the page after their fronts, at
// the mirror image for the flip, moved by the offset.
func TestDuplexBacks(t *testing.T) {
	for _, tc := range []struct {
		b   Backs
		off [2]float64
	}{{LongEdge, [2]float64{}}, {ShortEdge, [2]float64{}}, {LongEdge, [2]float64{1.5, -1}}} {
		for _, p := range papers {
			sh := Sheet{Paper: p, Backs: tc.b, BackOffset: tc.off}
			pdf := layout.NewBlankDoc(p, "duplex")
			if err := sh.Draw(pdf, deck(11), nil); err != nil {
				t.Fatal(err)
			}
			b, _ := layout.Bytes(pdf)
			ms := marks(t, b)
			n := 0
			for _, f := range ms {
				if f.w != 10 {
					continue
				}
				x, y := f.x-3, f.y-3
				bx, by := sh.Back(x, y)
				want := bx + 3
				wy := by + 3
				if tc.b == LongEdge {
					want = p.Width - x - 63 + 3 + tc.off[0]
				} else {
					wy = p.Height - y - 88 + 3 + tc.off[1]
				}
				for _, k := range ms {
					if k.w == 12 && k.page == f.page+1 && math.Abs(k.x-want) < 0.01 && math.Abs(k.y-wy) < 0.01 {
						n++
					}
				}
			}
			if n != 11 {
				t.Errorf("%s %v %v: %d of 11 backs behind their fronts", p.Name, tc.b, tc.off, n)
			}
		}
	}
}

// TestCropMarks: every crop mark of a full sheet, A4 and Letter, duplex
// and fold, is at least MinCropLen long and no nearer the paper's edge
// than the safe margin.
func TestCropMarks(t *testing.T) {
	for _, p := range papers {
		for _, bk := range []Backs{LongEdge, Fold} {
			for _, crop := range []float64{0, MinCropLen} {
				sh := Sheet{Paper: p, Backs: bk, CropLen: crop}
				g := sh.Grid()
				pdf := layout.NewBlankDoc(p, "marks")
				pdf.AddPage()
				g.Marks(pdf, g.PerPage())
				b, _ := layout.Bytes(pdf)
				lines, err := pdftest.Lines(b)
				if err != nil {
					t.Fatal(err)
				}
				if len(lines) < 2*(g.Cols+1)+2*(g.Rows+1) {
					t.Errorf("%s %v: %d crop marks", p.Name, bk, len(lines))
				}
				for _, l := range lines {
					if n := math.Hypot(l.X2-l.X1, l.Y2-l.Y1); n < MinCropLen-0.005 {
						t.Errorf("%s %v crop %g: a crop mark %.2f mm long at %.2f, %.2f", p.Name, bk, crop, n, l.X1, l.Y1)
					}
					for _, v := range []float64{l.X1, l.X2} {
						if v < layout.SafeMargin-0.005 || v > p.Width-layout.SafeMargin+0.005 {
							t.Errorf("%s %v: a crop mark at x %.2f", p.Name, bk, v)
						}
					}
					for _, v := range []float64{l.Y1, l.Y2} {
						if v < layout.SafeMargin-0.005 || v > p.Height-layout.SafeMargin+0.005 {
							t.Errorf("%s %v: a crop mark at y %.2f", p.Name, bk, v)
						}
					}
					if bk == Fold && math.Max(l.X1, l.X2) > p.Width/2 {
						t.Errorf("%s fold: a crop mark crosses the fold line (%.2f)", p.Name, math.Max(l.X1, l.X2))
					}
				}
			}
		}
	}
}

var (
	pageRE = regexp.MustCompile(`(?s)<</Type /Page\n(.*?)>>`)
	boxRE  = regexp.MustCompile(`/(MediaBox|TrimBox|BleedBox) \[([-\d. ]+)\]`)
)

// pageBoxes reads every page's boxes back, in points; a page without a
// MediaBox of its own has the document's.
func pageBoxes(pdf []byte) []map[string][4]float64 {
	read := func(s []byte) map[string][4]float64 {
		out := map[string][4]float64{}
		for _, m := range boxRE.FindAllSubmatch(s, -1) {
			var v [4]float64
			for i, f := range bytes.Fields(m[2]) {
				if i < 4 {
					v[i], _ = strconv.ParseFloat(string(f), 64)
				}
			}
			out[string(m[1])] = v
		}
		return out
	}
	media := read(regexp.MustCompile(`/Type /Pages[^>]*?/MediaBox \[[-\d. ]+\]`).Find(pdf))["MediaBox"]
	var out []map[string][4]float64
	for _, m := range pageRE.FindAllSubmatch(pdf, -1) {
		b := read(m[1])
		if _, ok := b["MediaBox"]; !ok {
			b["MediaBox"] = media
		}
		out = append(out, b)
	}
	return out
}

// TestShop: a print shop's deck, both sizes and both bleeds: one face a
// page, the page the trim plus the bleed, TrimBox and BleedBox read back
// where they should be, the background reaching the page's edge, the
// mark inside the safe zone, backs after their fronts or after all the
// fronts; qpdf finds nothing wrong; the same deck gives the same bytes.
func TestShop(t *testing.T) {
	const pt = 72 / 25.4
	for _, z := range Sizes() {
		for _, bl := range []float64{Bleed3mm, BleedEighth} {
			for _, last := range []bool{false, true} {
				s := Shop{Size: z, Bleed: bl, BacksLast: last}
				where := fmt.Sprintf("%s bleed %g last %v", z.Name, bl, last)
				render := func() []byte {
					pdf := s.NewDoc("deck")
					if err := s.Draw(pdf, deck(3)); err != nil {
						t.Fatal(err)
					}
					b, err := layout.Bytes(pdf)
					if err != nil {
						t.Fatal(err)
					}
					return b
				}
				b := render()
				if !bytes.Equal(b, render()) {
					t.Errorf("%s: the same deck came out different", where)
				}
				boxes := pageBoxes(b)
				if len(boxes) != 6 {
					t.Fatalf("%s: %d pages; want 6 (3 fronts, 3 backs)", where, len(boxes))
				}
				W, H := z.W+2*bl, z.H+2*bl
				for i, bx := range boxes {
					near := func(name string, want [4]float64) {
						got := bx[name]
						for k := range want {
							if math.Abs(got[k]-want[k]*pt) > 0.011 {
								t.Errorf("%s page %d: %s %v; want %v mm", where, i+1, name, got, want)
								return
							}
						}
					}
					near("MediaBox", [4]float64{0, 0, W, H})
					near("BleedBox", [4]float64{0, 0, W, H})
					near("TrimBox", [4]float64{bl, bl, bl + z.W, bl + z.H})
				}
				ms := marks(t, b)
				if len(ms) != 6 {
					t.Fatalf("%s: %d faces found", where, len(ms))
				}
				for _, m := range ms {
					wantW := 10.0
					back := m.page%2 == 0
					if last {
						back = m.page > 3
					}
					if back {
						wantW = 12
					}
					if m.w != wantW {
						t.Errorf("%s page %d: a %s, want a %s", where, m.page, map[float64]string{10: "front", 12: "back"}[m.w], map[float64]string{10: "front", 12: "back"}[wantW])
					}
					if m.x < bl+z.Safe-0.01 || m.y < bl+z.Safe-0.01 {
						t.Errorf("%s page %d: the mark at %.2f, %.2f is outside the safe zone (%.3f mm inside the trim)", where, m.page, m.x, m.y, z.Safe)
					}
				}
				lines, _ := pdftest.Lines(b)
				full := 0
				for _, l := range lines {
					if l.Filled && l.Page == 1 && math.Min(l.X1, l.X2) < 0.01 && math.Max(l.X1, l.X2) > W-0.01 {
						full++
					}
				}
				if full == 0 {
					t.Errorf("%s: the background does not run out to the bleed's edge", where)
				}
				pdftest.QPDFCheck(t, b)
			}
		}
	}
}

// TestCaption: every page of cards says what it is, on A4 (above the
// cards) and on Letter, whose nine poker cards leave the top margin no
// room (up the right margin): the caption prints whole, 6 mm inside the
// paper, its ink clear of every crop mark.
func TestCaption(t *testing.T) {
	const caption = "Unit cards — Boys of Company C · page 2 / 2 · cut along the lines · 63 × 88 mm"
	for _, p := range papers {
		for _, backs := range []Backs{LongEdge, Fold} {
			sh := Sheet{Paper: p, Backs: backs}
			pdf := layout.NewBlankDoc(p, "caption")
			if err := sh.Draw(pdf, deck(9), func(Page) error { sh.Caption(pdf, caption); return nil }); err != nil {
				t.Fatal(err)
			}
			b, err := layout.Bytes(pdf)
			if err != nil {
				t.Fatal(err)
			}
			d, err := pdftest.Ink(b)
			if err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%s %v", p.Name, backs)
			var box pdftest.Rect
			for _, tx := range d.Texts {
				if tx.Page == 1 && tx.S == caption {
					box = tx.Box
				}
			}
			if box.Empty() {
				t.Errorf("%s: no caption %q on the first page of cards", where, caption)
				continue
			}
			safe := pdftest.Rect{X0: layout.SafeMargin, Y0: layout.SafeMargin, X1: p.Width - layout.SafeMargin, Y1: p.Height - layout.SafeMargin}
			if !safe.Contains(box, 0) {
				t.Errorf("%s: the caption's ink %+v is within 6 mm of the paper's edge", where, box)
			}
			// 0.3 mm clear of the marks, as a cut leaves it whole.
			clear := pdftest.Rect{X0: box.X0 - 0.3, Y0: box.Y0 - 0.3, X1: box.X1 + 0.3, Y1: box.Y1 + 0.3}
			for _, s := range d.Shapes {
				if s.Page == 1 && s.Stroke && !s.Fill && !s.Box.Intersect(clear).Empty() {
					t.Errorf("%s: a line %+v crosses the caption %+v", where, s.Box, box)
				}
			}
		}
	}
}
