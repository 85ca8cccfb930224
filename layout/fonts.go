package layout

import (
	_ "embed"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/playaid/playaid/internal/fpdf"
	"golang.org/x/image/font/gofont/gomono"

	"github.com/playaid/playaid/glyphs"
)

// Font is the family name of the embedded Go font; FontMono is its
// monospaced companion. Core PDF fonts only know cp1252, so "–", "″" and
// "…" need a TrueType font.
const (
	Font     = "go"
	FontMono = "gomono"
)

// face is one embedded TrueType font. It is parsed once per process, on
// first use, and every document registers the parsed font: fpdf's
// AddUTF8FontFromBytes would parse the font, read its character map and
// hash its 65,536 widths again for each document, a third of the time of a
// print pack. fpdf never writes to the font bytes (internal/fpdf), so
// documents share them and do not depend on one another.
type face struct {
	family, style string
	ttf           []byte
	parsed        func() (*fpdf.UTF8Font, error)
	glyphs        func() *glyphs.Font // its widths, for measuring without fpdf
}

// fonts are the embedded fonts by family and style. The text faces print
// an unslashed zero: the Go font's slashed one reads oddly in prose,
// tables and on markers ("D1Ø", "1Ø″"). The monospaced face keeps its
// slash, as code should.
var fonts = [...]face{
	newFace(Font, "", goRegular),
	newFace(Font, "B", goBold),
	newFace(Font, "I", goItalic),
	newFace(Font, "BI", goBoldItalic),
	newFace(FontMono, "", gomono.TTF),
}

// The text faces of the Go font with the zero of each drawn as its
// unslashed alternate (fonts/README). Files rather than patched in the
// process: patching copies the four faces, 0.6 MB, onto the heap, held
// there for as long as the process makes documents.
var (
	//go:embed fonts/Go-Regular.ttf
	goRegular []byte
	//go:embed fonts/Go-Bold.ttf
	goBold []byte
	//go:embed fonts/Go-Italic.ttf
	goItalic []byte
	//go:embed fonts/Go-Bold-Italic.ttf
	goBoldItalic []byte
)

func newFace(family, style string, ttf []byte) face {
	return face{family, style, ttf, sync.OnceValues(func() (*fpdf.UTF8Font, error) {
		font, err := fpdf.ParseUTF8Font(ttf)
		if err != nil {
			return nil, err
		}
		return font.WithRunes(subsetRunes), nil
	}), sync.OnceValue(func() *glyphs.Font {
		g, err := glyphs.Parse("", ttf)
		if err != nil {
			panic(fmt.Sprintf("layout: embedded font %s %q: %v", family, style, err))
		}
		return g
	})}
}

// subsetRunes are in every document's subset of a face, used or not:
// printable ASCII but for the marks of code (@ ^ ` { | } ~), and the
// typographic marks the documents print: the no-break space, the tick
// box and the range sticks' joining arrows among them. A document embeds the
// glyphs it uses; with these beside them, the documents of the print
// pack use the same glyphs of a face and share one subset of it, made and
// compressed once per process instead of once per document (fpdf's
// UTF8Font.WithRunes), for a few glyphs more in each.
const subsetRunes = " !\"#$%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]_abcdefghijklmnopqrstuvwxyz" +
	"\u00a0±·×–—‘’“”†‡•…′″→−≤≥□►◄"

// clubFont is the font a club named with --font, parsed once for fpdf.
type clubFont struct {
	glyphs *glyphs.Font
	parsed *fpdf.UTF8Font
}

// club, when set, is the face of every text style (Font in all four
// styles); FontMono stays Go Mono.
var club atomic.Pointer[clubFont]

// clubFace returns the club's font when family is the text family it
// replaces, else nil.
func clubFace(family string) *clubFont {
	if family != Font {
		return nil
	}
	return club.Load()
}

// UseFont registers an embedded font with the document unless it has it.
// An unknown family or style is ignored: fpdf reports it when the font is
// set.
func UseFont(pdf *fpdf.Fpdf, family, style string) {
	for _, f := range fonts {
		if f.family == family && f.style == style {
			if c := clubFace(family); c != nil {
				pdf.AddUTF8FontFromParsed(family, style, c.parsed)
				return
			}
			font, err := f.parsed()
			if err != nil {
				pdf.SetError(fmt.Errorf("embedded font %s %q: %w", family, style, err))
				return
			}
			pdf.AddUTF8FontFromParsed(family, style, font)
			return
		}
	}
}

// SetFont registers the font if need be and makes it current.
func SetFont(pdf *fpdf.Fpdf, family, style string, size float64) {
	// The current font is registered: documents set their font before
	// nearly every line, mostly the one they have.
	if pdf.GetFontFamily() != family || pdf.GetFontStyle() != style {
		UseFont(pdf, family, style)
	}
	pdf.SetFont(family, style, size)
}

// FontFaces lists the embedded fonts as (family, style) pairs.
func FontFaces() [][2]string {
	out := make([][2]string, len(fonts))
	for i, f := range fonts {
		out[i] = [2]string{f.family, f.style}
	}
	return out
}

// FaceGlyphs returns what a face can draw and how wide, for measuring text
// outside fpdf: the club's font for a text face when there is one, else
// the embedded font; nil for a face that does not exist.
func FaceGlyphs(family, style string) *glyphs.Font {
	for _, f := range fonts {
		if f.family == family && f.style == style {
			if c := clubFace(family); c != nil {
				return c.glyphs
			}
			return f.glyphs()
		}
	}
	return nil
}
