package tablemap

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/playaid/playaid/catalog"
)

// rasterClear is the plain search nearestClear must agree with: every
// spot row by row, left to right, the first of the nearest clear ones.
func rasterClear(s Shape, mid Pt, tw, th float64, taken []Box) (Box, float64) {
	best, bestD := Box{}, math.Inf(1)
	for y := s.Bounds.Y + 1; y+th+1 <= s.Bounds.Bottom(); y += 0.5 {
		for x := s.Bounds.X + 1.5; x+tw+1.5 <= s.Bounds.Right(); x += 1 {
			d := math.Hypot(x+tw/2-mid.X, y+th/2-mid.Y)
			if d >= bestD {
				continue
			}
			b := Box{x, y, tw, th}
			if !s.inside(Pt{b.X - 1.2, b.Y - 0.8}) || !s.inside(Pt{b.Right() + 1.2, b.Y - 0.8}) ||
				!s.inside(Pt{b.X - 1.2, b.Bottom() + 0.8}) || !s.inside(Pt{b.Right() + 1.2, b.Bottom() + 0.8}) {
				continue
			}
			if !b.grow(0.8).overlapsAny(taken) {
				best, bestD = b, d
			}
		}
	}
	return best, bestD
}

// TestNearestClear: the search that starts from the middle finds the very
// spot the plain scan does, on rectangles, polygons and circles with
// random terrain in the way, including ties and shapes with no room.
func TestNearestClear(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 7))
	found := 0
	// Coordinates on a 1/8 mm grid make ties between spots common.
	at := func(lo, hi float64) float64 { return lo + math.Round(r.Float64()*(hi-lo)*8)/8 }
	for n := range 3000 {
		var s Shape
		x0, y0 := at(0, 100), at(0, 100)
		w, h := at(2, 120), at(2, 60)
		switch n % 3 {
		case 0:
			s.Feature = catalog.Feature{Shape: "rect"}
			s.Poly = []Pt{{x0, y0}, {x0 + w, y0}, {x0 + w, y0 + h}, {x0, y0 + h}}
		case 1:
			s.Feature = catalog.Feature{Shape: "polygon"}
			k := 3 + r.IntN(10)
			for i := range k {
				a := 2 * math.Pi * float64(i) / float64(k)
				rr := 0.5 + r.Float64()/2
				s.Poly = append(s.Poly, Pt{x0 + w/2 + w/2*rr*math.Cos(a), y0 + h/2 + h/2*rr*math.Sin(a)})
			}
		case 2:
			s.Feature = catalog.Feature{Shape: "circle"}
			s.Center, s.Radius = Pt{x0, y0}, w/2
			s.Bounds = Box{x0 - w/2, y0 - w/2, w, w}
		}
		if s.Poly != nil {
			s.Bounds = bounds(s.Poly)
		}
		var taken []Box
		for range r.IntN(12) {
			taken = append(taken, Box{at(x0-10, x0+w), at(y0-10, y0+h), at(0, 30), at(0, 15)})
		}
		mid := Pt{s.Bounds.X + s.Bounds.W/2, s.Bounds.Y + s.Bounds.H/2}
		if n%5 == 0 {
			mid = Pt{at(x0, x0+w), at(y0, y0+h)} // off-centre: more ties
		}
		tw, th := at(1, 60), at(1, 12)
		gb, gd := s.nearestClear(mid, tw, th, taken)
		wb, wd := rasterClear(s, mid, tw, th, taken)
		if gb != wb || gd != wd && !(math.IsInf(gd, 1) && math.IsInf(wd, 1)) {
			t.Fatalf("case %d (%s): nearestClear = %+v %v, the plain scan %+v %v", n, s.Shape, gb, gd, wb, wd)
		}
		if !math.IsInf(wd, 1) {
			found++
		}
	}
	// Both outcomes must be common for the comparison to mean much.
	if found < 500 || found > 2500 {
		t.Errorf("%d of 3000 cases have a spot; the cases no longer test both outcomes", found)
	}
	t.Logf("%d of 3000 cases have a spot", found)
}
