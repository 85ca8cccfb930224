// Package markers draws exact-size marker sheets from the catalogue's
// [[marker]] kinds: counters, the Heat Ray sweep template, track cards and
// range sticks, packed in shelves on A4 or Letter with corner marks to cut
// by, calibration bars, and optional duplex backs mirrored for a long- or
// short-edge flip.
//
// Everything is millimetres with the origin at the paper's top-left corner,
// as layout.NewDoc sets up fpdf.
package markers

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/cards"
)

// Flip says how a duplex printer turns the sheet over, and so where each
// back must be printed to land behind its front: the card engine's Backs.
type Flip = cards.Backs

const (
	NoBacks   = cards.NoBacks   // fronts only
	LongEdge  = cards.LongEdge  // turned over on the long edge (book-like): backs mirrored left to right
	ShortEdge = cards.ShortEdge // turned over on the short edge (notepad-like): backs mirrored top to bottom
	Fold      = cards.Fold      // one-sided: fronts left of a fold line, backs mirrored right of it
)

// ParseFlip reads a --backs value: long, short or fold.
func ParseFlip(s string) (Flip, error) {
	f, err := cards.ParseBacks(s)
	if err != nil {
		return NoBacks, optionf("--backs %q: expected long or short (the edge your printer flips the sheet on), or fold (printed one-sided and folded)", s)
	}
	return f, nil
}

// Options choose what a marker sheet holds.
type Options struct {
	Paper layout.Paper // A4 when zero
	// Only limits the sheet to these kinds (marker ids); empty is all.
	Only []string
	// Counts overrides how many of a kind to print: the number of sets,
	// or for numbered kinds (blips) the number of numbered faces.
	// Decoys adds decoy faces numbered on after the numbered ones, to the
	// kind that takes decoys (DecoyKind: blips). An army list (--army)
	// sets both: the kind's count one per hidden unit, Decoys as many as
	// its rules allow.
	Counts map[string]int
	Decoys int
	// Backs adds a back page after each front page; Fold puts the
	// fronts left of a fold line down the sheet and their backs right of
	// it.
	Backs Flip
	// BackOffset shifts every back by X, Y mm (right, down as printed) to
	// make up for a printer that does not line the two sides up.
	BackOffset [2]float64
	// Stamp is printed in each sheet's header, e.g. the data version.
	Stamp string
	// Marks, when set, records where the readings' marks land (a range
	// stick's range read by a reading).
	Marks *document.Marks
	// Title heads each front instead of "<rule set> markers", e.g. a
	// scenario's blips: "Blips for Scenario 2: Morale Wagon".
	Title string
	// Note is a line under the pieces of the last front, where it has
	// room: where the pieces this sheet leaves out print (a rule set's
	// blips).
	Note string
	// Readings are the readings the Note's words follow (blips numbered
	// past the book's, a count of units a reading makes): their marks are
	// set raised after the Note, each ruling on a line under it led by its
	// mark, and recorded in Marks.
	Readings []catalog.Note
}

// optionf is a mistake in the options (an unknown kind, a negative
// count): the command line's fault, not the data's.
func optionf(format string, args ...any) error {
	return &cards.OptionError{Msg: fmt.Sprintf(format, args...)}
}

// MaxDecoys bounds Decoys: more decoy blips than a table ever holds (a
// game deploys one or two per infantry unit), so a slip of the keyboard
// cannot ask for a million blips.
const MaxDecoys = 100

// DecoyKind is the marker kind of the rule set that takes decoys, its
// faces numbering on past the numbered ones (decoys = true): the kind an
// army list's blips print as; "" when none does.
func DecoyKind(s *catalog.System) string {
	for _, m := range s.Markers {
		if m.Decoys {
			return m.ID
		}
	}
	return ""
}

// Kinds lists the marker ids of the systems, sorted, once each.
func Kinds(systems []*catalog.System) []string {
	seen := map[string]bool{}
	var ids []string
	for _, s := range systems {
		for _, m := range s.Markers {
			if !seen[m.ID] {
				seen[m.ID] = true
				ids = append(ids, m.ID)
			}
		}
	}
	sort.Strings(ids)
	return ids
}

// Page geometry. The header (title, calibration bars, instructions) sits
// at the top of each front; pieces go in the area below, which keeps clear
// of the side strips where the full-width cut marks run into the margin.
const (
	guideW      = 5.0                                                   // side strip for the cut marks between shelves
	headerH     = 22.5                                                  // title and calibration bars
	headerDrawn = 21.0                                                  // how much of headerH they ink
	areaTop     = layout.SafeMargin + headerH + layout.PieceGap/2 + 0.5 // pieces start here
	areaBottom  = layout.SafeMargin + 4.0                               // pieces end this far above the bottom edge
)

// sheet is the planned document: pages in print order.
type sheet struct {
	paper layout.Paper
	opt   Options
	pages []*page
}

// page is one side of a sheet.
type page struct {
	sys    *catalog.System
	back   bool
	num, n int // this front's number among the system's fronts, and how many
	items  []placement
	cuts   []float64
	backs  []placement // a fold sheet's backs, right of the fold line
	// room says the page is the room below another rule set's pieces, to
	// be merged into that rule set's last page (pack); captions name the
	// rule sets after the first that share the page.
	room     bool
	captions []caption
}

// caption names the rule set whose pieces start below it: a line in the
// strip left between two rule sets' pieces, cut away with it.
type caption struct {
	y    float64 // baseline
	text string
}

// Between one rule set's pieces and the next's on a shared page, a strip
// captionGap mm deep holds the caption, clear of both rows' crop marks.
const (
	captionGap = 11.0
	captionPt  = 7.0
)

// roomBelow is the part of area a below the pieces of pg, with a strip
// for a caption above it, or false when none is left.
func roomBelow(pg *page, a rect) (rect, bool) {
	bottom := a.Y
	for _, pl := range pg.items {
		bottom = math.Max(bottom, pl.r.Y+pl.r.H)
	}
	top := bottom + captionGap
	if top >= a.Y+a.H {
		return rect{}, false
	}
	return rect{X: a.X, Y: top, W: a.W, H: a.Y + a.H - top}, true
}

func area(p layout.Paper) rect {
	x := layout.SafeMargin + guideW
	return rect{X: x, Y: areaTop, W: p.Width - 2*x, H: p.Height - areaTop - areaBottom}
}

// areaFor is where the fronts go: the whole area, or on a fold sheet its
// part left of the fold line, kept cards.FoldGap from it.
func areaFor(opt Options) rect {
	a := area(opt.Paper)
	if opt.Backs == Fold {
		a.W = opt.Paper.Width/2 - cards.FoldGap - a.X
	}
	return a
}

// plan lays out the pieces of the systems' marker kinds on pages.
func plan(pdf *fpdf.Fpdf, systems []*catalog.System, opt Options) (*sheet, error) {
	if opt.Paper.Width == 0 {
		opt.Paper = layout.A4
	}
	if err := checkOptions(systems, opt); err != nil {
		return nil, err
	}
	a := areaFor(opt)
	sh := &sheet{paper: opt.Paper, opt: opt}
	var fronts []*page
	for _, s := range systems {
		var pieces []*piece
		for i := range s.Markers {
			m := &s.Markers[i]
			if len(opt.Only) > 0 && !contains(opt.Only, m.ID) {
				continue
			}
			sets, err := m.Count.Value(s, 1)
			if err != nil {
				return nil, placed(m, fmt.Errorf("marker %q: count: %w", m.ID, err))
			}
			numbered, err := m.Numbered.Value(s, 0)
			if err != nil {
				return nil, placed(m, fmt.Errorf("marker %q: numbered: %w", m.ID, err))
			}
			if n, ok := opt.Counts[m.ID]; ok {
				if m.Numbered.Set {
					numbered = n
				} else {
					sets = n
				}
			}
			if sets < 0 || numbered < 0 {
				return nil, placed(m, fmt.Errorf("marker %q: count %d; expected 0 or more", m.ID, min(sets, numbered)))
			}
			decoys := 0
			if m.Decoys {
				decoys = opt.Decoys
			}
			ps, err := expand(pdf, s, m, sets, numbered, decoys, a)
			if err != nil {
				return nil, placed(m, err)
			}
			pieces = append(pieces, ps...)
		}
		if len(pieces) == 0 {
			continue
		}
		// A rule set starts below the last one's pieces when the room
		// left there takes some of its sets: kinds share sheets, one
		// rule set after another, each back still behind its front.
		first := a
		var last *page
		if len(fronts) > 0 {
			last = fronts[len(fronts)-1]
			if room, ok := roomBelow(last, a); ok {
				first = room
			}
		}
		ps, err := pack(s, pieces, first, a, opt.Paper.Name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.ID, err)
		}
		if len(ps) > 0 && ps[0].room {
			last.items = append(last.items, ps[0].items...)
			last.cuts = append(last.cuts, ps[0].cuts...)
			// Baseline centred in the strip, between the crop marks above and below.
			last.captions = append(last.captions, caption{y: first.Y - captionGap/2 + capH*captionPt*ptMM/2, text: short(s) + " markers"})
			ps = ps[1:]
		}
		fronts = append(fronts, ps...)
	}
	for i, f := range fronts {
		f.num, f.n = i+1, len(fronts)
		sh.pages = append(sh.pages, f)
		if opt.Backs == Fold {
			f.backs = backPage(f, opt).items
			continue
		}
		if opt.Backs != NoBacks {
			sh.pages = append(sh.pages, backPage(f, opt))
		}
	}
	if len(sh.pages) == 0 {
		return nil, optionf("nothing to print: the chosen rule sets and kinds have no markers")
	}
	if err := checkBackOffset(sh); err != nil {
		return nil, err
	}
	return sh, nil
}

// placed puts a problem with a marker kind at its entry in the data, so
// that it reads as the data's own messages do; a mistake in the options
// stays one.
func placed(m *catalog.Marker, err error) error {
	var oe *cards.OptionError
	if errors.As(err, &oe) {
		return err
	}
	return diag.At(m.Pos, err)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// checkOptions reports unknown kinds and impossible numbers.
func checkOptions(systems []*catalog.System, opt Options) error {
	kinds := Kinds(systems)
	known := func(flag, id string) error {
		if contains(kinds, id) {
			return nil
		}
		return optionf("%s: %s", flag, catalog.Unknown("marker kind", id, kinds))
	}
	for _, id := range opt.Only {
		if err := known("--only", id); err != nil {
			return err
		}
	}
	ids := make([]string, 0, len(opt.Counts))
	for id := range opt.Counts {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if err := known("--count", id); err != nil {
			return err
		}
		if n := opt.Counts[id]; n < 0 || n > limits.MaxMarkers {
			return optionf("--count %s=%d: expected a whole number from 0 to %d", id, n, limits.MaxMarkers)
		}
	}
	if opt.Decoys < 0 || opt.Decoys > MaxDecoys {
		return optionf("--decoys %d: expected a whole number from 0 to %d decoy blips", opt.Decoys, MaxDecoys)
	}
	if opt.Decoys > 0 {
		var takers, others []string
		for _, s := range systems {
			for _, m := range s.Markers {
				switch {
				case !m.Decoys:
				case len(opt.Only) == 0 || contains(opt.Only, m.ID):
					takers = append(takers, m.ID)
				case !contains(others, m.ID):
					others = append(others, m.ID)
				}
			}
		}
		switch {
		case len(takers) > 0:
		case len(others) > 0:
			return optionf("--decoys %d: no chosen marker kind takes decoys; %s does", opt.Decoys, strings.Join(others, ", "))
		default:
			return optionf("--decoys %d: no chosen marker kind takes decoys, nor does any other of the rule sets printed", opt.Decoys)
		}
	}
	for i, v := range opt.BackOffset {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return optionf("--back-offset: %s is not a number of millimetres", [...]string{"X", "Y"}[i])
		}
	}
	if !opt.Backs.Duplex() && opt.BackOffset != [2]float64{} {
		return optionf("--back-offset needs --backs long or --backs short")
	}
	return nil
}

// backPage mirrors a front page's pieces for the flip: each back lands
// behind its front, moved by the back offset.
func backPage(f *page, opt Options) *page {
	b := &page{sys: f.sys, back: true, num: f.num, n: f.n}
	W, H := opt.Paper.Width, opt.Paper.Height
	for _, pl := range f.items {
		if pl.p.back == nil {
			continue
		}
		r := pl.r
		if opt.Backs == LongEdge || opt.Backs == Fold {
			r.X = W - r.X - r.W
		} else {
			r.Y = H - r.Y - r.H
		}
		r.X += opt.BackOffset[0]
		r.Y += opt.BackOffset[1]
		b.items = append(b.items, placement{p: pl.p, r: r, rot: pl.rot})
	}
	return b
}

// checkBackOffset makes sure the offset keeps every back (with its bleed)
// out of the safe margin and off the back's header, and says how far backs
// may move.
func checkBackOffset(sh *sheet) error {
	off := sh.opt.BackOffset
	if off == [2]float64{} {
		return nil
	}
	W, H := sh.paper.Width, sh.paper.Height
	m := layout.SafeMargin
	top, bottom := m, H-m
	if sh.opt.Backs == LongEdge {
		top += headerDrawn
	} else {
		bottom -= headerDrawn
	}
	room := [4]float64{math.Inf(1), math.Inf(1), math.Inf(1), math.Inf(1)} // left, right, up, down
	for _, pg := range sh.pages {
		if !pg.back {
			continue
		}
		for _, pl := range pg.items {
			r := pl.r
			r.X -= off[0]
			r.Y -= off[1] // where it would be without the offset
			room[0] = math.Min(room[0], r.X-bleed-m)
			room[1] = math.Min(room[1], W-m-(r.X+r.W+bleed))
			room[2] = math.Min(room[2], r.Y-bleed-top)
			room[3] = math.Min(room[3], bottom-(r.Y+r.H+bleed))
		}
	}
	if -off[0] > room[0]+eps || off[0] > room[1]+eps || -off[1] > room[2]+eps || off[1] > room[3]+eps {
		return optionf("--back-offset %g,%g would print backs within %g mm of the paper's edge or over the header; on %s paper backs may move %.1f mm left, %.1f mm right, %.1f mm up and %.1f mm down",
			off[0], off[1], m, sh.paper.Name, room[0], room[1], room[2], room[3])
	}
	return nil
}

// Render draws the marker sheets of the systems, one after another, a
// rule set starting below the last one's pieces where they leave room,
// and returns the PDF.
func Render(systems []*catalog.System, opt Options) ([]byte, error) {
	if opt.Paper.Width == 0 {
		opt.Paper = layout.A4
	}
	t := title(systems)
	if opt.Title != "" {
		t = opt.Title
	}
	pdf := newDoc(opt.Paper, t)
	sh, err := plan(pdf, systems, opt)
	if err != nil {
		return nil, err
	}
	sh.draw(pdf)
	return layout.Bytes(pdf)
}

func title(systems []*catalog.System) string {
	var names []string
	for _, s := range systems {
		if len(s.Markers) > 0 {
			names = append(names, short(s))
		}
	}
	return "Markers: " + strings.Join(names, ", ")
}

func short(s *catalog.System) string {
	if s.About.Short != "" {
		return s.About.Short
	}
	if s.About.Name != "" {
		return s.About.Name
	}
	return s.ID
}

// newDoc is layout.NewBlankDoc with the two font styles marker sheets use,
// and the page contents left uncompressed: fpdf spends about 2.5 ms
// registering each TrueType font and as long again making a compressor for
// each page, and the whole marker set has to render in under 30 ms. The
// fonts stay compressed; a full set is about 250 kB.
func newDoc(paper layout.Paper, title string) *fpdf.Fpdf {
	pdf := layout.NewBlankDoc(paper, title)
	pdf.SetCompression(false)
	// Text faces with the plain zero: "10″", not "1Ø″".
	layout.UseFont(pdf, layout.Font, "")
	layout.UseFont(pdf, layout.Font, "B")
	pdf.SetFont(layout.Font, "", 10)
	return pdf
}

// measure is a document kept for measuring text outside a render (track
// labels in Summary); fpdf documents are not safe for concurrent use.
var measure struct {
	sync.Mutex
	pdf *fpdf.Fpdf
}

// Summary describes a marker kind for listings: its size as printed and
// how many pieces a default A4 sheet holds (range-stick segments count
// one each). A kind that cannot be drawn says why in size.
func Summary(s *catalog.System, m *catalog.Marker) (size string, pieces int) {
	measure.Lock()
	defer measure.Unlock()
	if measure.pdf == nil {
		measure.pdf = newDoc(layout.A4, "measure")
	}
	sets, err := m.Count.Value(s, 1)
	if err != nil {
		return "error: " + err.Error(), 0
	}
	numbered, err := m.Numbered.Value(s, 0)
	if err != nil {
		return "error: " + err.Error(), 0
	}
	ps, err := expand(measure.pdf, s, m, sets, numbered, 0, area(layout.A4))
	if err != nil {
		return "error: " + err.Error(), 0
	}
	return shapes[m.Shape].size(m, ps), len(ps)
}

// Pieces is how many pieces the sheets of the systems print with opt, by
// marker kind (a range stick counts its segments), as Render lays them
// out.
func Pieces(systems []*catalog.System, opt Options) (map[string]int, error) {
	if opt.Paper.Width == 0 {
		opt.Paper = layout.A4
	}
	measure.Lock()
	defer measure.Unlock()
	if measure.pdf == nil {
		measure.pdf = newDoc(layout.A4, "measure")
	}
	sh, err := plan(measure.pdf, systems, opt)
	if err != nil {
		return nil, err
	}
	out := map[string]int{}
	for _, pg := range sh.pages {
		if pg.back {
			continue
		}
		for _, pl := range pg.items {
			out[pl.p.kind.ID]++
		}
	}
	return out, nil
}
