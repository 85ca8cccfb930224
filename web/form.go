package web

import (
	"fmt"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules/aqotmf"
	"github.com/playaid/playaid/rules/evacuation"
	"github.com/playaid/playaid/rules/imperial"
	"github.com/playaid/playaid/tomlpos"
)

// form is a list as the builder edits it: every key the list writes, as
// text, "" for a key left out. Text rather than numbers, so that a list
// written by hand with a wrong value (count = "two") or a key of another
// rule set keeps it, and the save writes what the page shows.
type form struct {
	List  values
	Units []values
	Obj   values // the [objective] table; nil when the list has none
}

// values are the keys of one TOML table and their values as text.
type values map[string]string

// field is a key of a list's TOML table and the kind of its value.
type field struct {
	key   string
	kind  reflect.Kind // String, Int or Bool
	index int          // of the army struct's field
}

// fieldsOf lists the keys of an army struct that hold plain values, in
// the struct's order; the structs are the format, so the builder knows
// every key the CLI reads.
func fieldsOf(t reflect.Type) []field {
	var fs []field
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("toml")
		k := f.Type.Kind()
		if tag == "" || tag == "-" || (k != reflect.String && k != reflect.Int && k != reflect.Bool) {
			continue
		}
		fs = append(fs, field{tag, k, i})
	}
	return fs
}

var (
	listFields = fieldsOf(reflect.TypeFor[army.List]())
	unitFields = fieldsOf(reflect.TypeFor[army.Unit]())
	objFields  = fieldsOf(reflect.TypeFor[army.Objective]())
)

// The army lists' kinds, as the builder shows them: the rule engines
// whose rule sets take army lists (army.Kind).
var (
	kindAQ   = aqotmf.Engine.Name
	kindEvac = evacuation.Engine.Name
	kindIM   = imperial.Engine.Name
)

// kindOf names the engine of s's army lists; "" for none.
func kindOf(s *catalog.System) string { return army.Kind(s) }

// unitOrder is the order a saved unit writes its keys in, per rule set, as
// the README's examples write them; keys of another rule set follow in the
// struct's order.
var unitOrder = map[string][]string{
	kindAQ:   {"id", "label", "count", "points", "ambush", "reinforcement", "note"},
	kindEvac: {"label", "type", "points", "count", "note"},
	kindIM:   {"label", "type", "training", "morale", "figures", "order", "weapon", "trays", "vehicle", "note"},
}

// fromList is the form of a parsed list. A key counts as written when the
// file has it (ix) or its value is not the zero value; false is the same
// as left out.
func fromList(l *army.List, ix *tomlpos.Index) *form {
	f := &form{List: valuesOf(reflect.ValueOf(l).Elem(), listFields, "", ix)}
	for i := range l.Units {
		f.Units = append(f.Units, valuesOf(reflect.ValueOf(&l.Units[i]).Elem(), unitFields, fmt.Sprintf("unit.%d.", i), ix))
	}
	if l.Objective != nil {
		f.Obj = valuesOf(reflect.ValueOf(l.Objective).Elem(), objFields, "objective.", ix)
	}
	return f
}

func valuesOf(v reflect.Value, fields []field, prefix string, ix *tomlpos.Index) values {
	out := values{}
	for _, fd := range fields {
		fv := v.Field(fd.index)
		switch fd.kind {
		case reflect.String:
			if fv.String() != "" || ix.Has(prefix+fd.key) {
				out[fd.key] = fv.String()
			}
		case reflect.Int:
			if fv.Int() != 0 || ix.Has(prefix+fd.key) {
				out[fd.key] = strconv.FormatInt(fv.Int(), 10)
			}
		case reflect.Bool:
			if fv.Bool() {
				out[fd.key] = "true"
			}
		}
	}
	return out
}

// formError is a form the builder cannot read: a request no page of
// playaid sends.
type formError struct{ msg string }

func (e formError) Error() string { return e.msg }

// Form field names: the list's keys by name ("points"), a unit's as
// u.N.key ("u.2.count"), the objective's as obj.key. u.N.n marks that unit
// N exists even when none of its fields is sent.
const (
	unitPrefix = "u."
	objPrefix  = "obj."
	objMarker  = "obj"
)

// fromPost reads the builder's form. Values are trimmed; empty ones are
// keys left out. Sizes and counts are bounded.
func fromPost(pf url.Values) (*form, error) {
	n := 0
	for _, vs := range pf {
		n += len(vs)
	}
	if n > maxFormFields {
		return nil, formError{fmt.Sprintf("the form has %d fields, more than the %d a list of %d units needs", n, maxFormFields, maxUnits)}
	}
	f := &form{List: values{}}
	get := func(name string) (string, error) {
		v := strings.TrimSpace(pf.Get(name))
		limit := maxFieldBytes
		if strings.HasSuffix(name, "note") {
			limit = maxNoteBytes
		}
		if len(v) > limit {
			return "", formError{fmt.Sprintf("%s is %d bytes long, more than the %d it may have", name, len(v), limit)}
		}
		if !utf8.ValidString(v) {
			return "", formError{fmt.Sprintf("%s is not valid text", name)}
		}
		return v, nil
	}
	read := func(dst values, fields []field, prefix string) error {
		for _, fd := range fields {
			v, err := get(prefix + fd.key)
			if err != nil {
				return err
			}
			switch {
			case fd.kind == reflect.Bool && v != "":
				dst[fd.key] = "true"
			case fd.kind != reflect.Bool && v != "":
				dst[fd.key] = v
			}
		}
		return nil
	}
	if err := read(f.List, listFields, ""); err != nil {
		return nil, err
	}
	var idx []int
	seen := map[int]bool{}
	for name := range pf {
		rest, ok := strings.CutPrefix(name, unitPrefix)
		if !ok {
			continue
		}
		num, _, _ := strings.Cut(rest, ".")
		i, err := strconv.Atoi(num)
		if err != nil || i < 0 || i >= maxUnits || strconv.Itoa(i) != num {
			return nil, formError{fmt.Sprintf("the form names unit %q; units are numbered 0 to %d", num, maxUnits-1)}
		}
		if !seen[i] {
			seen[i] = true
			idx = append(idx, i)
		}
	}
	sort.Ints(idx)
	for _, i := range idx {
		u := values{}
		if err := read(u, unitFields, fmt.Sprintf("%s%d.", unitPrefix, i)); err != nil {
			return nil, err
		}
		f.Units = append(f.Units, u)
	}
	if _, ok := pf[objMarker]; ok {
		f.Obj = values{}
		if err := read(f.Obj, objFields, objPrefix); err != nil {
			return nil, err
		}
	}
	return f, nil
}

// toml writes the form as a list file in the format the CLI reads, a
// unit's keys in the order of the rule-set kind. A number that is not a
// whole number is written as the text it is, so that the list's check says
// what is wrong with it where it stands, as it would for the same file
// written by hand.
func (f *form) toml(kind string) []byte {
	var b strings.Builder
	b.WriteString("# An army list, saved by the playaid army builder (playaid serve).\n")
	b.WriteString("# Check it: playaid army validate FILE. Comments written here are not kept by the builder.\n")
	writeTable(&b, f.List, listFields, nil)
	if f.Obj != nil {
		b.WriteString("\n[objective]\n")
		writeTable(&b, f.Obj, objFields, nil)
	}
	order := unitOrder[kind]
	for _, u := range f.Units {
		b.WriteString("\n[[unit]]\n")
		writeTable(&b, u, unitFields, order)
	}
	return []byte(b.String())
}

// writeTable writes the keys that have a value, in order first and then in
// the fields' order, with the = signs lined up.
func writeTable(b *strings.Builder, v values, fields []field, order []string) {
	var keys []field
	for _, k := range order {
		for _, fd := range fields {
			if fd.key == k && v[k] != "" {
				keys = append(keys, fd)
			}
		}
	}
	for _, fd := range fields {
		if v[fd.key] != "" && !containsKey(order, fd.key) {
			keys = append(keys, fd)
		}
	}
	w := 0
	for _, fd := range keys {
		w = max(w, len(fd.key))
	}
	for _, fd := range keys {
		fmt.Fprintf(b, "%-*s = %s\n", w, fd.key, tomlValue(fd.kind, v[fd.key]))
	}
}

func containsKey(keys []string, k string) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}

func tomlValue(kind reflect.Kind, v string) string {
	switch kind {
	case reflect.Bool:
		return "true"
	case reflect.Int:
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return strconv.FormatInt(n, 10)
		}
	}
	return tomlString(v)
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
