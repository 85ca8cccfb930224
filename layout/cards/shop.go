package cards

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/playaid/playaid/internal/fpdf"

	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/layout/raster"
)

// Shop sets a deck for a print shop: one face to a page, the page the
// trim plus Bleed on every side, the TrimBox and BleedBox saying where to
// cut, no marks. Backs alternate with fronts in deck order, or follow all
// the fronts (BacksLast).
type Shop struct {
	Size      Size    // Poker when zero
	Bleed     float64 // Bleed3mm when zero
	BacksLast bool
}

func (s Shop) size() Size {
	if s.Size.W == 0 {
		return Poker
	}
	return s.Size
}

func (s Shop) bleed() float64 {
	if s.Bleed == 0 {
		return Bleed3mm
	}
	return s.Bleed
}

// Paper is the page of a print shop's deck: the trim plus the bleed.
func (s Shop) Paper() layout.Paper {
	z, b := s.size(), s.bleed()
	return layout.Paper{Name: z.Name + " card with bleed", Width: z.W + 2*b, Height: z.H + 2*b}
}

// Frame is where a face goes on its page.
func (s Shop) Frame() Frame {
	z, b := s.size(), s.bleed()
	return Frame{X: b, Y: b, W: z.W, H: z.H, Bleed: b}
}

// Faces is the deck's faces in print order, each a front or a back.
func (s Shop) Faces(cs []Card) []Face {
	var out []Face
	blank := func(*fpdf.Fpdf, Frame) {}
	back := func(c Card) Face {
		if c.Back == nil {
			return blank
		}
		return c.Back
	}
	for _, c := range cs {
		out = append(out, c.Front)
		if !s.BacksLast {
			out = append(out, back(c))
		}
	}
	if s.BacksLast {
		for _, c := range cs {
			out = append(out, back(c))
		}
	}
	return out
}

// NewDoc starts a print shop's document: pages of the shop's Paper, with
// every page's TrimBox and BleedBox set.
func (s Shop) NewDoc(title string) *fpdf.Fpdf {
	p := s.Paper()
	pdf := layout.NewBlankDoc(p, title)
	z, b := s.size(), s.bleed()
	pdf.SetPageBox("TrimBox", b, b, z.W, z.H)
	pdf.SetPageBox("BleedBox", 0, 0, p.Width, p.Height)
	return pdf
}

// Draw adds a page for each face of cs to pdf (made by NewDoc).
func (s Shop) Draw(pdf *fpdf.Fpdf, cs []Card) error {
	f := s.Frame()
	for _, face := range s.Faces(cs) {
		pdf.AddPage()
		face(pdf, f)
	}
	return pdf.Error()
}

// DPI is the resolution of a print shop's card images: the 300 dots to
// the inch every shop that takes images asks for.
const DPI = 300

// Image is one card face of a print shop's deck as a PNG, and its file
// name.
type Image struct {
	Name string
	PNG  []byte
}

// ImageName names the image of page k (from 1) of a deck of pages pages:
// the page's number, the card's and the side, so that the names sort in
// the deck's print order and each says which face it is
// ("003-card002-front.png"; with BacksLast, the backs follow all the
// fronts).
func (s Shop) ImageName(k, pages int) string {
	n := pages / 2
	card, side := (k+1)/2, "front"
	if k%2 == 0 {
		side = "back"
	}
	if s.BacksLast {
		card, side = k, "front"
		if k > n {
			card, side = k-n, "back"
		}
	}
	return fmt.Sprintf("%03d-card%03d-%s.png", k, card, side)
}

// Images prints each page of a print shop's deck — the PDF Draw made,
// as bytes — as a PNG at DPI, at the page's size (the trim plus the
// bleed), drawn from the PDF itself (layout/raster): the same drawing,
// face for face. Pages are drawn side by side on the machine's cores; the
// same PDF gives the same bytes.
func (s Shop) Images(pdf []byte) ([]Image, error) {
	doc, err := raster.Open(pdf)
	if err != nil {
		return nil, err
	}
	n := doc.Pages()
	out := make([]Image, n)
	errs := make([]error, n)
	next := atomic.Int64{}
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d, err := raster.Open(pdf) // a Doc is one goroutine's
			for {
				k := int(next.Add(1)) - 1
				if k >= n {
					return
				}
				if err != nil {
					errs[k] = err
					continue
				}
				img, err := d.Render(k, DPI)
				if err == nil {
					out[k].PNG, err = raster.PNG(img, DPI)
				}
				out[k].Name, errs[k] = s.ImageName(k+1, n), err
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
