package tomlpos

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
)

// Index maps TOML key paths to where they stand in the source, so that
// errors found after decoding (a dangling id, a points sum that does not add
// up) can still name file:line:col. BurntSushi/toml keeps key positions
// private, so we scan the text ourselves.
//
// Paths use dots and array indexes: "unit.2.points" is the points key of the
// third [[unit]] table; "unit.2" is that table's header. Keys inside inline
// tables and arrays are indexed too ("profile.0.composition.1.count").
//
// The keys are kept as a tree, each node holding only its own part of the
// path: a path string per key would make deep tables of long names take
// memory growing with the square of the text.
type Index struct {
	file   string
	src    []byte
	mu     sync.Mutex
	t      *tree           // every key and element: found on first need, let go by Forget
	parsed bool            // Decode found the text to be TOML
	bad    map[string]bool // paths holding a value Decode could not read, and their parents
}

type entry struct {
	line, keyCol, valCol int
}

// tree is the keys of a text. Node 0 is the root; a node's children are
// found in kids by their part of the path.
type tree struct {
	nodes []node
	kids  map[kid]int32
	order []int32 // nodes with an entry, in the order of the text
}

type kid struct {
	parent int32
	part   string
}

type node struct {
	parent   int32
	part     string
	next     int   // index of the next [[array]] table under it
	own      entry // where the key itself stands, if has
	first    entry // the first key written under it, if hasFirst
	has      bool
	hasFirst bool
}

func newTree(keys int) *tree {
	t := &tree{nodes: make([]node, 1, keys+1), kids: make(map[kid]int32, keys)}
	t.nodes[0].parent = -1
	return t
}

// child returns the child of n for part, made if it is new.
func (t *tree) child(n int32, part string) int32 {
	k := kid{n, part}
	if c, ok := t.kids[k]; ok {
		return c
	}
	c := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{parent: n, part: part})
	t.kids[k] = c
	return c
}

// walk follows a dotted path from n as far as it goes; it returns the
// deepest node reached and whether the whole path was found.
func (t *tree) walk(n int32, path string) (int32, bool) {
	for path != "" {
		part, rest, _ := strings.Cut(path, ".")
		c, ok := t.kids[kid{n, part}]
		if !ok {
			return n, false
		}
		n, path = c, rest
	}
	return n, true
}

// record notes where the key at n stands; the first place wins. Keys come
// in the order of the text, so the first key recorded under a node is the
// first written under it.
func (t *tree) record(n int32, e entry) {
	if t.nodes[n].has {
		return
	}
	t.nodes[n].own, t.nodes[n].has = e, true
	t.order = append(t.order, n)
	for p := t.nodes[n].parent; p > 0 && !t.nodes[p].hasFirst; p = t.nodes[p].parent {
		t.nodes[p].first, t.nodes[p].hasFirst = e, true
	}
}

// path is the indexed path of n ("unit.2.points").
func (t *tree) path(n int32) string {
	var parts []string
	for ; n > 0; n = t.nodes[n].parent {
		parts = append(parts, t.nodes[n].part)
	}
	slices.Reverse(parts)
	return strings.Join(parts, ".")
}

// NewIndex returns the index of src, which must not change afterwards.
// Nothing is scanned until a position is first asked for: a load that
// finds nothing wrong never needs one (see Later). It never fails: text it
// cannot follow is skipped, and a lookup that misses falls back to the
// nearest enclosing path.
func NewIndex(file string, src []byte) *Index {
	return &Index{file: file, src: src}
}

// keys returns the tree of the text's keys, scanning the text the first
// time it is asked for after NewIndex or Forget.
func (ix *Index) keys() *tree {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.t == nil {
		src := string(ix.src)
		// About one key a line: sizing the map up front saves its regrowth.
		ix.t = newTree(strings.Count(src, "\n") + 1)
		s := &scanner{t: ix.t, src: src, line: 1, col: 1}
		s.run()
	}
	return ix.t
}

// Forget lets go of the keys found so far: once the data is loaded and
// checked, positions are wanted only for a rare late message, and the
// trees of all the files would otherwise be held for the whole run
// (about 0.4 MB for the shipped data). A later lookup scans the text
// again.
func (ix *Index) Forget() {
	ix.mu.Lock()
	ix.t = nil
	ix.mu.Unlock()
}

// Key returns the position of the key at path (its first character).
func (ix *Index) Key(path string) diag.Pos {
	e := ix.lookup(path)
	return diag.Pos{File: ix.file, Line: e.line, Col: e.keyCol}
}

// Value returns the position of the value at path (its first character).
func (ix *Index) Value(path string) diag.Pos {
	e := ix.lookup(path)
	return diag.Pos{File: ix.file, Line: e.line, Col: e.valCol}
}

// Later returns the position of the key at path without finding it yet:
// its line and column are found when a message is made at it (List.Add,
// Pos.Resolve). Loaders place every entry this way, and most loads never
// report on any.
func (ix *Index) Later(path string) diag.Pos {
	return diag.Later(ix.file, ix, path)
}

// File is the file the index was built from.
func (ix *Index) File() string { return ix.file }

// Source is the text the index was built from.
func (ix *Index) Source() []byte { return ix.src }

// Parsed reports whether the text was TOML (set by Decode): the decoded
// value then holds every value of the right type, and none of the others.
func (ix *Index) Parsed() bool { return ix.parsed }

// Bad reports whether Decode found a value at path, or anywhere under it,
// that it could not read (a value of the wrong type, a length without a
// unit): the field was left as it was, and checks of it would only repeat
// the error.
func (ix *Index) Bad(path string) bool { return ix.bad[path] }

func (ix *Index) markBad(path string) {
	if ix.bad == nil {
		ix.bad = map[string]bool{}
	}
	for path != "" && !ix.bad[path] {
		ix.bad[path] = true
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			break
		}
		path = path[:i]
	}
}

// Has reports whether path was seen in the source.
func (ix *Index) Has(path string) bool {
	t := ix.keys()
	n, ok := t.walk(0, path)
	return ok && t.nodes[n].has
}

// lookup finds the key at path or, failing that, the first key written
// under it ("more.deep = 3" is where the table "more" is written), or else
// the same for the nearest enclosing path.
func (ix *Index) lookup(path string) entry {
	t := ix.keys()
	n, _ := t.walk(0, path)
	for ; n > 0; n = t.nodes[n].parent {
		switch nd := &t.nodes[n]; {
		case nd.has:
			return nd.own
		case nd.hasFirst:
			return nd.first
		}
	}
	return entry{}
}

type scanner struct {
	t         *tree
	parts     []string // keyParts' scratch space
	src       string
	pos       int
	line, col int
	table     int32 // the current [table]
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
			n := s.header(s.keyParts())
			if array {
				i := s.t.nodes[n].next
				s.t.nodes[n].next = i + 1
				n = s.t.child(n, strconv.Itoa(i))
			}
			s.table = n
			s.t.record(n, entry{line: line, keyCol: kcol, valCol: col})
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
		n := s.under(s.table, parts)
		s.t.record(n, entry{line: line, keyCol: col, valCol: s.col})
		s.value(n, 0)
	}
}

// header finds the node of a table header's name: "unit.composition" is
// under the latest [[unit]] table ("unit.3.composition").
func (s *scanner) header(parts []string) int32 {
	var n int32
	for i, p := range parts {
		n = s.under(n, []string{p})
		if i < len(parts)-1 {
			if next := s.t.nodes[n].next; next > 0 {
				n = s.t.child(n, strconv.Itoa(next-1))
			}
		}
	}
	return n
}

// under returns the node of a dotted key below n. A quoted part with dots
// in it stands for as many parts, as the path that looks it up will.
func (s *scanner) under(n int32, parts []string) int32 {
	for _, p := range parts {
		for {
			part, rest, dotted := strings.Cut(p, ".")
			n = s.t.child(n, part)
			if !dotted {
				break
			}
			p = rest
		}
	}
	return n
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
// elements of arrays under n. Values nested deeper than limits.MaxDepth
// are skipped without recording: Vet refuses such text before it is
// decoded, but the index must still cope with any text in linear time.
func (s *scanner) value(n int32, depth int) {
	switch c := s.peek(); {
	case c == '"' || c == '\'':
		s.str()
	case (c == '[' || c == '{') && depth >= limits.MaxDepth:
		s.skipNested()
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
			el := s.t.child(n, strconv.Itoa(i))
			s.t.record(el, entry{line: s.line, keyCol: s.col, valCol: s.col})
			before := s.pos
			s.value(el, depth+1)
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
			kn := s.under(n, parts)
			s.t.record(kn, entry{line: line, keyCol: col, valCol: s.col})
			before := s.pos
			s.value(kn, depth+1)
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

// skipNested steps over a bracketed value, strings and all, without
// recording what is inside.
func (s *scanner) skipNested() {
	depth := 0
	for s.pos < len(s.src) {
		switch c := s.peek(); c {
		case '"', '\'':
			s.str()
			continue
		case '#':
			s.skipSpace(false)
			continue
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		}
		s.next()
		if depth == 0 {
			return
		}
	}
}
