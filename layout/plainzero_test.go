package layout

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// contours returns the number of contours of glyph g: the first field
// of its glyf entry.
func contours(t *testing.T, ttf []byte, g int) int {
	t.Helper()
	tab, err := tables(ttf)
	if err != nil {
		t.Fatal(err)
	}
	be := binary.BigEndian
	var at int
	if be.Uint16(tab["head"][50:]) == 1 {
		at = int(be.Uint32(tab["loca"][4*g:]))
	} else {
		at = 2 * int(be.Uint16(tab["loca"][2*g:]))
	}
	return int(int16(be.Uint16(tab["glyf"][at:])))
}

func TestPlainZero(t *testing.T) {
	for _, f := range fonts {
		ttf := bytes.Clone(f.ttf)
		tab, err := tables(ttf)
		if err != nil {
			t.Fatal(err)
		}
		n := int(binary.BigEndian.Uint16(tab["maxp"][4:]))
		zero, alt := glyphNamed(tab["post"], n, "zero"), glyphNamed(tab["post"], n, "zero.empty")
		if zero < 0 || alt < 0 {
			t.Fatalf("%s/%s: zero is glyph %d, zero.empty %d", f.family, f.style, zero, alt)
		}
		// Slashed: the counter is cut in two by the slash.
		if c := contours(t, ttf, zero); c != 3 {
			t.Errorf("%s/%s: the zero has %d contours; want 3 (slashed)", f.family, f.style, c)
		}
		out, err := PlainZero(ttf)
		if err != nil {
			t.Fatalf("%s/%s: %v", f.family, f.style, err)
		}
		if !bytes.Equal(ttf, f.ttf) {
			t.Errorf("%s/%s: PlainZero changed its input", f.family, f.style)
		}
		if c := contours(t, out, zero); c != 2 {
			t.Errorf("%s/%s: the new zero has %d contours; want 2 (plain)", f.family, f.style, c)
		}
		if len(out) != len(ttf) {
			t.Errorf("%s/%s: the font grew from %d to %d bytes", f.family, f.style, len(ttf), len(out))
		}
		// Only the zero changed: the other glyphs and the tables' places
		// are as they were.
		if c := contours(t, out, zero+1); c != contours(t, ttf, zero+1) {
			t.Errorf("%s/%s: glyph %d changed too", f.family, f.style, zero+1)
		}
	}
	if _, err := PlainZero([]byte("not a font")); err == nil {
		t.Error("PlainZero accepted garbage")
	}
	truncated := bytes.Clone(fonts[0].ttf)
	tab, _ := tables(truncated)
	clear(tab["post"]) // no glyph names: version 0
	if _, err := PlainZero(truncated); err == nil {
		t.Error("PlainZero found glyph names in a post table without any")
	}
}
