package catalog

import (
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/playaid/playaid/internal/limits"
)

// bound is the range a whole number of the data may take.
type bound struct{ lo, hi int }

// keyBounds are the ranges of the data's whole numbers by TOML key. Any
// other whole number is a stat or rule number (Defense, a factor, a
// modifier, a score) within ±limits.MaxStat. The bounds keep every sum
// and product the engine and the pages make of the data far from
// overflowing, and every loop over them short; the rules' own demands on
// a number (a die of one face at least, a loss of one point a turn) are
// checked beside them.
var keyBounds = map[string]bound{
	"die":       {1, limits.MaxDie}, // 0: left out, reported where a die is needed
	"armor_die": {0, limits.MaxDie},

	"points":       {0, limits.MaxPoints},
	"total":        {0, limits.MaxPoints},
	"ladder":       {0, limits.MaxPoints},
	"ladder_total": {0, limits.MaxPoints},

	"count":                {0, limits.MaxCount},
	"stands":               {0, limits.MaxCount},
	"trays":                {0, limits.MaxCount},
	"foot":                 {0, limits.MaxCount},
	"horse":                {0, limits.MaxCount},
	"max_foot_per_tray":    {0, limits.MaxCount},
	"max_mounted_per_tray": {0, limits.MaxCount},
	"min_infantry_figures": {0, limits.MaxCount},

	// Blips are marker pieces: the marker set prints them all.
	"numbered":            {0, limits.MaxMarkers},
	"dummies":             {0, limits.MaxMarkers},
	"decoys_per_infantry": {0, limits.MaxMarkers},

	"dice": {0, limits.MaxDice},

	// Game lengths: 0 where a chart decides.
	"turns": {0, limits.MaxStat},
	"round": {0, limits.MaxStat},
}

var statBound = bound{-limits.MaxStat, limits.MaxStat}

// checkNumbers walks every number of an entry or rule block (v, written at
// at) and reports each whole number outside its bound and each number
// that is not finite. label names the entry in messages ("unit \"x\"").
func (c *checker) checkNumbers(at located, label string, v any) {
	c.numbers(at, label, "", reflect.ValueOf(v))
}

func (c *checker) numbers(at located, label, path string, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			c.numbers(at, label, path, v.Elem())
		}
	case reflect.Struct:
		switch x := v.Interface().(type) {
		case Num:
			if x.Set && x.Rule == "" {
				c.wholeNumber(at, label, path, x.N)
			}
			return
		case Length, Roll:
			return // bounded as they are read
		}
		t := v.Type()
		for i := range t.NumField() {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ",")
			if name == "" || name == "-" {
				continue
			}
			c.numbers(at, label, join(path, name), v.Field(i))
		}
	case reflect.Slice:
		if v.Len() > limits.MaxEntries {
			if !at.bad(path) {
				c.errf(at.key(path), "%s: %s has %d items; expected at most %d", label, named(path), v.Len(), limits.MaxEntries)
			}
			return
		}
		for i := range v.Len() {
			c.numbers(at, label, join(path, strconv.Itoa(i)), v.Index(i))
		}
	case reflect.Int:
		c.wholeNumber(at, label, path, int(v.Int()))
	case reflect.Float64:
		if f := v.Float(); (math.IsNaN(f) || math.IsInf(f, 0)) && !at.bad(path) {
			c.errf(at.value(path), "%s: %s is %g; expected a finite number", label, named(path), f)
		}
	}
}

func (c *checker) wholeNumber(at located, label, path string, n int) {
	key := lastKey(path)
	b, ok := keyBounds[key]
	if !ok {
		b = statBound
	}
	if key == "die" && n == 0 {
		return
	}
	if (n < b.lo || n > b.hi) && !at.bad(path) {
		c.errf(at.value(path), "%s: %s is %d; expected %d–%d", label, named(path), n, b.lo, b.hi)
	}
}

// lastKey is the last key of a path, array indexes left out:
// "composition.2.count" → "count", "ladder.3" → "ladder".
func lastKey(path string) string {
	for {
		i := strings.LastIndexByte(path, '.')
		last := path[i+1:]
		if _, err := strconv.Atoi(last); err != nil || i < 0 {
			return last
		}
		path = path[:i]
	}
}

// named is a path as a reader names the key: without array indexes.
func named(path string) string {
	parts := strings.Split(path, ".")
	out := parts[:0]
	for _, p := range parts {
		if _, err := strconv.Atoi(p); err != nil {
			out = append(out, p)
		}
	}
	return strings.Join(out, ".")
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}
