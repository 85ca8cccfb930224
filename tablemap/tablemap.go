// Package tablemap draws a scenario's table map to scale: the board, a 6"
// grid with edge ticks, the terrain, deployment zones, entry points and
// objectives from the data, the edge labels, a scale bar and a legend.
//
// Drawing is two steps: New works out where everything goes (a Plan, in
// millimetres on the page, which tests check), then one painter draws the
// plan on a canvas: an fpdf page (Draw) or an SVG image for HTML (SVG).
// The map knows nothing of rules: it draws what the data says.
package tablemap

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
)

// Box is a rectangle on the page, in millimetres from the top left.
type Box struct{ X, Y, W, H float64 }

// Right and Bottom are the box's far edges.
func (b Box) Right() float64  { return b.X + b.W }
func (b Box) Bottom() float64 { return b.Y + b.H }

// Contains reports whether o lies wholly inside b (eps mm of slack).
func (b Box) Contains(o Box) bool {
	const eps = 1e-6
	return o.X >= b.X-eps && o.Y >= b.Y-eps && o.Right() <= b.Right()+eps && o.Bottom() <= b.Bottom()+eps
}

func (b Box) overlaps(o Box) bool {
	return b.X < o.Right() && o.X < b.Right() && b.Y < o.Bottom() && o.Y < b.Bottom()
}

// overlapsAny reports whether b overlaps any of others.
func (b Box) overlapsAny(others []Box) bool {
	for _, o := range others {
		if b.overlaps(o) {
			return true
		}
	}
	return false
}

func (b Box) union(o Box) Box {
	if b.W == 0 && b.H == 0 {
		return o
	}
	x, y := math.Min(b.X, o.X), math.Min(b.Y, o.Y)
	return Box{x, y, math.Max(b.Right(), o.Right()) - x, math.Max(b.Bottom(), o.Bottom()) - y}
}

func (b Box) grow(d float64) Box { return Box{b.X - d, b.Y - d, b.W + 2*d, b.H + 2*d} }

// Pt is a point on the page, mm.
type Pt struct{ X, Y float64 }

// Shape is one feature of the map placed on the page.
type Shape struct {
	catalog.Feature
	Style  string // its kind's style (see styles)
	Poly   []Pt   // outline of a rect or polygon; vertices of a line
	Center Pt     // centre of a circle; the point of a point
	Radius float64
	Bounds Box // what the feature covers on the page
	Color  RGB // the side's colour, or the kind's
}

// Area reports whether the feature covers ground (rect, circle, polygon).
func (s Shape) Area() bool { return s.Shape == "rect" || s.Shape == "circle" || s.Shape == "polygon" }

// Label is a line of text placed on the page.
type Label struct {
	Text   string
	X, Y   float64 // baseline start
	Size   float64 // points
	Style  string  // "", "B", "I"
	Color  RGB
	Bounds Box
	Back   bool // drawn on a white backing
}

// ScaleBar is the bar that shows the map's scale: Inches of table drawn
// Length mm long, in Steps segments.
type ScaleBar struct {
	X, Y   float64 // left end, on the bar's top edge
	Inches float64
	Length float64 // mm
	Steps  int
	Height float64
	Labels []Label
}

// LegendItem is one entry of the legend: a swatch and its words.
type LegendItem struct {
	Kind   string
	Style  string
	Area   bool // an objective area rather than a marker
	Side   string
	Color  RGB
	Swatch Box
	Label  Label
}

// Plan is a whole map laid out on the page.
type Plan struct {
	Map      *catalog.Map
	Box      Box     // where the plan was asked to fit
	Board    Box     // the table's outline
	Scale    float64 // mm of paper per inch of table
	PerCM    float64 // inches of table per cm of paper (the "1 cm = 3 in" of the scale line)
	Grid     float64 // grid spacing, inches
	Shapes   []Shape
	Labels   []Label // feature labels
	Edges    []Label // edge labels and tick numbers
	Ticks    [][2]Pt // edge ticks, outside the board
	Scalebar ScaleBar
	Notes    []Label // scale words, "suggested layout"
	Legend   []LegendItem
	Extent   Box // everything the plan draws

	kinds []catalog.MapKind
}

// RGB is a colour.
type RGB struct{ R, G, B int }

// Colours of the sides in scenario order (first side blue, second red …)
// and of the kinds of terrain. Chosen to stay apart in grey as well.
var (
	sideColors = []RGB{{25, 80, 170}, {185, 35, 35}, {30, 130, 60}, {120, 60, 160}, {205, 110, 10}, {0, 130, 140}}
	noSide     = RGB{90, 90, 90}
	ink        = RGB{0, 0, 0}
	gridInk    = RGB{200, 200, 200}
)

// style is how the map draws a kind of feature: the data gives each kind
// of its rule set (catalog.MapKind) one of these, by name. Zones and entry
// points take their side's colour; the drawing code gives the others
// their marks (Draw, SVG, swatch).
type style struct {
	fill  RGB
	line  RGB
	order int // drawing order: low first
}

// styles has an entry for each of catalog.MapStyles (a test checks).
var styles = map[string]style{
	"zone":      {RGB{}, RGB{}, 0},
	"objective": {RGB{200, 150, 0}, RGB{150, 105, 0}, 1},
	"hill":      {RGB{225, 210, 180}, RGB{150, 120, 80}, 2},
	"woods":     {RGB{190, 222, 170}, RGB{55, 115, 45}, 3},
	"farm":      {RGB{215, 185, 145}, RGB{100, 70, 40}, 4},
	"building":  {RGB{200, 200, 200}, RGB{60, 60, 60}, 4},
	"ground":    {RGB{225, 225, 225}, RGB{90, 90, 90}, 4},
	"road":      {RGB{232, 212, 165}, RGB{120, 95, 55}, 5},
	"wall":      {RGB{80, 80, 80}, RGB{80, 80, 80}, 6},
	"entry":     {RGB{}, RGB{}, 7},
}

// ground is the style of a feature whose kind the data does not declare.
const ground = "ground"

func styleOf(name string) style {
	if s, ok := styles[name]; ok {
		return s
	}
	return styles[ground]
}

// kindStyle is the name of the style of a kind of feature, from the rule
// set's map kinds.
func (p *Plan) kindStyle(kind string) string {
	for _, k := range p.kinds {
		if k.ID == kind && k.Style != "" {
			return k.Style
		}
	}
	return ground
}

// Scales the map may use, as inches of table per centimetre of paper: round
// numbers so a ruler reads the map, largest map first. New picks the
// largest that fits.
var scales = []float64{2, 2.5, 3, 4, 5, 6, 8, 10, 12}

// Text sizes, points.
const (
	edgeSize    = 9.0
	tickSize    = 7.0
	featureSize = 7.0
	minFeature  = 6.5 // every character on the map at least 6.5 pt
	legendSize  = 7.5
	noteSize    = 7.5
	ptMM        = 25.4 / 72
	legendCol   = 80.0 // mm per legend column, at most
	legendWords = 10.0 // mm from a legend entry's swatch to its words
	legendGap   = 4.0  // mm at least after an entry's words
)

// The grid and the scale bar's step, inches: the rules measure in inches
// and 6" is the common unit of the quick-start's distances.
const gridInches = 6

// Vertical budget, top to bottom: top edge label, top tick numbers,
// the board, bottom edge label, the scale line, the legend, mm.
const (
	edgeH  = 6.0
	tickH  = 3.5
	sideW  = 7.0 // left tick numbers; the same on the right to centre
	scaleH = 13.0
	rowH   = 5.0
)

// frame is how a map is set in its box before its features are placed:
// its board's size, the legend's entries and columns, its scale, and
// whether the scale and legend stand beside the board.
type frame struct {
	w, d       float64 // the board, inches
	mt         measurer
	legend     []LegendItem
	cols       int
	colW       float64
	beside     bool
	sideCol    float64
	scaleWords []string
}

// newFrame is New up to the map's scale (Plan.Scale and PerCM), an error
// where none fits the box.
func newFrame(pdf *fpdf.Fpdf, m *catalog.Map, kinds []catalog.MapKind, sides []string, box Box) (*Plan, frame, error) {
	f := frame{w: inches(m.Width), d: inches(m.Depth), mt: measurer{pdf}}
	w, d, mt := f.w, f.d, f.mt
	if w <= 0 || d <= 0 {
		return nil, f, fmt.Errorf("table map has no width or depth")
	}
	p := &Plan{Map: m, Box: box, Grid: gridInches, kinds: kinds}
	// The legend: as many columns as the box takes, each as wide as its
	// widest entry needs (swatch, words and a gap) and at most legendCol:
	// short words take three columns, a row less under the map.
	f.legend = p.legendEntries(mt, sides)
	need := 0.0
	for _, it := range f.legend {
		need = max(need, legendWords+mt.width(it.Label.Text, legendSize, "")+legendGap)
	}
	f.cols = max(1, min(len(f.legend), int(box.W/need)))
	f.colW = min(legendCol, box.W/float64(f.cols))
	legendRows := (len(f.legend) + f.cols - 1) / f.cols
	fixed := edgeH + tickH + edgeH + scaleH + float64(legendRows)*rowH + 2
	p.Scale, p.PerCM = largest(w, d, box.W-2*sideW, box.H-fixed, 0)

	// Where the box is wide and low, the scale and the legend go in a
	// column beside the board, as an atlas sets a key: the board is
	// drawn larger when that gains a scale, else they go under it. (The
	// scale words are measured only where the legend's width alone
	// leaves room for a larger board.)
	f.scaleWords = scaleNotes(w, d, 2.5, true)
	sideH := scaleTop + float64(len(f.scaleWords))*noteRow + 2 + float64(len(f.legend))*rowH
	availH := box.H - (edgeH + tickH + edgeH + 2)
	f.sideCol = need
	if s, _ := largest(w, d, box.W-2*sideW-sideGap-f.sideCol, availH, sideH); s > p.Scale {
		for _, n := range f.scaleWords {
			f.sideCol = max(f.sideCol, mt.width(n, noteSize, "B")+legendGap)
		}
		if s, per := largest(w, d, box.W-2*sideW-sideGap-f.sideCol, availH, sideH); s > p.Scale {
			p.Scale, p.PerCM, f.beside = s, per, true
		}
	}
	if p.Scale == 0 {
		return nil, f, fmt.Errorf("a %g×%g in table does not fit a %.0f×%.0f mm box even at 1 cm = %g in", w, d, box.W, box.H, scales[len(scales)-1])
	}
	return p, f, nil
}

// PerCM is the scale New sets m at in box, inches of table per cm of
// paper, worked out without placing the map's features and labels: the
// way to ask whether a box is large enough for a map. Its error is
// New's where no scale fits.
func PerCM(pdf *fpdf.Fpdf, m *catalog.Map, kinds []catalog.MapKind, sides []string, box Box) (float64, error) {
	p, _, err := newFrame(pdf, m, kinds, sides, box)
	if err != nil {
		return 0, err
	}
	return p.PerCM, nil
}

// New lays out m inside box on pdf's page. kinds are the rule set's map
// kinds: the legend's words and each kind's style, in the legend's order.
// sides are the scenario's side names in order: a feature's side picks
// its colour. pdf is used to measure text only.
func New(pdf *fpdf.Fpdf, m *catalog.Map, kinds []catalog.MapKind, sides []string, box Box) (*Plan, error) {
	p, f, err := newFrame(pdf, m, kinds, sides, box)
	if err != nil {
		return nil, err
	}
	w, d, mt := f.w, f.d, f.mt
	legend, cols, colW, beside, sideCol, scaleWords := f.legend, f.cols, f.colW, f.beside, f.sideCol, f.scaleWords
	bw, bd := w*p.Scale, d*p.Scale
	p.Board = Box{box.X + (box.W-bw)/2, box.Y + edgeH + tickH, bw, bd}
	if beside {
		p.Board.X = box.X + (box.W-(2*sideW+bw+sideGap+sideCol))/2 + sideW
	}
	B := p.Board

	// Edge labels: whose edge is where.
	if m.Top != "" {
		p.Edges = append(p.Edges, mt.centred(m.Top+" table edge", B.X+bw/2, box.Y+4.2, edgeSize, "B", colorOf(m.Top, sides)))
	}
	if m.Bottom != "" {
		p.Edges = append(p.Edges, mt.centred(m.Bottom+" table edge", B.X+bw/2, B.Bottom()+5.2, edgeSize, "B", colorOf(m.Bottom, sides)))
	}
	// Ticks every 6" on all four edges, numbers every 12" on the top and
	// left edges, so a feature's position can be read off in inches.
	for i := 0.0; i <= w+1e-9; i += gridInches {
		x := B.X + i*p.Scale
		p.Ticks = append(p.Ticks, [2]Pt{{x, B.Y - 1.5}, {x, B.Y}}, [2]Pt{{x, B.Bottom()}, {x, B.Bottom() + 1.5}})
		if math.Mod(i, 2*gridInches) == 0 {
			p.Edges = append(p.Edges, mt.centred(fmt.Sprintf("%g", i), x, B.Y-2.0, tickSize, "", ink))
		}
	}
	for j := 0.0; j <= d+1e-9; j += gridInches {
		y := B.Y + j*p.Scale
		p.Ticks = append(p.Ticks, [2]Pt{{B.X - 1.5, y}, {B.X, y}}, [2]Pt{{B.Right(), y}, {B.Right() + 1.5, y}})
		if math.Mod(j, 2*gridInches) == 0 && j > 0 {
			l := mt.label(fmt.Sprintf("%g", j), 0, y+tickSize*ptMM*0.35, tickSize, "", ink)
			l.X = B.X - 2 - l.Bounds.W
			l.Bounds.X = l.X
			p.Edges = append(p.Edges, l)
		}
	}

	// Features, in drawing order.
	for _, f := range m.Features {
		s, err := p.place(f)
		if err != nil {
			return nil, err
		}
		s.Style = p.kindStyle(f.Kind)
		s.Color = styleOf(s.Style).line
		if f.Side != "" || s.Style == "zone" || s.Style == "entry" {
			s.Color = colorOf(f.Side, sides)
		}
		p.Shapes = append(p.Shapes, s)
	}
	sortShapes(p.Shapes)
	p.labelFeatures(mt)

	// Under the board (or beside it): scale bar, scale words, the legend.
	y := B.Bottom() + edgeH + 3
	if beside {
		y = B.Y
	}
	bar := ScaleBar{X: B.X, Y: y, Steps: 2, Height: 1.8}
	if beside {
		bar.X = B.Right() + sideW + sideGap
	}
	bar.Inches = 2 * gridInches
	bar.Length = bar.Inches * p.Scale
	for k := 0; k <= bar.Steps; k++ {
		in := bar.Inches * float64(k) / float64(bar.Steps)
		bar.Labels = append(bar.Labels, mt.centred(fmt.Sprintf("%g", in), bar.X+in*p.Scale, y+bar.Height+2.8, tickSize, "", ink))
	}
	inl := mt.label("in", bar.X+bar.Length+2, y+bar.Height+2.8, tickSize, "", ink)
	bar.Labels = append(bar.Labels, inl)
	p.Scalebar = bar
	nx, ny := inl.Bounds.Right()+5, y+1.6
	if beside {
		nx, ny = bar.X, y+scaleTop
	}
	for i, n := range scaleNotes(w, d, p.PerCM, beside) {
		style := ""
		if i == 0 {
			style = "B"
		}
		p.Notes = append(p.Notes, mt.label(n, nx, ny+float64(i)*noteRow, noteSize, style, ink))
	}
	y += scaleH - 3
	// Left-aligned with the board, pulled left if the board is narrower
	// than the legend.
	lx := max(box.X, min(B.X, box.Right()-sideW-float64(cols)*colW))
	if beside {
		cols, colW, lx = 1, sideCol, bar.X
		y = ny + float64(len(scaleWords)-1)*noteRow + 3
	}
	for i, it := range legend {
		col, row := i%cols, i/cols
		x := lx + float64(col)*colW
		ly := y + float64(row)*rowH
		it.Swatch = Box{x, ly, 8, 3.2}
		it.Label = mt.label(it.Label.Text, x+legendWords, ly+2.7, legendSize, "", ink)
		p.Legend = append(p.Legend, it)
	}

	// Everything the plan draws, to check it stays on the paper.
	ext := B
	for _, l := range p.allLabels() {
		ext = ext.union(l.Bounds)
	}
	for _, t := range p.Ticks {
		ext = ext.union(Box{math.Min(t[0].X, t[1].X), math.Min(t[0].Y, t[1].Y), math.Abs(t[1].X - t[0].X), math.Abs(t[1].Y - t[0].Y)})
	}
	for _, it := range p.Legend {
		ext = ext.union(it.Swatch)
	}
	ext = ext.union(Box{bar.X, bar.Y, bar.Length, bar.Height})
	p.Extent = ext
	return p, nil
}

// The scale and legend column beside a board, mm: the gap between the
// board's tick numbers and the column, the scale words' first baseline
// under the bar's top, and their line spacing.
const (
	sideGap  = 5.0
	scaleTop = 9.0
	noteRow  = 3.6
)

// largest is the largest of the scales at which a w×d in board fits
// availW×availH mm and is at least minH mm deep (as deep as what stands
// beside it), as mm per inch and inches per cm; zeros when none does.
func largest(w, d, availW, availH, minH float64) (float64, float64) {
	for _, per := range scales {
		s := 10 / per
		if w*s <= availW && d*s <= availH && d*s >= minH {
			return s, per
		}
	}
	return 0, 0
}

// scaleNotes are the words beside the scale bar: the scale, then the
// board and the grid — on a line each where they stand in a column.
func scaleNotes(w, d, perCM float64, column bool) []string {
	scale := fmt.Sprintf("Scale: 1 cm on this map = %g in on the table.", perCM)
	board := fmt.Sprintf("Board %s × %s;", inchText(w), inchText(d))
	grid := fmt.Sprintf("grid and edge ticks every %d in.", gridInches)
	if column {
		return []string{scale, board, grid}
	}
	return []string{scale, board + " " + grid}
}

// inches reads a length in inches, rounded to a millionth so that "48in"
// (1219.2 mm) is 48 and not 47.99999999999999.
func inches(l catalog.Length) float64 { return math.Round(l.Inches()*1e6) / 1e6 }

func inchText(v float64) string {
	if math.Mod(v, 12) == 0 {
		return fmt.Sprintf("%g in (%g ft)", v, v/12)
	}
	return fmt.Sprintf("%g in", v)
}

// allLabels is every text of the plan.
func (p *Plan) allLabels() []Label {
	out := append([]Label(nil), p.Edges...)
	out = append(out, p.Labels...)
	out = append(out, p.Scalebar.Labels...)
	out = append(out, p.Notes...)
	for _, it := range p.Legend {
		out = append(out, it.Label)
	}
	return out
}

func colorOf(side string, sides []string) RGB {
	for i, s := range sides {
		if s == side {
			return sideColors[i%len(sideColors)]
		}
	}
	return noSide
}

// legendEntries lists one entry per kind (and side, for zones and entry
// points) present on the map, in the order of the rule set's map kinds,
// then the kinds it does not declare.
func (p *Plan) legendEntries(mt measurer, sides []string) []LegendItem {
	var out []LegendItem
	seen := map[string]bool{}
	add := func(f catalog.Feature, legend string) {
		key := f.Kind
		name := p.kindStyle(f.Kind)
		text := legend
		col := styleOf(name).line
		zoneLike := name == "zone" || name == "entry"
		if zoneLike {
			key += "/" + f.Side
			col = colorOf(f.Side, sides)
			if f.Side != "" {
				text += ": " + f.Side
			}
		}
		if name == "entry" && f.Label != "" {
			text = f.Label
			if f.Side != "" {
				text += ": " + f.Side
			}
			if mt.width(text, legendSize, "") > legendCol-14 {
				text = legend + ": " + f.Side
			}
		}
		if !zoneLike && sameLabel(p.Map.Features, f.Kind) && mt.width(f.Label, legendSize, "") <= legendCol-14 {
			text = f.Label
		}
		if !zoneLike && f.Side != "" && name != "objective" { // a side's own terrain, edged in its colour: an entry a side
			key += "/" + f.Side
			col = colorOf(f.Side, sides)
			text = legend + ": " + f.Side
		}
		if seen[key] {
			return
		}
		seen[key] = true
		area := false
		for _, g := range p.Map.Features {
			area = area || (g.Kind == f.Kind && (g.Shape == "rect" || g.Shape == "polygon"))
		}
		out = append(out, LegendItem{Kind: f.Kind, Style: name, Side: f.Side, Color: col, Area: area, Label: Label{Text: text}})
	}
	declared := map[string]bool{}
	for _, k := range p.kinds {
		declared[k.ID] = true
		for _, f := range p.Map.Features {
			if f.Kind == k.ID {
				add(f, k.Name)
			}
		}
	}
	for _, f := range p.Map.Features { // kinds the rule set does not declare
		if !declared[f.Kind] {
			add(f, strings.ToUpper(f.Kind[:min(1, len(f.Kind))])+f.Kind[min(1, len(f.Kind)):])
		}
	}
	return out
}

// sameLabel reports whether every feature of the kind has the same
// non-empty label ("Woods"), which then names the kind in the legend.
func sameLabel(fs []catalog.Feature, kind string) bool {
	label := ""
	for _, f := range fs {
		if f.Kind != kind {
			continue
		}
		if f.Label == "" || (label != "" && f.Label != label) {
			return false
		}
		label = f.Label
	}
	return label != ""
}

// place converts a feature's inches to page millimetres.
func (p *Plan) place(f catalog.Feature) (Shape, error) {
	at := func(x, y float64) Pt { return Pt{p.Board.X + x*p.Scale, p.Board.Y + y*p.Scale} }
	s := Shape{Feature: f}
	switch f.Shape {
	case "rect":
		s.Poly = []Pt{at(f.X, f.Y), at(f.X+f.W, f.Y), at(f.X+f.W, f.Y+f.H), at(f.X, f.Y+f.H)}
	case "polygon", "line":
		for _, v := range f.Points {
			if len(v) != 2 {
				return s, fmt.Errorf("%s %q: a point is not [x, y]", f.Kind, f.Label)
			}
			s.Poly = append(s.Poly, at(v[0], v[1]))
		}
	case "circle":
		s.Center, s.Radius = at(f.X, f.Y), f.R*p.Scale
		s.Bounds = Box{s.Center.X - s.Radius, s.Center.Y - s.Radius, 2 * s.Radius, 2 * s.Radius}
		return s, nil
	case "point":
		s.Center = at(f.X, f.Y)
		s.Bounds = Box{s.Center.X, s.Center.Y, 0, 0}
		return s, nil
	default:
		return s, fmt.Errorf("%s %q: unknown shape %q", f.Kind, f.Label, f.Shape)
	}
	s.Bounds = bounds(s.Poly)
	return s, nil
}

func bounds(pts []Pt) Box {
	if len(pts) == 0 {
		return Box{}
	}
	lo, hi := pts[0], pts[0]
	for _, q := range pts[1:] {
		lo.X, lo.Y = math.Min(lo.X, q.X), math.Min(lo.Y, q.Y)
		hi.X, hi.Y = math.Max(hi.X, q.X), math.Max(hi.Y, q.Y)
	}
	return Box{lo.X, lo.Y, hi.X - lo.X, hi.Y - lo.Y}
}

// sortShapes orders shapes for drawing (zones first, entry points last),
// keeping the data's order within a kind.
func sortShapes(s []Shape) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && styleOf(s[j].Style).order < styleOf(s[j-1].Style).order; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// inside reports whether q lies inside the shape's area.
func (s Shape) inside(q Pt) bool {
	switch s.Shape {
	case "circle":
		return math.Hypot(q.X-s.Center.X, q.Y-s.Center.Y) <= s.Radius
	case "rect", "polygon":
		return inPolygon(s.Poly, q)
	}
	return false
}

// inPolygon is the even-odd rule; points on the edge count as inside.
func inPolygon(poly []Pt, q Pt) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if onSegment(a, b, q) {
			return true
		}
		if (a.Y > q.Y) != (b.Y > q.Y) && q.X < (b.X-a.X)*(q.Y-a.Y)/(b.Y-a.Y)+a.X {
			in = !in
		}
	}
	return in
}

func onSegment(a, b, q Pt) bool {
	const eps = 1e-6
	cross := (b.X-a.X)*(q.Y-a.Y) - (b.Y-a.Y)*(q.X-a.X)
	if math.Abs(cross) > eps {
		return false
	}
	return q.X >= math.Min(a.X, b.X)-eps && q.X <= math.Max(a.X, b.X)+eps && q.Y >= math.Min(a.Y, b.Y)-eps && q.Y <= math.Max(a.Y, b.Y)+eps
}

// labelFeatures places each feature's label: terrain near the top inside
// its shape, zones where they are clear of the terrain, objectives and
// points beside their mark, entry points just inside the board.
func (p *Plan) labelFeatures(mt measurer) {
	var taken []Box
	for _, s := range p.Shapes {
		switch {
		case s.Style == "zone" || (s.Style == "objective" && s.Area() && s.Shape != "circle"):
			continue // zones avoid the terrain: placed below
		case s.Shape == "line" && s.Style != "entry":
			// Roads and walls block zone labels along their length.
			for i := 1; i < len(s.Poly); i++ {
				taken = append(taken, bounds(s.Poly[i-1:i+1]).grow(1.2))
			}
		case s.Area() || s.Shape == "point":
			taken = append(taken, s.Bounds)
		}
	}
	for _, s := range p.Shapes {
		if s.Label == "" || s.Style == "zone" || (s.Style == "objective" && s.Shape != "circle" && s.Shape != "point") {
			continue
		}
		var l Label
		switch {
		case s.Style == "entry" && s.Shape == "line":
			l = p.entryLabel(mt, s)
		case s.Shape == "line" && sameLabel(p.Map.Features, s.Kind):
			continue // walls and roads all called the same: the legend names them
		case s.Shape == "line":
			// Beside the middle of the longest segment.
			a, b := longest(s.Poly)
			l = mt.label(s.Label, (a.X+b.X)/2+2, (a.Y+b.Y)/2-1.5, featureSize, "I", styleOf(s.Style).line)
		case s.Shape == "circle" || s.Shape == "point":
			r := math.Max(s.Radius, 1.6)
			l = mt.centred(s.Label, s.Center.X, s.Center.Y+r+featureSize*ptMM+0.3, featureSize, "B", s.Color)
		default:
			size := featureSize
			tw := mt.width(s.Label, size, "B")
			for tw > s.Bounds.W-2 && size > minFeature {
				size -= 0.5
				tw = mt.width(s.Label, size, "B")
			}
			y := s.Bounds.Y + 1 + size*ptMM*0.93
			if tw > s.Bounds.W-2 { // too small a piece of terrain to hold its name: under it
				y = s.Bounds.Bottom() + 0.6 + size*ptMM*0.93
			}
			l = mt.centred(s.Label, s.Bounds.X+s.Bounds.W/2, y, size, "B", darker(styleOf(s.Style).line))
		}
		p.Labels = append(p.Labels, l)
		taken = append(taken, l.Bounds)
	}
	// Zones last, each where its label is clear of everything placed:
	// objective areas first, then the deployment zones, which also keep
	// clear of the objective areas.
	for _, s := range p.Shapes {
		if s.Label == "" || s.Style != "objective" || !s.Area() || s.Shape == "circle" {
			continue
		}
		ls := p.zoneLabel(mt, s, taken)
		p.Labels = append(p.Labels, ls...)
		for _, l := range ls {
			taken = append(taken, l.Bounds)
		}
	}
	for _, s := range p.Shapes {
		if s.Style == "objective" && s.Area() && s.Shape != "circle" {
			taken = append(taken, s.Bounds)
		}
	}
	for _, s := range p.Shapes {
		if s.Label == "" || s.Style != "zone" {
			continue
		}
		ls := p.zoneLabel(mt, s, taken)
		p.Labels = append(p.Labels, ls...)
		for _, l := range ls {
			taken = append(taken, l.Bounds)
		}
	}
}

// zoneLabel finds the spot inside the zone nearest its middle where the
// label fits clear of what is taken: on one line if it can, else on two,
// shrinking the text to a floor; if there is no such spot it goes in the
// middle. Zone labels get a white backing so they read over tints and
// hatching.
func (p *Plan) zoneLabel(mt measurer, s Shape, taken []Box) []Label {
	col := s.Color
	if s.Style == "objective" {
		col = darker(styleOf("objective").line)
	}
	mid := Pt{s.Bounds.X + s.Bounds.W/2, s.Bounds.Y + s.Bounds.H/2}
	type try struct {
		lines []string
		size  float64
	}
	var tries []try
	for size := featureSize + 0.5; size >= minFeature; size -= 0.5 {
		tries = append(tries, try{[]string{s.Label}, size})
	}
	if a, b, ok := split(s.Label); ok {
		for size := featureSize; size >= minFeature; size -= 0.5 {
			tries = append(tries, try{[]string{a, b}, size})
		}
	}
	for _, t := range tries {
		tw := 0.0
		for _, l := range t.lines {
			tw = math.Max(tw, mt.width(l, t.size, "B"))
		}
		lh := t.size * ptMM * 1.25
		th := lh * float64(len(t.lines))
		best, bestD := s.nearestClear(mid, tw, th, taken)
		if !math.IsInf(bestD, 1) {
			var out []Label
			for i, l := range t.lines {
				lb := mt.centred(l, best.X+tw/2, best.Y+float64(i)*lh+t.size*ptMM*0.93+(lh-t.size*ptMM)/2, t.size, "B", col)
				lb.Back = true
				out = append(out, lb)
			}
			return out
		}
	}
	l := mt.centred(s.Label, mid.X, mid.Y, minFeature, "B", col)
	l.Back = true
	return []Label{l}
}

// nearestClear finds, for a label tw × th, the spot on the search grid
// (x from Bounds.X+1.5 by 1 mm, y from Bounds.Y+1 by 0.5 mm) whose middle
// is nearest mid, with the box inside the shape (its corners pushed out
// by 1.2 × 0.8 mm) and clear of taken (by 0.8 mm); of spots as near, the
// first in reading order (row by row, left to right). bestD is +Inf when
// there is none.
//
// It visits the rows nearest mid first and stops at the first row farther
// away than the best spot found (a spot is never nearer than its row:
// math.Hypot(dx, dy) >= |dy|), and tests the cheap overlaps before the
// polygon: most spots near the middle of a zone are under another label
// or terrain. The grid's coordinates are made by the same additions as a
// plain row-by-row scan, so the spot is the one that scan finds.
func (s Shape) nearestClear(mid Pt, tw, th float64, taken []Box) (Box, float64) {
	var xs, ys []float64
	for x := s.Bounds.X + 1.5; x+tw+1.5 <= s.Bounds.Right(); x += 1 {
		xs = append(xs, x)
	}
	for y := s.Bounds.Y + 1; y+th+1 <= s.Bounds.Bottom(); y += 0.5 {
		ys = append(ys, y)
	}
	rows := make([]int, len(ys))
	for i := range rows {
		rows[i] = i
	}
	// Every spot lies inside the shape's bounds, so only what overlaps
	// them can be under a label there: a map's labels and features
	// elsewhere need no test at each spot.
	var near []Box
	for _, o := range taken {
		if s.Bounds.overlaps(o) {
			near = append(near, o)
		}
	}
	dy := func(i int) float64 { return math.Abs(ys[i] + th/2 - mid.Y) }
	sort.SliceStable(rows, func(a, b int) bool { return dy(rows[a]) < dy(rows[b]) })
	best, bestD, bestAt := Box{}, math.Inf(1), 0
	for _, i := range rows {
		if dy(i) > bestD {
			break
		}
		y := ys[i]
		for j, x := range xs {
			dx := x + tw/2 - mid.X
			if math.Abs(dx) > bestD {
				continue // farther than the best, as its row can be (math.Hypot(dx, dy) >= |dx|)
			}
			d := math.Hypot(dx, y+th/2-mid.Y)
			at := i*len(xs) + j
			if d > bestD || d == bestD && at > bestAt {
				continue
			}
			b := Box{x, y, tw, th}
			if b.grow(0.8).overlapsAny(near) {
				continue
			}
			if !s.inside(Pt{b.X - 1.2, b.Y - 0.8}) || !s.inside(Pt{b.Right() + 1.2, b.Y - 0.8}) ||
				!s.inside(Pt{b.X - 1.2, b.Bottom() + 0.8}) || !s.inside(Pt{b.Right() + 1.2, b.Bottom() + 0.8}) {
				continue
			}
			best, bestD, bestAt = b, d, at
		}
	}
	return best, bestD
}

// split breaks a label in two: after a colon if it has one, else at the
// space nearest its middle.
func split(s string) (string, string, bool) {
	if i := strings.Index(s, ": "); i > 0 {
		return s[:i+1], s[i+2:], true
	}
	best := -1
	for i, r := range s {
		if r == ' ' && (best < 0 || math.Abs(float64(i-len(s)/2)) < math.Abs(float64(best-len(s)/2))) {
			best = i
		}
	}
	if best < 0 {
		return "", "", false
	}
	return s[:best], s[best+1:], true
}

// entryLabel puts an entry point's label beside its line, on the board
// side.
func (p *Plan) entryLabel(mt measurer, s Shape) Label {
	a, b := longest(s.Poly)
	m := Pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
	B := p.Board
	const gap = 2.2
	th := featureSize * ptMM
	switch {
	case math.Abs(m.Y-B.Bottom()) < 0.5: // bottom edge: above the line
		return mt.centred(s.Label, m.X, m.Y-gap-th*0.2, featureSize, "B", s.Color)
	case math.Abs(m.Y-B.Y) < 0.5: // top edge: below it
		return mt.centred(s.Label, m.X, m.Y+gap+th*0.93, featureSize, "B", s.Color)
	case math.Abs(m.X-B.X) < 0.5: // left edge: to the right
		return mt.label(s.Label, m.X+gap+1, m.Y+th*0.35, featureSize, "B", s.Color)
	case math.Abs(m.X-B.Right()) < 0.5:
		l := mt.label(s.Label, 0, m.Y+th*0.35, featureSize, "B", s.Color)
		l.X = m.X - gap - 1 - l.Bounds.W
		l.Bounds.X = l.X
		return l
	}
	return mt.centred(s.Label, m.X, m.Y-gap, featureSize, "B", s.Color)
}

func longest(pts []Pt) (Pt, Pt) {
	if len(pts) < 2 {
		return pts[0], pts[0]
	}
	a, b := pts[0], pts[1]
	for i := 2; i < len(pts); i++ {
		if math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y) > math.Hypot(b.X-a.X, b.Y-a.Y) {
			a, b = pts[i-1], pts[i]
		}
	}
	return a, b
}

func darker(c RGB) RGB { return RGB{c.R * 7 / 10, c.G * 7 / 10, c.B * 7 / 10} }

func lighter(c RGB, t float64) RGB {
	mix := func(v int) int { return int(math.Round(float64(v) + (255-float64(v))*t)) }
	return RGB{mix(c.R), mix(c.G), mix(c.B)}
}

// measurer measures text with the document's fonts.
type measurer struct{ pdf *fpdf.Fpdf }

func (m measurer) width(s string, size float64, style string) float64 {
	layout.SetFont(m.pdf, layout.Font, style, size)
	return layout.Width(m.pdf, s)
}

// label is text with its baseline starting at (x, y).
func (m measurer) label(s string, x, y, size float64, style string, c RGB) Label {
	w := m.width(s, size, style)
	h := size * ptMM
	return Label{Text: s, X: x, Y: y, Size: size, Style: style, Color: c, Bounds: Box{x, y - h*0.93, w, h * 1.17}}
}

// centred is text centred on x with its baseline at y.
func (m measurer) centred(s string, x, y, size float64, style string, c RGB) Label {
	w := m.width(s, size, style)
	return m.label(s, x-w/2, y, size, style, c)
}

// PageMargin is how far the map page keeps from the paper's edges: more
// than layout.SafeMargin, so nothing reaches the unprintable border.
const PageMargin = 14.0

// AddPage adds a page to pdf with title at the top and the map under it
// (kinds and sides as for New),
// and returns the plan drawn. A board wider than deep goes on a landscape
// page when that prints it at a larger scale.
func AddPage(pdf *fpdf.Fpdf, paper layout.Paper, title string, m *catalog.Map, kinds []catalog.MapKind, sides []string) (*Plan, error) {
	orient, size := "P", fpdf.SizeType{Wd: paper.Width, Ht: paper.Height}
	p, err := New(pdf, m, kinds, sides, pageBox(size))
	if inches(m.Width) > inches(m.Depth) {
		land := fpdf.SizeType{Wd: paper.Height, Ht: paper.Width}
		if lp, lerr := New(pdf, m, kinds, sides, pageBox(land)); lerr == nil && (err != nil || lp.Scale > p.Scale) {
			orient, size, p, err = "L", land, lp, nil
		}
	}
	if err != nil {
		return nil, err
	}
	// AddPageFormat turns the size itself for "L": give it portrait.
	pdf.AddPageFormat(orient, fpdf.SizeType{Wd: paper.Width, Ht: paper.Height})
	layout.SetFont(pdf, layout.Font, "B", 13)
	pdf.SetTextColor(0, 0, 0)
	layout.Text(pdf, PageMargin, PageMargin+4.5, title)
	p.Draw(pdf)
	return p, nil
}

func pageBox(size fpdf.SizeType) Box {
	return Box{PageMargin, PageMargin + 9, size.Wd - 2*PageMargin, size.Ht - 2*PageMargin - 9}
}
