package pdftest

import (
	"fmt"
	"strconv"
)

// The content-stream lexer: numbers, names, strings, arrays of them, and
// operators. Dictionaries (in marked content) are skipped.

type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tName
	tString
	tArray
	tOp
	tOther // a dictionary or a boolean: read and ignored
)

type operand struct {
	kind tokKind
	num  float64
	s    string   // name or operator
	str  []byte   // string bytes
	arr  [][]byte // the strings of an array (TJ)
	op   string
}

type lexer struct {
	b []byte
	i int
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

func isDelim(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

func (l *lexer) skip() {
	for l.i < len(l.b) {
		c := l.b[l.i]
		switch {
		case isSpace(c):
			l.i++
		case c == '%':
			for l.i < len(l.b) && l.b[l.i] != '\n' && l.b[l.i] != '\r' {
				l.i++
			}
		default:
			return
		}
	}
}

func (l *lexer) next() (operand, error) {
	l.skip()
	if l.i >= len(l.b) {
		return operand{kind: tEOF}, nil
	}
	c := l.b[l.i]
	switch {
	case c == '(':
		s, err := l.literal()
		return operand{kind: tString, str: s}, err
	case c == '<' && l.i+1 < len(l.b) && l.b[l.i+1] == '<':
		return operand{kind: tOther}, l.dict()
	case c == '<':
		s, err := l.hex()
		return operand{kind: tString, str: s}, err
	case c == '[':
		l.i++
		var arr [][]byte
		for {
			l.skip()
			if l.i >= len(l.b) {
				return operand{}, fmt.Errorf("unterminated array")
			}
			if l.b[l.i] == ']' {
				l.i++
				return operand{kind: tArray, arr: arr}, nil
			}
			t, err := l.next()
			if err != nil {
				return operand{}, err
			}
			if t.kind == tString {
				arr = append(arr, t.str)
			}
		}
	case c == '/':
		l.i++
		start := l.i
		for l.i < len(l.b) && !isSpace(l.b[l.i]) && !isDelim(l.b[l.i]) {
			l.i++
		}
		return operand{kind: tName, s: string(l.b[start:l.i])}, nil
	case c == ']' || c == ')' || c == '>' || c == '{' || c == '}':
		l.i++
		return operand{kind: tOther}, nil
	}
	start := l.i
	for l.i < len(l.b) && !isSpace(l.b[l.i]) && !isDelim(l.b[l.i]) {
		l.i++
	}
	word := string(l.b[start:l.i])
	if v, err := strconv.ParseFloat(word, 64); err == nil {
		return operand{kind: tNum, num: v}, nil
	}
	if word == "true" || word == "false" || word == "null" {
		return operand{kind: tOther}, nil
	}
	return operand{kind: tOp, op: word}, nil
}

// literal reads a (string) with nested parentheses and escapes.
func (l *lexer) literal() ([]byte, error) {
	l.i++ // (
	var out []byte
	depth := 1
	for l.i < len(l.b) {
		c := l.b[l.i]
		l.i++
		switch c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return out, nil
			}
		case '\\':
			if l.i >= len(l.b) {
				return nil, fmt.Errorf("unterminated string")
			}
			e := l.b[l.i]
			l.i++
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
			case '\r', '\n':
				if e == '\r' && l.i < len(l.b) && l.b[l.i] == '\n' {
					l.i++
				}
				continue // a line continuation
			case '0', '1', '2', '3', '4', '5', '6', '7':
				v := int(e - '0')
				for k := 0; k < 2 && l.i < len(l.b) && l.b[l.i] >= '0' && l.b[l.i] <= '7'; k++ {
					v = v*8 + int(l.b[l.i]-'0')
					l.i++
				}
				c = byte(v)
			default:
				c = e // \( \) \\ and unknown escapes stand for themselves
			}
		}
		out = append(out, c)
	}
	return nil, fmt.Errorf("unterminated string")
}

func (l *lexer) hex() ([]byte, error) {
	l.i++ // <
	var digits []byte
	for l.i < len(l.b) && l.b[l.i] != '>' {
		if c := l.b[l.i]; !isSpace(c) {
			digits = append(digits, c)
		}
		l.i++
	}
	if l.i >= len(l.b) {
		return nil, fmt.Errorf("unterminated hex string")
	}
	l.i++
	if len(digits)%2 == 1 {
		digits = append(digits, '0')
	}
	out := make([]byte, len(digits)/2)
	for k := range out {
		v, err := strconv.ParseUint(string(digits[2*k:2*k+2]), 16, 8)
		if err != nil {
			return nil, fmt.Errorf("bad hex string")
		}
		out[k] = byte(v)
	}
	return out, nil
}

// dict skips a << … >> dictionary, nested ones included.
func (l *lexer) dict() error {
	depth := 0
	for l.i < len(l.b) {
		switch {
		case l.b[l.i] == '(':
			if _, err := l.literal(); err != nil {
				return err
			}
			continue
		case l.i+1 < len(l.b) && l.b[l.i] == '<' && l.b[l.i+1] == '<':
			depth++
			l.i += 2
			continue
		case l.i+1 < len(l.b) && l.b[l.i] == '>' && l.b[l.i+1] == '>':
			depth--
			l.i += 2
			if depth == 0 {
				return nil
			}
			continue
		}
		l.i++
	}
	return fmt.Errorf("unterminated dictionary")
}
