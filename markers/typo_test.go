package markers

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
)

// blipPack is a scenario's blip sheet as the print pack makes it (Morale
// Wagon: 8 units and up to 4 decoys, with backs).
func blipPack(paper layout.Paper) Options {
	return Options{Paper: paper, Only: []string{"blips"}, Counts: map[string]int{"blips": 8}, Decoys: 4,
		Backs: LongEdge, Title: "Blips for Scenario 2: Morale Wagon (Escort Mission)", Stamp: "data 0123456789ab"}
}

// TestTypeSizes measures every printed string of the full marker set and
// of a blip sheet with backs (long edge, short edge, folded), on A4 and
// Letter: every character — range-stick labels and band values, marker
// labels and sub-labels, and the header's title, printing and cutting
// instructions, calibration labels and note — is at least 6.5 pt, the
// least a player reads at arm's length.
func TestTypeSizes(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		short, fold := blipPack(paper), blipPack(paper)
		short.Backs, fold.Backs = ShortEdge, Fold
		for name, opt := range map[string]Options{"full set": {Paper: paper, Stamp: "data 0123456789ab"}, "blips": blipPack(paper),
			"blips, short edge": short, "blips, folded": fold} {
			b, err := Render(cat.Systems, opt)
			if err != nil {
				t.Fatal(err)
			}
			texts, err := pdftest.Read(b)
			if err != nil {
				t.Fatal(err)
			}
			pieces, header := 0, 0
			for _, tx := range texts {
				if strings.TrimSpace(tx.S) == "" {
					continue
				}
				if tx.Y < areaTop-layout.PieceGap/2 {
					header++
				} else {
					pieces++
				}
				if tx.Size < 6.5-1e-6 {
					t.Errorf("%s %s page %d: %q at %.2f pt (at %.1f, %.1f mm); want at least 6.5 pt", paper.Name, name, tx.Page, tx.S, tx.Size, tx.X, tx.Y)
				}
			}
			if pieces < 20 || header < 5 {
				t.Errorf("%s %s: only %d strings on pieces and %d in headers measured", paper.Name, name, pieces, header)
			}
		}
	}
}

// measurer gives the width of a string as pdftest read it: its font
// (fpdf names the Go faces utf8go, utf8goB …) and size.
func measurer() func(tx pdftest.Text) float64 {
	pdf := newDoc(layout.A4, "measure")
	return func(tx pdftest.Text) float64 {
		style := ""
		if strings.HasSuffix(strings.ToLower(tx.Font), "b") {
			style = "B"
		}
		pdf.SetFont(fontName, style, tx.Size)
		return pdf.GetStringWidth(tx.S)
	}
}

// readBoth renders pdf and reads it back twice: its paths (readPDF) and
// its strings with their fonts (pdftest).
func readBoth(t *testing.T, pdf *fpdf.Fpdf) ([]pdfPage, []pdftest.Text) {
	t.Helper()
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pdftest.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	return readPDF(t, b), texts
}

// segments are the straight pieces of a stroked path, closed.
func segments(p drawnPath) [][2]pt {
	var out [][2]pt
	for _, sp := range p.subpaths {
		for i := range sp {
			if len(sp) < 2 {
				continue
			}
			out = append(out, [2]pt{sp[i], sp[(i+1)%len(sp)]})
		}
	}
	return out
}

// crosses reports whether the segment a–b runs through the box's inside.
func crosses(a, b pt, r rect) bool {
	// Liang–Barsky clipping of the segment to the box.
	t0, t1 := 0.0, 1.0
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, e := range [][2]float64{{-dx, a.X - r.X}, {dx, r.X + r.W - a.X}, {-dy, a.Y - r.Y}, {dy, r.Y + r.H - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		u := q / p
		if p < 0 {
			t0 = math.Max(t0, u)
		} else {
			t1 = math.Min(t1, u)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// TestNoLabelCrossed draws every piece of the full marker set upright, one
// to a page, and holds each printed string's box (its width in its font,
// from the capitals' top to the descenders) clear of every stroked line:
// band ends, ticks, keylines, track boxes. (On the Imperial Mars range
// stick the 10″ band end once struck through "Old Ones Weapon, Setting 1".)
func TestNoLabelCrossed(t *testing.T) {
	cat := shipped.Catalog(t)
	width := measurer()
	for _, s := range cat.Systems {
		sh := planned(t, []*catalog.System{s}, Options{Paper: layout.A4})
		pdf := newDoc(layout.Paper{Name: "test", Width: 300, Height: 120}, "test")
		var names []string
		for _, pg := range sh.pages {
			for _, pl := range pg.items {
				pdf.AddPage()
				drawFront(pdf, pl.p, 10, 10)
				names = append(names, fmt.Sprintf("%s %q", pl.p.kind.ID, pl.p.label))
			}
		}
		pages, texts := readBoth(t, pdf)
		checked := 0
		for _, tx := range texts {
			if strings.TrimSpace(tx.S) == "" {
				continue
			}
			em := tx.Size / ptPerMM
			box := rect{X: tx.X + 0.05, Y: tx.Y - 0.72*em, W: width(tx) - 0.1, H: 0.72*em + 0.2*em}
			for _, p := range pages[tx.Page-1].paths {
				if !p.stroked() {
					continue
				}
				for _, sg := range segments(p) {
					if crosses(sg[0], sg[1], box) {
						t.Errorf("%s, %s: %q (%.1f pt) is crossed by a line from (%.1f, %.1f) to (%.1f, %.1f)",
							s.ID, names[tx.Page-1], tx.S, tx.Size, sg[0].X-10, sg[0].Y-10, sg[1].X-10, sg[1].Y-10)
						break
					}
				}
			}
			checked++
		}
		if checked < len(names) {
			t.Errorf("%s: %d strings checked on %d pieces", s.ID, checked, len(names))
		}
	}
}

// TestSetsStayTogether: on A4 and Letter, each set of a kind that fits a
// page (a blip set, a tripod's damage markers, a range stick where it
// fits) is printed on one sheet, and a range stick's segments all lie
// the same way.
func TestSetsStayTogether(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for name, opt := range map[string]Options{"full set": {Paper: paper}, "blips": blipPack(paper)} {
			sh := planned(t, cat.Systems, opt)
			type key struct {
				kind *catalog.Marker
				set  int
			}
			sheets := map[key]map[int]bool{}
			turned := map[key]map[bool]bool{}
			for n, pg := range sh.pages {
				if pg.back {
					continue
				}
				for _, pl := range pg.items {
					k := key{pl.p.kind, pl.p.set}
					if sheets[k] == nil {
						sheets[k], turned[k] = map[int]bool{}, map[bool]bool{}
					}
					sheets[k][n] = true
					if pl.p.seg != nil {
						turned[k][pl.rot] = true
					}
				}
			}
			for k, on := range sheets {
				if len(turned[k]) > 1 {
					t.Errorf("%s %s: the segments of %s lie both ways", paper.Name, name, k.kind.ID)
				}
				if len(on) > 1 && k.kind.Shape != "ruler" {
					t.Errorf("%s %s: set %d of %s is spread over %d sheets", paper.Name, name, k.set+1, k.kind.ID, len(on))
				}
			}
			if name == "blips" && len(sheets) != 1 {
				t.Errorf("%s: %d blip sets; want 1", paper.Name, len(sheets))
			}
		}
	}
	// A stick that fits a page with room to spare stays on one sheet.
	aq := system(t, cat, "aqotmf")
	sh := planned(t, []*catalog.System{aq}, Options{Paper: layout.A4})
	on := map[int]bool{}
	for n, pg := range sh.pages {
		for _, pl := range pg.items {
			if pl.p.seg != nil {
				on[n] = true
			}
		}
	}
	if len(on) != 1 {
		t.Errorf("A4: the AQotMF range stick is on %d sheets; want 1", len(on))
	}
}

// TestZeroEnd: the first segment of every stick marks its zero end — a
// solid bar down the edge, a large 0, "0 end" — and every segment long
// enough says to measure from the 0 end; no other segment has the bar.
func TestZeroEnd(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, id := range []string{"aqotmf", "imperial-mars"} {
		s := system(t, cat, id)
		sh := planned(t, []*catalog.System{s}, Options{Only: []string{"range-stick"}})
		pdf := newDoc(layout.Paper{Name: "test", Width: 300, Height: 120}, "test")
		var segs []*segment
		for _, pg := range sh.pages {
			for _, pl := range pg.items {
				pdf.AddPage()
				pl.p.seg.draw(pdf, 10, 10)
				segs = append(segs, pl.p.seg)
			}
		}
		pages, texts := readBoth(t, pdf)
		for i, sg := range segs {
			bar := len(filledWithBox(pages[i], rect{X: 10, Y: 10, W: zeroBar, H: sg.h})) > 0
			var zero, end, measure bool
			for _, tx := range texts {
				if tx.Page != i+1 {
					continue
				}
				zero = zero || tx.S == "0" && tx.Size >= zeroPt-1e-6
				end = end || tx.S == zeroEnd
				measure = measure || strings.Contains(tx.S, "measure from the 0 end")
			}
			first := sg.from == 0
			if bar != first || zero != first || end != first {
				t.Errorf("%s segment %d–%d″: zero bar %v, large 0 %v, %q %v; want all %v", id, sg.from, sg.to, bar, zero, zeroEnd, end, first)
			}
			if !measure && sg.w >= 150 {
				t.Errorf("%s segment %d–%d″ does not say to measure from the 0 end", id, sg.from, sg.to)
			}
		}
	}
}

// TestBlipPackBacks: on a scenario's blip sheet, as the print pack makes
// it, every blip's back lands behind its front after a long-edge flip, on
// A4 and Letter, and the backs are all alike.
func TestBlipPackBacks(t *testing.T) {
	aq := system(t, shipped.Catalog(t), "aqotmf")
	d := kind(t, aq, "blips").Size.MM
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		opt := blipPack(paper)
		sh := planned(t, []*catalog.System{aq}, opt)
		pages := render(t, []*catalog.System{aq}, opt)
		if len(pages) != 2 {
			t.Fatalf("%s: %d pages; want a front and its back", paper.Name, len(pages))
		}
		var backs []string
		for _, pl := range sh.pages[0].items {
			r := pl.r
			if len(filledWithSize(pages[0], d, d, 0.05)) == 0 || len(filledWithBox(pages[0], r)) == 0 {
				t.Errorf("%s: no blip face at %v", paper.Name, r)
			}
			want := rect{X: paper.Width - r.X - r.W - bleed, Y: r.Y - bleed, W: r.W + 2*bleed, H: r.H + 2*bleed}
			got := filledWithBox(pages[1], want)
			if len(got) == 0 {
				t.Errorf("%s: the back of blip %q at %v is not at %v", paper.Name, pl.p.label, r, want)
				continue
			}
			backs = append(backs, signature(pages[1], got[0].bbox()))
		}
		if len(backs) != 16 {
			t.Fatalf("%s: %d backs; want 16 (12 numbered, 4 D)", paper.Name, len(backs))
		}
		for i, b := range backs {
			if b != backs[0] {
				t.Errorf("%s: back %d differs from back 1", paper.Name, i+1)
			}
		}
		front := strings.Join(texts(pages[0]), " ")
		if !strings.Contains(front, "double-sided, flip on the long edge") {
			t.Errorf("%s: the front does not say how to print the backs", paper.Name)
		}
	}
}

// TestPodsNumbered: the Evacuation: Mars objective markers are labelled
// Pod 1–5 in the order the table map numbers the pods, so that no player
// has to tell them apart by colour alone.
func TestPodsNumbered(t *testing.T) {
	ev := system(t, shipped.Catalog(t), "evacuation-mars")
	var onMap []string
	for _, sc := range ev.Scenarios {
		if sc.Map == nil {
			continue
		}
		for _, f := range sc.Map.Features {
			if f.Kind == "objective" {
				onMap = append(onMap, f.Label)
			}
		}
	}
	faces := kind(t, ev, "objective").Faces
	if len(onMap) != 5 || len(faces) != len(onMap) {
		t.Fatalf("%d pods on the map, %d pod markers; want 5 of each", len(onMap), len(faces))
	}
	for i, f := range faces {
		if want := fmt.Sprintf("Pod %d", i+1); onMap[i] != want || !strings.HasPrefix(f.Label, want+" ") {
			t.Errorf("pod marker %d is %q, the map's pod %d %q; want both %q", i+1, f.Label, i+1, onMap[i], want)
		}
	}
}

// TestPlainZero: marker sheets print the text faces' plain zero ("10″",
// not "1Ø″"). A big zero in each face the sheets use is rendered and the
// dark runs across its middle row counted: two strokes for a plain zero,
// three when a slash crosses it.
func TestPlainZero(t *testing.T) {
	for _, style := range []string{"", "B"} {
		pdf := newDoc(layout.A4, "zero")
		pdf.AddPage()
		pdf.SetFont(fontName, style, 400)
		pdf.Text(20, 150, "0")
		b, err := layout.Bytes(pdf)
		if err != nil {
			t.Fatal(err)
		}
		img := pdftest.Raster(t, b, 25)[0]
		mid := 150 - 0.35*400/ptPerMM // the zero's middle, mm
		y := int(mid / 25.4 * 25)
		if runs := pdftest.DarkRuns(img, y); runs != 2 {
			t.Errorf("style %q: %d dark runs across the zero; want 2 (a plain zero)", style, runs)
		}
	}
}
