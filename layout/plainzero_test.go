package layout

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// The Go fonts draw the digit zero slashed ("Ø"), in every face: a coder's
// zero, odd in running text and tables ("D1Ø", "5Ø%"). Each face also
// carries an unslashed zero, the glyph "zero.empty", reachable only
// through OpenType features that a PDF does not apply. plainZero copies
// that glyph's outline over the zero's, so "0" prints plain in whatever
// reads the font (fpdf embeds the outlines as they are): it made the text
// faces in fonts/ (TestPlainZeroFiles).

// plainZero returns a copy of the TrueType font ttf whose "zero" glyph is
// drawn as its "zero.empty" alternate. Advance widths do not change, so
// text measures the same. It fails when the font lacks either glyph or
// the alternate's outline is larger than the zero's.
func plainZero(ttf []byte) ([]byte, error) {
	be := binary.BigEndian
	out := append([]byte(nil), ttf...)
	tab, err := tables(out)
	if err != nil {
		return nil, err
	}
	head, maxp, hhea, hmtx, loca, glyf, post := tab["head"], tab["maxp"], tab["hhea"], tab["hmtx"], tab["loca"], tab["glyf"], tab["post"]
	if len(head) < 54 || len(maxp) < 6 || len(hhea) < 36 {
		return nil, errBadFont
	}
	n := int(be.Uint16(maxp[4:]))
	long := be.Uint16(head[50:]) == 1
	offset := func(g int) (int, bool) {
		if long {
			if 4*g+4 > len(loca) {
				return 0, false
			}
			return int(be.Uint32(loca[4*g:])), true
		}
		if 2*g+2 > len(loca) {
			return 0, false
		}
		return 2 * int(be.Uint16(loca[2*g:])), true
	}
	zero, alt := glyphNamed(post, n, "zero"), glyphNamed(post, n, "zero.empty")
	if zero < 0 || alt < 0 {
		return nil, fmt.Errorf("font has no zero.empty glyph to replace its zero with")
	}
	z0, ok1 := offset(zero)
	z1, ok2 := offset(zero + 1)
	a0, ok3 := offset(alt)
	a1, ok4 := offset(alt + 1)
	if !(ok1 && ok2 && ok3 && ok4) || z1 < z0 || a1 < a0 || z1 > len(glyf) || a1 > len(glyf) {
		return nil, errBadFont
	}
	if a1-a0 > z1-z0 {
		return nil, fmt.Errorf("zero.empty (%d bytes) does not fit in the zero's %d bytes", a1-a0, z1-z0)
	}
	// hmtx holds an advance and a left side bearing for each of the first
	// nh glyphs, then only bearings: the rest share the last advance.
	nh := int(be.Uint16(hhea[34:]))
	if nh == 0 || len(hmtx) < 4*nh+2*(n-nh) || zero >= n || alt >= n {
		return nil, errBadFont
	}
	advance := func(g int) uint16 { return be.Uint16(hmtx[4*min(g, nh-1):]) }
	lsb := func(g int) []byte {
		if g < nh {
			return hmtx[4*g+2 : 4*g+4]
		}
		return hmtx[4*nh+2*(g-nh) : 4*nh+2*(g-nh)+2]
	}
	if advance(zero) != advance(alt) {
		return nil, fmt.Errorf("zero.empty is not as wide as the zero")
	}

	// The tables are slices of out: patch them in place. The zero's slot
	// in glyf keeps its length; the bytes after the new outline are
	// padding no reader looks at.
	copy(glyf[z0:z1], glyf[a0:a1])
	clear(glyf[z0+a1-a0 : z1])
	copy(lsb(zero), lsb(alt))
	return out, nil
}

var errBadFont = errors.New("bad TrueType font")

// tables returns the tables of a TrueType font by tag, as slices of ttf
// (writing to them writes to ttf).
func tables(ttf []byte) (map[string][]byte, error) {
	be := binary.BigEndian
	if len(ttf) < 12 {
		return nil, errBadFont
	}
	out := map[string][]byte{}
	for i := 0; i < int(be.Uint16(ttf[4:])); i++ {
		rec := 12 + 16*i
		if rec+16 > len(ttf) {
			return nil, errBadFont
		}
		off, length := int(be.Uint32(ttf[rec+8:])), int(be.Uint32(ttf[rec+12:]))
		if off < 0 || length < 0 || off+length > len(ttf) {
			return nil, errBadFont
		}
		out[string(ttf[rec:rec+4])] = ttf[off : off+length : off+length]
	}
	return out, nil
}

// glyphNamed finds a glyph by its name in a version 2 post table, or
// returns -1. Names 0–257 are the standard Macintosh names; only "zero"
// (19) is needed among them.
func glyphNamed(post []byte, n int, name string) int {
	be := binary.BigEndian
	if len(post) < 34+2*n || be.Uint32(post) != 0x00020000 || int(be.Uint16(post[32:])) < n {
		return -1
	}
	index := post[34 : 34+2*n]
	// The Pascal strings of the custom names follow the index.
	var custom []string
	for p := post[34+2*int(be.Uint16(post[32:])):]; len(p) > 0 && len(p) > int(p[0]); p = p[1+int(p[0]):] {
		custom = append(custom, string(p[1:1+int(p[0])]))
	}
	for g := 0; g < n; g++ {
		k := int(be.Uint16(index[2*g:]))
		switch {
		case k < 258:
			if k == 19 && name == "zero" {
				return g
			}
		case k-258 < len(custom) && custom[k-258] == name:
			return g
		}
	}
	return -1
}

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

// textFaces are the Go font's text faces as released, and the files in
// fonts/ made of them.
var textFaces = []struct {
	style string
	ttf   []byte
	file  string
}{
	{"", goregular.TTF, "Go-Regular.ttf"},
	{"B", gobold.TTF, "Go-Bold.ttf"},
	{"I", goitalic.TTF, "Go-Italic.ttf"},
	{"BI", gobolditalic.TTF, "Go-Bold-Italic.ttf"},
}

func TestPlainZero(t *testing.T) {
	for _, face := range textFaces {
		f := struct {
			family, style string
			ttf           []byte
		}{Font, face.style, face.ttf}
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
		out, err := plainZero(ttf)
		if err != nil {
			t.Fatalf("%s/%s: %v", f.family, f.style, err)
		}
		if !bytes.Equal(ttf, f.ttf) {
			t.Errorf("%s/%s: plainZero changed its input", f.family, f.style)
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
	if _, err := plainZero([]byte("not a font")); err == nil {
		t.Error("plainZero accepted garbage")
	}
	truncated := bytes.Clone(goregular.TTF)
	tab, _ := tables(truncated)
	clear(tab["post"]) // no glyph names: version 0
	if _, err := plainZero(truncated); err == nil {
		t.Error("plainZero found glyph names in a post table without any")
	}
}

var update = flag.Bool("update", false, "rewrite the text faces in fonts/ from the Go font")

// TestPlainZeroFiles: the text faces the documents embed are the Go
// font's with a plain zero, as plainZero makes them (-update writes them).
func TestPlainZeroFiles(t *testing.T) {
	for _, f := range textFaces {
		want, err := plainZero(f.ttf)
		if err != nil {
			t.Fatalf("%s: %v", f.file, err)
		}
		path := filepath.Join("fonts", f.file)
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not the Go font's face with a plain zero (go test ./layout -run PlainZeroFiles -update)", path)
		}
		if i := slices.IndexFunc(fonts[:], func(fc face) bool { return fc.family == Font && fc.style == f.style }); i < 0 || !bytes.Equal(fonts[i].ttf, want) {
			t.Errorf("the face %q of %s is not %s", f.style, Font, path)
		}
	}
}
