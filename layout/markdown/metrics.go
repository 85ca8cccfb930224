package markdown

import (
	"slices"
	"sync/atomic"

	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/layout"
)

// Text is measured here rather than through fpdf: asking fpdf means
// selecting a font on the document, which writes a font switch into the
// page stream every time. The widths are computed exactly as fpdf computes
// them for its UTF-8 fonts (glyphs.Font.Width), and a test compares the
// two for every glyph.

// metrics are the advance widths of one font in 1/1000 em (BMP only,
// like fpdf; 0 for a rune the font has no glyph for).
type metrics struct{ f *glyphs.Font }

// font is a family and style as layout.NewDoc registers them, with the
// metrics text in it is measured by: the face's own, or the family's
// regular face's for a style the family lacks.
type font struct {
	family, style string
	m             *metrics
}

// faces are the fonts of every family in every style, built for the text
// font in use (glyphs.Text: the Go font or a club's --font, chosen once at
// start-up).
type faces struct {
	text *glyphs.Font
	list []*font
}

// styles are the styles a face may ask for.
var styles = [...]string{"", "B", "I", "BI"}

var fontFaces atomic.Pointer[faces]

// fontOf returns the font of a family and style registered by
// layout.NewDoc. A face is made for every run of text, so this is a short
// search of fonts made once, not a map of concatenated keys.
func fontOf(family, style string) *font {
	for _, f := range currentFaces().list {
		if f.family == family && f.style == style {
			return f
		}
	}
	return &font{family: family, style: style} // no such family: no metrics
}

// currentFaces returns the fonts for the text font in use. Documents laid
// out side by side may ask first together: one set is stored and every
// one of them uses it, since faces (and so runs of text, see sameRun)
// are told apart by their font's pointer.
func currentFaces() *faces {
	for {
		fs := fontFaces.Load()
		if fs != nil && fs.text == glyphs.Text() {
			return fs
		}
		fontFaces.CompareAndSwap(fs, newFaces())
	}
}

// newFaces builds the fonts of every registered family, in every style.
func newFaces() *faces {
	fs := &faces{text: glyphs.Text()}
	own := map[[2]string]*metrics{}
	var families []string
	for _, f := range layout.FontFaces() {
		g := layout.FaceGlyphs(f[0], f[1])
		own[f] = &metrics{g}
		if !slices.Contains(families, f[0]) {
			families = append(families, f[0])
		}
	}
	for _, fam := range families {
		for _, st := range styles {
			m := own[[2]string{fam, st}]
			if m == nil {
				m = own[[2]string{fam, ""}]
			}
			fs.list = append(fs.list, &font{family: fam, style: st, m: m})
		}
	}
	for _, f := range layout.FontFaces() {
		if !slices.Contains(styles[:], f[1]) { // a style of its own
			fs.list = append(fs.list, &font{family: f[0], style: f[1], m: own[f]})
		}
	}
	return fs
}

// faceMetrics returns the metrics of a family and style registered by
// layout.NewDoc (the family's regular face for a style it lacks).
func faceMetrics(family, style string) *metrics { return fontOf(family, style).m }

// width of s in mm at size pt. Runes without a glyph count as 500 units,
// as fpdf counts them; text is passed through fallback first so that does
// not happen in practice.
func (m *metrics) width(s string, size float64) float64 {
	u := 0
	for _, r := range s {
		if w := m.f.Width(r); w != 0 {
			u += w
		} else {
			u += 500
		}
	}
	return float64(u) * size / 1000 * ptMM
}

// ptMM is one point in millimetres.
const ptMM = 25.4 / 72

// fallback returns s with every rune the face lacks replaced (see
// glyphs.Font.Replace). It returns s itself when nothing needs replacing,
// which is the common case.
func fallback(s string, m *metrics) string { return m.f.Replace(s) }
