// Package layout puts things on paper with fpdf: paper sizes, the embedded
// font, deterministic documents, calibration bars and safe writing of the
// result, and sheets of pieces to cut (cut.go; cards of one size: layout/cards). layout/markdown
// renders Markdown; layout itself knows nothing of rules.
package layout

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/playaid/playaid/internal/fpdf"
)

// Paper is a sheet size in millimetres, portrait.
type Paper struct {
	Name          string
	Width, Height float64
}

// The papers clubs print on.
var (
	A4     = Paper{Name: "a4", Width: 210, Height: 297}
	Letter = Paper{Name: "letter", Width: 215.9, Height: 279.4}
)

// ParsePaper reads a --paper flag.
func ParsePaper(s string) (Paper, error) {
	switch strings.ToLower(s) {
	case "a4", "":
		return A4, nil
	case "letter", "us-letter":
		return Letter, nil
	}
	return Paper{}, fmt.Errorf("unknown paper %q: expected a4 or letter", s)
}

// SafeMargin is how close to a paper edge anything may be drawn: printers
// cannot print the outer 4–6.7 mm.
const SafeMargin = 6.0

// Epoch is the creation and modification date of every PDF, so that the
// same input gives the same bytes.
var Epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// NewDoc starts a deterministic document in millimetres on paper, with all
// the embedded fonts registered, no automatic page breaks and no margins:
// every generator places its own content.
func NewDoc(paper Paper, title string) *fpdf.Fpdf {
	pdf := NewBlankDoc(paper, title)
	for _, f := range fonts {
		UseFont(pdf, f.family, f.style)
	}
	pdf.SetFont(Font, "", 10)
	return pdf
}

// NewBlankDoc is NewDoc without fonts: callers register the ones they use
// with UseFont (or SetFont), since fpdf embeds every font a document
// registers, used or not.
func NewBlankDoc(paper Paper, title string) *fpdf.Fpdf {
	pdf := fpdf.NewCustom(&fpdf.InitType{
		OrientationStr: "P",
		UnitStr:        "mm",
		Size:           fpdf.SizeType{Wd: paper.Width, Ht: paper.Height},
	})
	pdf.SetCreationDate(Epoch)
	pdf.SetModificationDate(Epoch)
	pdf.SetCatalogSort(true)
	pdf.SetCompression(true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.SetCellMargin(0)
	pdf.SetTitle(title, true)
	pdf.SetCreator("playaid", true)
	return pdf
}

// Bytes renders the document, or returns its first error.
func Bytes(pdf *fpdf.Fpdf) ([]byte, error) {
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
