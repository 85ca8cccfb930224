package diag

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/internal/plain"
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
// Text that Vet refuses (too big, nested too deep) is not parsed: its one
// diagnostic says why.
//
// BurntSushi/toml parses the text into a plain tree; Decode then fills v
// from that tree itself, in one walk that also finds unknown keys, keys in
// the wrong case and values of the wrong type, each at its exact path. (The
// library's own struct filling records every key path as a string, twice:
// on the shipped data that was a third of all the loading work, and its
// errors name only the last key seen.)
func Decode(file string, src []byte, v any) (*Index, List, bool) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		panic(fmt.Sprintf("diag.Decode: want a non-nil pointer, got %T", v))
	}
	ix := NewIndex(file, src)
	if err := Vet(file, src); err != nil {
		return ix, List{err.(Diag)}, false
	}
	var tree any
	if _, err := toml.NewDecoder(bytes.NewReader(src)).Decode(&tree); err != nil {
		return ix, List{decodeErr(ix, file, err)}, false
	}
	ix.parsed = true
	f := filler{ix: ix}
	f.value(tree, rv.Elem(), planOf(rv.Type().Elem()))
	sort.SliceStable(f.l, func(i, j int) bool {
		a, b := f.l[i], f.l[j]
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	return ix, f.l, !f.bad
}

// ReadFile reads the file named name of fsys for Decode: only a regular
// file (or a link to one), and no more than limits.MaxFileSize bytes of
// it. A named pipe or a device is refused unopened: reading one would
// wait for ever or never end.
func ReadFile(fsys fs.FS, name, display string) ([]byte, error) {
	return ReadLimited(fsys, name, display, limits.MaxFileSize, "a TOML file")
}

// ReadLimited is ReadFile for other files than TOML (what says what the
// file should be): only a regular file, of at most max bytes.
func ReadLimited(fsys fs.FS, name, display string, max int64, what string) ([]byte, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, Diag{File: display, Msg: plain.Why(display, err)}
	}
	if !info.Mode().IsRegular() {
		return nil, Diag{File: display, Msg: fmt.Sprintf("not a regular file (%s); expected %s", FileKind(info.Mode()), what)}
	}
	if info.Size() > max {
		return nil, Diag{File: display, Msg: fmt.Sprintf("the file is %d bytes; expected at most %d (%d KiB)", info.Size(), max, max>>10)}
	}
	r, err := fsys.Open(name)
	if err != nil {
		return nil, Diag{File: display, Msg: plain.Why(display, err)}
	}
	defer r.Close()
	// Read what the size promised, and one byte more to see that the file
	// has not grown past the limit since.
	var b bytes.Buffer
	b.Grow(int(info.Size()) + bytes.MinRead)
	if _, err := b.ReadFrom(io.LimitReader(r, max+1)); err != nil {
		return nil, Diag{File: display, Msg: plain.Why(display, err)}
	}
	if int64(b.Len()) > max {
		return nil, Diag{File: display, Msg: fmt.Sprintf("the file is more than %d bytes; expected at most %d KiB", max, max>>10)}
	}
	return b.Bytes(), nil
}

// FileKind names a file type for people: "a named pipe", "a folder" …
func FileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file"
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
	t := ix.t
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

// maxSuggest is the longest word Suggest looks for a near miss of: the
// edit distance takes time growing with the product of the lengths, and
// no typo of a word that long is worth a guess.
const maxSuggest = 64

// Suggest returns the candidate closest to word when it is close enough to
// be a likely typo ("did you mean …?"), or "".
func Suggest(word string, candidates []string) string {
	best, bestD := "", len(word)/2+2
	if len(word) > maxSuggest {
		return ""
	}
	for _, c := range candidates {
		if len(c) > maxSuggest {
			continue
		}
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
