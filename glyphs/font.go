// Package glyphs knows which characters printed text can draw: those the
// text font has (the embedded Go font, or the TrueType font a club names
// with --font), and what prints in place of the rest. Text is checked
// where it enters playaid, where its file and line are known (diag warns
// about a TOML string, document about a template line); it is replaced
// where it is drawn, so HTML, Markdown and the web pages keep it whole.
//
// The PDF writer draws only characters up to U+FFFF (its fonts' character
// maps are format 4), so an emoji never prints, whatever the font.
package glyphs

import (
	"encoding/binary"
	"fmt"
	"math"
	"unicode"
)

// Font is a TrueType font as far as printing text needs it: its bytes and
// the advance width of every character it has.
type Font struct {
	// Name is the file the font came from, as the user named it; "" for
	// the embedded Go font.
	Name string
	// TTF is the font file. Nothing may write to it.
	TTF []byte

	w     widths
	ascii [128]bool // the ASCII characters that print (spacing included): most text is all ASCII
	asIs  [256]bool // the bytes that print as themselves (ASCII from the space up): one test a byte
}

// widths holds the advance of each BMP rune in 1/1000 em (0: no glyph),
// in pages of 256 runes, nil where the font has none: a font covers a
// handful of the 256 pages (the Go font 15), so a table of every rune
// would be nearly all zeros, 128 KB a face held for the whole run.
type widths [256]*[256]uint16

// Has reports whether the font has a glyph for r.
func (f *Font) Has(r rune) bool { return f.Width(r) != 0 }

// Width returns the advance width of r in 1/1000 em as the PDF writer
// computes it (rounded from the font's units; 65535 for a glyph of no
// width); 0 means no glyph.
func (f *Font) Width(r rune) int {
	if uint32(r) > 0xFFFF {
		return 0
	}
	page := f.w[r>>8]
	if page == nil {
		return 0
	}
	return int(page[r&0xFF])
}

// A FontError says why a file is not a font the PDF writer can use.
type FontError struct{ Msg string }

func (e *FontError) Error() string { return e.Msg }

func bad(format string, args ...any) error {
	return &FontError{fmt.Sprintf(format, args...)}
}

var errShort = bad("the font file is cut short or damaged: a table runs past its end")

// Parse reads a TrueType font. It accepts only what the PDF writer
// (internal/fpdf) reads without complaint: TrueType outlines, a
// Unicode character map in format 4, the table formats it knows, and a
// licence that allows embedding. Anything else is a *FontError saying
// what is wrong, so a bad --font is refused before anything is drawn.
func Parse(name string, ttf []byte) (*Font, error) {
	be := binary.BigEndian
	if len(ttf) < 12 {
		return nil, bad("not a TrueType font: the file is %d bytes", len(ttf))
	}
	switch v := be.Uint32(ttf); v {
	case 0x00010000, 0x74727565: // TrueType
	case 0x4F54544F: // "OTTO"
		return nil, bad("an OpenType font with PostScript (CFF) outlines; the PDF writer needs TrueType outlines (a .ttf with a glyf table)")
	case 0x74746366: // "ttcf"
		return nil, bad("a font collection (.ttc); expected a single TrueType font (.ttf)")
	default:
		return nil, bad("not a TrueType font (it starts %q); expected a .ttf file", ttf[:4])
	}
	tables := map[string][]byte{}
	n := int(be.Uint16(ttf[4:]))
	for i := range n {
		rec := 12 + 16*i
		if rec+16 > len(ttf) {
			return nil, errShort
		}
		off, length := int64(be.Uint32(ttf[rec+8:])), int64(be.Uint32(ttf[rec+12:]))
		if off+length > int64(len(ttf)) {
			return nil, errShort
		}
		tables[string(ttf[rec:rec+4])] = ttf[off : off+length]
	}
	for _, t := range []string{"cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"} {
		if _, ok := tables[t]; !ok {
			return nil, bad("the font has no %s table; a TrueType font needs one", t)
		}
	}
	head, hhea, hmtx, maxp := tables["head"], tables["hhea"], tables["hmtx"], tables["maxp"]
	if len(head) < 54 || len(hhea) < 36 || len(maxp) < 6 || len(tables["post"]) < 16 {
		return nil, errShort
	}
	unitsPerEm := int(be.Uint16(head[18:]))
	if unitsPerEm < 16 || unitsPerEm > 16384 {
		return nil, bad("the font has %d units per em; expected 16 to 16384", unitsPerEm)
	}
	if loca := be.Uint16(head[50:]); loca > 1 {
		return nil, bad("the font's glyph index (loca) has unknown format %d", loca)
	}
	if f := be.Uint16(head[52:]); f != 0 {
		return nil, bad("the font's glyph data has unknown format %d", f)
	}
	if f := be.Uint16(hhea[32:]); f != 0 {
		return nil, bad("the font's metrics have unknown format %d", f)
	}
	nMetrics := int(be.Uint16(hhea[34:]))
	if nMetrics == 0 || len(hmtx) < 4*nMetrics {
		return nil, bad("the font has no horizontal metrics")
	}
	glyphs, err := outlines(tables, int(be.Uint16(maxp[4:])), be.Uint16(head[50:]) == 1)
	if err != nil {
		return nil, err
	}
	if err := checkComposites(glyphs); err != nil {
		return nil, err
	}
	if err := checkName(tables["name"]); err != nil {
		return nil, err
	}
	if os2 := tables["OS/2"]; os2 != nil {
		if len(os2) < 72 || be.Uint16(os2) > 1 && len(os2) < 90 {
			return nil, errShort
		}
		// fsType: 2 is "restricted licence embedding", 0x100 "no
		// subsetting", 0x200 "bitmap embedding only".
		if t := be.Uint16(os2[8:]); t == 2 || t&0x300 != 0 {
			return nil, bad("the font's licence does not allow embedding it in a PDF (OS/2 fsType %#x)", t)
		}
	}
	sub := unicodeMap(tables["cmap"])
	if sub == nil {
		return nil, bad("the font has no Unicode character map in format 4 (platform 3 encoding 1, or platform 0)")
	}
	w, err := readWidths(sub, hmtx, nMetrics, 1000/float64(unitsPerEm))
	if err != nil {
		return nil, err
	}
	f := &Font{Name: name, TTF: ttf, w: w}
	for c := range f.ascii {
		f.ascii[c] = f.Has(rune(c)) || unicode.IsSpace(rune(c))
		f.asIs[c] = f.ascii[c] && c >= ' '
	}
	return f, nil
}

// outlines returns each glyph's outline data, checking that every one
// lies inside the glyf table.
func outlines(tables map[string][]byte, n int, long bool) ([][]byte, error) {
	be := binary.BigEndian
	loca, glyf := tables["loca"], tables["glyf"]
	size := 2
	if long {
		size = 4
	}
	if n == 0 || len(loca) < size*(n+1) {
		return nil, errShort
	}
	at := func(g int) int {
		if long {
			return int(be.Uint32(loca[4*g:]))
		}
		return 2 * int(be.Uint16(loca[2*g:]))
	}
	out := make([][]byte, n)
	for g := range n {
		from, to := at(g), at(g+1)
		if from > to || to > len(glyf) {
			return nil, errShort
		}
		out[g] = glyf[from:to]
	}
	return out, nil
}

// Flags of a composite glyph's components (TrueType glyf table).
const (
	argWords   = 0x0001
	scale      = 0x0008
	more       = 0x0020
	xyScale    = 0x0040
	twoByTwo   = 0x0080
	maxNesting = 32 // fonts nest components a level or two deep
)

// checkComposites checks the glyphs made of other glyphs, which the PDF
// writer follows when it embeds a glyph: every component is a glyph of
// the font, its record lies inside the glyph, and no glyph is made of
// itself, at any depth (the writer would recurse until the stack runs
// out, which no recover catches).
func checkComposites(glyphs [][]byte) error {
	const (
		unseen = iota
		open
		done
	)
	state := make([]uint8, len(glyphs))
	var visit func(g, depth int) error
	visit = func(g, depth int) error {
		switch {
		case state[g] == done:
			return nil
		case state[g] == open:
			return bad("the font's glyph %d is made of itself", g)
		case depth > maxNesting:
			return bad("the font's glyph %d nests components more than %d deep", g, maxNesting)
		}
		state[g] = open
		comps, err := components(glyphs[g])
		if err != nil {
			return bad("the font's glyph %d: %v", g, err)
		}
		for _, c := range comps {
			if c >= len(glyphs) {
				return bad("the font's glyph %d is made of glyph %d, which it does not have", g, c)
			}
			if err := visit(c, depth+1); err != nil {
				return err
			}
		}
		state[g] = done
		return nil
	}
	for g := range glyphs {
		if err := visit(g, 0); err != nil {
			return err
		}
	}
	return nil
}

// components returns the glyphs a composite glyph is made of; none for a
// simple one.
func components(data []byte) ([]int, error) {
	be := binary.BigEndian
	if len(data) == 0 {
		return nil, nil // an empty glyph (a space)
	}
	if len(data) < 10 {
		return nil, fmt.Errorf("%d bytes, too short for its header", len(data))
	}
	if int16(be.Uint16(data)) >= 0 {
		return nil, nil
	}
	var out []int
	at := 10
	for {
		if at+4 > len(data) {
			return nil, fmt.Errorf("a component runs past the glyph")
		}
		flags := be.Uint16(data[at:])
		out = append(out, int(be.Uint16(data[at+2:])))
		at += 4
		if flags&argWords != 0 {
			at += 4
		} else {
			at += 2
		}
		switch {
		case flags&scale != 0:
			at += 2
		case flags&xyScale != 0:
			at += 4
		case flags&twoByTwo != 0:
			at += 8
		}
		if at > len(data) {
			return nil, fmt.Errorf("a component runs past the glyph")
		}
		if flags&more == 0 {
			return out, nil
		}
	}
}

// checkName checks the naming table the PDF writer reads the font's name
// from: format 0, every string inside the table, the Windows ones in
// UTF-16 (an even number of bytes).
func checkName(name []byte) error {
	be := binary.BigEndian
	if len(name) < 6 {
		return errShort
	}
	if f := be.Uint16(name); f != 0 {
		return bad("the font's naming table has format %d; the PDF writer reads format 0", f)
	}
	count, strings := int(be.Uint16(name[2:])), int(be.Uint16(name[4:]))
	if 6+12*count > len(name) {
		return errShort
	}
	for i := range count {
		rec := name[6+12*i:]
		platform, id := be.Uint16(rec), be.Uint16(rec[6:])
		size, off := int(be.Uint16(rec[8:])), int(be.Uint16(rec[10:]))
		if strings+off+size > len(name) {
			return errShort
		}
		if platform == 3 && size%2 != 0 && (id <= 4 || id == 6) {
			return bad("the font's name (id %d) is not UTF-16", id)
		}
	}
	return nil
}

// unicodeMap returns the character map's first format 4 subtable for
// Unicode, the one the PDF writer uses, or nil.
func unicodeMap(cmap []byte) []byte {
	be := binary.BigEndian
	if len(cmap) < 4 {
		return nil
	}
	for i := range int(be.Uint16(cmap[2:])) {
		rec := 4 + 8*i
		if rec+8 > len(cmap) {
			return nil
		}
		platform, encoding := be.Uint16(cmap[rec:]), be.Uint16(cmap[rec+2:])
		off := int(be.Uint32(cmap[rec+4:]))
		if (platform == 3 && encoding == 1 || platform == 0) && off+14 <= len(cmap) && be.Uint16(cmap[off:]) == 4 {
			return cmap[off:]
		}
	}
	return nil
}

// readWidths reads a format 4 character map and the advance widths: the
// width of each BMP rune in 1/1000 em, exactly as the PDF writer computes
// it (the advance scaled and rounded; 65535 marks a glyph of no width).
func readWidths(sub, hmtx []byte, nMetrics int, scale float64) (w widths, err error) {
	be := binary.BigEndian
	segs := int(be.Uint16(sub[6:])) / 2
	if len(sub) < 16+8*segs {
		return w, errShort
	}
	ends, starts := sub[14:], sub[16+2*segs:]
	deltas, ranges := sub[16+4*segs:], sub[16+6*segs:]
	advance := func(glyph int) int {
		glyph = min(glyph, nMetrics-1) // a monospaced tail shares the last advance
		a := int(be.Uint16(hmtx[4*glyph:]))
		if a >= 1<<15 {
			a = 0
		}
		return a
	}
	for s := range segs {
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
			a := int(math.Round(scale * float64(advance(g))))
			if a == 0 || a > 65535 {
				a = 65535 // the PDF writer's mark for a glyph of no width
			}
			if w[c>>8] == nil {
				w[c>>8] = new([256]uint16)
			}
			w[c>>8][c&0xFF] = uint16(a)
		}
	}
	return w, nil
}
