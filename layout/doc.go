// Package layout puts things on paper with fpdf: paper sizes, the embedded
// font, deterministic documents, calibration bars and safe writing of the
// result. Subpackages draw markers and render Markdown; layout itself knows
// nothing of rules.
package layout

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
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

// Font is the family name of the embedded Go font; FontMono is its
// monospaced companion. Core PDF fonts only know cp1252, so "–", "″" and
// "…" need a TrueType font.
const (
	Font     = "go"
	FontMono = "gomono"
)

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
// with UseFont (or SetFont), since fpdf spends about 5 ms on each TrueType
// font a document registers.
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

// fonts are the embedded TrueType fonts by family and style.
var fonts = [...]struct {
	family, style string
	ttf           []byte
}{
	{Font, "", goregular.TTF},
	{Font, "B", gobold.TTF},
	{Font, "I", goitalic.TTF},
	{Font, "BI", gobolditalic.TTF},
	{FontMono, "", gomono.TTF},
}

// UseFont registers an embedded font with the document unless it has it. fpdf v0.9.0 writes into the bytes it is given while it
// subsets a font (utf8FontFile.getMetrics appends to a slice of them), so
// each document gets its own copy: sharing the gofont slices would make a
// document's bytes depend on what was rendered before it.
func UseFont(pdf *fpdf.Fpdf, family, style string) {
	if pdf.GetFontDesc(family, style).Ascent != 0 {
		return // registered already: skip the copy
	}
	for _, f := range fonts {
		if f.family == family && f.style == style {
			pdf.AddUTF8FontFromBytes(family, style, bytes.Clone(f.ttf))
			return
		}
	}
}

// SetFont registers the font if need be and makes it current.
func SetFont(pdf *fpdf.Fpdf, family, style string, size float64) {
	UseFont(pdf, family, style)
	pdf.SetFont(family, style, size)
}

// Bytes renders the document, or returns its first error.
func Bytes(pdf *fpdf.Fpdf) ([]byte, error) {
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteFile writes data to path through a temporary file in the same
// folder and a rename, so a reader never sees a half-written file and a
// failed run leaves the old file as it was.
func WriteFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp)
		if werr != nil {
			return werr
		}
		return cerr
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// WritePDF renders pdf and writes it to path safely.
func WritePDF(path string, pdf *fpdf.Fpdf) error {
	data, err := Bytes(pdf)
	if err != nil {
		return err
	}
	return WriteFile(path, data)
}

// FontFaces lists the embedded fonts as (family, style) pairs.
func FontFaces() [][2]string {
	out := make([][2]string, len(fonts))
	for i, f := range fonts {
		out[i] = [2]string{f.family, f.style}
	}
	return out
}

// FontTTF returns a copy of an embedded font's TrueType bytes (for
// measuring text outside fpdf), or nil.
func FontTTF(family, style string) []byte {
	for _, f := range fonts {
		if f.family == family && f.style == style {
			return bytes.Clone(f.ttf)
		}
	}
	return nil
}
