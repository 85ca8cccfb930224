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
	kind  tokKind
	num   float64
	s     string    // name or operator
	str   []byte    // string bytes
	items []operand // an array's elements (TJ's strings and adjustments)
	op    string
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
	return toOperand(v), nil
}

// toOperand is a value of pdfsyntax as an operand.
func toOperand(v any) operand {
	switch v := v.(type) {
	case float64:
		return operand{kind: tNum, num: v}
	case pdfsyntax.Name:
		return operand{kind: tName, s: string(v)}
	case string:
		return operand{kind: tString, str: []byte(v)}
	case []any:
		items := make([]operand, len(v))
		for i, e := range v {
			items[i] = toOperand(e)
		}
		return operand{kind: tArray, items: items}
	case pdfsyntax.Op:
		if v != "]" && v != ">>" {
			return operand{kind: tOp, op: string(v)}
		}
	}
	return operand{kind: tOther}
}
