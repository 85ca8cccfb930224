package markers

import (
	"encoding/binary"
	"errors"
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/playaid/playaid/glyphs"
)

// inkFont is what a TrueType font tells of where its glyphs put ink: each
// glyph's box (the glyf table's) and advance, found by character. A
// face's text is kept inkInset inside its piece's outline by these boxes,
// not by the font's nominal ascent, which sits well above a capital.
type inkFont struct {
	upem    float64
	cmap    func(r rune) int
	box     func(g int) [4]int16 // xMin, yMin, xMax, yMax in font units, y up
	advance func(g int) int
}

var errFont = errors.New("a font without the tables a glyph's box needs")

// readInk reads the tables head, hhea, hmtx, loca, glyf and cmap (format
// 4, Unicode) of a TrueType font that glyphs.Parse has accepted.
func readInk(ttf []byte) (f *inkFont, err error) {
	defer func() {
		if recover() != nil { // a table shorter than it says
			f, err = nil, errFont
		}
	}()
	be := binary.BigEndian
	tab := map[string][]byte{}
	for i := range int(be.Uint16(ttf[4:])) {
		rec := ttf[12+16*i:]
		off, n := be.Uint32(rec[8:]), be.Uint32(rec[12:])
		tab[string(rec[:4])] = ttf[off : off+n]
	}
	head, hhea, hmtx, loca, glyf, cmap := tab["head"], tab["hhea"], tab["hmtx"], tab["loca"], tab["glyf"], tab["cmap"]
	long := be.Uint16(head[50:]) == 1
	nMetrics := int(be.Uint16(hhea[34:]))
	var sub []byte
	for i := range int(be.Uint16(cmap[2:])) {
		rec := cmap[4+8*i:]
		if p, e := be.Uint16(rec), be.Uint16(rec[2:]); (p == 3 && e == 1 || p == 0) && sub == nil {
			if s := cmap[be.Uint32(rec[4:]):]; be.Uint16(s) == 4 {
				sub = s
			}
		}
	}
	if sub == nil {
		return nil, errFont
	}
	segs := int(be.Uint16(sub[6:])) / 2
	u16 := func(b []byte, at int) int {
		if at+2 > len(b) {
			return 0
		}
		return int(be.Uint16(b[at:]))
	}
	return &inkFont{
		upem: float64(be.Uint16(head[18:])),
		cmap: func(r rune) int {
			for s := range segs {
				end, start := rune(u16(sub, 14+2*s)), rune(u16(sub, 16+2*segs+2*s))
				if r < start || r > end {
					continue
				}
				delta, ro := u16(sub, 16+4*segs+2*s), u16(sub, 16+6*segs+2*s)
				if ro == 0 {
					return (int(r) + delta) & 0xFFFF
				}
				g := u16(sub, 16+6*segs+2*s+ro+2*int(r-start))
				if g == 0 {
					return 0
				}
				return (g + delta) & 0xFFFF
			}
			return 0
		},
		box: func(g int) [4]int16 {
			var from, to int
			if long {
				if 4*g+8 > len(loca) {
					return [4]int16{}
				}
				from, to = int(be.Uint32(loca[4*g:])), int(be.Uint32(loca[4*g+4:]))
			} else {
				from, to = 2*u16(loca, 2*g), 2*u16(loca, 2*g+2)
			}
			if to <= from || from+10 > len(glyf) {
				return [4]int16{} // no outline: a space
			}
			d := glyf[from:]
			return [4]int16{int16(be.Uint16(d[2:])), int16(be.Uint16(d[4:])), int16(be.Uint16(d[6:])), int16(be.Uint16(d[8:]))}
		},
		advance: func(g int) int { return u16(hmtx, 4*min(g, nMetrics-1)) },
	}, nil
}

// inkFonts are the text faces' ink, regular and bold: the Go faces, or
// the club's font (--font) for both.
var inkFonts = sync.OnceValue(func() map[string]*inkFont {
	out := map[string]*inkFont{}
	for style, ttf := range map[string][]byte{"": goregular.TTF, "B": gobold.TTF} {
		if club := glyphs.Text(); club.Name != "" {
			ttf = club.TTF
		}
		if f, err := readInk(ttf); err == nil {
			out[style] = f
		}
	}
	return out
})

// inkHeight is how far the ink of s reaches above and below its baseline
// in style, in ems: its tallest and its deepest glyph. Without the font's
// boxes it gives the most any glyph of the Go font reaches.
func inkHeight(style, s string) (up, down float64) {
	f := inkFonts()[style]
	if f == nil {
		return 1.12, 0.27
	}
	for _, r := range s {
		if b := f.box(f.cmap(r)); b[3] > b[1] {
			up, down = max(up, float64(b[3])/f.upem), max(down, -float64(b[1])/f.upem)
		}
	}
	return up, down
}
