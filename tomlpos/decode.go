// Package tomlpos decodes TOML strictly and places every problem at its
// file, line and column (a diag.Diag): syntax errors, values of the wrong
// type, unknown keys and keys in the wrong case, all at once. Its Index
// finds where any key path is written, so that loaders can place the
// errors of their own checks (Index.Later, lazily: most loads report on
// nothing). Vet refuses text the parser must not see (too big, nested too
// deep).
package tomlpos

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/infile"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/internal/toml"
)

// DecodeTOML decodes src into v strictly: syntax errors, values of the wrong
// type and keys that v has no field for all become diagnostics with the
// file, line and column. The returned Index lets callers place the errors of
// their own checks.
func DecodeTOML(file string, src []byte, v any) (*Index, diag.List) {
	ix, l, _ := Decode(file, src, v)
	return ix, l
}

// Decode is DecodeTOML that also tells whether v was filled: true when the
// only problems are unknown keys or keys in the wrong case, so callers can
// go on checking v and report everything at once.
//
// Text that Vet refuses (too big, nested too deep) is not parsed: its one
// diagnostic says why.
//
// BurntSushi/toml parses the text into a plain tree; Decode then fills v
// from that tree itself, in one walk that also finds unknown keys, keys in
// the wrong case and values of the wrong type, each at its exact path. (The
// library's own struct filling records every key path as a string, twice:
// on the shipped data that is a third of all the loading work, and its
// errors name only the last key seen.)
func Decode(file string, src []byte, v any) (*Index, diag.List, bool) {
	ix, l, ok, _ := DecodeExtra(file, src, v, nil)
	return ix, l, ok
}

// DecodeExtra is Decode for a format whose top level holds tables beside
// v's own fields, each of a type the caller gives by its key (a rule
// engine's block of numbers, [aqotmf]): a table the text writes is
// decoded into a new value of its type, as strictly as v and with its
// problems at their places, and returned by its key as a pointer. The
// message for an unknown top-level key offers those keys with v's own.
func DecodeExtra(file string, src []byte, v any, extra map[string]reflect.Type) (*Index, diag.List, bool, map[string]any) {
	ix := NewIndex(file, src)
	if err := Vet(file, src); err != nil {
		return ix, diag.List{err.(diag.Diag)}, false, nil
	}
	tree, err := toml.Parse(string(src))
	if err != nil {
		return ix, diag.List{decodeErr(ix, file, err)}, false, nil
	}
	l, ok, got := ix.fill(tree, v, extra)
	return ix, l, ok, got
}

// Fill is Decode for text already parsed: tree is what toml.Parse made
// of src, which Vet let through. It leaves tree as it was.
func Fill(file string, src []byte, tree map[string]any, v any) (*Index, diag.List, bool) {
	ix := NewIndex(file, src)
	l, ok, _ := ix.fill(tree, v, nil)
	return ix, l, ok
}

// fill fills v from the tree of the index's text.
func (ix *Index) fill(tree map[string]any, v any, extra map[string]reflect.Type) (diag.List, bool, map[string]any) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic(fmt.Sprintf("tomlpos: want a non-nil pointer to fill, got %T", v))
	}
	ix.parsed = true
	f := filler{ix: ix, extra: extra}
	f.value(tree, rv.Elem(), planOf(rv.Type().Elem()))
	sort.SliceStable(f.l, func(i, j int) bool {
		a, b := f.l[i], f.l[j]
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return f.l, !f.bad, f.got
}

// ReadFile reads the TOML file named name of fsys for Decode (see
// infile.Read): only a regular file, of at most limits.MaxFileSize bytes.
// Its errors are placed at display, the name the user knows the file by.
func ReadFile(fsys fs.FS, name, display string) ([]byte, error) {
	b, err := infile.Read(fsys, name, display, limits.MaxFileSize, "a TOML file")
	if err != nil {
		return nil, diag.Diag{File: display, Msg: err.Error()}
	}
	return b, nil
}

// decodeErr places a syntax error. The parser names the last key it read;
// the column is moved onto that key's value when the error is on its line.
func decodeErr(ix *Index, file string, err error) diag.Diag {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return diag.Diag{File: file, Msg: err.Error()}
	}
	msg := pe.Message
	col := pe.Position.Col
	if pe.LastKey != "" {
		msg = fmt.Sprintf("%s: %s", pe.LastKey, msg)
		if c := ix.valueColOnLine(pe.LastKey, pe.Position.Line); c > 0 {
			col = c // point at the value, not inside it
		}
	}
	return diag.Diag{File: file, Line: pe.Position.Line, Col: col, Msg: msg}
}

func (ix *Index) valueColOnLine(key string, line int) int {
	t := ix.keys()
	best := 0
	i, _ := slices.BinarySearchFunc(t.order, line, func(n int32, line int) int { return t.nodes[n].own.line - line })
	for ; i < len(t.order) && t.nodes[t.order[i]].own.line == line; i++ {
		n := t.order[i]
		p := strip(t.path(n))
		if p == key || strings.HasSuffix(key, "."+lastPart(p)) {
			if e := t.nodes[n].own; best == 0 || e.valCol < best {
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
