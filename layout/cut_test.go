package layout

import (
	"errors"
	"testing"
)

// TestShelves packs by hand in a 100 × 60 mm area: the two 40 × 20 pieces
// (the tallest, in order) share the first shelf at x 0 and 45 (40 + the
// 5 mm gap); the 30 × 10 piece does not fit the 10 mm left beside them,
// so it starts the next shelf at y 25.
func TestShelves(t *testing.T) {
	area := Rect{0, 0, 100, 60}
	pages, err := Shelves(area, [][2]float64{{40, 20}, {30, 10}, {40, 20}})
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 1 {
		t.Fatalf("%d pages, want 1", len(pages))
	}
	want := []Placed{
		{Index: 0, Rect: Rect{0, 0, 40, 20}},
		{Index: 2, Rect: Rect{45, 0, 40, 20}},
		{Index: 1, Rect: Rect{0, 25, 30, 10}},
	}
	got := pages[0].Placed
	if len(got) != len(want) {
		t.Fatalf("placed %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("piece %d placed %+v, want %+v", i, got[i], want[i])
		}
	}
	// Cuts half a gap above and below each top-level shelf, shared
	// between neighbours: -2.5, 22.5, 37.5.
	if c := pages[0].Cuts; len(c) != 3 || c[0] != -2.5 || c[1] != 22.5 || c[2] != 37.5 {
		t.Errorf("cuts %v, want [-2.5 22.5 37.5]", c)
	}

	// A tall piece lies turned where only that fits; a piece too large
	// either way is an error naming it.
	pages, err = Shelves(area, [][2]float64{{50, 90}})
	if err != nil || !pages[0].Placed[0].Turned || pages[0].Placed[0].Rect.W != 90 {
		t.Errorf("a 50 × 90 piece in 100 × 60: %+v, %v; want it turned, 90 wide", pages, err)
	}
	_, err = Shelves(area, [][2]float64{{10, 10}, {70, 70}})
	var big *TooLarge
	if !errors.As(err, &big) || big.Index != 1 {
		t.Errorf("a 70 × 70 piece in 100 × 60: %v; want TooLarge for piece 1", err)
	}

	// More than a page: two 100 × 40 pieces need two pages.
	if pages, err := Shelves(area, [][2]float64{{100, 40}, {100, 40}}); err != nil || len(pages) != 2 {
		t.Errorf("two 100 × 40 pieces: %d pages, %v; want 2", len(pages), err)
	}
}

// TestGrid: nine 63 × 88 mm cards on A4 leave (210 − 189)/2 = 10.5 mm at
// the sides and (297 − 264)/2 = 16.5 mm above; cell 4 is the middle one.
func TestGrid(t *testing.T) {
	g := Grid{Paper: A4, CellW: 63, CellH: 88, Cols: 3, Rows: 3}
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
}
