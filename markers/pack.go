package markers

import (
	"errors"
	"fmt"

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

// pack lays the pieces out on pages of area (layout.Shelves) and returns
// the fronts.
func pack(s *catalog.System, pieces []*piece, a rect, paper string) ([]*page, error) {
	sizes := make([][2]float64, len(pieces))
	for i, p := range pieces {
		sizes[i] = [2]float64{p.w, p.h}
	}
	shelves, err := layout.Shelves(a, sizes)
	var big *layout.TooLarge
	if errors.As(err, &big) {
		p := pieces[big.Index]
		return nil, fmt.Errorf("marker %q (%.1f × %.1f mm) is larger than the printable area of %s paper (%.1f × %.1f mm inside the margins)",
			p.kind.ID, p.w, p.h, paper, a.W, a.H)
	}
	if err != nil {
		return nil, err
	}
	var fronts []*page
	for _, sp := range shelves {
		pg := &page{sys: s, cuts: sp.Cuts}
		for _, pl := range sp.Placed {
			pg.items = append(pg.items, placement{p: pieces[pl.Index], r: pl.Rect, rot: pl.Turned})
		}
		fronts = append(fronts, pg)
	}
	return fronts, nil
}
