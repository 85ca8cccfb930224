package markers

import (
	"errors"
	"fmt"
	"sort"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/layout"
)

// rect is a box on the page in millimetres, top-left origin.
type rect = layout.Rect

// placement is a piece put on a page: r is its box on the page, rot says
// it lies turned a quarter turn counter-clockwise (r.W is then its height).
type placement struct {
	p   *piece
	r   rect
	rot bool
}

// eps is the slack of comparisons of millimetres.
const eps = 1e-6

// pack lays the pieces out on pages of area and returns the fronts.
//
// A set (a kind's pieces of one set: a player's tripod damage markers, a
// scenario's blips, a range stick's segments) stays on one sheet, so
// nothing of it is left behind with another sheet: each page takes whole
// sets, the largest first, as long as layout.Shelves packs them on one
// page. Only a set larger than a page is split, piece by piece. A range
// stick's segments all lie one way: turned, when its longest segment only
// fits turned.
//
// The first page may be a smaller room (first): the part of another rule
// set's last page left below its pieces. It takes the sets that fit it,
// and none when none does; the rest go on pages of area a.
func pack(s *catalog.System, pieces []*piece, first, a rect, paper string) ([]*page, error) {
	turned := turns(pieces, a)
	size := func(i int) [2]float64 {
		if turned[i] {
			return [2]float64{pieces[i].h, pieces[i].w}
		}
		return [2]float64{pieces[i].w, pieces[i].h}
	}
	// shelveIn packs the pieces idx on pages of area in; shelve on pages
	// of area a.
	shelveIn := func(in rect, idx []int) ([]layout.ShelfPage, error) {
		sizes := make([][2]float64, len(idx))
		for k, i := range idx {
			sizes[k] = size(i)
		}
		shelves, err := layout.Shelves(in, sizes)
		var big *layout.TooLarge
		if errors.As(err, &big) {
			p := pieces[idx[big.Index]]
			return nil, placed(p.kind, fmt.Errorf("marker %q (%.1f × %.1f mm) is larger than the printable area of %s paper (%.1f × %.1f mm inside the margins)",
				p.kind.ID, p.w, p.h, paper, a.W, a.H))
		}
		return shelves, err
	}
	shelve := func(idx []int) ([]layout.ShelfPage, error) { return shelveIn(a, idx) }

	// Sets in order of first appearance; one that needs more than a page
	// is split into its pieces.
	var sets [][]int
	at := map[[2]any]int{}
	for i, p := range pieces {
		key := [2]any{p.kind, p.set}
		k, ok := at[key]
		if !ok {
			k = len(sets)
			at[key] = k
			sets = append(sets, nil)
		}
		sets[k] = append(sets[k], i)
	}
	var groups [][]int
	for _, g := range sets {
		pages, err := shelve(g)
		if err != nil {
			return nil, err
		}
		if len(pages) == 1 {
			groups = append(groups, g)
			continue
		}
		for _, i := range g {
			groups = append(groups, []int{i})
		}
	}
	tallest := func(g []int) float64 {
		h := 0.0
		for _, i := range g {
			h = max(h, size(i)[1])
		}
		return h
	}
	sort.SliceStable(groups, func(i, j int) bool { return tallest(groups[i]) > tallest(groups[j])+eps })

	var fronts []*page
	in := first
	for len(groups) > 0 {
		room := in != a
		var chosen []int
		var best layout.ShelfPage
		var rest [][]int
		for _, g := range groups {
			try := append(append([]int(nil), chosen...), g...)
			pages, err := shelveIn(in, try)
			if err != nil && !room { // a piece too large for the room goes on a page
				return nil, err
			}
			if err == nil && len(pages) == 1 {
				chosen, best = try, pages[0]
			} else {
				rest = append(rest, g)
			}
		}
		in = a
		if len(chosen) == 0 && room {
			continue // nothing fits the room: all start a page
		}
		pg := &page{sys: s, cuts: best.Cuts, room: room}
		for _, pl := range best.Placed {
			i := chosen[pl.Index]
			pg.items = append(pg.items, placement{p: pieces[i], r: pl.Rect, rot: pl.Turned != turned[i]})
		}
		fronts = append(fronts, pg)
		groups = rest
	}
	return fronts, nil
}

// turns says which pieces go to the packer turned: every segment of a
// range stick whose longest segment fits the area only turned, so that a
// stick's segments lie one way.
func turns(pieces []*piece, a rect) []bool {
	out := make([]bool, len(pieces))
	long := map[*catalog.Marker]bool{}
	for _, p := range pieces {
		if p.seg != nil && (p.w > a.W+eps || p.h > a.H+eps) {
			long[p.kind] = true
		}
	}
	for i, p := range pieces {
		out[i] = p.seg != nil && long[p.kind] && p.h <= a.W+eps && p.w <= a.H+eps
	}
	return out
}
