package markers

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/catalog/shipped"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/pagelint"
	"github.com/playaid/playaid/internal/pdftest"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
	"github.com/playaid/playaid/rules/aqotmf"
)

// render draws the sheets and reads them back.
func render(t *testing.T, systems []*catalog.System, opt Options) []pdfPage {
	t.Helper()
	b, err := Render(systems, opt)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	return readPDF(t, b)
}

// planned lays out the sheets as Render does, for the placements.
func planned(t *testing.T, systems []*catalog.System, opt Options) *sheet {
	t.Helper()
	if opt.Paper.Width == 0 {
		opt.Paper = layout.A4
	}
	sh, err := plan(newDoc(opt.Paper, "test"), systems, opt)
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	return sh
}

func system(t *testing.T, cat *catalog.Catalog, id string) *catalog.System {
	t.Helper()
	s := cat.System(id)
	if s == nil {
		t.Fatalf("no system %s", id)
	}
	return s
}

func kind(t *testing.T, s *catalog.System, id string) *catalog.Marker {
	t.Helper()
	m := s.Marker(id)
	if m == nil {
		t.Fatalf("%s has no marker %s", s.ID, id)
	}
	return m
}

func filledWithSize(pg pdfPage, w, h, tol float64) []drawnPath {
	var out []drawnPath
	for _, p := range pg.paths {
		if b := p.bbox(); p.filled() && near(b.W, w, tol) && near(b.H, h, tol) {
			out = append(out, p)
		}
	}
	return out
}

func texts(pg pdfPage) []string {
	var out []string
	for _, t := range pg.texts {
		out = append(out, decodeText(t.text))
	}
	return out
}

func TestPaperSizes(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, tc := range []struct {
		paper layout.Paper
		w, h  float64 // mm
	}{
		{layout.A4, 210, 297},
		{layout.Letter, 8.5 * 25.4, 11 * 25.4},
	} {
		t.Run(tc.paper.Name, func(t *testing.T) {
			pages := render(t, cat.Systems, Options{Paper: tc.paper, Backs: LongEdge})
			if len(pages) < 2 {
				t.Fatalf("%d pages", len(pages))
			}
			for i, pg := range pages {
				if !near(pg.w, tc.w, 0.01) || !near(pg.h, tc.h, 0.01) {
					t.Errorf("page %d MediaBox is %.2f × %.2f mm; want %.2f × %.2f", i+1, pg.w, pg.h, tc.w, tc.h)
				}
			}
		})
	}
}

// TestHeatRayTemplate measures the sweep template: 6 in end to end, a band
// 1 in wide, its chord parallel to the page's top edge, labelled from the
// Heat Ray – Sweep weapon.
func TestHeatRayTemplate(t *testing.T) {
	cat := shipped.Catalog(t)
	aq := system(t, cat, "aqotmf")
	m := kind(t, aq, "heat-ray-template")
	if !near(m.Length.MM, 152.4, 1e-9) || !near(m.Width.MM, 25.4, 1e-9) {
		t.Fatalf("data: template %s × %s; the seed asks for about 6 in by 1 in", m.Length, m.Width)
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		pages := render(t, []*catalog.System{aq}, Options{Paper: paper, Only: []string{"heat-ray-template"}})
		if len(pages) != 1 {
			t.Fatalf("%s: %d pages for one template", paper.Name, len(pages))
		}
		var band *drawnPath
		for i, p := range pages[0].paths {
			if p.filled() && len(p.lines) == 1 && len(p.subpaths) == 1 && p.bbox().W > 100 {
				band = &pages[0].paths[i]
				break
			}
		}
		if band == nil {
			t.Fatalf("%s: no filled band path on the sheet", paper.Name)
		}
		sp := band.subpaths[0]
		p0, p1, p2, p3 := sp[0], band.lines[0][0], band.lines[0][1], sp[len(sp)-1]
		box := band.bbox()
		chord := math.Hypot(p1.X-p0.X, p1.Y-p0.Y)
		end1 := math.Hypot(p2.X-p1.X, p2.Y-p1.Y)
		end2 := math.Hypot(p0.X-p3.X, p0.Y-p3.Y)
		t.Logf("%s: end to end %.3f mm (box %.3f), ends %.3f and %.3f mm", paper.Name, chord, box.W, end1, end2)
		for _, c := range []struct {
			what      string
			got, want float64
		}{
			{"end-to-end length (chord)", chord, m.Length.MM},
			{"end-to-end length (box)", box.W, m.Length.MM},
			{"band width at one end", end1, m.Width.MM},
			{"band width at the other end", end2, m.Width.MM},
		} {
			if !near(c.got, c.want, 0.3) {
				t.Errorf("%s: %s %.3f mm; want %.1f ± 0.3", paper.Name, c.what, c.got, c.want)
			}
		}
		// Across the band at its middle: outer apex to inner apex.
		cx := box.X + box.W/2
		var ys []float64
		for _, q := range sp {
			if near(q.X, cx, 0.01) {
				ys = append(ys, q.Y)
			}
		}
		sort.Float64s(ys)
		if len(ys) < 2 || !near(ys[len(ys)-1]-ys[0], m.Width.MM, 0.3) {
			t.Errorf("%s: band width at the middle: points %v; want %.1f apart", paper.Name, ys, m.Width.MM)
		}
		if !near(p0.Y, p1.Y, 0.01) {
			t.Errorf("%s: the chord runs from y %.3f to %.3f; want it parallel to the page's top edge", paper.Name, p0.Y, p1.Y)
		}
		w := aq.Weapon(m.Weapon)
		want := []string{w.Name, fmt.Sprintf("Range %s · Power %+d", strings.ReplaceAll(w.RangeText, `"`, "″"), w.Power)}
		got := strings.Join(texts(pages[0]), "\n")
		for _, s := range want {
			if !strings.Contains(got, s) {
				t.Errorf("%s: the sheet does not say %q; it says:\n%s", paper.Name, s, got)
			}
		}
		if !strings.Contains(got, "Range 3″–15″ · Power +2") {
			t.Errorf("%s: want the seed's range 3″–15″ and power +2 on the template", paper.Name)
		}
	}
}

// TestMarkerSizes checks each counter kind prints at its size from the data
// and as many times as the data (and the rules it names) say.
func TestMarkerSizes(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, tc := range []struct {
		sys, kind string
		decoys    int
		count     int // pieces the data asks for, worked out by hand
	}{
		{"aqotmf", "blips", 0, 8},          // 1–4 and four D
		{"aqotmf", "blips", 3, 11},         // plus decoys 5–7
		{"aqotmf", "dug-in", 0, 4},         // "4 markers … that say Dug In"
		{"aqotmf", "tripod-damage", 0, 39}, // 3 sets of −1…−9 and 4 states
		{"buildings", "rubble", 0, 4},
		{"imperial-mars", "disruption", 0, 16},
		{"evacuation-mars", "objective", 0, 5},
	} {
		t.Run(fmt.Sprintf("%s/%s+%d", tc.sys, tc.kind, tc.decoys), func(t *testing.T) {
			s := system(t, cat, tc.sys)
			m := kind(t, s, tc.kind)
			w, h := m.Size.MM, m.Size.MM
			if m.Shape == "rect" || m.Shape == "track" {
				w, h = m.Width.MM, m.Height.MM
			}
			pages := render(t, []*catalog.System{s}, Options{Only: []string{tc.kind}, Decoys: tc.decoys})
			n := 0
			for _, pg := range pages {
				n += len(filledWithSize(pg, w, h, 0.1))
			}
			if n != tc.count {
				t.Errorf("%d faces of %.1f × %.1f mm drawn; want %d", n, w, h, tc.count)
			}
		})
	}
	// The blips' size: 25 mm in the data, 25 mm on the page.
	aq := system(t, cat, "aqotmf")
	if d := kind(t, aq, "blips").Size.MM; d != 25 {
		t.Fatalf("blips are %v mm in the data; the test expects 25 mm", d)
	}
	pages := render(t, []*catalog.System{aq}, Options{Only: []string{"blips"}})
	for _, p := range filledWithSize(pages[0], 25, 25, 0.5) {
		if b := p.bbox(); !near(b.W, 25, 0.1) || !near(b.H, 25, 0.1) {
			t.Errorf("a blip measures %.3f × %.3f mm; want 25 ± 0.1", b.W, b.H)
		}
	}
}

// TestCalibrationBars finds the 100 mm and 4 in bars on every page, backs
// included.
func TestCalibrationBars(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, flip := range []Flip{LongEdge, ShortEdge} {
		for i, pg := range render(t, cat.Systems, Options{Paper: layout.Letter, Backs: flip}) {
			found := map[float64]bool{}
			for _, p := range pg.paths {
				for _, l := range p.lines {
					if near(l[0].Y, l[1].Y, 0.01) {
						for _, want := range []float64{100, 101.6} {
							if near(math.Abs(l[1].X-l[0].X), want, 0.05) {
								found[want] = true
							}
						}
					}
				}
			}
			if !found[100] || !found[101.6] {
				t.Errorf("%v, page %d: 100 mm bar %v, 4 in bar %v", flip, i+1, found[100], found[101.6])
			}
			if !strings.Contains(strings.Join(texts(pg), " "), "Print at 100% / actual size") {
				t.Errorf("%v, page %d: no print-at-100%% instruction", flip, i+1)
			}
		}
	}
}

// TestSafeMargin: nothing is drawn within 6 mm of a paper edge, on fronts
// and on backs, with the back offset at its limit.
func TestSafeMargin(t *testing.T) {
	t.Parallel()
	cat := shipped.Catalog(t)
	for _, tc := range []Options{
		{Paper: layout.A4},
		{Paper: layout.Letter},
		{Paper: layout.A4, Backs: LongEdge, BackOffset: [2]float64{-3.5, 2.5}},
		{Paper: layout.A4, Backs: LongEdge, BackOffset: [2]float64{3.5, -3}},
		{Paper: layout.Letter, Backs: ShortEdge, BackOffset: [2]float64{3.5, -2.5}},
		{Paper: layout.Letter, Backs: ShortEdge, BackOffset: [2]float64{-3.5, 3}},
	} {
		pages := render(t, cat.Systems, tc)
		for i, pg := range pages {
			checkMargin(t, fmt.Sprintf("%s %v %v page %d", tc.Paper.Name, tc.Backs, tc.BackOffset, i+1), pg)
		}
	}
}

func checkMargin(t *testing.T, where string, pg pdfPage) {
	t.Helper()
	m := layout.SafeMargin
	bad := 0
	// PDF coordinates are written to 0.01 pt (0.0035 mm).
	const round = 0.0036
	in := func(q pt, pad float64) bool {
		return q.X-pad >= m-round && q.Y-pad >= m-round && q.X+pad <= pg.w-m+round && q.Y+pad <= pg.h-m+round
	}
	for _, p := range pg.paths {
		pad := 0.0
		if p.stroked() {
			pad = p.lineWidth / 2
		}
		for _, sp := range p.subpaths {
			for _, q := range sp {
				if !in(q, pad) && bad < 5 {
					bad++
					t.Errorf("%s: a %s path reaches (%.2f, %.2f), within %g mm of the edge", where, p.op, q.X, q.Y, m)
				}
			}
		}
	}
	for _, tx := range pg.texts {
		// The text origin, and its cap height above it.
		top := pt{tx.at.X, tx.at.Y - capH*tx.size/ptPerMM}
		if (!in(tx.at, 0) || !in(top, 0)) && bad < 5 {
			bad++
			t.Errorf("%s: text %q at (%.2f, %.2f) is within %g mm of the edge", where, decodeText(tx.text), tx.at.X, tx.at.Y, m)
		}
	}
}

// TestSafeMarginRaster prints the full set with backs through pdftoppm and
// checks the outer 6 mm of every page is blank paper.
func TestSafeMarginRaster(t *testing.T) {
	t.Parallel()
	cat := shipped.Catalog(t)
	b, err := Render(cat.Systems, Options{Paper: layout.A4, Backs: ShortEdge})
	if err != nil {
		t.Fatal(err)
	}
	const dpi = 72
	// One pixel less than 6 mm, for anti-aliasing.
	edge := int(math.Floor(layout.SafeMargin/25.4*dpi)) - 1
	for i, img := range pdftest.Raster(t, b, dpi) {
		bd := img.Bounds()
		for y := bd.Min.Y; y < bd.Max.Y; y++ {
			for x := bd.Min.X; x < bd.Max.X; x++ {
				if x >= edge && x < bd.Max.X-edge && y >= edge && y < bd.Max.Y-edge {
					continue
				}
				if r, _, _, _ := img.At(x, y).RGBA(); r < 0xffff {
					t.Fatalf("page %d: ink at pixel (%d, %d), within %g mm of the edge", i+1, x, y, layout.SafeMargin)
				}
			}
		}
	}
}

// TestBacksMirrored: after each front comes its back, where every back is
// drawn behind its front for the flip (with its bleed), moved by the offset.
func TestBacksMirrored(t *testing.T) {
	t.Parallel()
	cat := shipped.Catalog(t)
	for _, tc := range []struct {
		flip Flip
		off  [2]float64
	}{
		{LongEdge, [2]float64{}},
		{ShortEdge, [2]float64{}},
		{LongEdge, [2]float64{1.5, -1}},
		{ShortEdge, [2]float64{-2, 0.5}},
	} {
		t.Run(fmt.Sprintf("%v%v", tc.flip, tc.off), func(t *testing.T) {
			opt := Options{Paper: layout.A4, Backs: tc.flip, BackOffset: tc.off}
			sh := planned(t, cat.Systems, opt)
			pages := render(t, cat.Systems, opt)
			if len(pages) != len(sh.pages) || len(pages)%2 != 0 {
				t.Fatalf("%d pages drawn, %d planned; want fronts and backs in pairs", len(pages), len(sh.pages))
			}
			W, H := opt.Paper.Width, opt.Paper.Height
			checked := 0
			for i := 0; i < len(sh.pages); i += 2 {
				front, back := sh.pages[i], sh.pages[i+1]
				if front.back || !back.back {
					t.Fatalf("pages %d and %d are not a front and its back", i+1, i+2)
				}
				for _, pl := range front.items {
					if pl.p.back == nil || (pl.p.shape != "circle" && pl.p.shape != "square" && pl.p.shape != "rect") {
						continue
					}
					r := pl.r
					if len(filledWithBox(pages[i], r)) == 0 {
						t.Errorf("page %d: no face drawn at %v", i+1, r)
					}
					want := r
					if tc.flip == LongEdge {
						want.X = W - r.X - r.W
					} else {
						want.Y = H - r.Y - r.H
					}
					want = rect{X: want.X + tc.off[0] - bleed, Y: want.Y + tc.off[1] - bleed, W: want.W + 2*bleed, H: want.H + 2*bleed}
					if len(filledWithBox(pages[i+1], want)) == 0 {
						t.Errorf("page %d: the back of %s at %v is not at %v", i+2, pl.p.kind.ID, r, want)
					}
					checked++
				}
			}
			if checked < 50 {
				t.Errorf("only %d backs checked", checked)
			}
		})
	}
}

func filledWithBox(pg pdfPage, r rect) []drawnPath {
	var out []drawnPath
	for _, p := range pg.paths {
		if p.filled() && rectNear(p.bbox(), r, 0.05) {
			out = append(out, p)
		}
	}
	return out
}

// TestTemplateBackFlips: the banana's back bows the other way after a
// short-edge flip (upside down behind its front) but not after a long-edge
// one (left to right, and the band is symmetric).
func TestTemplateBackFlips(t *testing.T) {
	aq := system(t, shipped.Catalog(t), "aqotmf")
	for _, tc := range []struct {
		flip    Flip
		bowsUp  bool
		outside string
	}{{LongEdge, true, "top"}, {ShortEdge, false, "bottom"}} {
		opt := Options{Only: []string{"heat-ray-template"}, Backs: tc.flip}
		front := planned(t, []*catalog.System{aq}, opt).pages[0].items[0].r
		want := front
		if tc.flip == LongEdge {
			want.X = layout.A4.Width - front.X - front.W
		} else {
			want.Y = layout.A4.Height - front.Y - front.H
		}
		grown := rect{X: want.X - bleed, Y: want.Y - bleed, W: want.W + 2*bleed, H: want.H + 2*bleed}
		pages := render(t, []*catalog.System{aq}, opt)
		var band *drawnPath
		for i, p := range pages[1].paths {
			if p.filled() && len(p.lines) == 1 && p.bbox().W > 100 {
				band = &pages[1].paths[i]
			}
		}
		if band == nil {
			t.Fatalf("%v: no template on the back page", tc.flip)
		}
		box := band.bbox()
		// An upward bow has its highest point in the middle.
		top := pt{0, math.Inf(1)}
		for _, q := range band.subpaths[0] {
			if q.Y < top.Y {
				top = q
			}
		}
		bowsUp := near(top.X, box.X+box.W/2, box.W/6)
		if box.X < grown.X-0.01 || box.Y < grown.Y-0.01 || box.X+box.W > grown.X+grown.W+0.01 || box.Y+box.H > grown.Y+grown.H+0.01 {
			t.Errorf("%v: the template's back %v spills out of %v (its front at %v, mirrored, plus bleed)", tc.flip, box, grown, front)
		}
		if !near(box.X+box.W/2, want.X+want.W/2, 0.05) || box.W < want.W {
			t.Errorf("%v: the template's back %v is not centred behind %v", tc.flip, box, want)
		}
		if bowsUp != tc.bowsUp {
			t.Errorf("%v: the back's highest point is at x %.1f in a box %v; want the band bowing to the %s", tc.flip, top.X, box, tc.outside)
		}
	}
}

// TestBlipBacksIdentical: every blip, numbered, dummy or decoy, has the
// same back, so the Martian player cannot tell them apart.
func TestBlipBacksIdentical(t *testing.T) {
	aq := system(t, shipped.Catalog(t), "aqotmf")
	d := kind(t, aq, "blips").Size.MM
	for _, flip := range []Flip{LongEdge, ShortEdge} {
		pages := render(t, []*catalog.System{aq}, Options{Only: []string{"blips"}, Decoys: 4, Backs: flip})
		var backs []string
		for i := 1; i < len(pages); i += 2 {
			for _, disc := range filledWithSize(pages[i], d+2*bleed, d+2*bleed, 0.05) {
				backs = append(backs, signature(pages[i], disc.bbox()))
			}
		}
		if len(backs) != 12 {
			t.Fatalf("%v: %d blip backs; want 12 (4 numbered, 4 D, 4 decoys)", flip, len(backs))
		}
		for i, b := range backs {
			if b != backs[0] {
				t.Errorf("%v: back %d differs from back 1:\n%s\nvs\n%s", flip, i+1, b, backs[0])
			}
		}
		// The fronts do differ: 1–8 and D.
		var fronts []string
		for i := 0; i < len(pages); i += 2 {
			fronts = append(fronts, texts(pages[i])...)
		}
		for _, want := range []string{"1", "4", "5", "8", "D"} {
			if !contains(fronts, want) {
				t.Errorf("%v: no front says %q", flip, want)
			}
		}
	}
}

// signature describes everything drawn inside box, relative to its corner.
func signature(pg pdfPage, box rect) string {
	inside := func(q pt) bool {
		return q.X >= box.X-0.01 && q.X <= box.X+box.W+0.01 && q.Y >= box.Y-0.01 && q.Y <= box.Y+box.H+0.01
	}
	var b strings.Builder
	for _, p := range pg.paths {
		r := p.bbox()
		if inside(pt{r.X, r.Y}) && inside(pt{r.X + r.W, r.Y + r.H}) {
			fmt.Fprintf(&b, "path %s %s %.2f,%.2f %.2fx%.2f lw %.2f\n", p.op, p.fill, r.X-box.X, r.Y-box.Y, r.W, r.H, p.lineWidth)
		}
	}
	for _, tx := range pg.texts {
		if inside(tx.at) {
			fmt.Fprintf(&b, "text %q %s %.1f at %.2f,%.2f\n", decodeText(tx.text), tx.fill, tx.size, tx.at.X-box.X, tx.at.Y-box.Y)
		}
	}
	return b.String()
}

func TestDeterministic(t *testing.T) {
	cat := shipped.Catalog(t)
	opt := Options{Paper: layout.Letter, Backs: ShortEdge, Decoys: 2, Counts: map[string]int{"dug-in": 6, "blips": 5}}
	a, err := Render(cat.Systems, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(cat.Systems, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("the same options gave different bytes")
	}
}

// TestRangeSticks: sticks as long as the longest range in the data, cut in
// whole-inch segments of at most 10 in whose join letters match.
func TestRangeSticks(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, tc := range []struct {
		sys   string
		total int      // inches: the longest range, from the seed
		marks []string // ranges printed at the rows' ends
	}{
		{"aqotmf", 30, []string{"3″–30+ · +3", "3″–15″ · +2", "20″", "15″", "12″", "6″", "3″"}},
		{"imperial-mars", 36, []string{"30″", "36″", "26″", "14″", "18″", "20″"}},
	} {
		for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
			s := system(t, cat, tc.sys)
			sh := planned(t, []*catalog.System{s}, Options{Paper: paper, Only: []string{"range-stick"}})
			var segs []*segment
			for _, pg := range sh.pages {
				for _, pl := range pg.items {
					segs = append(segs, pl.p.seg)
					if near(pl.r.W, pl.p.w, 1e-9) == pl.rot && pl.p.w != pl.p.h {
						t.Errorf("%s: a segment's box %v does not match its turn", tc.sys, pl.r)
					}
				}
			}
			sort.Slice(segs, func(i, j int) bool { return segs[i].from < segs[j].from })
			at := 0
			for i, sg := range segs {
				if sg.from != at || sg.to-sg.from > 10 || sg.to <= sg.from {
					t.Errorf("%s %s: segment %d covers %d–%d″; want from %d, at most 10″", tc.sys, paper.Name, i+1, sg.from, sg.to, at)
				}
				if !near(sg.w, float64(sg.to-sg.from)*25.4, 1e-9) {
					t.Errorf("%s: segment %d–%d″ is %.2f mm long", tc.sys, sg.from, sg.to, sg.w)
				}
				if (i == 0) != (sg.startJoin == "") || (i == len(segs)-1) != (sg.finishJoin == "") {
					t.Errorf("%s: segment %d joins %q–%q", tc.sys, i+1, sg.startJoin, sg.finishJoin)
				}
				if i > 0 && segs[i-1].finishJoin != sg.startJoin {
					t.Errorf("%s: segment %d ends %q but segment %d starts %q", tc.sys, i, segs[i-1].finishJoin, i+1, sg.startJoin)
				}
				at = sg.to
			}
			if at != tc.total {
				t.Errorf("%s %s: the stick is %d″ long; want %d″", tc.sys, paper.Name, at, tc.total)
			}
			var ends []string
			for _, r := range segs[0].rows {
				ends = append(ends, r.end)
			}
			for _, m := range tc.marks {
				if !contains(ends, m) {
					t.Errorf("%s: no row ends at %q; rows end at %q", tc.sys, m, ends)
				}
			}
		}
	}
	// The rows' distances come from the weapons and the rules.
	aq := system(t, cat, "aqotmf")
	sh := planned(t, []*catalog.System{aq}, Options{Only: []string{"range-stick"}})
	rows := sh.pages[0].items[0].p.seg.rows
	want := map[string][2]float64{ // from, to in inches
		"Heat Ray – Focused":         {aq.Weapon("heat-ray-focused").MinRange.Inches(), aq.Weapon("heat-ray-focused").Range.Inches()},
		"Rifles":                     {0, aq.Weapon("rifles").Range.Inches()},
		"Detector reveals ambushers": {0, aqotmf.RulesOf(aq).Ambush.Detector.Inches()},
		"Blip revealed, open ground": {0, aqotmf.RulesOf(aq).Blips.RevealOpen.Inches()},
	}
	for _, r := range rows {
		if w, ok := want[r.label]; ok {
			if b := r.bands[0]; b.from != w[0] || b.to != w[1] {
				t.Errorf("row %s covers %g–%g″; want %g–%g″", r.label, b.from, b.to, w[0], w[1])
			}
			delete(want, r.label)
		}
	}
	if len(want) > 0 {
		t.Errorf("rows missing: %v", want)
	}
	if !near(aqotmf.RulesOf(aq).Ambush.Detector.Inches(), 12, 1e-9) || !near(aqotmf.RulesOf(aq).Blips.RevealOpen.Inches(), 6, 1e-9) {
		t.Errorf("data: detector %v, blip reveal %v; the seed says 12″ and 6″", aqotmf.RulesOf(aq).Ambush.Detector, aqotmf.RulesOf(aq).Blips.RevealOpen)
	}
	// The join letters are printed at both ends of a join.
	all := strings.Join(texts(render(t, []*catalog.System{aq}, Options{Only: []string{"range-stick"}})[0]), " ")
	for _, j := range []string{"A►", "◄A", "B►", "◄B"} {
		if !strings.Contains(all, j) {
			t.Errorf("no %q on the range stick sheet", j)
		}
	}
}

// TestRangeStickFactors: an Imperial Mars stick prints each band's weapon
// factor with the sheet's word for it (F6), never signed like a
// modifier; the seed's BL rifle is 6, 4 and 2.
func TestRangeStickFactors(t *testing.T) {
	cat := shipped.Catalog(t)
	im := system(t, cat, "imperial-mars")
	sh := planned(t, []*catalog.System{im}, Options{Only: []string{"range-stick"}})
	var got []string
	for _, r := range sh.pages[0].items[0].p.seg.rows {
		if r.label != "BL rifle" {
			continue
		}
		for _, b := range r.bands {
			got = append(got, b.factor)
		}
	}
	if strings.Join(got, " ") != "F6 F4 F2" {
		t.Errorf("BL rifle bands %q; want F6 F4 F2", got)
	}
	for _, x := range texts(render(t, []*catalog.System{im}, Options{Only: []string{"range-stick"}})[0]) {
		if strings.HasPrefix(x, "+") {
			t.Errorf("%q on the stick reads as a modifier", x)
		}
	}
}

// TestNote: a sheet's note prints once, under the pieces of its last
// front, inside the safe margin.
func TestNote(t *testing.T) {
	cat := shipped.Catalog(t)
	aq := system(t, cat, "aqotmf")
	const note = "The blips and decoys are on their own sheets."
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		pages := render(t, []*catalog.System{aq}, Options{Paper: paper, Only: []string{"dug-in", "tripod-damage", "routed"}, Note: note})
		fronts := 0
		for i, pg := range pages {
			n := strings.Count(strings.Join(texts(pg), "\n"), note)
			if i == len(pages)-1 && n != 1 || i < len(pages)-1 && n != 0 {
				t.Errorf("%s: page %d of %d prints the note %d times", paper.Name, i+1, len(pages), n)
			}
			fronts++
		}
		if fronts == 0 {
			t.Fatal("no pages")
		}
	}
}

// TestNoteReading: a note that follows a reading prints the reading's
// mark after its words and its ruling, led by the mark, under it, on the
// same page, and records that page.
func TestNoteReading(t *testing.T) {
	cat := shipped.Catalog(t)
	aq := system(t, cat, "aqotmf")
	n := aq.Reading("blips-decoys")
	if n == nil || n.Mark == "" {
		t.Fatal("aqotmf has no reading blips-decoys")
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		var printed document.Printed
		b, err := Render([]*catalog.System{aq}, Options{Paper: paper, Only: []string{"blips"}, Counts: map[string]int{"blips": 6},
			Note: "Numbered 1–6.", Readings: []catalog.Note{*n}, Marks: printed.In(1, "b.pdf", "blips")})
		if err != nil {
			t.Fatal(err)
		}
		ms, err := pagelint.Marks(b)
		if err != nil {
			t.Fatal(err)
		}
		var used, explained []int
		for _, m := range ms {
			if m.Mark != n.Mark {
				t.Errorf("%s: mark %s printed; want only %s", paper.Name, m.Mark, n.Mark)
			}
			if m.Explained {
				explained = append(explained, m.Page)
				if !strings.HasPrefix(document.Typo(n.Ruling), m.Words) {
					t.Errorf("%s: the mark's line reads %q; the ruling is %q", paper.Name, m.Words, n.Ruling)
				}
			} else {
				used = append(used, m.Page)
			}
		}
		var rec []int
		for _, p := range printed.Of(*n) {
			rec = append(rec, p.Page)
		}
		if len(used) != 1 || !slices.Equal(used, explained) || !slices.Equal(used, rec) {
			t.Errorf("%s: mark on pages %v, its line on %v, recorded on %v; want one page for all three", paper.Name, used, explained, rec)
		}
	}
}

// TestFonts: the embedded Go font has the dashes, primes and ellipsis the
// sheets print, and they reach the PDF as those characters.
func TestFonts(t *testing.T) {
	pdf := newDoc(layout.A4, "t")
	pdf.SetFont(fontName, "B", 10)
	for _, r := range []string{"–", "″", "…", "−", "►", "◄", "·", "≥"} {
		if w := pdf.GetStringWidth(r); w <= 0 {
			t.Errorf("%q has no glyph in the Go font (width %v)", r, w)
		}
	}
	s := testSystem(catalog.Marker{ID: "odd", Name: "Odd", Shape: "rect", Width: mm(60), Height: mm(20), Labels: []string{"3″–15″ …"}, Sub: "−1 – all"})
	got := strings.Join(texts(render(t, []*catalog.System{s}, Options{})[0]), "|")
	for _, want := range []string{"3″–15″ …", "−1 – all", "Print at 100% / actual size — turn “fit to page” off."} {
		if !strings.Contains(got, want) {
			t.Errorf("the sheet does not carry %q; it has %s", want, got)
		}
	}
}

func mm(v float64) catalog.Length { return catalog.Length{MM: v, Text: fmt.Sprintf("%gmm", v)} }

func testSystem(ms ...catalog.Marker) *catalog.System {
	return &catalog.System{ID: "test", About: catalog.About{Name: "Test", Short: "Test"}, Markers: ms}
}

// TestErrors: sizes that cannot print and options that make no sense are
// refused with a message that says what to do.
func TestErrors(t *testing.T) {
	circle := func(size catalog.Length) catalog.Marker {
		return catalog.Marker{ID: "disc", Name: "Disc", Shape: "circle", Size: size, Labels: []string{"X"}}
	}
	big := testSystem(circle(mm(300)))
	zero := testSystem(circle(catalog.Length{}))
	neg := testSystem(circle(mm(-5)))
	ok := testSystem(circle(mm(25)), catalog.Marker{ID: "blips", Name: "Blip", Shape: "circle", Size: mm(25), Numbered: catalog.Num{N: 4, Set: true}, Decoys: true, Back: "?"})
	tmpl := testSystem(catalog.Marker{ID: "t", Name: "T", Shape: "template", Length: mm(300), Width: mm(25), Radius: mm(100)})
	for _, tc := range []struct {
		name   string
		sys    *catalog.System
		opt    Options
		option bool // an OptionError
		want   string
	}{
		{"larger than the paper", big, Options{}, false, `marker "disc" (300.0 × 300.0 mm) is larger than the printable area of a4 paper`},
		{"larger than letter", testSystem(catalog.Marker{ID: "strip", Name: "S", Shape: "rect", Width: mm(260), Height: mm(200), Labels: []string{"S"}}), Options{Paper: layout.Letter}, false, "larger than the printable area of letter paper"},
		{"zero size", zero, Options{}, false, `marker "disc" (circle): size is missing; expected a size above zero`},
		{"negative size", neg, Options{}, false, `size is -5mm; expected a size above zero`},
		{"template too long", tmpl, Options{}, false, "longer than the outer arc's diameter"},
		{"unknown kind", ok, Options{Only: []string{"blip"}}, true, `--only: unknown marker kind "blip" (did you mean "blips"?); expected one of: blips, disc`},
		{"unknown count kind", ok, Options{Counts: map[string]int{"dsic": 2}}, true, `--count: unknown marker kind "dsic" (did you mean "disc"?)`},
		{"negative count", ok, Options{Counts: map[string]int{"disc": -1}}, true, "--count disc=-1: expected a whole number from 0 to 1000"},
		{"count past the bound", ok, Options{Counts: map[string]int{"disc": math.MaxInt}}, true, fmt.Sprintf("--count disc=%d: expected a whole number from 0 to 1000", math.MaxInt)},
		{"more pieces than a kind may have", ok, Options{Counts: map[string]int{"blips": 996}, Decoys: 10}, true, `marker "blips": 1006 pieces to print; expected at most 1000 of a kind`},
		{"decoys without blips", ok, Options{Only: []string{"disc"}, Decoys: 2}, true, "--decoys 2: no chosen marker kind takes decoys; blips does"},
		{"decoys without a kind for them", big, Options{Decoys: 2}, true, "--decoys 2: no chosen marker kind takes decoys, nor does any other of the rule sets printed"},
		{"too many decoys", ok, Options{Decoys: 5000}, true, "--decoys 5000: expected a whole number from 0 to 100 decoy blips"},
		{"offset without backs", ok, Options{BackOffset: [2]float64{1, 0}}, true, "--back-offset needs --backs long or --backs short"},
		{"offset too far", ok, Options{Backs: LongEdge, BackOffset: [2]float64{40, 0}}, true, "--back-offset 40,0 would print backs within 6 mm of the paper's edge"},
		{"offset too far down", ok, Options{Backs: ShortEdge, BackOffset: [2]float64{0, 3.5}}, true, "backs may move"},
		{"nothing", ok, Options{Counts: map[string]int{"disc": 0, "blips": 0}}, true, "nothing to print"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Render([]*catalog.System{tc.sys}, tc.opt)
			if err == nil {
				t.Fatalf("no error; want %q", tc.want)
			}
			var oe *cards.OptionError
			if errors.As(err, &oe) != tc.option {
				t.Errorf("OptionError %v; want %v (%v)", !tc.option, tc.option, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q\nwant it to contain %q", err, tc.want)
			}
		})
	}
}

// TestDecoyKind: a list's blips print as the kind its data says takes
// decoys, whatever its id.
func TestDecoyKind(t *testing.T) {
	disc := catalog.Marker{ID: "disc", Name: "Disc", Shape: "circle", Size: catalog.Length{MM: 25}, Labels: []string{"X"}}
	hidden := catalog.Marker{ID: "hidden-units", Name: "Blip", Shape: "circle", Size: catalog.Length{MM: 25}, Numbered: catalog.Num{N: 4, Set: true}, Decoys: true}
	if got := DecoyKind(testSystem(disc, hidden)); got != "hidden-units" {
		t.Errorf("DecoyKind = %q; want the kind with decoys, hidden-units", got)
	}
	if got := DecoyKind(testSystem(disc)); got != "" {
		t.Errorf("DecoyKind = %q; want none", got)
	}
}

// TestCropMarks: every corner mark is at least 3 mm long and lies outside
// every piece, and the full-width cut marks run out into the side margins.
func TestCropMarks(t *testing.T) {
	t.Parallel()
	cat := shipped.Catalog(t)
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		for _, backs := range []Flip{NoBacks, LongEdge} {
			t.Run(paper.Name+" "+backs.String(), func(t *testing.T) {
				cropMarks(t, cat, Options{Paper: paper, Backs: backs})
			})
		}
	}
}

// cropMarks checks the crop marks of the full set, every rule set after
// another and pages shared between them.
func cropMarks(t *testing.T, cat *catalog.Catalog, opt Options) {
	sh := planned(t, cat.Systems, opt)
	pages := render(t, cat.Systems, opt)
	for i, pg := range sh.pages {
		if pg.back {
			continue
		}
		var marks [][2]pt
		for _, p := range pages[i].paths {
			if p.op == "S" && p.fill != "" && near(p.lineWidth, 0.2, 0.01) {
				marks = append(marks, p.lines...)
			}
		}
		if len(marks) < 8*len(pg.items) {
			t.Errorf("page %d: %d marks for %d pieces", i+1, len(marks), len(pg.items))
		}
		for _, l := range marks {
			// Long enough to lay a ruler on: at least 3 mm.
			if n := math.Hypot(l[1].X-l[0].X, l[1].Y-l[0].Y); n < 3-0.01 {
				t.Errorf("page %d: a cut mark %v is %.1f mm long, want at least 3 mm", i+1, l, n)
			}
			for _, pl := range pg.items {
				r := pl.r
				// A mark touches a piece if any of its points lies in it.
				for k := 0; k <= 10; k++ {
					f := float64(k) / 10
					q := pt{l[0].X + f*(l[1].X-l[0].X), l[0].Y + f*(l[1].Y-l[0].Y)}
					if q.X > r.X+0.01 && q.X < r.X+r.W-0.01 && q.Y > r.Y+0.01 && q.Y < r.Y+r.H-0.01 {
						t.Fatalf("page %d: a cut mark %v crosses %s at %v", i+1, l, pl.p.kind.ID, r)
					}
				}
			}
		}
		// The cuts between shelves are marked in both side margins.
		left, right := 0, 0
		for _, l := range marks {
			if near(l[0].Y, l[1].Y, 1e-6) && math.Min(l[0].X, l[1].X) < layout.SafeMargin+1 {
				left++
			}
			if near(l[0].Y, l[1].Y, 1e-6) && math.Max(l[0].X, l[1].X) > pages[i].w-layout.SafeMargin-1 {
				right++
			}
		}
		if left != len(pg.cuts) || right != len(pg.cuts) || len(pg.cuts) < 2 {
			t.Errorf("page %d: %d shelf cuts, %d marked left and %d right", i+1, len(pg.cuts), left, right)
		}
	}
}

// TestPacking: pieces never overlap and keep the gap between them, and the
// whole set needs few sheets.
func TestPacking(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		sh := planned(t, cat.Systems, Options{Paper: paper})
		a := area(paper)
		used, total := 0.0, 0.0
		for n, pg := range sh.pages {
			total += a.W * a.H
			for i, p := range pg.items {
				used += p.r.W * p.r.H
				if p.r.X < a.X-eps || p.r.Y < a.Y-eps || p.r.X+p.r.W > a.X+a.W+eps || p.r.Y+p.r.H > a.Y+a.H+eps {
					t.Errorf("%s page %d: %s at %v leaves the area %v", paper.Name, n+1, p.p.kind.ID, p.r, a)
				}
				for _, q := range pg.items[i+1:] {
					if p.r.X < q.r.X+q.r.W+layout.PieceGap-eps && q.r.X < p.r.X+p.r.W+layout.PieceGap-eps &&
						p.r.Y < q.r.Y+q.r.H+layout.PieceGap-eps && q.r.Y < p.r.Y+p.r.H+layout.PieceGap-eps {
						t.Errorf("%s page %d: %v and %v are closer than %g mm", paper.Name, n+1, p.r, q.r, layout.PieceGap)
					}
				}
			}
		}
		t.Logf("%s: %d sheets, %.0f%% of the printable area used", paper.Name, len(sh.pages), 100*used/total)
		if len(sh.pages) > 7 {
			t.Errorf("%s: %d sheets for the full set; want at most 7", paper.Name, len(sh.pages))
		}
	}
}

// TestRasterSizes prints the heat ray template through pdftoppm at 10
// pixels a millimetre and measures it on the image, as a ruler on paper
// would: 152.4 mm end to end, 25.4 mm across the band's middle.
func TestRasterSizes(t *testing.T) {
	t.Parallel()
	aq := system(t, shipped.Catalog(t), "aqotmf")
	b, err := Render([]*catalog.System{aq}, Options{Only: []string{"heat-ray-template"}})
	if err != nil {
		t.Fatal(err)
	}
	img := pdftest.Raster(t, b, 254)[0]
	// The template's orange prints as a mid grey; the header's ink is
	// black and the paper white.
	orange := func(x, y int) bool {
		r, _, _, _ := img.At(x, y).RGBA()
		v := r >> 8
		return v > 120 && v < 215
	}
	bd := img.Bounds()
	top := int(areaTop*10) - 5 // below the header
	minX, maxX, minY, maxY := bd.Max.X, -1, bd.Max.Y, -1
	for y := top; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			if orange(x, y) {
				minX, maxX = min(minX, x), max(maxX, x)
				minY, maxY = min(minY, y), max(maxY, y)
			}
		}
	}
	if maxX < 0 {
		t.Fatal("no template on the page")
	}
	length := float64(maxX-minX+1) / 10
	// Down the middle column: the band's first and last orange pixels.
	cx := (minX + maxX) / 2
	first, last := -1, -1
	for y := top; y < bd.Max.Y; y++ {
		if orange(cx, y) || (first >= 0 && y < first+200 && !isWhite(img, cx, y)) {
			if first < 0 {
				first = y
			}
			last = y
		}
	}
	width := float64(last-first+1) / 10
	t.Logf("printed at 254 dpi: %.1f mm end to end, %.1f mm across the middle", length, width)
	if !near(length, 152.4, 0.3) {
		t.Errorf("the template prints %.1f mm end to end; want 152.4 ± 0.3", length)
	}
	if !near(width, 25.4, 0.3) {
		t.Errorf("the band prints %.1f mm wide; want 25.4 ± 0.3", width)
	}
}

func isWhite(img image.Image, x, y int) bool {
	r, _, _, _ := img.At(x, y).RGBA()
	return r>>8 > 245
}

// TestShapes: the markers draw every shape the data may give a kind, and
// no other.
func TestShapes(t *testing.T) {
	for _, name := range catalog.MarkerShapes {
		if _, ok := shapes[name]; !ok {
			t.Errorf("no drawing for shape %q (catalog.MarkerShapes has it)", name)
		}
	}
	if len(shapes) != len(catalog.MarkerShapes) {
		t.Errorf("%d shapes drawn, catalog.MarkerShapes lists %d", len(shapes), len(catalog.MarkerShapes))
	}
}

// TestFoldBacks: on a fold sheet, for both papers, every front lies left
// of the fold line down the middle (cards.FoldGap clear of it), and every
// two-sided piece's back is drawn on the same page at its mirror image
// across that line, so folding the sheet puts it behind its front at
// exact size.
func TestFoldBacks(t *testing.T) {
	cat := shipped.Catalog(t)
	for _, p := range []layout.Paper{layout.A4, layout.Letter} {
		t.Run(p.Name, func(t *testing.T) {
			opt := Options{Paper: p, Backs: Fold}
			sh := planned(t, cat.Systems, opt)
			pages := render(t, cat.Systems, opt)
			if len(pages) != len(sh.pages) {
				t.Fatalf("%d pages drawn, %d planned", len(pages), len(sh.pages))
			}
			W := p.Width
			checked := 0
			for i, pg := range sh.pages {
				if pg.back {
					t.Fatalf("page %d is a page of backs on a fold sheet", i+1)
				}
				for _, pl := range pg.items {
					if pl.r.X+pl.r.W > W/2-cards.FoldGap+eps {
						t.Errorf("page %d: %s at %v crosses into the fold's gap (%.2f)", i+1, pl.p.kind.ID, pl.r, W/2-cards.FoldGap)
					}
					if pl.p.back == nil || (pl.p.shape != "circle" && pl.p.shape != "square" && pl.p.shape != "rect") {
						continue
					}
					r := pl.r
					if len(filledWithBox(pages[i], r)) == 0 {
						t.Errorf("page %d: no face drawn at %v", i+1, r)
					}
					want := rect{X: W - r.X - r.W - bleed, Y: r.Y - bleed, W: r.W + 2*bleed, H: r.H + 2*bleed}
					if len(filledWithBox(pages[i], want)) == 0 {
						t.Errorf("page %d: the back of %s at %v is not at %v", i+1, pl.p.kind.ID, r, want)
					}
					checked++
				}
			}
			if checked < 50 {
				t.Errorf("only %d backs checked", checked)
			}
		})
	}
	if err := checkOptions(cat.Systems, Options{Backs: Fold, BackOffset: [2]float64{1, 0}}); err == nil {
		t.Error("a back offset on a fold sheet was accepted")
	}
}

// TestNoteWords: a reading's mark is part of the word its governed words
// end in, so that no wrap sets it alone, and the last line never holds a
// word alone where the line above can spare one.
func TestNoteWords(t *testing.T) {
	r4 := catalog.Note{Mark: "R4", Governs: []string{"the 8 units"}}
	r12 := catalog.Note{Mark: "R12", Governs: []string{"nowhere"}}
	words := noteWords("Numbered 1–12: the 8 units that deploy; 4 marked (dummy).", []catalog.Note{r4, r12})
	var got []string
	for _, w := range words {
		var s string
		for _, r := range w {
			if r.mark {
				s += "^"
			}
			s += r.s
		}
		got = append(got, s)
	}
	if want := "Numbered 1–12: the 8 units^R4 that deploy; 4 marked (dummy).^R12"; strings.Join(got, " ") != want {
		t.Errorf("words %q, want %q", strings.Join(got, " "), want)
	}
	pdf := newDoc(layout.A4, "t")
	pdf.SetFont(fontName, "", 7)
	for width := 20.0; width < 90; width += 2 {
		lines := wrapMarked(pdf, words, width)
		for i, ln := range lines {
			if ln[0][0].mark {
				t.Errorf("width %v: line %d starts with a mark", width, i+1)
			}
		}
		if k := len(lines) - 1; k > 0 && len(lines[k]) == 1 && len(lines[k-1]) > 2 {
			t.Errorf("width %v: the last line holds one word alone", width)
		}
	}
}
