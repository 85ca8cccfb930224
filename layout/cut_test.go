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

	// Beside a page's shelf the tallest go first when that places more:
	// the 50 × 50 piece beside the 40 × 60 one, the small ones right of
	// it, all on one page (the smallest first would take its place).
	pages, err = Shelves(Rect{0, 0, 120, 60}, [][2]float64{{40, 60}, {10, 10}, {50, 50}, {10, 10}, {10, 10}})
	if err != nil || len(pages) != 1 {
		t.Fatalf("a 40 × 60, a 50 × 50 and three 10 × 10 in 120 × 60: %d pages, %v; want 1", len(pages), err)
	}
	for _, p := range pages[0].Placed {
		if p.Index == 2 && p.Rect != (Rect{45, 0, 50, 50}) {
			t.Errorf("the 50 × 50 piece at %+v, want beside the first at x 45", p.Rect)
		}
	}

	// More than a page: two 100 × 40 pieces need two pages.
	if pages, err := Shelves(area, [][2]float64{{100, 40}, {100, 40}}); err != nil || len(pages) != 2 {
		t.Errorf("two 100 × 40 pieces: %d pages, %v; want 2", len(pages), err)
	}
}
