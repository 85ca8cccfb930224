package document

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/playaid/playaid/internal/suggest"
)

// A club writes templates against the data a document gives them, not
// against playaid's Go code: an execution error is told in the template's
// words. A field that does not exist is named with the fields that do,
// and no message names a Go type ("*army.Roster") or the template
// engine's limits.

// What an execution error's message says, compiled when first needed: only
// a template with a mistake needs them.
var (
	noField = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`can't evaluate field (\w+) in type (struct \{\}|\S+)`)
	})
	nilField = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`nil pointer evaluating (\S+)\.(\w+)`) })
	goType   = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\*?(?:\[\])*(?:map\[[^\]]*\])?\b[a-z][a-z0-9]*\.([A-Z][A-Za-z0-9]*)\b`)
	})
	tooDeep   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`exceeded maximum template depth \(\d+\)`) })
	camelPart = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[A-Z][a-z0-9]*|[a-z0-9]+`) })
)

// inWords rewrites an execution error's message for a template's author.
// data is what the template ran over: its fields are listed when one is
// missing.
func inWords(msg string, data any) string {
	if m := noField().FindStringSubmatchIndex(msg); m != nil {
		field, typ := msg[m[2]:m[3]], msg[m[4]:m[5]]
		msg = msg[:m[0]] + missingField(field, typ, data) + msg[m[1]:]
	}
	msg = nilField().ReplaceAllString(msg, "there is no value here to take .$2 of (it is empty)")
	msg = tooDeep().ReplaceAllString(msg, "templates call themselves or each other too deep; expected a template that ends")
	return goType().ReplaceAllStringFunc(msg, func(t string) string {
		return typeWords(goType().FindStringSubmatch(t)[1])
	})
}

// missingField says that field is not one of typ's, and which are.
func missingField(field, typ string, data any) string {
	if k, ok := basicKinds[typ]; ok {
		return fmt.Sprintf("there is no field %s: the value here is %s, which has no fields", field, k)
	}
	switch {
	case strings.HasPrefix(typ, "[]"):
		return fmt.Sprintf("there is no field %s: the value here is a list, which has no fields; take its items with range or index", field)
	case strings.HasPrefix(typ, "map["):
		return fmt.Sprintf("there is no field %s: the value here is a table of entries, which has no fields; take them with index", field)
	}
	names := fieldNames(reflect.TypeOf(data))[typ]
	if len(names) == 0 {
		return fmt.Sprintf("there is no field %s here", field)
	}
	msg := fmt.Sprintf("there is no field %s here; expected one of: %s", field, strings.Join(names, ", "))
	if near := suggest.Closest(field, names); near != "" {
		msg = fmt.Sprintf("there is no field %s here (did you mean %s?); expected one of: %s", field, near, strings.Join(names, ", "))
	}
	return msg
}

// basicKinds names the values that have no fields.
var basicKinds = map[string]string{
	"string": "text", "int": "a number", "int64": "a number", "float64": "a number", "bool": "true or false",
	"interface {}": "a value",
}

// typeWords is a Go type's name in words: "RosterUnit" → "a roster unit".
func typeWords(name string) string {
	parts := camelPart().FindAllString(name, -1)
	w := strings.ToLower(strings.Join(parts, " "))
	if w == "" {
		return "a value"
	}
	if strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// fieldNames maps each type reachable from t (as text/template prints it)
// to the names a template can use on it: its exported fields and methods.
func fieldNames(t reflect.Type) map[string][]string {
	out := map[string][]string{}
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		if t == nil || depth > 8 {
			return
		}
		if _, seen := out[t.String()]; seen {
			return
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			out[t.String()] = nil
			walk(t.Elem(), depth+1)
			if t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
				out[t.String()] = names(t)
			}
			return
		case reflect.Struct:
			out[t.String()] = names(t)
			for i := range t.NumField() {
				if f := t.Field(i); f.IsExported() {
					walk(f.Type, depth+1)
				}
			}
			return
		}
		out[t.String()] = nil
	}
	walk(t, 0)
	return out
}

// names are the exported fields of a struct (or a pointer to one) and its
// exported methods, sorted.
func names(t reflect.Type) []string {
	seen := map[string]bool{}
	st := t
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	for _, f := range reflect.VisibleFields(st) {
		if f.IsExported() && !f.Anonymous {
			seen[f.Name] = true
		}
	}
	for i := range t.NumMethod() {
		if m := t.Method(i); m.IsExported() && unicode.IsUpper(rune(m.Name[0])) {
			seen[m.Name] = true
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
