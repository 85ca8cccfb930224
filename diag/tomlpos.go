package diag

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// Index maps TOML key paths to where they stand in the source, so that
// errors found after decoding (a dangling id, a points sum that does not add
// up) can still name file:line:col. BurntSushi/toml keeps key positions
// private, so we scan the text ourselves.
//
// Paths use dots and array indexes: "unit.2.points" is the points key of the
// third [[unit]] table; "unit.2" is that table's header. Keys inside inline
// tables and arrays are indexed too ("profile.0.composition.1.count").
type Index struct {
	file   string
	src    []byte
	source func() []byte // reads src when it was not given
	once   sync.Once
	keys   map[string]entry // every key and element: found on first need
}

type entry struct {
	line, keyCol, valCol int
}

// NewIndex returns the index of src, which must not change afterwards.
// Nothing is scanned until a position is first asked for: a load that
// finds nothing wrong never needs one (see Later). It never fails: text it
// cannot follow is skipped, and a lookup that misses falls back to the
// nearest enclosing path.
func NewIndex(file string, src []byte) *Index {
	return &Index{file: file, src: src}
}

// NewIndexFrom is NewIndex for text that source reads when a position is
// first asked for.
func NewIndexFrom(file string, source func() []byte) *Index {
	return &Index{file: file, source: source}
}

func (ix *Index) scanAll() {
	if ix.src == nil && ix.source != nil {
		ix.src = ix.source()
	}
	src := string(ix.src)
	// About one key a line: sizing the map up front saves its regrowth.
	ix.keys = make(map[string]entry, strings.Count(src, "\n")+1)
	s := &scanner{keys: ix.keys, src: src, line: 1, col: 1, arrays: map[string]int{}}
	s.run()
}

// Key returns the position of the key at path (its first character).
func (ix *Index) Key(path string) Pos {
	e := ix.lookup(path)
	return Pos{File: ix.file, Line: e.line, Col: e.keyCol}
}

// Value returns the position of the value at path (its first character).
func (ix *Index) Value(path string) Pos {
	e := ix.lookup(path)
	return Pos{File: ix.file, Line: e.line, Col: e.valCol}
}

// Later returns the position of the key at path without finding it yet:
// its line and column are found when a message is made at it (List.Add,
// Pos.Resolve). Loaders place every entry this way, and most loads never
// report on any.
func (ix *Index) Later(path string) Pos {
	return Pos{File: ix.file, ix: ix, path: path}
}

// File is the file the index was built from.
func (ix *Index) File() string { return ix.file }

// Has reports whether path was seen in the source.
func (ix *Index) Has(path string) bool {
	ix.once.Do(ix.scanAll)
	_, ok := ix.keys[path]
	return ok
}

func (ix *Index) lookup(path string) entry {
	ix.once.Do(ix.scanAll)
	for {
		if e, ok := ix.keys[path]; ok {
			return e
		}
		if e, ok := ix.firstUnder(path); ok {
			return e // a dotted key: "more.deep = 3" is where the table "more" is written
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return entry{}
		}
		path = path[:i]
	}
}

// firstUnder finds the first key written inside the table at path.
func (ix *Index) firstUnder(path string) (entry, bool) {
	var best entry
	found := false
	for p, e := range ix.keys {
		if len(p) > len(path) && p[len(path)] == '.' && strings.HasPrefix(p, path) &&
			(!found || e.line < best.line || e.line == best.line && e.keyCol < best.keyCol) {
			best, found = e, true
		}
	}
	return best, found
}

type scanner struct {
	keys      map[string]entry // where to record
	parts     []string         // keyParts' scratch space
	src       string
	pos       int
	line, col int
	table     string         // current [table] path, with indexes
	arrays    map[string]int // next index of each [[array]] / inline array
}

func (s *scanner) peek() byte {
	if s.pos < len(s.src) {
		return s.src[s.pos]
	}
	return 0
}

func (s *scanner) next() byte {
	if s.pos >= len(s.src) {
		return 0 // broken text can end anywhere
	}
	c := s.src[s.pos]
	s.pos++
	if c == '\n' {
		s.line++
		s.col = 1
	} else if c < 0x80 || c >= 0xC0 { // count runes, not bytes
		s.col++
	}
	return c
}

// skip steps over the next n bytes, keeping line and column.
func (s *scanner) skip(n int) {
	chunk := s.src[s.pos : s.pos+n]
	if nl := strings.LastIndexByte(chunk, '\n'); nl >= 0 {
		s.line += strings.Count(chunk, "\n")
		s.col = 1 + utf8.RuneCountInString(chunk[nl+1:])
	} else {
		s.col += utf8.RuneCountInString(chunk)
	}
	s.pos += n
}

func (s *scanner) skipSpace(newlines bool) {
	for s.pos < len(s.src) {
		c := s.peek()
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			s.next()
		case c == '\n' && newlines:
			s.next()
		case c == '#':
			for s.pos < len(s.src) && s.peek() != '\n' {
				s.next()
			}
		default:
			return
		}
	}
}

func (s *scanner) skipLine() {
	for s.pos < len(s.src) && s.peek() != '\n' {
		s.next()
	}
}

func (s *scanner) record(path string, e entry) {
	if _, dup := s.keys[path]; !dup {
		s.keys[path] = e
	}
}

func (s *scanner) run() {
	for {
		s.skipSpace(true)
		if s.pos >= len(s.src) {
			return
		}
		line, col := s.line, s.col
		if s.peek() == '[' {
			s.next()
			array := s.peek() == '['
			if array {
				s.next()
			}
			s.skipSpace(false)
			kcol := s.col
			parts := s.keyParts()
			name := strings.Join(parts, ".")
			path := s.resolve(name)
			if array {
				i := s.arrays[path]
				s.arrays[path] = i + 1
				path += "." + strconv.Itoa(i)
			}
			s.table = path
			s.record(path, entry{line: line, keyCol: kcol, valCol: col})
			s.skipLine()
			continue
		}
		parts := s.keyParts()
		if len(parts) == 0 {
			s.skipLine()
			continue
		}
		s.skipSpace(false)
		if s.peek() != '=' {
			s.skipLine()
			continue
		}
		s.next()
		s.skipSpace(false)
		path := join(s.table, strings.Join(parts, "."))
		s.record(path, entry{line: line, keyCol: col, valCol: s.col})
		s.value(path)
	}
}

// resolve turns a header name such as "unit.composition" into an indexed
// path ("unit.3.composition") using the latest index of each array prefix.
func (s *scanner) resolve(name string) string {
	parts := strings.Split(name, ".")
	path := ""
	for i, p := range parts {
		path = join(path, p)
		if i < len(parts)-1 {
			if n, ok := s.arrays[path]; ok && n > 0 {
				path += "." + strconv.Itoa(n-1)
			}
		}
	}
	return path
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

// keyParts reads a (possibly dotted, possibly quoted) key.
// The returned slice is reused by the next call: use it at once.
func (s *scanner) keyParts() []string {
	parts := s.parts[:0]
	defer func() { s.parts = parts[:0] }()
	for s.pos < len(s.src) {
		s.skipSpace(false)
		c := s.peek()
		var part string
		switch {
		case c == '"' || c == '\'':
			part = s.str()
		case isBare(c):
			start := s.pos
			for s.pos < len(s.src) && isBare(s.peek()) {
				s.next()
			}
			part = s.src[start:s.pos]
		default:
			return parts
		}
		parts = append(parts, part)
		s.skipSpace(false)
		if s.peek() != '.' {
			return parts
		}
		s.next()
	}
	return parts
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// str reads a basic, literal or multi-line string and returns its raw text.
func (s *scanner) str() string {
	q := s.next()
	if strings.HasPrefix(s.src[s.pos:], string([]byte{q, q})) {
		s.next()
		s.next()
		end := string([]byte{q, q, q})
		start := s.pos
		for s.pos < len(s.src) && !strings.HasPrefix(s.src[s.pos:], end) {
			// Jump to the next quote or backslash: long texts (narratives,
			// rules) are most of the data.
			i := strings.IndexAny(s.src[s.pos:], string(q)+"\\")
			if i < 0 {
				s.skip(len(s.src) - s.pos)
				break
			}
			s.skip(i)
			if strings.HasPrefix(s.src[s.pos:], end) {
				break
			}
			if q == '"' && s.peek() == '\\' && s.pos+1 < len(s.src) {
				s.next()
			}
			s.next()
		}
		text := s.src[start:s.pos]
		for i := 0; i < 3 && s.pos < len(s.src); i++ {
			s.next()
		}
		for s.pos < len(s.src) && s.peek() == q { // """a"""" ends with quotes
			s.next()
		}
		return text
	}
	start := s.pos
	for s.pos < len(s.src) && s.peek() != q && s.peek() != '\n' {
		if q == '"' && s.peek() == '\\' && s.pos+1 < len(s.src) {
			s.next() // the escaped character cannot end the string
		}
		s.next()
	}
	text := s.src[start:s.pos]
	if s.pos < len(s.src) && s.peek() == q {
		s.next()
	}
	return text
}

// value skips one value, recording the keys of inline tables and the
// elements of arrays under path.
func (s *scanner) value(path string) {
	switch c := s.peek(); {
	case c == '"' || c == '\'':
		s.str()
	case c == '[':
		s.next()
		for i := 0; ; i++ {
			s.skipSpace(true)
			if s.pos >= len(s.src) {
				return
			}
			if s.peek() == ']' {
				s.next()
				return
			}
			el := path + "." + strconv.Itoa(i)
			s.record(el, entry{line: s.line, keyCol: s.col, valCol: s.col})
			before := s.pos
			s.value(el)
			if s.pos == before && s.peek() != ',' {
				s.next() // not a value (broken text): step over it rather than loop
			}
			s.skipSpace(true)
			if s.peek() == ',' {
				s.next()
			}
		}
	case c == '{':
		s.next()
		for {
			s.skipSpace(true)
			if s.pos >= len(s.src) {
				return
			}
			if s.peek() == '}' {
				s.next()
				return
			}
			line, col := s.line, s.col
			parts := s.keyParts()
			if len(parts) == 0 {
				s.next() // not a key: step over it
				continue
			}
			s.skipSpace(false)
			if s.peek() == '=' {
				s.next()
			}
			s.skipSpace(false)
			kp := path + "." + strings.Join(parts, ".")
			s.record(kp, entry{line: line, keyCol: col, valCol: s.col})
			before := s.pos
			s.value(kp)
			if s.pos == before && s.peek() != ',' && s.peek() != '}' {
				s.next()
			}
			s.skipSpace(true)
			if s.peek() == ',' {
				s.next()
			}
		}
	default:
		for s.pos < len(s.src) {
			c := s.peek()
			if c == ',' || c == ']' || c == '}' || c == '\n' || c == '#' {
				return
			}
			s.next()
		}
	}
}
