package layout

import (
	"bytes"
	"sync"

	"github.com/go-pdf/fpdf"
)

// Text faces print an unslashed zero (see PlainZero): the Go font's
// slashed one reads oddly in prose, tables and on markers ("D1Ø", "10″"
// as "1Ø″"). The monospaced face keeps its slash, as code should. The
// fonts are patched once; each document gets its own copy, as UseFont
// gives it.
var (
	plainOnce sync.Once
	plainTTF  map[string][]byte // by style
)

// UsePlainZero registers the text face family/style with the plain zero,
// unless the document has the face already; SetFont and fpdf's own
// SetFont then find it registered and use it. Other families (the
// monospaced face) are left to UseFont.
func UsePlainZero(pdf *fpdf.Fpdf, family, style string) {
	if family != Font || pdf.GetFontDesc(family, style).Ascent != 0 {
		return
	}
	plainOnce.Do(func() {
		plainTTF = map[string][]byte{}
		for _, f := range fonts {
			if f.family != Font {
				continue
			}
			// A font PlainZero cannot patch keeps its slashed zero.
			if b, err := PlainZero(f.ttf); err == nil {
				plainTTF[f.style] = b
			}
		}
	})
	if b := plainTTF[style]; b != nil {
		pdf.AddUTF8FontFromBytes(family, style, bytes.Clone(b))
		return
	}
	UseFont(pdf, family, style)
}
