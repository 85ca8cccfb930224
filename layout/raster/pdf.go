// Package raster prints the pages of a PDF that playaid wrote (with fpdf)
// as images, in Go: a print shop that takes one image per card face gets
// the very page of the print-shop PDF, drawn again in pixels, not a second
// drawing of the card that could drift from it.
//
// It reads the small part of PDF that fpdf writes: one cross-reference
// table, objects with direct or referenced values, streams plain or
// FlateDecode, pages with their MediaBox, and Type0 fonts (Identity-H)
// whose TrueType program is embedded (fpdf's UTF-8 fonts). A page's
// content is drawn by an interpreter of the operators fpdf emits: the
// graphics state (q Q cm w J j M d, colours g G rg RG k K), paths (m l c v
// y h re), painting (f f* F S s B B* b b* n) and text (BT ET Tf Td TD Tm
// T* Tc Tw Tz TL Ts Tr Tj TJ ' "). Anything else — an image, a clip, a
// shading, a font that is not embedded — is an error naming it, never a
// page quietly drawn without it.
//
// Paths are filled by golang.org/x/image/vector, anti-aliased, on white
// paper; glyphs are the outlines of the embedded font, read with
// golang.org/x/image/font/sfnt. The same PDF gives the same pixels.
package raster

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"

	"github.com/playaid/playaid/internal/pdfsyntax"
)

// The values of a PDF object, as internal/pdfsyntax reads them: nil
// (null), bool, float64 (every number), name (a /Name), string, []any (an
// array), dict, ref (N G R) and stream.
type (
	name  = pdfsyntax.Name
	dict  = pdfsyntax.Dict
	ref   = pdfsyntax.Ref
	op    = pdfsyntax.Op
	lexer = pdfsyntax.Lexer
)

type stream struct {
	dict dict
	raw  []byte // the bytes between stream and endstream, still encoded
}

// file is a PDF read whole: its objects by number, found through the
// cross-reference table.
type file struct {
	b       []byte
	offsets map[int]int
	trailer dict
	cache   map[int]any
}

// parse reads the cross-reference table that startxref points to.
func parse(b []byte) (*file, error) {
	i := bytes.LastIndex(b, []byte("startxref"))
	if i < 0 {
		return nil, errors.New("no startxref: not a PDF, or cut short")
	}
	l := &lexer{B: b, Pos: i + len("startxref")}
	v, err := l.Value()
	off, ok := v.(float64)
	if err != nil || !ok || off < 0 || int(off) >= len(b) {
		return nil, errors.New("startxref does not point into the file")
	}
	f := &file{b: b, offsets: map[int]int{}, cache: map[int]any{}}
	l.Pos = int(off)
	if w, _ := l.Value(); w != op("xref") {
		return nil, errors.New("no cross-reference table where startxref points (a cross-reference stream is not read)")
	}
	for {
		v, err := l.Value()
		if err != nil {
			return nil, err
		}
		if v == op("trailer") {
			break
		}
		first, ok1 := v.(float64)
		cv, err := l.Value()
		count, ok2 := cv.(float64)
		if err != nil || !ok1 || !ok2 || count < 0 || count > float64(len(b)) {
			return nil, errors.New("a bad cross-reference section")
		}
		for k := 0; k < int(count); k++ {
			ov, _ := l.Value()
			_, _ = l.Value() // generation
			kind, _ := l.Value()
			o, ok := ov.(float64)
			if !ok {
				return nil, errors.New("a bad cross-reference entry")
			}
			if kind == op("n") {
				f.offsets[int(first)+k] = int(o)
			}
		}
	}
	t, err := l.Value()
	if f.trailer, _ = t.(dict); err != nil || f.trailer == nil {
		return nil, errors.New("no trailer dictionary")
	}
	return f, nil
}

// object reads object num: its value, or a stream.
func (f *file) object(num int) (any, error) {
	if v, ok := f.cache[num]; ok {
		return v, nil
	}
	off, ok := f.offsets[num]
	if !ok || off < 0 || off >= len(f.b) {
		return nil, fmt.Errorf("object %d is missing", num)
	}
	l := &lexer{B: f.b, Pos: off}
	for _, want := range []any{float64(num), nil, op("obj")} {
		v, err := l.Value()
		if err != nil || (want != nil && v != want) {
			return nil, fmt.Errorf("object %d is not where the cross-reference table says", num)
		}
	}
	v, err := l.Value()
	if err != nil {
		return nil, fmt.Errorf("object %d: %v", num, err)
	}
	if d, ok := v.(dict); ok {
		save := l.Pos
		if w, _ := l.Value(); w == op("stream") {
			start := l.Pos
			if start < len(f.b) && f.b[start] == '\r' {
				start++
			}
			if start < len(f.b) && f.b[start] == '\n' {
				start++
			}
			f.cache[num] = nil // a Length that refers back to this object
			n, err := f.resolve(d["Length"])
			length, ok := n.(float64)
			if err != nil || !ok || length < 0 || start+int(length) > len(f.b) {
				delete(f.cache, num)
				return nil, fmt.Errorf("object %d: a stream with a bad /Length", num)
			}
			v = &stream{dict: d, raw: f.b[start : start+int(length)]}
		} else {
			l.Pos = save
		}
	}
	f.cache[num] = v
	return v, nil
}

// resolve follows a reference to its object; any other value is itself.
func (f *file) resolve(v any) (any, error) {
	for range 8 {
		r, ok := v.(ref)
		if !ok {
			return v, nil
		}
		var err error
		if v, err = f.object(r.Num); err != nil {
			return nil, err
		}
	}
	return nil, errors.New("references that go round in a circle")
}

// dict resolves v to a dictionary (a stream's own one included).
func (f *file) dict(v any) (dict, error) {
	v, err := f.resolve(v)
	if err != nil {
		return nil, err
	}
	switch d := v.(type) {
	case dict:
		return d, nil
	case *stream:
		return d.dict, nil
	}
	return nil, fmt.Errorf("a dictionary expected, found %T", v)
}

// maxStream bounds a decoded stream: a card's page or font is far less.
const maxStream = 64 << 20

// data resolves v to a stream and decodes it.
func (f *file) data(v any) ([]byte, error) {
	v, err := f.resolve(v)
	if err != nil {
		return nil, err
	}
	s, ok := v.(*stream)
	if !ok {
		return nil, errors.New("a stream expected")
	}
	filter, _ := f.resolve(s.dict["Filter"])
	if a, ok := filter.([]any); ok && len(a) == 1 {
		filter = a[0]
	}
	switch filter {
	case nil:
		return s.raw, nil
	case name("FlateDecode"):
		r, err := zlib.NewReader(bytes.NewReader(s.raw))
		if err != nil {
			return nil, fmt.Errorf("a compressed stream that does not read: %v", err)
		}
		b, err := io.ReadAll(io.LimitReader(r, maxStream+1))
		if err != nil {
			return nil, fmt.Errorf("a compressed stream that does not read: %v", err)
		}
		if len(b) > maxStream {
			return nil, errors.New("a stream too large for a card")
		}
		return b, nil
	}
	return nil, fmt.Errorf("a stream in %v, which is not read", filter)
}
