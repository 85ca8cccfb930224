package pdftest

import "github.com/playaid/playaid/internal/pdfsyntax"

// The content-stream lexer: numbers, names, strings, arrays of them, and
// operators. Dictionaries (in marked content) are read and ignored.

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

// lexer reads a content stream's tokens through internal/pdfsyntax.
type lexer struct{ pdfsyntax.Lexer }

func (l *lexer) next() (operand, error) {
	l.SkipSpace()
	if l.Pos >= len(l.B) {
		return operand{kind: tEOF}, nil
	}
	v, err := l.Value()
	if err != nil {
		return operand{}, err
	}
	switch v := v.(type) {
	case float64:
		return operand{kind: tNum, num: v}, nil
	case pdfsyntax.Name:
		return operand{kind: tName, s: string(v)}, nil
	case string:
		return operand{kind: tString, str: []byte(v)}, nil
	case []any:
		var arr [][]byte
		for _, e := range v {
			if s, ok := e.(string); ok {
				arr = append(arr, []byte(s))
			}
		}
		return operand{kind: tArray, arr: arr}, nil
	case pdfsyntax.Op:
		if v != "]" && v != ">>" {
			return operand{kind: tOp, op: string(v)}, nil
		}
	}
	return operand{kind: tOther}, nil
}
