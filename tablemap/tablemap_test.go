package tablemap

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
)

func length(t *testing.T, s string) catalog.Length {
	t.Helper()
	l, err := catalog.ParseLength(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// farmMap is a 4 ft × 4 ft table like Boys of Company C's: a farm, woods,
// two deployment zones, an entry point on the bottom edge, an objective.
func farmMap(t *testing.T) *catalog.Map {
	return &catalog.Map{
		Width: length(t, "48in"), Depth: length(t, `4ft`), Suggested: true, Top: "Martians", Bottom: "Humans",
		Features: []catalog.Feature{
			{Kind: "farm", Label: "Farm buildings", Shape: "rect", X: 19, Y: 20, W: 10, H: 8},
			{Kind: "woods", Label: "Woods", Shape: "rect", X: 6, Y: 20, W: 9, H: 8},
			{Kind: "woods", Label: "Woods", Shape: "polygon", Points: [][]float64{{33, 20}, {42, 20}, {42, 28}, {33, 28}}},
			{Kind: "road", Label: "Road", Shape: "line", Points: [][]float64{{24, 48}, {24, 30}, {20, 0}}},
			{Kind: "deployment", Label: "Martian deployment zone", Shape: "rect", X: 0, Y: 0, W: 48, H: 12, Side: "Martians"},
			{Kind: "deployment", Label: "Human deployment", Shape: "rect", X: 0, Y: 36, W: 48, H: 12, Side: "Humans"},
			{Kind: "entry", Label: "Redline", Shape: "line", Points: [][]float64{{4, 48}, {12, 48}}, Side: "Humans"},
			{Kind: "objective", Label: "Objective", Shape: "circle", X: 40, Y: 40, R: 1},
		},
	}
}

var sides = []string{"Humans", "Martians"}

// kinds are the map kinds of the tests' rule set, in legend order.
var kinds = []catalog.MapKind{
	{ID: "deployment", Name: "Deployment zone", Style: "zone"},
	{ID: "entry", Name: "Entry point", Style: "entry"},
	{ID: "objective", Name: "Objective", Style: "objective"},
	{ID: "woods", Name: "Woods", Style: "woods", Terrain: true},
	{ID: "farm", Name: "Farm buildings", Style: "farm", Terrain: true},
	{ID: "road", Name: "Road", Style: "road"},
}

// TestStyles: the map draws every style the data may give a kind, and
// no other.
func TestStyles(t *testing.T) {
	for _, name := range catalog.MapStyles {
		if _, ok := styles[name]; !ok {
			t.Errorf("no drawing style %q (catalog.MapStyles has it)", name)
		}
	}
	if len(styles) != len(catalog.MapStyles) {
		t.Errorf("%d drawing styles, catalog.MapStyles lists %d", len(styles), len(catalog.MapStyles))
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

// TestPlanGeometry works the plan of a 48×48 in table in a known box out
// by hand: the largest round scale that fits 168 mm (182 − 2 × 7) is 1 cm
// = 3 in, so the board is 160 mm square, centred, below the edge label
// (6 mm) and the tick numbers (3.5 mm).
func TestPlanGeometry(t *testing.T) {
	pdf := layout.NewDoc(layout.A4, "t")
	box := Box{14, 23, 182, 260}
	p, err := New(pdf, farmMap(t), kinds, sides, box)
	if err != nil {
		t.Fatal(err)
	}
	if !near(p.Scale, 10.0/3) || p.PerCM != 3 {
		t.Errorf("scale = %g mm/in (1 cm = %g in), want 10/3 (1 cm = 3 in)", p.Scale, p.PerCM)
	}
	want := Box{25, 32.5, 160, 160}
	if !near(p.Board.X, want.X) || !near(p.Board.Y, want.Y) || !near(p.Board.W, want.W) || !near(p.Board.H, want.H) {
		t.Errorf("board = %+v, want %+v", p.Board, want)
	}
	// The farm at 19–29 × 20–28 in.
	farm := p.Shapes[len(p.Shapes)-1]
	for _, s := range p.Shapes {
		if s.Kind == "farm" {
			farm = s
		}
	}
	if b := farm.Bounds; !near(b.X, 25+19*10.0/3) || !near(b.Y, 32.5+20*10.0/3) || !near(b.W, 100.0/3) || !near(b.H, 80.0/3) {
		t.Errorf("farm at %+v, want x %g y %g w %g h %g", b, 25+19*10.0/3, 32.5+20*10.0/3, 100.0/3, 80.0/3)
	}
	// The scale bar: its length is its inches times the scale, 12 in = 40 mm.
	if sb := p.Scalebar; !near(sb.Length, sb.Inches*p.Scale) || !near(sb.Length, 40) {
		t.Errorf("scale bar %g in drawn %g mm, want %g mm", sb.Inches, sb.Length, sb.Inches*p.Scale)
	}
	// Ticks every 6 in on four edges: 9 per edge.
	if len(p.Ticks) != 4*9 {
		t.Errorf("%d edge ticks, want 36", len(p.Ticks))
	}
	for _, s := range p.Shapes {
		if !p.Board.Contains(s.Bounds) {
			t.Errorf("%s %q at %+v leaves the board %+v", s.Kind, s.Label, s.Bounds, p.Board)
		}
	}
	if !box.Contains(p.Extent) {
		t.Errorf("plan reaches %+v, outside its box %+v", p.Extent, box)
	}
}

// TestPlanLabels checks that the map reads when printed: no text under
// 6.5 pt, feature labels clear of each other, zone labels inside their
// zone, edge labels naming the sides.
func TestPlanLabels(t *testing.T) {
	pdf := layout.NewDoc(layout.A4, "t")
	p, err := New(pdf, farmMap(t), kinds, sides, Box{14, 23, 182, 260})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range p.allLabels() {
		if l.Size < 6.5 {
			t.Errorf("label %q at %g pt, want at least 6.5", l.Text, l.Size)
		}
	}
	noOverlap(t, p)
	for _, s := range p.Shapes {
		if s.Kind != "deployment" {
			continue
		}
		found := false
		for _, l := range p.Labels {
			if l.Text == s.Label {
				found = true
				if !s.Bounds.Contains(l.Bounds) {
					t.Errorf("zone label %q %+v outside its zone %+v", l.Text, l.Bounds, s.Bounds)
				}
			}
		}
		if !found {
			t.Errorf("zone %q has no label", s.Label)
		}
	}
	var edges []string
	for _, l := range p.Edges {
		if strings.HasSuffix(l.Text, "edge") {
			edges = append(edges, l.Text)
		}
	}
	if strings.Join(edges, "|") != "Martians table edge|Humans table edge" {
		t.Errorf("edge labels %q", edges)
	}
	var legend []string
	for _, it := range p.Legend {
		legend = append(legend, it.Label.Text)
	}
	if got := strings.Join(legend, "|"); got != "Deployment zone: Martians|Deployment zone: Humans|Redline: Humans|Objective|Woods|Farm buildings|Road" {
		t.Errorf("legend = %s", got)
	}
}

// TestAddPageFitsPaper puts maps on both papers and checks that all of the
// drawing keeps the printers' safe margin; a wide board goes landscape when
// that prints it larger.
func TestAddPageFitsPaper(t *testing.T) {
	wide := farmMap(t)
	wide.Width = length(t, "72in")
	for _, tc := range []struct {
		name      string
		m         *catalog.Map
		paper     layout.Paper
		landscape bool
		perCM     float64
	}{
		{"48x48 A4", farmMap(t), layout.A4, false, 3},
		{"48x48 Letter", farmMap(t), layout.Letter, false, 3},
		// Portrait A4 fits 72 in only at 1 cm = 5 in (168 mm wide);
		// landscape fits 1 cm = 4 in (180 mm wide, 120 mm deep).
		{"72x48 A4", wide, layout.A4, true, 4},
		{"72x48 Letter", wide, layout.Letter, true, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pdf := layout.NewDoc(tc.paper, "t")
			p, err := AddPage(pdf, tc.paper, "Table map", tc.m, kinds, sides)
			if err != nil {
				t.Fatal(err)
			}
			w, h, _ := pdf.PageSize(pdf.PageNo())
			if (w > h) != tc.landscape {
				t.Errorf("page %g × %g mm, landscape want %v", w, h, tc.landscape)
			}
			if p.PerCM != tc.perCM {
				t.Errorf("1 cm = %g in, want %g", p.PerCM, tc.perCM)
			}
			safe := Box{layout.SafeMargin, layout.SafeMargin, w - 2*layout.SafeMargin, h - 2*layout.SafeMargin}
			if !safe.Contains(p.Extent) {
				t.Errorf("map reaches %+v, outside the safe area %+v", p.Extent, safe)
			}
			if _, err := layout.Bytes(pdf); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestPlanErrors(t *testing.T) {
	pdf := layout.NewDoc(layout.A4, "t")
	box := Box{0, 0, 190, 270}
	for _, tc := range []struct {
		name string
		m    *catalog.Map
		want string
	}{
		{"no size", &catalog.Map{}, "no width or depth"},
		{"too big", &catalog.Map{Width: length(t, "100ft"), Depth: length(t, "4ft")}, "does not fit"},
		{"bad shape", &catalog.Map{Width: length(t, "4ft"), Depth: length(t, "4ft"),
			Features: []catalog.Feature{{Kind: "woods", Label: "W", Shape: "blob"}}}, `unknown shape "blob"`},
		{"bad point", &catalog.Map{Width: length(t, "4ft"), Depth: length(t, "4ft"),
			Features: []catalog.Feature{{Kind: "road", Label: "R", Shape: "line", Points: [][]float64{{1, 2, 3}}}}}, "not [x, y]"},
	} {
		_, err := New(pdf, tc.m, kinds, nil, box)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestSVG checks the HTML drawing is well-formed XML with the labels in it.
func TestSVG(t *testing.T) {
	pdf := layout.NewDoc(layout.A4, "t")
	p, err := New(pdf, farmMap(t), kinds, sides, Box{0, 0, 190, 250})
	if err != nil {
		t.Fatal(err)
	}
	svg := p.SVG()
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed: %v", err)
		}
	}
	for _, want := range []string{"Farm buildings", "Martians table edge", "1 cm on this map = 3 in"} {
		if !bytes.Contains(svg, []byte(want)) {
			t.Errorf("SVG lacks %q", want)
		}
	}
}

func TestInPolygon(t *testing.T) {
	tri := []Pt{{0, 0}, {10, 0}, {0, 10}}
	for _, tc := range []struct {
		q    Pt
		want bool
	}{{Pt{1, 1}, true}, {Pt{5, 5}, true}, {Pt{6, 6}, false}, {Pt{-1, 1}, false}, {Pt{0, 5}, true}} {
		if got := inPolygon(tri, tc.q); got != tc.want {
			t.Errorf("inPolygon(%v) = %v, want %v", tc.q, got, tc.want)
		}
	}
}

// noOverlap checks that no two texts of the plan overlap and that legend
// entries stay in their column.
func noOverlap(t *testing.T, p *Plan) {
	t.Helper()
	all := p.allLabels()
	for i, a := range all {
		for _, b := range all[i+1:] {
			if a.Bounds.overlaps(b.Bounds) {
				t.Errorf("labels %q %+v and %q %+v overlap", a.Text, a.Bounds, b.Text, b.Bounds)
			}
		}
	}
	for _, it := range p.Legend {
		if it.Label.Bounds.Right() > it.Swatch.X+legendCol {
			t.Errorf("legend %q runs out of its column", it.Label.Text)
		}
	}
}

// TestLongLabels: an objective area with a long label across a road (the
// Morale Wagon's) is labelled on two lines clear of the road and of the
// deployment zone's label, and the legend falls back to the kind's name.
func TestLongLabels(t *testing.T) {
	m := &catalog.Map{
		Width: length(t, "48in"), Depth: length(t, "48in"), Top: "Martians", Bottom: "Humans",
		Features: []catalog.Feature{
			{Kind: "road", Label: "Road", Shape: "line", Points: [][]float64{{24, 48}, {24, 0}}},
			{Kind: "objective", Label: "Safe range of the encampment's artillery: within 4\" of the far edge, on the road", Shape: "rect", X: 0, Y: 0, W: 48, H: 4, Side: "Humans"},
			{Kind: "deployment", Label: "Martian deployment zone (8\")", Shape: "rect", X: 0, Y: 0, W: 48, H: 8, Side: "Martians"},
			{Kind: "farm", Label: "Farmhouse with its yard", Shape: "rect", X: 30, Y: 20, W: 5, H: 5},
		},
	}
	for _, paper := range []layout.Paper{layout.A4, layout.Letter} {
		pdf := layout.NewDoc(paper, "t")
		p, err := New(pdf, m, kinds, sides, Box{8, 27, paper.Width - 16, paper.Height - 44})
		if err != nil {
			t.Fatal(err)
		}
		noOverlap(t, p)
		var road Shape
		for _, s := range p.Shapes {
			if s.Kind == "road" {
				road = s
			}
		}
		lines := 0
		for _, l := range p.Labels {
			if strings.HasPrefix(l.Text, "Safe range") || strings.HasPrefix(l.Text, "within 4") {
				lines++
				if l.Bounds.overlaps(road.Bounds) {
					t.Errorf("%q lies on the road", l.Text)
				}
			}
		}
		if lines != 2 {
			t.Errorf("objective label on %d lines, want 2", lines)
		}
		// A building too small for its name has it under it, not
		// running over its walls.
		for _, s := range p.Shapes {
			for _, l := range p.Labels {
				if s.Kind == "farm" && l.Text == s.Label && l.Bounds.Y < s.Bounds.Bottom() {
					t.Errorf("%q at y %.1f, want under its building (bottom %.1f)", l.Text, l.Bounds.Y, s.Bounds.Bottom())
				}
			}
		}
		for _, it := range p.Legend {
			if it.Kind == "objective" && it.Label.Text != "Objective" {
				t.Errorf("legend for the objective: %q, want the kind's name", it.Label.Text)
			}
		}
	}
}

// recorder is a canvas that counts what the painter draws, by kind.
type recorder map[string]int

func (r recorder) SetStroke(RGB, float64)     {}
func (r recorder) SetFill(RGB)                {}
func (r recorder) SetDash([]float64)          {}
func (r recorder) SetCap(string)              {}
func (r recorder) SetJoin(string)             {}
func (r recorder) Line(a, b Pt)               { r["line"]++ }
func (r recorder) Polyline([]Pt)              { r["polyline"]++ }
func (r recorder) Polygon([]Pt, string)       { r["polygon"]++ }
func (r recorder) Circle(Pt, float64, string) { r["circle"]++ }
func (r recorder) Rect(Box, string)           { r["rect"]++ }
func (r recorder) Text(Label)                 { r["text"]++ }
func (r recorder) ClipPolygon([]Pt)           { r["clip"]++ }
func (r recorder) ClipCircle(Pt, float64)     { r["clip"]++ }
func (r recorder) ClipEnd()                   { r["end"]++ }

// TestSVGPaintsAll: the SVG is the one painter's drawing, as the PDF is:
// an element for everything painted (the farm's and the legend's hatching
// and the woods' tree rings included), each hatch in its own clipping
// group.
func TestSVGPaintsAll(t *testing.T) {
	pdf := layout.NewDoc(layout.A4, "t")
	p, err := New(pdf, farmMap(t), kinds, sides, Box{0, 0, 190, 250})
	if err != nil {
		t.Fatal(err)
	}
	rec := recorder{}
	p.paint(rec)
	if rec["clip"] < 2 || rec["circle"] < 10 {
		t.Fatalf("painted %v: want the farm's and its swatch's hatching, and tree rings", rec)
	}
	svg := string(p.SVG())
	painted := regexp.MustCompile(`<(line|polyline|polygon|circle|rect|text) [^>]*fill="`)
	got := map[string]int{}
	for _, m := range painted.FindAllStringSubmatch(svg, -1) {
		got[m[1]]++
	}
	got["clip"] = strings.Count(svg, "<clipPath ")
	got["end"] = strings.Count(svg, "</g>")
	for kind, n := range rec {
		if got[kind] != n {
			t.Errorf("%d %s painted, %d in the SVG", n, kind, got[kind])
		}
	}
	if rec["clip"] != rec["end"] {
		t.Errorf("%d clips begun, %d ended", rec["clip"], rec["end"])
	}
}

// TestLegendSidedTerrain: a side's own terrain (a player's base, edged in
// the side's colour on the map) has a legend entry a side, in its colour,
// not one grey swatch for all.
func TestLegendSidedTerrain(t *testing.T) {
	m := &catalog.Map{
		Width: length(t, "48in"), Depth: length(t, "48in"), Top: "Martians", Bottom: "Humans",
		Features: []catalog.Feature{
			{Kind: "farm", Label: "Base: Humans", Shape: "rect", X: 4, Y: 36, W: 10, H: 8, Side: "Humans"},
			{Kind: "farm", Label: "Base: Martians", Shape: "rect", X: 4, Y: 4, W: 10, H: 8, Side: "Martians"},
		},
	}
	pdf := layout.NewDoc(layout.A4, "t")
	p, err := New(pdf, m, kinds, sides, Box{8, 27, 194, 250})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]RGB{}
	for _, it := range p.Legend {
		got[it.Label.Text] = it.Color
	}
	for _, side := range sides {
		c, ok := got["Farm buildings: "+side]
		if !ok {
			t.Errorf("legend %v lacks an entry for %s's base", got, side)
		} else if c != colorOf(side, sides) {
			t.Errorf("%s's base in the legend: colour %v, want the side's %v", side, c, colorOf(side, sides))
		}
	}
}

// lines is a canvas that keeps the lines the painter draws.
type lines struct {
	recorder
	got [][2]Pt
}

func (l *lines) Line(a, b Pt) { l.got = append(l.got, [2]Pt{a, b}) }

// TestHatchInBounds: every hatch line ends inside its shape's bounds, so
// no ink (even clipped away) reaches past a base on the table's edge
// into the paper's margin; and the lines still cover the shape, corner
// to corner.
func TestHatchInBounds(t *testing.T) {
	for _, b := range []Box{{10, 20, 30, 12}, {0, 0, 8, 40}, {5, 5, 20, 20}} {
		s := Shape{Poly: []Pt{{b.X, b.Y}, {b.Right(), b.Y}, {b.Right(), b.Bottom()}, {b.X, b.Bottom()}}, Bounds: b}
		s.Shape = "rect"
		l := &lines{recorder: recorder{}}
		hatch(l, s, RGB{}, 2)
		if len(l.got) < int((b.W+b.H)/2)-1 {
			t.Fatalf("%v: %d hatch lines, want one every 2 mm across %v", b, len(l.got), b.W+b.H)
		}
		const eps = 1e-9
		for _, ln := range l.got {
			for _, p := range ln {
				if p.X < b.X-eps || p.X > b.Right()+eps || p.Y < b.Y-eps || p.Y > b.Bottom()+eps {
					t.Errorf("%v: a hatch line ends at %v, outside the shape", b, p)
				}
			}
		}
		near := func(p, q Pt) bool { return math.Hypot(p.X-q.X, p.Y-q.Y) <= 2*math.Sqrt2 }
		first, last := l.got[0], l.got[len(l.got)-1]
		if !near(first[0], Pt{b.X, b.Y}) || !near(last[1], Pt{b.Right(), b.Bottom()}) {
			t.Errorf("%v: hatching runs %v … %v, want from the top-left corner to the bottom-right", b, first, last)
		}
	}
}

// TestLegendBeside: in a box wide and low (the rest of a Letter page
// under a briefing's text), the scale and the legend stand in a column
// beside the board when that draws the board at a larger round scale —
// 1 cm = 5 in here, where under it the board gets 1 cm = 8 in — clear of
// the board, its tick numbers and each other; a box that gains nothing
// keeps them under the board.
func TestLegendBeside(t *testing.T) {
	pdf := layout.NewDoc(layout.Letter, "t")
	box := Box{8, 150, 199.9, 115}
	p, err := New(pdf, farmMap(t), kinds, sides, box)
	if err != nil {
		t.Fatal(err)
	}
	if p.PerCM != 5 {
		t.Errorf("1 cm = %g in, want 5 (the legend beside the board)", p.PerCM)
	}
	if !box.Contains(p.Extent) {
		t.Errorf("plan reaches %+v, outside its box %+v", p.Extent, box)
	}
	right := p.Board.Right()
	for _, l := range p.Edges {
		right = max(right, l.Bounds.Right())
	}
	for _, it := range p.Legend {
		if it.Swatch.X <= right || it.Swatch.Y < p.Board.Y || it.Label.Bounds.Bottom() > box.Bottom() {
			t.Errorf("legend %q at %+v is not in the column beside the board (right edge %g)", it.Label.Text, it.Swatch, right)
		}
	}
	if p.Scalebar.X <= right {
		t.Errorf("scale bar at x %g, not beside the board (right edge %g)", p.Scalebar.X, right)
	}
	for _, n := range p.Notes {
		if n.Bounds.X <= right || n.Bounds.Right() > box.Right() {
			t.Errorf("scale words %q at %+v leave the column beside the board", n.Text, n.Bounds)
		}
	}
	noOverlap(t, p)

	// The same board with room under it: the legend stays under it.
	tall := Box{8, 30, 199.9, 240}
	q, err := New(pdf, farmMap(t), kinds, sides, tall)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range q.Legend {
		if it.Swatch.Y < q.Board.Bottom() {
			t.Errorf("legend %q at %+v beside the board where the box is tall", it.Label.Text, it.Swatch)
		}
	}
}

// TestPerCMIsNews checks that PerCM, asked without placing the map, is
// the scale New sets the map at, over box heights that set it beside
// the board, under it, and not at all.
func TestPerCMIsNews(t *testing.T) {
	pdf := layout.NewDoc(layout.Letter, "t")
	seen, failed := map[float64]bool{}, false
	for h := 20.0; h <= 260; h += 5 {
		box := Box{8, 20, 199.9, h}
		p, err := New(pdf, farmMap(t), kinds, sides, box)
		per, perErr := PerCM(pdf, farmMap(t), kinds, sides, box)
		switch {
		case err != nil:
			if perErr == nil || perErr.Error() != err.Error() {
				t.Errorf("%g mm tall: New says %v, PerCM %v (%v)", h, err, per, perErr)
			}
		case perErr != nil || per != p.PerCM:
			t.Errorf("%g mm tall: New sets 1 cm = %g in, PerCM says %g (%v)", h, p.PerCM, per, perErr)
		}
		if err == nil {
			seen[p.PerCM] = true
		}
		failed = failed || err != nil
	}
	if len(seen) < 3 || !failed {
		t.Errorf("the boxes set %d scales (a box too low: %v), want at least 3 and one too low", len(seen), failed)
	}
}
