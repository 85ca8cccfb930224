package cards

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"testing"

	"github.com/playaid/playaid/layout"
)

// shopPDF is a print shop's deck of n test cards.
func shopPDF(t testing.TB, s Shop, n int) []byte {
	t.Helper()
	pdf := s.NewDoc("deck")
	if err := s.Draw(pdf, deck(n)); err != nil {
		t.Fatal(err)
	}
	b, err := layout.Bytes(pdf)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestImageSizes: each face's image is the trim plus the bleed at 300
// dpi, to the pixel: poker with 3 mm, 69 × 94 mm = 814.96 × 1110.24 px;
// poker with 1/8 in, 69.35 × 94.35 mm = 819.09 × 1114.37; US poker with
// 3 mm, 69.5 × 94.9 mm = 820.87 × 1120.87; US poker with 1/8 in,
// 2.75 × 3.75 in = 825 × 1125.
func TestImageSizes(t *testing.T) {
	want := map[string]image.Point{
		"poker 3mm": {815, 1110}, "poker 1/8in": {819, 1114},
		"us-poker 3mm": {821, 1121}, "us-poker 1/8in": {825, 1125},
	}
	for _, z := range Sizes() {
		for _, bl := range []string{"3mm", "1/8in"} {
			b, err := ParseBleed(bl)
			if err != nil {
				t.Fatal(err)
			}
			s := Shop{Size: z, Bleed: b}
			imgs, err := s.Images(shopPDF(t, s, 2))
			if err != nil {
				t.Fatal(err)
			}
			if len(imgs) != 4 {
				t.Fatalf("%s %s: %d images, want 4", z.Name, bl, len(imgs))
			}
			for _, im := range imgs {
				cfg, err := png.DecodeConfig(bytes.NewReader(im.PNG))
				if err != nil {
					t.Fatal(err)
				}
				if got := (image.Point{cfg.Width, cfg.Height}); got != want[z.Name+" "+bl] {
					t.Errorf("%s %s: %s is %v pixels, want %v", z.Name, bl, im.Name, got, want[z.Name+" "+bl])
				}
			}
		}
	}
}

// TestImageNames: the images are named in the deck's print order, each
// saying its card and side, backs after their fronts or after all of
// them; the PNG of each page is the face the PDF has there.
func TestImageNames(t *testing.T) {
	for _, last := range []bool{false, true} {
		s := Shop{BacksLast: last}
		imgs, err := s.Images(shopPDF(t, s, 3))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, im := range imgs {
			names = append(names, im.Name)
		}
		want := "[001-card001-front.png 002-card001-back.png 003-card002-front.png 004-card002-back.png 005-card003-front.png 006-card003-back.png]"
		if last {
			want = "[001-card001-front.png 002-card002-front.png 003-card003-front.png 004-card001-back.png 005-card002-back.png 006-card003-back.png]"
		}
		if got := fmt.Sprint(names); got != want {
			t.Errorf("backs last %v: %s, want %s", last, got, want)
		}
		for _, im := range imgs {
			// The test card's mark: 10 mm wide on a front (118 px), 12 on
			// a back (142 px), its top edge 3 mm into the trim, 6 mm down
			// the page: the dark pixels along it.
			img, err := png.Decode(bytes.NewReader(im.PNG))
			if err != nil {
				t.Fatal(err)
			}
			dark := 0
			y := 71 // 6 mm at 300 dpi
			for x := range img.Bounds().Dx() {
				if r, _, _, _ := img.At(x, y).RGBA(); r < 0x8000 {
					dark++
				}
			}
			front := bytes.Contains([]byte(im.Name), []byte("front"))
			if got, want := dark > 130, !front; got != want || dark < 100 {
				t.Errorf("backs last %v: %s has a mark %d pixels wide: a %s's?", last, im.Name, dark, map[bool]string{true: "back", false: "front"}[got])
			}
		}
	}
}

// BenchmarkImages: the images of a deck of 20 cards (40 faces).
func BenchmarkImages(b *testing.B) {
	s := Shop{}
	pdf := shopPDF(b, s, 20)
	for b.Loop() {
		if _, err := s.Images(pdf); err != nil {
			b.Fatal(err)
		}
	}
}
