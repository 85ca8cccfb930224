package cards

import (
	"codeberg.org/go-pdf/fpdf"

	"github.com/playaid/playaid/layout"
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
