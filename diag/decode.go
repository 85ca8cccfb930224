package diag

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// DecodeTOML decodes src into v strictly: syntax errors, values of the wrong
// type and keys that v has no field for all become diagnostics with the
// file, line and column. The returned Index lets callers place the errors of
// their own checks.
func DecodeTOML(file string, src []byte, v any) (*Index, List) {
	ix, l, _ := Decode(file, src, v)
	return ix, l
}

// Decode is DecodeTOML that also tells whether v was filled: true when the
// only problems are unknown keys or keys in the wrong case, so callers can
// go on checking v and report everything at once.
//
// BurntSushi/toml parses the text into a plain tree; Decode then fills v
// from that tree itself, in one walk that also finds unknown keys, keys in
// the wrong case and values of the wrong type, each at its exact path. (The
// library's own struct filling records every key path as a string, twice:
// on the shipped data that was a third of all the loading work, and its
// errors name only the last key seen.)
func Decode(file string, src []byte, v any) (*Index, List, bool) {
	return decode(NewIndex(file, src), bytes.NewReader(src), v)
}

// DecodeReader is Decode for text read from r. Only BurntSushi/toml keeps
// the text while decoding; source reads it again should a message need a
// position in it.
func DecodeReader(file string, r io.Reader, source func() []byte, v any) (*Index, List, bool) {
	return decode(NewIndexFrom(file, source), r, v)
}

func decode(ix *Index, r io.Reader, v any) (*Index, List, bool) {
	file := ix.file
	var tree any
	if _, err := toml.NewDecoder(r).Decode(&tree); err != nil {
		return ix, List{decodeErr(ix, file, err)}, false
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic(fmt.Sprintf("diag.Decode: want a non-nil pointer, got %T", v))
	}
	f := filler{ix: ix}
	f.value(tree, rv.Elem(), planOf(rv.Type().Elem()))
	sort.SliceStable(f.l, func(i, j int) bool {
		a, b := f.l[i], f.l[j]
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return ix, f.l, !f.bad
}

// decodeErr places a syntax error. The parser names the last key it read;
// the column is moved onto that key's value when the error is on its line.
func decodeErr(ix *Index, file string, err error) Diag {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return Diag{File: file, Msg: err.Error()}
	}
	msg := pe.Message
	col := pe.Position.Col
	if pe.LastKey != "" {
		msg = fmt.Sprintf("%s: %s", pe.LastKey, msg)
		if c := ix.valueColOnLine(pe.LastKey, pe.Position.Line); c > 0 {
			col = c // point at the value, not inside it
		}
	}
	return Diag{File: file, Line: pe.Position.Line, Col: col, Msg: msg}
}

func (ix *Index) valueColOnLine(key string, line int) int {
	ix.once.Do(ix.scanAll)
	best := 0
	for p, e := range ix.keys {
		if e.line == line && (strip(p) == key || strings.HasSuffix(key, "."+lastPart(strip(p)))) {
			if best == 0 || e.valCol < best {
				best = e.valCol
			}
		}
	}
	return best
}

// strip removes array indexes from an indexed path.
func strip(path string) string {
	parts := strings.Split(path, ".")
	out := parts[:0]
	for _, p := range parts {
		if _, err := strconv.Atoi(p); err == nil {
			continue
		}
		out = append(out, p)
	}
	return strings.Join(out, ".")
}

func lastPart(p string) string {
	return p[strings.LastIndexByte(p, '.')+1:]
}

// Suggest returns the candidate closest to word when it is close enough to
// be a likely typo ("did you mean …?"), or "".
func Suggest(word string, candidates []string) string {
	best, bestD := "", len(word)/2+2
	for _, c := range candidates {
		if d := distance(strings.ToLower(word), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the Levenshtein edit distance.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
