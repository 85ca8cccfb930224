package markers

import (
	"fmt"
	"sort"
)

// rect is a box on the page in millimetres, top-left origin.
type rect struct{ X, Y, W, H float64 }

// placement is a piece put on a page: r is its box on the page, rot says
// it lies turned a quarter turn counter-clockwise (r.W is then its height).
type placement struct {
	p   *piece
	r   rect
	rot bool
}

// gap is the space between pieces: room for each piece's corner marks
// (tickFrom–tickTo mm out from its edges) without touching a neighbour's.
const (
	gap      = 5.0
	tickFrom = 0.5
	tickTo   = 2.2
	eps      = 1e-6
)

// item is a piece turned the way it will be packed.
type item struct {
	p    *piece
	w, h float64
	rot  bool
}

// orient turns each piece to fit the area: upright when it fits, a quarter
// turn when only that fits.
func orient(pieces []*piece, area rect, paper string) ([]*item, error) {
	var items []*item
	for _, p := range pieces {
		switch {
		case p.w <= area.W+eps && p.h <= area.H+eps:
			items = append(items, &item{p: p, w: p.w, h: p.h})
		case p.h <= area.W+eps && p.w <= area.H+eps:
			items = append(items, &item{p: p, w: p.h, h: p.w, rot: true})
		default:
			return nil, fmt.Errorf("marker %q (%.1f × %.1f mm) is larger than the printable area of %s paper (%.1f × %.1f mm inside the margins)",
				p.kind.ID, p.w, p.h, paper, area.W, area.H)
		}
	}
	// Tallest first, so each shelf is as full as it can be; the sort is
	// stable, keeping a kind's faces in order.
	sort.SliceStable(items, func(i, j int) bool { return items[i].h > items[j].h+eps })
	return items, nil
}

// packPage fills one page's area with items, in shelves: each shelf holds
// items of one height side by side, and the room to the right of a shelf is
// packed the same way with shorter items. It returns the placements, the y
// of the full-width cuts between the page's top-level shelves, and the
// items left for the next page.
func packPage(area rect, items []*item) ([]placement, []float64, []*item) {
	var out []placement
	var cuts []float64
	rest := fill(area, items, &out, &cuts)
	return out, cuts, rest
}

// fill packs items into region, appending to out. When cuts is not nil the
// shelves are the page's top level and their cut lines are recorded. The
// top level starts each shelf with the tallest item left; the room beside a
// shelf takes the smallest first, so the big groups stay together. An item
// that fits the room only turned is turned.
func fill(region rect, items []*item, out *[]placement, cuts *[]float64) []*item {
	y := region.Y
	for {
		roomH := region.Y + region.H - y
		first := -1
		for k := range items {
			i := k
			if cuts == nil {
				i = len(items) - 1 - k
			}
			if fitsTurned(items[i], region.W, roomH) {
				first = i
				break
			}
		}
		if first < 0 {
			return items
		}
		shelfH := items[first].h
		x := region.X
		var left []*item
		for _, it := range items {
			if abs(it.h-shelfH) > eps && abs(it.w-shelfH) < eps && !(it.w <= region.W+eps && it.h <= roomH+eps) {
				it.w, it.h, it.rot = it.h, it.w, !it.rot // fits this shelf only turned
			}
			if abs(it.h-shelfH) < eps && x+it.w <= region.X+region.W+eps {
				*out = append(*out, placement{p: it.p, r: rect{x, y, it.w, it.h}, rot: it.rot})
				x += it.w + gap
				continue
			}
			left = append(left, it)
		}
		items = left
		// Shorter items fill the room to the right of the shelf.
		if x < region.X+region.W {
			items = fill(rect{x, y, region.X + region.W - x, shelfH}, items, out, nil)
		}
		if cuts != nil {
			for _, c := range []float64{y - gap/2, y + shelfH + gap/2} {
				if n := len(*cuts); n == 0 || abs((*cuts)[n-1]-c) > eps {
					*cuts = append(*cuts, c)
				}
			}
		}
		y += shelfH + gap
	}
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
