package tomlpos

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
)

// Vet refuses text that must not reach the TOML parser: more than
// limits.MaxFileSize bytes, values nested more than limits.MaxDepth deep,
// or keys and table headers of more than limits.MaxDepth dotted parts.
// BurntSushi/toml's time and memory grow with the square of the depth (a
// 200 KB file of nested brackets or dotted keys takes it minutes and
// gigabytes); everything else it parses in time linear in the size. It
// returns nil for text that may be parsed, which need not be valid TOML.
func Vet(file string, src []byte) error {
	if len(src) > limits.MaxFileSize {
		return diag.Diag{File: file, Msg: fmt.Sprintf("the file is %d bytes; expected at most %d (%d KiB)", len(src), limits.MaxFileSize, limits.MaxFileSize>>10)}
	}
	off, msg := vetShape(src)
	if msg == "" {
		return nil
	}
	line, col := lineCol(src, off)
	return diag.Diag{File: file, Line: line, Col: col, Msg: msg}
}

// vetShape walks the text as the TOML grammar nests it: strings and
// comments are skipped, brackets counted, and the dots of keys counted
// where a key is expected (at the start of a line outside any value,
// after "{" and after "," inside an inline table). It returns the offset
// and message of the first place too deep, or "" when there is none.
func vetShape(src []byte) (int, string) {
	var stack [limits.MaxDepth]byte // open [ and { of the value being read
	depth := 0
	atKey := true // a key may start here
	parts := 0    // dots seen in the key being read, plus one
	header := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case ' ', '\t', '\r':
			continue
		case '\n':
			if depth == 0 {
				atKey, parts, header = true, 0, false
			}
			continue
		case '#':
			if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
				i += j - 1 // the newline is read next
			} else {
				i = len(src)
			}
			continue
		case '"', '\'':
			i = skipString(src, i) - 1
			if atKey && parts == 0 {
				parts = 1
			}
			continue
		}
		if atKey {
			switch {
			case c == '[' && depth == 0 && parts == 0 && !header:
				header = true // [table] or [[array]]: its name is a key
				if i+1 < len(src) && src[i+1] == '[' {
					i++
				}
				continue
			case c == ']' && header:
				atKey = false // the rest of the line is a comment or an error
				continue
			case c == '.':
				parts++
				if parts > limits.MaxDepth {
					return i, fmt.Sprintf("a key of more than %d dotted parts; expected at most %d", limits.MaxDepth, limits.MaxDepth)
				}
				continue
			case c == '=':
				atKey, parts = false, 0
				continue
			case c == '}' && depth > 0 && stack[depth-1] == '{':
				// an empty inline table: "{}"
			default:
				if parts == 0 {
					parts = 1
				}
				continue
			}
		}
		switch c {
		case '[', '{':
			if depth == limits.MaxDepth {
				return i, fmt.Sprintf("values nested more than %d deep; expected at most %d levels of [ ] and { }", limits.MaxDepth, limits.MaxDepth)
			}
			stack[depth] = c
			depth++
			atKey, parts = c == '{', 0
		case ']', '}':
			if depth > 0 {
				depth--
			}
			atKey = false
		case ',':
			atKey, parts = depth > 0 && stack[depth-1] == '{', 0
		}
	}
	return 0, ""
}

// skipString returns the offset just past the string that starts at i:
// basic or literal, single-line or multi-line. A string left open ends at
// the end of its line (single-line) or of the text (multi-line).
func skipString(src []byte, i int) int {
	q := src[i]
	if i+2 < len(src) && src[i+1] == q && src[i+2] == q {
		end := []byte{q, q, q}
		for j := i + 3; j < len(src); {
			k := bytes.IndexByte(src[j:], q)
			if k < 0 {
				break
			}
			j += k
			if q == '"' && escaped(src, j) {
				j++
				continue
			}
			if bytes.HasPrefix(src[j:], end) {
				j += 3
				for j < len(src) && src[j] == q { // """a"""" ends with quotes
					j++
				}
				return j
			}
			j++
		}
		return len(src)
	}
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\n':
			return j
		case '\\':
			if q == '"' {
				j++
			}
		case q:
			return j + 1
		}
	}
	return len(src)
}

// escaped reports whether the quote at j is escaped: an odd number of
// backslashes stands before it.
func escaped(src []byte, j int) bool {
	n := 0
	for j > 0 && src[j-1] == '\\' {
		n++
		j--
	}
	return n%2 == 1
}

// lineCol turns a byte offset into a 1-based line and column (in runes).
func lineCol(src []byte, off int) (int, int) {
	before := src[:off]
	line := 1 + bytes.Count(before, []byte{'\n'})
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, 1 + utf8.RuneCount(before[start:])
}
