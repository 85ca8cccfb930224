package tomlpos

import (
	"encoding"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/glyphs"
	"github.com/playaid/playaid/internal/suggest"
	"github.com/playaid/playaid/internal/toml"
)

// A plan is what the walk needs to know of a Go type, worked out once per
// type: how its values decode and, for a struct, its fields by TOML key.
type plan struct {
	kind   planKind
	t      reflect.Type
	elem   *plan                 // slice, map, pointer
	fields map[string]*fieldPlan // struct: by key as written in the format
	lower  map[string]*fieldPlan // struct: by lower-cased key, to catch "System ="
	names  []string              // struct: its keys, sorted, for messages
}

type fieldPlan struct {
	name  string
	index []int // through embedded structs, whose fields count as the outer struct's
	plan  *plan
}

type planKind int

const (
	kString planKind = iota
	kInt
	kUint
	kFloat
	kBool
	kAny
	kStruct
	kSlice
	kMap
	kPointer
	kSelf // implements toml.Unmarshaler
	kText // implements encoding.TextUnmarshaler
)

var (
	plans   sync.Map // reflect.Type → *plan
	plansMu sync.Mutex

	unmarshalerType = reflect.TypeFor[toml.Unmarshaler]()
	textType        = reflect.TypeFor[encoding.TextUnmarshaler]()
)

func planOf(t reflect.Type) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	plansMu.Lock()
	defer plansMu.Unlock()
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	building := map[reflect.Type]*plan{}
	p := buildPlan(t, building)
	for t, p := range building { // published only when whole: other walks read plans unlocked
		plans.Store(t, p)
	}
	return p
}

// buildPlan runs under plansMu. A type's plan is noted before its fields
// are planned, so a type that contains itself ends.
func buildPlan(t reflect.Type, building map[reflect.Type]*plan) *plan {
	if p, ok := plans.Load(t); ok {
		return p.(*plan)
	}
	if p, ok := building[t]; ok {
		return p
	}
	p := &plan{t: t}
	building[t] = p
	switch pt := reflect.PointerTo(t); {
	case pt.Implements(unmarshalerType):
		p.kind = kSelf
		return p
	case pt.Implements(textType):
		p.kind = kText
		return p
	}
	switch t.Kind() {
	case reflect.String:
		p.kind = kString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.kind = kInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		p.kind = kUint
	case reflect.Float32, reflect.Float64:
		p.kind = kFloat
	case reflect.Bool:
		p.kind = kBool
	case reflect.Interface:
		p.kind = kAny
	case reflect.Slice:
		p.kind, p.elem = kSlice, buildPlan(t.Elem(), building)
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			panic("tomlpos.Decode: map keys must be strings, not in " + t.String())
		}
		p.kind, p.elem = kMap, buildPlan(t.Elem(), building)
	case reflect.Pointer:
		p.kind, p.elem = kPointer, buildPlan(t.Elem(), building)
	case reflect.Struct:
		p.kind = kStruct
		p.fields, p.lower = map[string]*fieldPlan{}, map[string]*fieldPlan{}
		for _, sf := range reflect.VisibleFields(t) {
			name := tomlName(sf)
			if !sf.IsExported() || name == "-" || sf.Anonymous && sf.Tag.Get("toml") == "" && indirectType(sf.Type).Kind() == reflect.Struct {
				continue // an embedded struct's own fields are listed after it
			}
			if _, dup := p.fields[name]; dup || !settable(t, sf.Index) {
				continue // hidden by an outer field of the same name, or out of reach
			}
			fp := &fieldPlan{name: name, index: sf.Index, plan: buildPlan(sf.Type, building)}
			p.fields[name] = fp
			p.lower[strings.ToLower(name)] = fp
			p.names = append(p.names, name)
		}
		sort.Strings(p.names)
	default:
		panic("tomlpos.Decode: cannot decode TOML into " + t.String())
	}
	return p
}

func indirectType(t reflect.Type) reflect.Type {
	if t.Kind() == reflect.Pointer {
		return t.Elem()
	}
	return t
}

// settable reports whether the field at index can be reached to be set:
// reflection cannot make an embedded pointer to an unexported struct.
func settable(t reflect.Type, index []int) bool {
	for _, x := range index[:len(index)-1] {
		f := t.Field(x)
		if f.Type.Kind() == reflect.Pointer && !f.IsExported() {
			return false
		}
		t = indirectType(f.Type)
	}
	return true
}

// fieldAt is rv.FieldByIndex that makes the embedded structs it passes
// through by pointer.
func fieldAt(rv reflect.Value, index []int) reflect.Value {
	for i, x := range index {
		if i > 0 && rv.Kind() == reflect.Pointer {
			if rv.IsNil() {
				rv.Set(reflect.New(rv.Type().Elem()))
			}
			rv = rv.Elem()
		}
		rv = rv.Field(x)
	}
	return rv
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

// filler walks the parsed tree and the Go value together.
type filler struct {
	ix *Index
	// extra are the top-level tables decoded beside the value's own
	// fields, by key (DecodeExtra); got holds those the text writes.
	extra map[string]reflect.Type
	got   map[string]any
	l     diag.List
	bad   bool     // a value of the wrong type: v is only partly filled
	path  []string // where the walk is: keys and array indexes ("unit", "2", "points")
	idx   []bool   // which parts of path are array indexes
}

func (f *filler) push(key string, index bool) {
	f.path = append(f.path, key)
	f.idx = append(f.idx, index)
}

func (f *filler) pop() {
	f.path, f.idx = f.path[:len(f.path)-1], f.idx[:len(f.idx)-1]
}

func (f *filler) pushIndex(i int) { f.push(strconv.Itoa(i), true) }

// where is the path for the index ("unit.2.points"); named is the path as a
// reader names the key ("unit.points").
func (f *filler) where() string { return strings.Join(f.path, ".") }

func (f *filler) named() string {
	var parts []string
	for i, p := range f.path {
		if !f.idx[i] {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ".")
}

// wrong reports a value the field cannot hold, at the value.
func (f *filler) wrong(format string, args ...any) {
	f.bad = true
	f.ix.markBad(f.where())
	f.l.Add(f.ix.Value(f.where()), "%s: %s", f.named(), fmt.Sprintf(format, args...))
}

func (f *filler) mismatch(data any, p *plan) {
	f.wrong("found %s, expected %s", tomlKind(data), p.want())
}

// want returns data as a T, or reports that the value is of the wrong type.
func want[T any](f *filler, data any, p *plan) (T, bool) {
	x, ok := data.(T)
	if !ok {
		f.mismatch(data, p)
	}
	return x, ok
}

func (f *filler) value(data any, rv reflect.Value, p *plan) {
	switch p.kind {
	case kSelf:
		if err := rv.Addr().Interface().(toml.Unmarshaler).UnmarshalTOML(data); err != nil {
			f.wrong("%v", err)
		}
	case kText:
		// A bare number or boolean goes to the type as text too, so that
		// speed = 6 is told what a length looks like, as BurntSushi/toml
		// would.
		var s string
		switch x := data.(type) {
		case string:
			s = x
		case int64:
			s = strconv.FormatInt(x, 10)
		case float64:
			s = strconv.FormatFloat(x, 'g', -1, 64)
		case bool:
			s = strconv.FormatBool(x)
		default:
			f.mismatch(data, p)
			return
		}
		if err := rv.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(s)); err != nil {
			f.wrong("%v", err)
		}
	case kString:
		if s, ok := want[string](f, data, p); ok {
			rv.SetString(s)
			// Text enters here, where its place is known: say now
			// if the PDF font cannot print some of it.
			if msg := glyphs.Problem(s); msg != "" {
				f.l.Warn(f.ix.Value(f.where()), "%s: %s", f.named(), msg)
				f.l[len(f.l)-1].Font = true
			}
		}
	case kInt:
		n, ok := want[int64](f, data, p)
		if !ok {
			return
		}
		bits := p.t.Bits()
		if p.t.Kind() == reflect.Int {
			// An int takes what a 32-bit int holds on every machine, so
			// that a file gets the same answer on a 32-bit one (a
			// Raspberry Pi's arm, 386) as on a 64-bit one.
			bits = 32
		}
		switch lo, hi := int64(-1)<<(bits-1), int64(1)<<(bits-1)-1; {
		case n > hi:
			f.wrong("%d is too large; expected at most %d", n, hi)
		case n < lo:
			f.wrong("%d is too small; expected at least %d", n, lo)
		default:
			rv.SetInt(n)
		}
	case kUint:
		n, ok := data.(int64)
		if !ok || n < 0 {
			f.mismatch(data, p)
			return
		}
		bits := p.t.Bits()
		if p.t.Kind() == reflect.Uint {
			bits = 32 // as an int's, above
		}
		if hi := uint64(1)<<bits - 1; bits < 64 && uint64(n) > hi {
			f.wrong("%d is too large; expected at most %d", n, hi)
			return
		}
		rv.SetUint(uint64(n))
	case kFloat:
		switch x := data.(type) {
		case float64:
			rv.SetFloat(x)
		case int64:
			rv.SetFloat(float64(x))
		default:
			f.mismatch(data, p)
		}
	case kBool:
		if b, ok := want[bool](f, data, p); ok {
			rv.SetBool(b)
		}
	case kAny:
		rv.Set(reflect.ValueOf(data))
	case kPointer:
		if rv.IsNil() {
			rv.Set(reflect.New(p.t.Elem()))
		}
		f.value(data, rv.Elem(), p.elem)
	case kSlice:
		var n int
		var at func(int) any
		switch d := data.(type) {
		case []map[string]any: // an array of tables
			n, at = len(d), func(i int) any { return d[i] }
		case []any:
			n, at = len(d), func(i int) any { return d[i] }
		default:
			f.mismatch(data, p)
			return
		}
		s := reflect.MakeSlice(p.t, n, n)
		for i := range n {
			f.pushIndex(i)
			f.value(at(i), s.Index(i), p.elem)
			f.pop()
		}
		rv.Set(s)
	case kMap:
		m, ok := want[map[string]any](f, data, p)
		if !ok {
			return
		}
		if rv.IsNil() {
			rv.Set(reflect.MakeMapWithSize(p.t, len(m)))
		}
		for k, d := range m {
			e := reflect.New(p.t.Elem()).Elem()
			f.push(k, false)
			f.value(d, e, p.elem)
			f.pop()
			rv.SetMapIndex(reflect.ValueOf(k).Convert(p.t.Key()), e)
		}
	case kStruct:
		m, ok := want[map[string]any](f, data, p)
		if !ok {
			return
		}
		for k, d := range m {
			fp := p.fields[k]
			if fp == nil && len(f.path) == 0 {
				if t, ok := f.extra[strings.ToLower(k)]; ok {
					f.extraTable(k, d, t)
					continue
				}
			}
			if fp == nil {
				if fp = p.lower[strings.ToLower(k)]; fp == nil {
					f.unknown(k, p)
					continue
				}
				// BurntSushi/toml would fill the field whatever the
				// case; so do we, but a typo must not pass silently.
				f.push(k, false)
				f.l.Add(f.ix.Key(f.where()), "key %q is written %q: keys are lower case", k, fp.name)
				f.pop()
			}
			f.push(k, false)
			f.value(d, fieldAt(rv, fp.index), fp.plan)
			f.pop()
		}
	}
}

// extraTable decodes the top-level table k, which the caller gives the
// type t of (DecodeExtra), into a new value kept in f.got.
func (f *filler) extraTable(k string, d any, t reflect.Type) {
	f.push(k, false)
	if low := strings.ToLower(k); low != k {
		f.l.Add(f.ix.Key(f.where()), "key %q is written %q: keys are lower case", k, low)
		k = low
	}
	nv := reflect.New(t)
	f.value(d, nv.Elem(), planOf(t))
	f.pop()
	if f.got == nil {
		f.got = map[string]any{}
	}
	f.got[k] = nv.Interface()
}

// unknown reports a key the struct has no field for; the walk does not go
// into it, so an unknown table is one message, not one per key.
func (f *filler) unknown(k string, p *plan) {
	msg := fmt.Sprintf("unknown key %q", k)
	parent := f.named()
	if parent != "" {
		msg += " in " + parent
	}
	names := p.names
	if parent == "" && len(f.extra) > 0 {
		names = slices.Clone(names)
		for name := range f.extra {
			names = append(names, name)
		}
		sort.Strings(names)
	}
	if len(names) > 0 {
		msg += "; expected one of: " + strings.Join(names, ", ")
		if s := suggest.Closest(k, names); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
	}
	f.push(k, false)
	f.l.Add(f.ix.Key(f.where()), "%s", msg)
	f.pop()
}

// want names what a plan's values are written as.
func (p *plan) want() string {
	switch p.kind {
	case kString, kText:
		return "a string"
	case kInt, kUint:
		return "an integer"
	case kFloat:
		return "a number"
	case kBool:
		return "a boolean"
	case kSlice:
		return "an array"
	case kStruct, kMap:
		return "a table"
	}
	return "a value"
}

// tomlKind names what a parsed value was written as.
func tomlKind(data any) string {
	switch data.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	case time.Time:
		return "a date"
	}
	return fmt.Sprintf("a %T", data)
}
