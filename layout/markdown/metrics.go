package markdown

import (
	"sync/atomic"

	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/layout"
)

// Text is measured here rather than through fpdf: asking fpdf means
// selecting a font on the document, which writes a font switch into the
// page stream every time. The widths are computed exactly as fpdf computes
// them for its UTF-8 fonts (glyphs.Font.Widths), and a test compares the
// two for every glyph.

// metrics holds the advance widths of one font in 1/1000 em, indexed by
// rune (BMP only, like fpdf); 0 means the font has no glyph for the rune.
type metrics struct {
	w []uint16
	f *glyphs.Font // whose widths w are
}

// has reports whether the font has a glyph for r.
func (m *metrics) has(r rune) bool {
	return r >= 0 && int(r) < len(m.w) && m.w[r] != 0
}

// faces are the metrics of every face, built for the text font in use
// (glyphs.Text: the Go font or a club's --font, chosen once at start-up).
type faces struct {
	text *glyphs.Font
	list []faceMetric
}

// faceMetric is the metrics of one family and style.
type faceMetric struct {
	family, style string
	m             *metrics
}

var fontFaces atomic.Pointer[faces]

// faceMetrics returns the metrics of a family and style registered by
// layout.NewDoc (the family's regular face for a style it lacks). Text is
// measured a word at a time, so this is a short search, not a map of
// concatenated keys.
func faceMetrics(family, style string) *metrics {
	fs := fontFaces.Load()
	if fs == nil || fs.text != glyphs.Text() {
		fs = &faces{text: glyphs.Text()}
		for _, f := range layout.FontFaces() {
			g := layout.FaceGlyphs(f[0], f[1])
			fs.list = append(fs.list, faceMetric{f[0], f[1], &metrics{w: g.Widths(), f: g}})
		}
		fontFaces.Store(fs)
	}
	var regular *metrics
	for _, f := range fs.list {
		if f.family != family {
			continue
		}
		if f.style == style {
			return f.m
		}
		if f.style == "" {
			regular = f.m
		}
	}
	return regular
}

// width of s in mm at size pt. Runes without a glyph count as 500 units,
// as fpdf counts them; text is passed through fallback first so that does
// not happen in practice.
func (m *metrics) width(s string, size float64) float64 {
	u := 0
	for _, r := range s {
		if m.has(r) {
			u += int(m.w[r])
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
