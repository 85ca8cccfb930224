package rules

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/toml"
	"github.com/playaid/playaid/tomlpos"
)

// An army list file names its rule set (system = "aqotmf") and holds
// [[unit]] tables. What a list and a unit say beyond the keys every list
// takes is its engine's (Army.ListFields, Army.UnitFields): an AQotMF
// unit is a catalogue entry (id, count), an Evacuation: Mars unit brings
// its own type and points from the player's codex, an Imperial Mars unit
// its training, morale class, figures and order. Every number the checks
// use comes from the catalogue. The README ("Army lists") documents the
// format for users.

// List is one army-list file as written.
type List struct {
	System   string // rule set id
	Name     string // the army's name, printed on the roster
	Player   string // optional
	Scenario string // optional: a scenario id of the rule set
	Side     string // the side of the scenario the list plays, by its name
	Faction  string // the list's faction, for a list for no scenario
	Note     string // printed on the roster

	Units []Unit
	// Values are the list's keys of its engine (points, hidden) and its
	// tables ([objective]), as the file writes them.
	Values Values

	File   string            // name for messages
	Hash   string            // short sha256 of the file's bytes
	ix     *tomlpos.Index    // where each key stands
	diags  diag.List         // problems found while decoding
	whole  bool              // decoding filled the list (only unknown keys, if anything)
	respel map[string]string // key path as the list spells it, where its case differs ("UNIT" for "unit")
}

// Unit is one [[unit]] of a list: its label and note, and the keys of its
// engine (Army.UnitFields).
type Unit struct {
	Label  string // the player's name for the unit
	Note   string
	Values Values
}

// Values are keys of a list, a unit or a table as the file writes them:
// a string, an int, a bool, or a table's Values. A key the file does not
// write has none.
type Values map[string]any

// Str, Int and Bool are the key's value; "", 0 or false when it has none.
func (v Values) Str(key string) string { s, _ := v[key].(string); return s }
func (v Values) Int(key string) int    { n, _ := v[key].(int); return n }
func (v Values) Bool(key string) bool  { b, _ := v[key].(bool); return b }

// Table is the values of the table key; nil when the file writes none.
func (v Values) Table(key string) Values { t, _ := v[key].(Values); return t }

// Has reports whether the file writes the key.
func (v Values) Has(key string) bool { _, ok := v[key]; return ok }

// Str, Int, Bool and Has read the unit's own keys (Values).
func (u Unit) Str(key string) string { return u.Values.Str(key) }
func (u Unit) Int(key string) int    { return u.Values.Int(key) }
func (u Unit) Bool(key string) bool  { return u.Values.Bool(key) }

// N is the number of units the entry stands for: its count, 1 when left
// out.
func (u Unit) N() int {
	if n := u.Int(CountKey); n != 0 {
		return n
	}
	return 1
}

// HashBytes is the list's own hash printed on rosters: the first twelve hex
// digits of the sha256 of the file's bytes, so an organiser can check that
// the roster was printed from the file they hold (sha256sum FILE).
func HashBytes(src []byte) string {
	h := sha256.Sum256(src)
	return hex.EncodeToString(h[:])[:12]
}

// DecodeList decodes a list's text strictly, as ParseList does, into the
// list's Go type: whether it decodes at all (only unknown keys, if any).
func DecodeList(file string, src []byte) bool {
	_, _, ok := tomlpos.Decode(file, src, reflect.New(listType()).Interface())
	return ok
}

// ParseList reads an army list. It returns nil when src is not TOML at
// all; the diagnostics then hold the syntax error. Otherwise the list is
// returned with what decoding found (unknown keys, values of the wrong
// type) kept for CheckList to report along with its own findings.
//
// Text tomlpos.Vet refuses (too big, nested too deep) is not parsed at all:
// the TOML parser's time and memory grow with the square of the depth.
func ParseList(file string, src []byte) (*List, diag.List) {
	if err := tomlpos.Vet(file, src); err != nil {
		return nil, diag.List{err.(diag.Diag)}
	}
	probe, err := toml.Parse(string(src))
	if err != nil {
		return nil, diag.List{syntaxErr(file, err)}
	}
	l := &List{File: file, Hash: HashBytes(src)}
	t := listType()
	v := reflect.New(t)
	ix, dl, ok := tomlpos.Fill(file, src, probe, v.Interface())
	l.fill(v.Elem(), ix, ok)
	// tomlpos.Fill cannot place an unknown key that is all digits ("0 = 1"):
	// such a message goes to the start of the file rather than nowhere.
	for i := range dl {
		if dl[i].Line < 1 || dl[i].Col < 1 {
			dl[i].Line, dl[i].Col = 1, 1
		}
	}
	l.ix, l.diags, l.whole = ix, dl, ok
	// The decoder matches keys regardless of case ("System" fills
	// system; tomlpos.Fill reports it): remember the spelling to find the
	// keys.
	l.respel = map[string]string{}
	l.cased(probe, "", "", t)
	l.diags.Sort()
	return l, l.diags
}

// fill copies the decoded value into the list: the common keys into its
// fields, the engines' into Values where the file writes them. A list
// that did not decode whole (a value of the wrong type) keeps only what
// identifies it.
func (l *List) fill(v reflect.Value, ix *tomlpos.Index, whole bool) {
	str := func(name string) string { return v.FieldByName("C_" + name).String() }
	l.System, l.Name = str("system"), str("name")
	if !whole {
		return
	}
	l.Player, l.Scenario, l.Side, l.Faction, l.Note = str("player"), str("scenario"), str("side"), str("faction"), str("note")
	l.Values = values(v, ix, "")
	us := v.FieldByName("Units")
	for i := 0; i < us.Len(); i++ {
		u := us.Index(i)
		l.Units = append(l.Units, Unit{Label: u.FieldByName("Label").String(), Note: u.FieldByName("Note").String(),
			Values: values(u, ix, UnitPath(i)+".")})
	}
}

// values are the engines' keys of a decoded struct that the file writes
// (prefix is the struct's path: "unit.2.").
func values(v reflect.Value, ix *tomlpos.Index, prefix string) Values {
	out := Values{}
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !strings.HasPrefix(f.Name, "K_") {
			continue
		}
		key := f.Tag.Get("toml")
		fv := v.Field(i)
		switch fv.Kind() {
		case reflect.Pointer:
			if !fv.IsNil() {
				out[key] = values(fv.Elem(), ix, prefix+key+".")
			}
			continue
		case reflect.Int:
			if fv.Int() != 0 || ix.Has(prefix+key) {
				out[key] = int(fv.Int())
			}
		case reflect.Bool:
			if fv.Bool() || ix.Has(prefix+key) {
				out[key] = fv.Bool()
			}
		default:
			if fv.String() != "" || ix.Has(prefix+key) {
				out[key] = fv.String()
			}
		}
	}
	return out
}

// syntaxErr places the parser's error. (The position index is not built
// for text that is not TOML: there is nothing in it to find.)
func syntaxErr(file string, err error) diag.Diag {
	d := diag.Diag{File: file, Line: 1, Col: 1, Msg: err.Error()}
	var pe toml.ParseError
	if errors.As(err, &pe) {
		d.Msg = pe.Message
		if pe.LastKey != "" {
			d.Msg = pe.LastKey + ": " + d.Msg
		}
		d.Line, d.Col = max(pe.Position.Line, 1), max(pe.Position.Col, 1)
	}
	return d
}

// cased walks the keys of the TOML as written and reports those that
// match a key of the format only when case is ignored.
func (l *List) cased(m map[string]any, canon, actual string, t reflect.Type) {
	join := func(a, b string) string {
		if a == "" {
			return b
		}
		return a + "." + b
	}
	for _, k := range sortedKeys(m) {
		name, ft := fieldFor(t, k)
		cp, ap := join(canon, name), join(actual, k)
		if name != k {
			l.respel[cp] = ap // tomlpos.Fill reports the spelling itself
		}
		if ft == nil {
			continue
		}
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft = ft.Elem()
		}
		if ft.Kind() != reflect.Struct {
			continue
		}
		switch v := m[k].(type) {
		case map[string]any:
			l.cased(v, cp, ap, ft)
		case []map[string]any:
			for i, e := range v {
				l.cased(e, fmt.Sprintf("%s.%d", cp, i), fmt.Sprintf("%s.%d", ap, i), ft)
			}
		case []any:
			for i, e := range v {
				if em, ok := e.(map[string]any); ok {
					l.cased(em, fmt.Sprintf("%s.%d", cp, i), fmt.Sprintf("%s.%d", ap, i), ft)
				}
			}
		}
	}
}

// fieldFor returns the key of the struct field that key k fills, and the
// field's type; k itself and nil when it fills none.
func fieldFor(t reflect.Type, k string) (string, reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("toml")
		if tag == "" || tag == "-" || !f.IsExported() {
			continue
		}
		if strings.EqualFold(tag, k) {
			if tag == k {
				return k, f.Type
			}
			return tag, f.Type
		}
	}
	return k, nil
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// spelled turns a key path of the format ("unit.2.points") into the path
// as the list writes it ("UNIT.2.Points").
func (l *List) spelled(path string) string {
	if len(l.respel) == 0 {
		return path
	}
	parts := strings.Split(path, ".")
	canon, actual := "", ""
	for i, p := range parts {
		if i > 0 {
			canon += "."
			actual += "."
		}
		canon += p
		if a, ok := l.respel[canon]; ok {
			actual = a
		} else {
			actual += p
		}
	}
	return actual
}

// Key and Value place a message on a key path of the list
// ("unit.2.points"); a path that is not in the file falls back to the
// nearest enclosing table.
func (l *List) Key(path string) diag.Pos   { return l.placed(l.ix.Key(l.spelled(path))) }
func (l *List) Value(path string) diag.Pos { return l.placed(l.ix.Value(l.spelled(path))) }

// placed makes sure a message has a place: the start of the file when the
// index cannot find the key at all.
func (l *List) placed(p diag.Pos) diag.Pos {
	if p.Line < 1 || p.Col < 1 {
		return l.Top()
	}
	return p
}

// Has reports whether the file writes the key path.
func (l *List) Has(path string) bool { return l.ix.Has(l.spelled(path)) }

// Index is where each key of the list stands.
func (l *List) Index() *tomlpos.Index { return l.ix }

// UnitPath is the key path of the list's unit i: "unit.2".
func UnitPath(i int) string { return fmt.Sprintf("unit.%d", i) }

// Top is the start of the file, for messages about the whole list.
func (l *List) Top() diag.Pos { return diag.Pos{File: l.File, Line: 1, Col: 1} }
