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
	"strconv"
)

// The values of a PDF object: nil (null), bool, float64 (every number),
// name (a /Name), string, []any (an array), dict, ref (N G R) and stream.
type (
	name string
	dict map[name]any
	ref  struct{ num, gen int }
	op   string // a content stream's operator
)

type stream struct {
	dict dict
	raw  []byte // the bytes between stream and endstream, still encoded
}

// maxDepth bounds nested arrays and dictionaries.
const maxDepth = 64

// lexer reads PDF tokens from b.
type lexer struct {
	b   []byte
	pos int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' || c == '%'
}

func (l *lexer) skipSpace() {
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		switch {
		case isSpace(c):
			l.pos++
		case c == '%':
			for l.pos < len(l.b) && l.b[l.pos] != '\n' && l.b[l.pos] != '\r' {
				l.pos++
			}
		default:
			return
		}
	}
}

var errEOF = errors.New("unexpected end of data")

// value reads the next value. A bare word (an operator, "obj", "R")
// comes back as op. Markers "]" and ">>" come back as op too.
func (l *lexer) value(depth int) (any, error) {
	if depth > maxDepth {
		return nil, errors.New("arrays or dictionaries nested too deep")
	}
	l.skipSpace()
	if l.pos >= len(l.b) {
		return nil, errEOF
	}
	c := l.b[l.pos]
	switch {
	case c == '/':
		l.pos++
		start := l.pos
		for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
			l.pos++
		}
		return name(l.b[start:l.pos]), nil
	case c == '(':
		return l.literal()
	case c == '<' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '<':
		l.pos += 2
		d := dict{}
		for {
			k, err := l.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if k == op(">>") {
				return d, nil
			}
			kn, ok := k.(name)
			if !ok {
				return nil, fmt.Errorf("a dictionary key that is not a name: %v", k)
			}
			v, err := l.value(depth + 1)
			if err != nil {
				return nil, err
			}
			d[kn] = v
		}
	case c == '<':
		return l.hex()
	case c == '>' && l.pos+1 < len(l.b) && l.b[l.pos+1] == '>':
		l.pos += 2
		return op(">>"), nil
	case c == '[':
		l.pos++
		var a []any
		for {
			v, err := l.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if v == op("]") {
				return a, nil
			}
			a = append(a, v)
		}
	case c == ']':
		l.pos++
		return op("]"), nil
	case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'):
		start := l.pos
		l.pos++
		for l.pos < len(l.b) && (l.b[l.pos] == '.' || (l.b[l.pos] >= '0' && l.b[l.pos] <= '9')) {
			l.pos++
		}
		f, err := strconv.ParseFloat(string(l.b[start:l.pos]), 64)
		if err != nil {
			return nil, fmt.Errorf("a number that is not one: %q", l.b[start:l.pos])
		}
		if r, ok := l.ref(f); ok {
			return r, nil
		}
		return f, nil
	case isDelim(c):
		return nil, fmt.Errorf("unexpected %q", c)
	}
	start := l.pos
	for l.pos < len(l.b) && !isSpace(l.b[l.pos]) && !isDelim(l.b[l.pos]) {
		l.pos++
	}
	switch w := string(l.b[start:l.pos]); w {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null":
		return nil, nil
	default:
		return op(w), nil
	}
}

// literal reads a (string), with its escapes and balanced parentheses.
func (l *lexer) literal() (string, error) {
	l.pos++ // (
	var out []byte
	depth := 1
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return string(out), nil
			}
		case '\\':
			if l.pos >= len(l.b) {
				return "", errEOF
			}
			e := l.b[l.pos]
			l.pos++
			switch e {
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '\r':
				if l.pos < len(l.b) && l.b[l.pos] == '\n' {
					l.pos++
				}
				continue
			case '\n':
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '7'; k++ {
						v = v*8 + int(l.b[l.pos]-'0')
						l.pos++
					}
					c = byte(v)
				} else {
					c = e
				}
			}
		}
		out = append(out, c)
	}
	return "", errEOF
}

// hex reads a <hex string>.
func (l *lexer) hex() (string, error) {
	l.pos++ // <
	var out []byte
	var hi, n int
	for l.pos < len(l.b) {
		c := l.b[l.pos]
		l.pos++
		var v int
		switch {
		case c == '>':
			if n == 1 {
				out = append(out, byte(hi<<4))
			}
			return string(out), nil
		case isSpace(c):
			continue
		case c >= '0' && c <= '9':
			v = int(c - '0')
		case c >= 'a' && c <= 'f':
			v = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			v = int(c-'A') + 10
		default:
			return "", fmt.Errorf("%q in a hex string", c)
		}
		if n == 0 {
			hi, n = v, 1
		} else {
			out = append(out, byte(hi<<4|v))
			n = 0
		}
	}
	return "", errEOF
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
	l := &lexer{b: b, pos: i + len("startxref")}
	v, err := l.value(0)
	off, ok := v.(float64)
	if err != nil || !ok || off < 0 || int(off) >= len(b) {
		return nil, errors.New("startxref does not point into the file")
	}
	f := &file{b: b, offsets: map[int]int{}, cache: map[int]any{}}
	l.pos = int(off)
	if w, _ := l.value(0); w != op("xref") {
		return nil, errors.New("no cross-reference table where startxref points (a cross-reference stream is not read)")
	}
	for {
		v, err := l.value(0)
		if err != nil {
			return nil, err
		}
		if v == op("trailer") {
			break
		}
		first, ok1 := v.(float64)
		cv, err := l.value(0)
		count, ok2 := cv.(float64)
		if err != nil || !ok1 || !ok2 || count < 0 || count > float64(len(b)) {
			return nil, errors.New("a bad cross-reference section")
		}
		for k := 0; k < int(count); k++ {
			ov, _ := l.value(0)
			_, _ = l.value(0) // generation
			kind, _ := l.value(0)
			o, ok := ov.(float64)
			if !ok {
				return nil, errors.New("a bad cross-reference entry")
			}
			if kind == op("n") {
				f.offsets[int(first)+k] = int(o)
			}
		}
	}
	t, err := l.value(0)
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
	l := &lexer{b: f.b, pos: off}
	for _, want := range []any{float64(num), nil, op("obj")} {
		v, err := l.value(0)
		if err != nil || (want != nil && v != want) {
			return nil, fmt.Errorf("object %d is not where the cross-reference table says", num)
		}
	}
	v, err := l.value(0)
	if err != nil {
		return nil, fmt.Errorf("object %d: %v", num, err)
	}
	if d, ok := v.(dict); ok {
		save := l.pos
		if w, _ := l.value(0); w == op("stream") {
			start := l.pos
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
			l.pos = save
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
		if v, err = f.object(r.num); err != nil {
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

// ref reads the "G R" of a reference "N G R" after its number n, or
// leaves the lexer where it was.
func (l *lexer) ref(n float64) (ref, bool) {
	save := l.pos
	digits := func() (int, bool) {
		l.skipSpace()
		start := l.pos
		for l.pos < len(l.b) && l.b[l.pos] >= '0' && l.b[l.pos] <= '9' && l.pos-start < 6 {
			l.pos++
		}
		v, err := strconv.Atoi(string(l.b[start:l.pos]))
		return v, err == nil && (l.pos == len(l.b) || isSpace(l.b[l.pos]))
	}
	if n == float64(int(n)) && n >= 0 && n < 1e7 {
		if g, ok := digits(); ok {
			l.skipSpace()
			if l.pos < len(l.b) && l.b[l.pos] == 'R' && (l.pos+1 == len(l.b) || isSpace(l.b[l.pos+1]) || isDelim(l.b[l.pos+1])) {
				l.pos++
				return ref{int(n), g}, true
			}
		}
	}
	l.pos = save
	return ref{}, false
}
