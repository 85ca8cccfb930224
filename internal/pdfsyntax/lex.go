// Package pdfsyntax is playaid's one reader of PDF syntax: the tokens of
// objects and of content streams (numbers, names, strings with their
// escapes, hex strings, arrays, dictionaries, references, operators) and
// the transformation matrix. layout/raster draws pages with it and
// internal/pdftest reads them back for tests.
package pdfsyntax

import (
	"errors"
	"fmt"
	"strconv"
)

// The values of a PDF object: nil (null), bool, float64 (every number),
// name (a /Name), string, []any (an array), dict, ref (N G R) and stream.
type (
	Name string
	Dict map[Name]any
	Ref  struct{ Num, Gen int }
	Op   string // a content stream's operator
)

// maxDepth bounds nested arrays and dictionaries.
const maxDepth = 64

// Lexer reads PDF tokens from b.
type Lexer struct {
	B   []byte
	Pos int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' || c == '%'
}

// SkipSpace moves past white space and comments.
func (l *Lexer) SkipSpace() {
	for l.Pos < len(l.B) {
		c := l.B[l.Pos]
		switch {
		case isSpace(c):
			l.Pos++
		case c == '%':
			for l.Pos < len(l.B) && l.B[l.Pos] != '\n' && l.B[l.Pos] != '\r' {
				l.Pos++
			}
		default:
			return
		}
	}
}

var ErrEOF = errors.New("unexpected end of data")

// Value reads the next value.
func (l *Lexer) Value() (any, error) { return l.value(0) }

// value reads the next value. A bare word (an operator, "obj", "R")
// comes back as op. Markers "]" and ">>" come back as op too.
func (l *Lexer) value(depth int) (any, error) {
	if depth > maxDepth {
		return nil, errors.New("arrays or dictionaries nested too deep")
	}
	l.SkipSpace()
	if l.Pos >= len(l.B) {
		return nil, ErrEOF
	}
	c := l.B[l.Pos]
	switch {
	case c == '/':
		l.Pos++
		start := l.Pos
		for l.Pos < len(l.B) && !isSpace(l.B[l.Pos]) && !isDelim(l.B[l.Pos]) {
			l.Pos++
		}
		return Name(l.B[start:l.Pos]), nil
	case c == '(':
		return l.literal()
	case c == '<' && l.Pos+1 < len(l.B) && l.B[l.Pos+1] == '<':
		l.Pos += 2
		d := Dict{}
		for {
			k, err := l.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if k == Op(">>") {
				return d, nil
			}
			kn, ok := k.(Name)
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
	case c == '>' && l.Pos+1 < len(l.B) && l.B[l.Pos+1] == '>':
		l.Pos += 2
		return Op(">>"), nil
	case c == '[':
		l.Pos++
		var a []any
		for {
			v, err := l.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if v == Op("]") {
				return a, nil
			}
			a = append(a, v)
		}
	case c == ']':
		l.Pos++
		return Op("]"), nil
	case c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9'):
		start := l.Pos
		l.Pos++
		for l.Pos < len(l.B) && (l.B[l.Pos] == '.' || (l.B[l.Pos] >= '0' && l.B[l.Pos] <= '9')) {
			l.Pos++
		}
		f, err := strconv.ParseFloat(string(l.B[start:l.Pos]), 64)
		if err != nil {
			return nil, fmt.Errorf("a number that is not one: %q", l.B[start:l.Pos])
		}
		if r, ok := l.ref(f); ok {
			return r, nil
		}
		return f, nil
	case isDelim(c):
		return nil, fmt.Errorf("unexpected %q", c)
	}
	start := l.Pos
	for l.Pos < len(l.B) && !isSpace(l.B[l.Pos]) && !isDelim(l.B[l.Pos]) {
		l.Pos++
	}
	switch w := string(l.B[start:l.Pos]); w {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null":
		return nil, nil
	default:
		return Op(w), nil
	}
}

// literal reads a (string), with its escapes and balanced parentheses.
func (l *Lexer) literal() (string, error) {
	l.Pos++ // (
	var out []byte
	depth := 1
	for l.Pos < len(l.B) {
		c := l.B[l.Pos]
		l.Pos++
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return string(out), nil
			}
		case '\\':
			if l.Pos >= len(l.B) {
				return "", ErrEOF
			}
			e := l.B[l.Pos]
			l.Pos++
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
				if l.Pos < len(l.B) && l.B[l.Pos] == '\n' {
					l.Pos++
				}
				continue
			case '\n':
				continue
			default:
				if e >= '0' && e <= '7' {
					v := int(e - '0')
					for k := 0; k < 2 && l.Pos < len(l.B) && l.B[l.Pos] >= '0' && l.B[l.Pos] <= '7'; k++ {
						v = v*8 + int(l.B[l.Pos]-'0')
						l.Pos++
					}
					c = byte(v)
				} else {
					c = e
				}
			}
		}
		out = append(out, c)
	}
	return "", ErrEOF
}

// hex reads a <hex string>.
func (l *Lexer) hex() (string, error) {
	l.Pos++ // <
	var out []byte
	var hi, n int
	for l.Pos < len(l.B) {
		c := l.B[l.Pos]
		l.Pos++
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
	return "", ErrEOF
}

// ref reads the "G R" of a reference "N G R" after its number n, or
// leaves the Lexer where it was.
func (l *Lexer) ref(n float64) (Ref, bool) {
	save := l.Pos
	digits := func() (int, bool) {
		l.SkipSpace()
		start := l.Pos
		for l.Pos < len(l.B) && l.B[l.Pos] >= '0' && l.B[l.Pos] <= '9' && l.Pos-start < 6 {
			l.Pos++
		}
		v, err := strconv.Atoi(string(l.B[start:l.Pos]))
		return v, err == nil && (l.Pos == len(l.B) || isSpace(l.B[l.Pos]))
	}
	if n == float64(int(n)) && n >= 0 && n < 1e7 {
		if g, ok := digits(); ok {
			l.SkipSpace()
			if l.Pos < len(l.B) && l.B[l.Pos] == 'R' && (l.Pos+1 == len(l.B) || isSpace(l.B[l.Pos+1]) || isDelim(l.B[l.Pos+1])) {
				l.Pos++
				return Ref{int(n), g}, true
			}
		}
	}
	l.Pos = save
	return Ref{}, false
}
