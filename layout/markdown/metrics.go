package markdown

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"sync"

	"github.com/playaid/playaid/layout"
)

// Text is measured here rather than through fpdf: asking fpdf means
// selecting a font on the document, which writes a font switch into the
// page stream every time. The widths are computed exactly as fpdf computes
// them for its UTF-8 fonts (format 4 cmap, hmtx advance scaled to 1000
// units per em and rounded), and a test compares the two for every glyph.

// metrics holds the advance widths of one font in 1/1000 em, indexed by
// rune (BMP only, like fpdf); 0 means the font has no glyph for the rune.
type metrics struct {
	w []uint16
}

// has reports whether the font has a glyph for r.
func (m *metrics) has(r rune) bool {
	return r >= 0 && int(r) < len(m.w) && m.w[r] != 0
}

var (
	fontsOnce sync.Once
	fontFaces []faceMetric
	fontsErr  error
)

// faceMetric is the metrics of one family and style.
type faceMetric struct {
	family, style string
	m             *metrics
}

func loadFonts() {
	for _, f := range layout.FontFaces() {
		m, err := parseMetrics(layout.FontTTF(f[0], f[1]))
		if err != nil {
			fontsErr = err
			return
		}
		fontFaces = append(fontFaces, faceMetric{f[0], f[1], m})
	}
}

// faceMetrics returns the metrics of a family and style registered by
// layout.NewDoc (the family's regular face for a style it lacks). Text is
// measured a word at a time, so this is a short search, not a map of
// concatenated keys.
func faceMetrics(family, style string) *metrics {
	fontsOnce.Do(loadFonts)
	if fontsErr != nil {
		panic("markdown: embedded Go font unreadable: " + fontsErr.Error())
	}
	var regular *metrics
	for _, f := range fontFaces {
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

var errFont = errors.New("bad TrueType font")

// parseMetrics reads head, hhea, hmtx and the format 4 cmap of a TrueType
// font: just enough to know which runes it covers and how wide they are.
func parseMetrics(ttf []byte) (*metrics, error) {
	be := binary.BigEndian
	if len(ttf) < 12 {
		return nil, errFont
	}
	tables := map[string][]byte{}
	n := int(be.Uint16(ttf[4:]))
	for i := 0; i < n; i++ {
		rec := 12 + 16*i
		if rec+16 > len(ttf) {
			return nil, errFont
		}
		off, length := int(be.Uint32(ttf[rec+8:])), int(be.Uint32(ttf[rec+12:]))
		if off+length > len(ttf) {
			return nil, errFont
		}
		tables[string(ttf[rec:rec+4])] = ttf[off : off+length]
	}
	head, hhea, hmtx, cmap := tables["head"], tables["hhea"], tables["hmtx"], tables["cmap"]
	if len(head) < 20 || len(hhea) < 36 || cmap == nil {
		return nil, errFont
	}
	unitsPerEm := float64(be.Uint16(head[18:]))
	nMetrics := int(be.Uint16(hhea[34:]))
	if len(hmtx) < 4*nMetrics || nMetrics == 0 {
		return nil, errFont
	}
	advance := func(glyph int) int {
		if glyph >= nMetrics {
			glyph = nMetrics - 1 // monospaced tail shares the last advance
		}
		a := int(be.Uint16(hmtx[4*glyph:]))
		if a >= 1<<15 {
			a = 0
		}
		return a
	}
	// Find the Unicode BMP subtable in format 4, as fpdf does.
	var sub []byte
	for i := 0; i < int(be.Uint16(cmap[2:])); i++ {
		rec := 4 + 8*i
		platform, encoding := be.Uint16(cmap[rec:]), be.Uint16(cmap[rec+2:])
		off := int(be.Uint32(cmap[rec+4:]))
		if (platform == 3 && encoding == 1 || platform == 0) && off+4 <= len(cmap) && be.Uint16(cmap[off:]) == 4 {
			sub = cmap[off:]
			break
		}
	}
	if len(sub) < 14 {
		return nil, errFont
	}
	segs := int(be.Uint16(sub[6:])) / 2
	if len(sub) < 16+8*segs {
		return nil, errFont
	}
	ends, starts := sub[14:], sub[16+2*segs:]
	deltas, ranges := sub[16+4*segs:], sub[16+6*segs:]
	m := &metrics{w: make([]uint16, 0x10000)}
	scale := 1000 / unitsPerEm
	for s := 0; s < segs; s++ {
		end, start := int(be.Uint16(ends[2*s:])), int(be.Uint16(starts[2*s:]))
		delta, ro := int(be.Uint16(deltas[2*s:])), int(be.Uint16(ranges[2*s:]))
		for c := start; c <= end && c < 0xFFFF; c++ {
			var g int
			if ro == 0 {
				g = (c + delta) & 0xFFFF
			} else {
				at := 16 + 6*segs + 2*s + ro + 2*(c-start)
				if at+2 > len(sub) {
					continue
				}
				g = int(be.Uint16(sub[at:]))
				if g != 0 {
					g = (g + delta) & 0xFFFF
				}
			}
			if g == 0 || c == 0 {
				continue
			}
			w := int(math.Round(scale * float64(advance(g))))
			if w == 0 {
				w = 65535 // fpdf's marker for a zero-width glyph
			}
			m.w[c] = uint16(w)
		}
	}
	return m, nil
}

// fallbacks replaces characters the Go fonts lack with the nearest thing
// they have (all five faces cover the same set). A test checks that every
// key is missing and every replacement present. Anything else missing
// becomes "?" rather than an empty box. The Go fonts do have
// ≤ ≥ × ÷ ± ½ ¼ ¾ ⅛ ″ ′ – — … • ◦ → ← ↑ ↓ ≈ ≠ − √ ° □ ■ ►.
var fallbacks = map[rune]string{
	'✓':      "√", // check marks
	'✔':      "√",
	'✗':      "×", // ballot crosses
	'✘':      "×",
	'✕':      "×",
	'⅓':      "1/3",
	'⅔':      "2/3",
	'∼':      "~",
	'▸':      "►",
	'☐':      "□",
	'☑':      "■",
	'⚠':      "!",
	'\u2011': "-",      // non-breaking hyphen (we never break at hyphens anyway)
	'\u2009': " ",      // thin space
	'\u202F': "\u00A0", // narrow no-break space
}

// fallback returns s with every rune the face lacks replaced. It returns s
// itself when nothing needs replacing, which is the common case.
func fallback(s string, m *metrics) string {
	ok := true
	for _, r := range s {
		if !m.has(r) && r != ' ' {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case m.has(r) || r == ' ':
			b.WriteRune(r)
		case fallbacks[r] != "" && m.hasAll(fallbacks[r]):
			b.WriteString(fallbacks[r])
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

func (m *metrics) hasAll(s string) bool {
	for _, r := range s {
		if !m.has(r) && r != ' ' {
			return false
		}
	}
	return true
}
