package web

import (
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
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
	key  string
	kind rules.FieldKind // TextField, NumberField or CheckField
}

// The keys the builder knows: those every list and unit takes and every
// registered engine's (rules.Army), so that the builder keeps every key
// the CLI reads. A list's keys are written in the order system, name,
// player, scenario, side, faction, the engines' keys, note.
func listFields() []field {
	var fs []field
	for _, k := range rules.CommonListKeys {
		if k != "note" && k != "unit" {
			fs = append(fs, field{k, rules.TextField})
		}
	}
	for _, f := range rules.AllListKeys() {
		if f.Kind != rules.TableField {
			fs = append(fs, field{f.Key, f.Kind})
		}
	}
	return append(fs, field{"note", rules.TextField})
}

func unitFields() []field {
	fs := []field{{"label", rules.TextField}, {"note", rules.TextField}}
	for _, f := range rules.AllUnitKeys() {
		if !slices.Contains(rules.CommonUnitKeys, f.Key) {
			fs = append(fs, field{f.Key, f.Kind})
		}
	}
	return fs
}

// tableField is the list's table of keys of its own ([objective]), the
// builder's "obj" fields; zero when no engine's lists have one.
func tableField() rules.Field {
	for _, f := range rules.AllListKeys() {
		if f.Kind == rules.TableField {
			return f
		}
	}
	return rules.Field{}
}

func objFields() []field {
	var fs []field
	for _, f := range tableField().Fields {
		fs = append(fs, field{f.Key, f.Kind})
	}
	return fs
}

// unitOrder is the order a saved unit writes its keys in: its engine's
// (rules.Army.UnitFields), as the README's examples write them; keys of
// another rule set follow in unitFields' order.
func unitOrder(sys *catalog.System) []string {
	if a := rules.ArmyOf(sys); a != nil {
		return rules.FieldKeys(a.UnitFields)
	}
	return nil
}

// fromList is the form of a parsed list. A key counts as written when the
// file has it or its value is not the zero value; false is the same as
// left out.
func fromList(l *army.List) *form {
	f := &form{List: values{}}
	common := map[string]string{"system": l.System, "name": l.Name, "player": l.Player, "scenario": l.Scenario, "side": l.Side, "faction": l.Faction, "note": l.Note}
	ix := l.Index()
	for _, fd := range listFields() {
		if v, ok := common[fd.key]; ok {
			if v != "" || ix.Has(fd.key) {
				f.List[fd.key] = v
			}
			continue
		}
		setValue(f.List, fd, l.Values)
	}
	for _, u := range l.Units {
		uv := values{}
		if u.Label != "" {
			uv["label"] = u.Label
		}
		if u.Note != "" {
			uv["note"] = u.Note
		}
		for _, fd := range unitFields()[2:] {
			setValue(uv, fd, u.Values)
		}
		f.Units = append(f.Units, uv)
	}
	if t := l.Values.Table(tableField().Key); t != nil {
		f.Obj = values{}
		for _, fd := range objFields() {
			setValue(f.Obj, fd, t)
		}
	}
	return f
}

// setValue sets the form's value of the key the file writes, as text.
func setValue(dst values, fd field, v rules.Values) {
	if !v.Has(fd.key) {
		return
	}
	switch fd.kind {
	case rules.NumberField:
		dst[fd.key] = strconv.Itoa(v.Int(fd.key))
	case rules.CheckField:
		if v.Bool(fd.key) {
			dst[fd.key] = "true"
		}
	default:
		dst[fd.key] = v.Str(fd.key)
	}
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
			case fd.kind == rules.CheckField && v != "":
				dst[fd.key] = "true"
			case fd.kind != rules.CheckField && v != "":
				dst[fd.key] = v
			}
		}
		return nil
	}
	if err := read(f.List, listFields(), ""); err != nil {
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
		if err := read(u, unitFields(), fmt.Sprintf("%s%d.", unitPrefix, i)); err != nil {
			return nil, err
		}
		f.Units = append(f.Units, u)
	}
	if _, ok := pf[objMarker]; ok {
		f.Obj = values{}
		if err := read(f.Obj, objFields(), objPrefix); err != nil {
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
func (f *form) toml(sys *catalog.System) []byte {
	var b strings.Builder
	b.WriteString("# An army list, saved by the playaid army builder (playaid serve).\n")
	b.WriteString("# Check it: playaid army validate FILE. Comments written here are not kept by the builder.\n")
	writeTable(&b, f.List, listFields(), nil)
	if f.Obj != nil {
		b.WriteString("\n[" + tableField().Key + "]\n")
		writeTable(&b, f.Obj, objFields(), nil)
	}
	order := unitOrder(sys)
	for _, u := range f.Units {
		b.WriteString("\n[[unit]]\n")
		writeTable(&b, u, unitFields(), order)
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

func tomlValue(kind rules.FieldKind, v string) string {
	switch kind {
	case rules.CheckField:
		return "true"
	case rules.NumberField:
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

// rules is the form as the rule set's engine reads it (rules.Form); the
// engine's changes come back with fromRules.
func (f *form) rules() *rules.Form {
	rf := &rules.Form{List: f.List, Table: f.Obj}
	for _, u := range f.Units {
		rf.Units = append(rf.Units, u)
	}
	return rf
}

// fromRules takes back the keys an engine set in the form.
func (f *form) fromRules(rf *rules.Form) {
	f.List = rf.List
	if rf.Table != nil {
		f.Obj = rf.Table
	}
}
