package pdftest

import (
	"regexp"
	"strconv"
	"strings"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// font is a page's font as far as reading text and its ink needs: its
// name, its codes, the advance of each and the ink of each glyph.
type font struct {
	name   string
	wide   bool // two-byte codes: Type0 with Identity-H
	widths map[int]float64
	dw     float64 // the advance of a code not in widths, thousandths of an em
	prog   *sfnt.Font
	gids   []byte // CIDToGIDMap, two bytes a CID; nil for Identity
	ink    map[int]glyphInk
	buf    sfnt.Buffer
}

// glyphInk is a glyph's ink in ems from its origin, y up; empty for a
// glyph that prints nothing (a space).
type glyphInk struct {
	x0, y0, x1, y1 float64
	empty          bool
}

// Where a font's program is not embedded (a core font), a glyph's ink is
// taken to fill its advance from the descender to the ascender.
const (
	coreAscent  = 0.72
	coreDescent = -0.21
)

var (
	widthsRE = regexp.MustCompile(`/Widths\s*\[([^\]]*)\]`)
	firstRE  = regexp.MustCompile(`/FirstChar\s+(\d+)`)
	dwRE     = regexp.MustCompile(`/DW\s+(\d+(\.\d+)?)`)
	wRE      = regexp.MustCompile(`/W\s*\[`)
)

// loadFont reads font object n.
func loadFont(objs map[int]object, n int) *font {
	d := objs[n].dict
	f := &font{widths: map[int]float64{}, dw: 1000, ink: map[int]glyphInk{}}
	if bm := baseFontRE.FindStringSubmatch(d); bm != nil {
		f.name = bm[1]
	}
	f.wide = strings.Contains(d, "/Type0") && strings.Contains(d, "Identity-H")
	desc := d
	if f.wide {
		if ks := refsKey(d, "DescendantFonts"); len(ks) > 0 {
			desc = objs[ks[0]].dict
		}
		if m := dwRE.FindStringSubmatch(desc); m != nil {
			f.dw, _ = strconv.ParseFloat(m[1], 64)
		}
		f.readW(objs, desc)
		if g := refKey(desc, "CIDToGIDMap"); g != 0 {
			f.gids = objs[g].stream
		}
	} else {
		f.dw = 500
		if m := widthsRE.FindStringSubmatch(d); m != nil {
			first := 0
			if fm := firstRE.FindStringSubmatch(d); fm != nil {
				first, _ = strconv.Atoi(fm[1])
			}
			for i, w := range strings.Fields(m[1]) {
				f.widths[first+i], _ = strconv.ParseFloat(w, 64)
			}
		}
	}
	if fd := refKey(desc, "FontDescriptor"); fd != 0 {
		if p := refKey(objs[fd].dict, "FontFile2"); p != 0 {
			f.prog, _ = sfnt.Parse(objs[p].stream)
		}
	}
	return f
}

// readW reads a CID font's W array: c [w1 w2 …] gives the widths from c
// on; c1 c2 w gives c1 to c2 one.
func (f *font) readW(objs map[int]object, desc string) {
	src := desc
	if r := refKey(desc, "W"); r != 0 {
		src = "/W " + objs[r].dict
	}
	loc := wRE.FindStringIndex(src)
	if loc == nil {
		return
	}
	l := lexer{}
	l.B = []byte(src[loc[1]-1:])
	tok, err := l.next()
	if err != nil || tok.kind != tArray {
		return
	}
	items := tok.items
	for k := 0; k+1 < len(items); {
		if items[k].kind != tNum {
			return
		}
		c := int(items[k].num)
		if items[k+1].kind == tArray {
			for j, w := range items[k+1].items {
				f.widths[c+j] = w.num
			}
			k += 2
			continue
		}
		if k+2 >= len(items) {
			return
		}
		for j := c; j <= int(items[k+1].num) && j-c < 65536; j++ {
			f.widths[j] = items[k+2].num
		}
		k += 3
	}
}

// advance is code c's advance in thousandths of an em.
func (f *font) advance(c int) float64 {
	if w, ok := f.widths[c]; ok {
		return w
	}
	return f.dw
}

// glyph is the ink of code c.
func (f *font) glyph(c int, r rune) glyphInk {
	if g, ok := f.ink[c]; ok {
		return g
	}
	g := glyphInk{x0: 0, y0: coreDescent, x1: f.advance(c) / 1000, y1: coreAscent, empty: r == ' ' || r == '\u00a0'}
	if f.prog != nil {
		gid := uint16(c)
		if f.gids != nil {
			gid = 0
			if 2*c+1 < len(f.gids) {
				gid = uint16(f.gids[2*c])<<8 | uint16(f.gids[2*c+1])
			}
		}
		upem := fixed.Int26_6(f.prog.UnitsPerEm()) << 6
		b, _, err := f.prog.GlyphBounds(&f.buf, sfnt.GlyphIndex(gid), upem, xfont.HintingNone)
		if err == nil {
			k := 1 / float64(upem)
			// sfnt's y runs down.
			g = glyphInk{x0: float64(b.Min.X) * k, y0: -float64(b.Max.Y) * k, x1: float64(b.Max.X) * k, y1: -float64(b.Min.Y) * k}
			g.empty = b.Min.X >= b.Max.X || b.Min.Y >= b.Max.Y
		}
	}
	f.ink[c] = g
	return g
}
