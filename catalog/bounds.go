package catalog

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/limits"
)

// Bound is the range a whole number of the data may take, Lo to Hi.
type Bound struct{ Lo, Hi int }

// keyBounds are the ranges of the data's whole numbers by TOML key: the
// keys of the catalogue's own entries (units, weapons, charts, markers,
// scenarios), wherever they stand, an engine's block too. An engine
// bounds its block's own keys itself (Block.Bounds). Any other whole
// number is a stat or rule number (Defense, a factor, a modifier, a
// score) within ±limits.MaxStat. The bounds keep every sum and product
// the engine and the pages make of the data far from overflowing, and
// every loop over them short; the rules' own demands on a number (a die
// of one face at least, a loss of one point a turn) are checked beside
// them.
var keyBounds = map[string]Bound{
	"die":       {1, limits.MaxDie}, // 0: left out, reported where a die is needed
	"armor_die": {0, limits.MaxDie},

	"points": {0, limits.MaxPoints},
	"total":  {0, limits.MaxPoints},

	"count":  {0, limits.MaxCount},
	"stands": {0, limits.MaxCount},
	"trays":  {0, limits.MaxCount},

	// A marker's faces: the marker set prints them all.
	"numbered": {0, limits.MaxMarkers},

	"dice": {0, limits.MaxDice},

	// A scenario's length: 0 where a chart decides.
	"turns": {0, limits.MaxStat},
}

// pathBounds are the bounds of numbers a rule of their own holds to more
// than their key's bound, by path (without indices): a unit's element
// count is 1 or more, so that a count below is told once, against the
// bound it must meet.
var pathBounds = map[string]Bound{
	"composition.count": {1, limits.MaxCount},
}

var statBound = Bound{-limits.MaxStat, limits.MaxStat}

// checkNumbers walks every number of an entry or rule block (v, written at
// at) and reports each whole number outside its bound, each number that
// is not finite and each list longer than limits.MaxEntries. label names
// the entry in messages ("unit \"x\"").
func (c *checker) checkNumbers(at located, label label, v any) {
	c.checkNumbersIn(at, label, v, nil)
}

// checkNumbersIn is checkNumbers with a block's own bounds, by key,
// before the catalogue's.
func (c *checker) checkNumbersIn(at located, label label, v any, own map[string]Bound) {
	w := numberWalk{c: c, at: at, label: label, own: own}
	w.value(reflect.ValueOf(v), "")
}

// label names an entry in messages, put together only when a message
// needs it: `unit "company"`, or the kind alone (`[about]`) without an id.
type label struct{ kind, id string }

func (l label) String() string {
	if l.id == "" {
		return l.kind
	}
	return fmt.Sprintf("%s %q", l.kind, l.id)
}

// numberWalk is one walk of checkNumbers. The path to where it is stands
// in parts, joined only for a message.
type numberWalk struct {
	c     *checker
	at    located
	label label
	own   map[string]Bound // the block's own bounds, by key
	parts []string
}

func (w *numberWalk) path() string { return strings.Join(w.parts, ".") }

func (w *numberWalk) wrong(format string, args ...any) {
	p := w.path()
	if w.at.bad(p) {
		return // the decoder could not read it: reported already
	}
	w.c.errf(w.at.value(p), "%s: %s %s", w.label, named(p), fmt.Sprintf(format, args...))
}

// value walks v, found under the key named key (for an element of a list,
// the list's key).
func (w *numberWalk) value(v reflect.Value, key string) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			w.value(v.Elem(), key)
		}
	case reflect.Struct:
		if v.Type() == numType {
			if n := v.Interface().(Num); n.Set && n.Rule == "" {
				w.whole(n.N, key)
			}
			return
		}
		for _, f := range numberFields(v.Type()) {
			w.parts = append(w.parts, f.name)
			w.value(v.Field(f.index), f.name)
			w.parts = w.parts[:len(w.parts)-1]
		}
	case reflect.Slice:
		if v.Len() > limits.MaxEntries {
			if p := w.path(); !w.at.bad(p) {
				w.c.errf(w.at.key(p), "%s: %s has %d items; expected at most %d", w.label, named(p), v.Len(), limits.MaxEntries)
			}
			return
		}
		if e := v.Type().Elem(); !holdsNumbers(e) && e.Kind() != reflect.Slice {
			return // strings: only the length counts
		}
		for i := range v.Len() {
			w.parts = append(w.parts, strconv.Itoa(i))
			w.value(v.Index(i), key)
			w.parts = w.parts[:len(w.parts)-1]
		}
	case reflect.Int:
		w.whole(int(v.Int()), key)
	case reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			w.wrong("is %g; expected a finite number", f)
		}
	}
}

func (w *numberWalk) whole(n int, key string) {
	if key == "die" && n == 0 {
		return
	}
	b := boundOf(key, w.own)
	if key == "count" {
		if pb, ok := pathBounds[named(w.path())]; ok {
			b = pb
		}
	}
	if n < b.Lo || n > b.Hi {
		w.wrong("is %d; expected %d–%d", n, b.Lo, b.Hi)
	}
}

// boundOf is the bound of a whole number under key: a block's own (own,
// nil outside a block), else the catalogue's, else a stat's.
func boundOf(key string, own map[string]Bound) Bound {
	if b, ok := own[key]; ok {
		return b
	}
	if b, ok := keyBounds[key]; ok {
		return b
	}
	return statBound
}

// numberField is a field of a struct that is, or holds, a number or a list.
type numberField struct {
	index int
	name  string // its TOML key
}

var numberPlans sync.Map // reflect.Type → []numberField

// numberFields lists the fields of a struct type the walk must visit:
// worked out once a type, as the walk runs on every load.
func numberFields(t reflect.Type) []numberField {
	if fs, ok := numberPlans.Load(t); ok {
		return fs.([]numberField)
	}
	var fs []numberField
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ",")
		ft := t.Field(i).Type
		if name == "" || name == "-" || !holdsNumbers(ft) && ft.Kind() != reflect.Slice {
			continue
		}
		fs = append(fs, numberField{i, name})
	}
	numberPlans.Store(t, fs)
	return fs
}

var (
	numType   = reflect.TypeFor[Num]()
	holdPlans sync.Map // reflect.Type → bool
)

// holdsNumbers reports whether a value of type t is, or holds, a number
// the walk checks. Lengths and rolls are checked as they are read.
func holdsNumbers(t reflect.Type) bool {
	if h, ok := holdPlans.Load(t); ok {
		return h.(bool)
	}
	h := holds(t)
	holdPlans.Store(t, h)
	return h
}

func holds(t reflect.Type) bool {
	switch t {
	case reflect.TypeFor[Length](), reflect.TypeFor[Roll](), reflect.TypeFor[diag.Pos]():
		return false
	case reflect.TypeFor[Num]():
		return true
	}
	switch t.Kind() {
	case reflect.Int, reflect.Float64:
		return true
	case reflect.Pointer, reflect.Slice:
		return holdsNumbers(t.Elem()) || t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Slice
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsNumbers(t.Field(i).Type) || t.Field(i).Type.Kind() == reflect.Slice {
				return true
			}
		}
	}
	return false
}

// named is a path as a reader names the key: without array indexes.
func named(path string) string {
	parts := strings.Split(path, ".")
	out := parts[:0]
	for _, p := range parts {
		if strings.Trim(p, "0123456789") != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, ".")
}
