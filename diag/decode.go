package diag

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

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
// only problems are unknown keys, so callers can go on checking v and
// report everything at once.
func Decode(file string, src []byte, v any) (*Index, List, bool) {
	ix := NewIndex(file, src)
	var l List
	md, err := toml.NewDecoder(bytes.NewReader(src)).Decode(v) // no string copy: the decoder copies once itself
	if err != nil {
		l = append(l, decodeErr(ix, file, err))
		return ix, l, false
	}
	l = append(l, caseErrors(ix, md, reflect.TypeOf(v))...)
	reported := map[string]bool{}
	seen := map[string]int{}
	for _, k := range unknownKeys(md, reflect.TypeOf(v)) {
		key := k.String()
		parent := ""
		skip := false
		for i := 1; i < len(k); i++ {
			p := toml.Key(k[:i]).String()
			if reported[p] {
				skip = true
			}
			parent = p
		}
		n := seen[key]
		seen[key]++
		if skip {
			continue
		}
		reported[key] = true
		pos := ix.nth(key, n)
		msg := fmt.Sprintf("unknown key %q", k[len(k)-1])
		if parent != "" {
			msg += fmt.Sprintf(" in %s", parent)
		}
		if names := fieldNames(reflect.TypeOf(v), k[:len(k)-1]); len(names) > 0 {
			msg += "; expected one of: " + strings.Join(names, ", ")
			if s := Suggest(k[len(k)-1], names); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
		}
		l = append(l, Diag{File: file, Line: pos.Line, Col: pos.Col, Msg: msg})
	}
	return ix, l, true
}

var lineKeyRE = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)
var typesRE = regexp.MustCompile(`incompatible types: TOML value has type (\S+); destination has type (\S+)`)

func decodeErr(ix *Index, file string, err error) Diag {
	var pe toml.ParseError
	if errors.As(err, &pe) {
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
	m := lineKeyRE.FindStringSubmatch(err.Error())
	if m == nil {
		return Diag{File: file, Msg: err.Error()}
	}
	line, _ := strconv.Atoi(m[1])
	key, msg := m[2], m[3]
	if t := typesRE.FindStringSubmatch(msg); t != nil {
		msg = fmt.Sprintf("found %s, expected %s", article(t[1]), article(t[2]))
	}
	col := ix.valueColOnLine(key, line)
	return Diag{File: file, Line: line, Col: col, Msg: fmt.Sprintf("%s: %s", key, msg)}
}

func article(t string) string {
	t = strings.ToLower(t)
	switch t {
	case "integer", "array", "inline table", "object":
		return "an " + t
	case "int", "int64", "int32", "uint", "uint64":
		return "an integer"
	case "float64", "float32", "float":
		return "a number"
	case "slice":
		return "an array"
	case "struct", "map", "hash":
		return "a table"
	}
	return "a " + t
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

// nth finds the n-th occurrence (in source order) of a key path given
// without indexes.
func (ix *Index) nth(key string, n int) Pos {
	ix.once.Do(ix.scanAll)
	var hits []entry
	for p, e := range ix.keys {
		if strip(p) == key || p == key {
			hits = append(hits, e)
		}
	}
	if len(hits) == 0 { // a dotted key: "more.deep = 3" stands for the table "more"
		for p, e := range ix.keys {
			if strings.HasPrefix(strip(p), key+".") {
				hits = append(hits, e)
			}
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].line != hits[j].line {
			return hits[i].line < hits[j].line
		}
		return hits[i].keyCol < hits[j].keyCol
	})
	if len(hits) == 0 {
		return Pos{File: ix.file}
	}
	if n >= len(hits) {
		n = len(hits) - 1
	}
	return Pos{File: ix.file, Line: hits[n].line, Col: hits[n].keyCol}
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

func lastPart(p string) string {
	return p[strings.LastIndexByte(p, '.')+1:]
}

// fieldNames lists the TOML keys the Go type accepts at path.
func fieldNames(t reflect.Type, path []string) []string {
	for {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			t = t.Elem()
		}
		if len(path) == 0 {
			break
		}
		if t.Kind() != reflect.Struct {
			return nil
		}
		f, ok := fieldByKey(t, path[0])
		if !ok {
			return nil
		}
		t = f.Type
		path = path[1:]
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var names []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := tomlName(f)
		if name == "-" {
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func fieldByKey(t reflect.Type, key string) (reflect.StructField, bool) {
	f, ok := fieldsOf(t)[strings.ToLower(key)]
	return f, ok
}

// fields caches, per struct type, its fields by lower-cased TOML key: the
// strict checks look a field up for every key of every file.
var fields sync.Map // reflect.Type → map[string]reflect.StructField

func fieldsOf(t reflect.Type) map[string]reflect.StructField {
	if m, ok := fields.Load(t); ok {
		return m.(map[string]reflect.StructField)
	}
	m := map[string]reflect.StructField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.IsExported() {
			m[strings.ToLower(tomlName(f))] = f
		}
	}
	fields.Store(t, m)
	return m
}

func tomlName(f reflect.StructField) string {
	tag := f.Tag.Get("toml")
	if i := strings.IndexByte(tag, ','); i >= 0 {
		tag = tag[:i]
	}
	if tag == "" {
		return f.Name
	}
	return tag
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

// caseErrors reports keys written in another case than the format's:
// BurntSushi/toml fills a field whatever the case of its key ("System"
// fills system), which would let a typo pass silently.
func caseErrors(ix *Index, md toml.MetaData, t reflect.Type) List {
	var l List
	done := map[string]bool{}
	seen := map[string]int{}
	for _, k := range md.Keys() {
		if !hasUpper(k) {
			continue // every key of our formats is lower case: nothing to misspell
		}
		key := k.String()
		n := seen[key]
		seen[key]++
		cur := t
		for i, part := range k {
			for cur.Kind() == reflect.Pointer || cur.Kind() == reflect.Slice || cur.Kind() == reflect.Array {
				cur = cur.Elem()
			}
			if cur.Kind() != reflect.Struct {
				break
			}
			f, ok := fieldByKey(cur, part)
			if !ok {
				break // unknown keys are reported as such
			}
			if name := tomlName(f); name != part && i == len(k)-1 && !done[key] {
				done[key] = true
				pos := ix.nth(key, n)
				l = append(l, Diag{File: ix.file, Line: pos.Line, Col: pos.Col,
					Msg: fmt.Sprintf("key %q is written %q: keys are lower case", part, name)})
			}
			cur = f.Type
		}
	}
	return l
}

func hasUpper(k toml.Key) bool {
	for _, part := range k {
		for i := 0; i < len(part); i++ {
			if c := part[i]; c >= 'A' && c <= 'Z' || c >= 0x80 {
				return true
			}
		}
	}
	return false
}

// unknownKeys lists the keys of the document that the Go type has no field
// for, in document order. It does what MetaData.Undecoded does for our
// struct-only formats, without printing every key of the document: loading
// the shipped data spent a tenth of its allocations there.
func unknownKeys(md toml.MetaData, t reflect.Type) []toml.Key {
	var out []toml.Key
	prefixes := map[string]bool{} // unknown tables met through their keys
	for _, k := range md.Keys() {
		cur := t
		for i, part := range k {
			for cur.Kind() == reflect.Pointer || cur.Kind() == reflect.Slice || cur.Kind() == reflect.Array {
				cur = cur.Elem()
			}
			if cur.Kind() != reflect.Struct || reflect.PointerTo(cur).Implements(textUnmarshaler) {
				break // a map, a value, or a type that decodes itself: anything goes
			}
			f, ok := fieldByKey(cur, part)
			if !ok {
				if i == len(k)-1 {
					out = append(out, k)
					prefixes[k.String()] = true
				} else if p := k[:i+1]; !prefixes[p.String()] {
					prefixes[p.String()] = true
					out = append(out, p)
				}
				break
			}
			cur = f.Type
		}
	}
	return out
}

var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
