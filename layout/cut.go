package layout

import (
	"fmt"
	"slices"
	"sort"

	"github.com/playaid/playaid/internal/fpdf"
)

// Sheets of pieces to cut out: a marker sheet packs pieces of every size in
// shelves (Shelves), cards sit in a grid of equal cells (layout/cards). Both
// mark where to cut in the margins and at the pieces' corners, so the
// lines survive the first cut.

// Rect is a box on the page in millimetres from the paper's top-left
// corner.
type Rect struct{ X, Y, W, H float64 }

// PieceGap is the space Shelves leaves between pieces: room for each
// piece's crop marks (CropFrom to CropTo mm out from its edges) without
// touching a neighbour's.
const (
	PieceGap = 5.0
	CropFrom = 0.5
	CropTo   = 3.5
)

// eps is the slack of comparisons of millimetres.
const eps = 1e-6

// CutInk is the colour of cut lines and crop marks on marker sheets.
var CutInk = [3]int{60, 60, 60}

// CropMarks draws short marks at each corner of r, continuing its edges
// outwards from CropFrom to CropTo mm without touching it.
func CropMarks(pdf *fpdf.Fpdf, r Rect) {
	pdf.SetDrawColor(CutInk[0], CutInk[1], CutInk[2])
	pdf.SetLineWidth(0.2)
	for _, x := range []float64{r.X, r.X + r.W} {
		for _, y := range []float64{r.Y, r.Y + r.H} {
			dx, dy := 1.0, 1.0
			if x == r.X {
				dx = -1
			}
			if y == r.Y {
				dy = -1
			}
			pdf.Line(x+dx*CropFrom, y, x+dx*CropTo, y)
			pdf.Line(x, y+dy*CropFrom, x, y+dy*CropTo)
		}
	}
}

// Placed is a piece Shelves put on a page: its index among the sizes
// given, its box on the page, and whether it lies turned a quarter turn
// counter-clockwise (its box's W is then its height).
type Placed struct {
	Index  int
	Rect   Rect
	Turned bool
}

// ShelfPage is one page Shelves filled: the pieces on it and the y of the
// full-width cuts between its top-level shelves.
type ShelfPage struct {
	Placed []Placed
	Cuts   []float64
}

// TooLarge says piece Index does not fit Area whichever way it is turned.
type TooLarge struct {
	Index int
	W, H  float64
	Area  Rect
}

func (e *TooLarge) Error() string {
	return fmt.Sprintf("a piece of %.1f × %.1f mm is larger than the printable area (%.1f × %.1f mm inside the margins)", e.W, e.H, e.Area.W, e.Area.H)
}

// Shelves packs pieces of the sizes ([w, h] mm, drawn upright) onto as
// many pages of area as they need, PieceGap apart. Each piece is upright
// when it fits, turned a quarter when only that fits; the tallest go
// first, so each shelf is as full as it can be, and a kind's pieces keep
// their order. A shelf holds pieces of one height side by side, and the
// room to its right is packed the same way with shorter pieces.
func Shelves(area Rect, sizes [][2]float64) ([]ShelfPage, error) {
	items := make([]item, 0, len(sizes))
	for i, s := range sizes {
		w, h := s[0], s[1]
		switch {
		case w <= area.W+eps && h <= area.H+eps:
			items = append(items, item{i: i, w: w, h: h})
		case h <= area.W+eps && w <= area.H+eps:
			items = append(items, item{i: i, w: h, h: w, rot: true})
		default:
			return nil, &TooLarge{Index: i, W: w, H: h, Area: area}
		}
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].h > items[j].h+eps })
	var pages []ShelfPage
	for len(items) > 0 {
		var pg ShelfPage
		items = fill(area, items, &pg.Placed, &pg.Cuts, true)
		if len(pg.Placed) == 0 {
			return nil, &TooLarge{Index: items[0].i, W: items[0].w, H: items[0].h, Area: area}
		}
		pages = append(pages, pg)
	}
	return pages, nil
}

// item is a piece turned the way it will be packed. Packing moves items
// by value: a trial packing turns its own copies.
type item struct {
	i    int
	w, h float64
	rot  bool
}

// fill packs items into region, appending to out. When cuts is not nil the
// shelves are the page's top level and their cut lines are recorded. Each
// shelf starts with the tallest item left that fits (tallest) or the
// smallest: the top level starts with the tallest, the room beside a shelf
// mostly with the smallest, so the big groups stay together. An item that
// fits the room only turned is turned.
func fill(region Rect, items []item, out *[]Placed, cuts *[]float64, tallest bool) []item {
	y := region.Y
	for {
		roomH := region.Y + region.H - y
		first := -1
		for k := range items {
			i := k
			if !tallest {
				i = len(items) - 1 - k
			}
			if fitsTurned(&items[i], region.W, roomH) {
				first = i
				break
			}
		}
		if first < 0 {
			return items
		}
		shelfH := items[first].h
		x := region.X
		left := items[:0] // the items not placed, in their order, in place
		for _, it := range items {
			if abs(it.h-shelfH) > eps && abs(it.w-shelfH) < eps && !(it.w <= region.W+eps && it.h <= roomH+eps) {
				it.w, it.h, it.rot = it.h, it.w, !it.rot // fits this shelf only turned
			}
			if abs(it.h-shelfH) < eps && x+it.w <= region.X+region.W+eps {
				*out = append(*out, Placed{Index: it.i, Rect: Rect{x, y, it.w, it.h}, Turned: it.rot})
				x += it.w + PieceGap
				continue
			}
			left = append(left, it)
		}
		items = left
		// Shorter items fill the room to the right of the shelf: the
		// smallest first, unless, beside a page's shelf, the tallest first
		// places more (a long piece beside two longer ones with small ones
		// round it, rather than small ones where it would go and it on
		// the next page).
		if x < region.X+region.W {
			room := Rect{x, y, region.X + region.W - x, shelfH}
			if cuts == nil { // one trial a page's shelf, not one a room in a room
				items = fill(room, items, out, nil, false)
			} else {
				var small, tall []Placed
				smallLeft := fill(room, slices.Clone(items), &small, nil, false)
				tallLeft := fill(room, slices.Clone(items), &tall, nil, true)
				if placedArea(tall) > placedArea(small)+eps {
					small, smallLeft = tall, tallLeft
				}
				*out = append(*out, small...)
				items = smallLeft
			}
		}
		if cuts != nil {
			for _, c := range []float64{y - PieceGap/2, y + shelfH + PieceGap/2} {
				if n := len(*cuts); n == 0 || abs((*cuts)[n-1]-c) > eps {
					*cuts = append(*cuts, c)
				}
			}
		}
		y += shelfH + PieceGap
	}
}

// placedArea is the paper the pieces cover, in mm².
func placedArea(ps []Placed) float64 {
	a := 0.0
	for _, p := range ps {
		a += p.Rect.W * p.Rect.H
	}
	return a
}

// fitsTurned reports whether it fits a w × h room, turning it a quarter
// when only that way fits.
func fitsTurned(it *item, w, h float64) bool {
	if it.w <= w+eps && it.h <= h+eps {
		return true
	}
	if it.h <= w+eps && it.w <= h+eps {
		it.w, it.h, it.rot = it.h, it.w, !it.rot
		return true
	}
	return false
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
