// Package army reads army-list files (TOML), prices them against the rule
// data of their rule set, checks them and prints rosters and unit cards.
//
// A list names its rule set (system = "aqotmf") and holds [[unit]] tables.
// What a unit says depends on the rule set: an AQotMF unit is a catalogue
// entry (id, count), an Evacuation: Mars unit brings its own type and points
// from the player's codex, an Imperial Mars unit its training, morale class,
// figures and order. Every number the checks use comes from the catalogue.
// The README ("Army lists") documents the format for users.
package army

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/internal/infile"
	"github.com/playaid/playaid/internal/limits"
	"github.com/playaid/playaid/tomlpos"
)

// List is one army-list file as written.
type List struct {
	System   string `toml:"system"`   // rule set id
	Name     string `toml:"name"`     // the army's name, printed on the roster
	Player   string `toml:"player"`   // optional
	Scenario string `toml:"scenario"` // optional: a scenario id of the rule set
	Points   int    `toml:"points"`   // the limit the list is built to (0: none, or the rule set's own)
	Hidden   bool   `toml:"hidden"`   // AQotMF: the list deploys as hidden units (blips)
	Note     string `toml:"note"`     // printed on the roster

	Units     []Unit     `toml:"unit"`
	Objective *Objective `toml:"objective"` // Evacuation: Mars only

	File   string            `toml:"-"` // name for messages
	Hash   string            `toml:"-"` // short sha256 of the file's bytes
	ix     *tomlpos.Index    // where each key stands
	diags  diag.List         // problems found while decoding
	whole  bool              // decoding filled the list (only unknown keys, if anything)
	respel map[string]string // key path as the list spells it, where its case differs ("UNIT" for "unit")
}

// Unit is one [[unit]] of a list. Which keys a unit takes depends on the
// rule set (see unitKeys).
type Unit struct {
	Label string `toml:"label"` // the player's name for the unit
	Count int    `toml:"count"` // AQotMF and Evacuation: Mars; 0 means 1
	Note  string `toml:"note"`

	// AQotMF
	ID            string `toml:"id"`            // catalogue unit id
	Ambush        bool   `toml:"ambush"`        // set up in ambush: no blip
	Reinforcement bool   `toml:"reinforcement"` // held back: no blip

	// Evacuation: Mars (type, points); Imperial Mars (type and the rest)
	Type   string `toml:"type"`
	Points int    `toml:"points"` // Evacuation: the codex cost of one; AQotMF: optional check of the total

	Training string `toml:"training"`
	Morale   string `toml:"morale"`
	Figures  int    `toml:"figures"`
	Order    string `toml:"order"`
	Weapon   string `toml:"weapon"`
	Vehicle  string `toml:"vehicle"`
	Trays    int    `toml:"trays"` // optional check: the trays the player fields
}

// N is the number of units the entry stands for.
func (u Unit) N() int {
	if u.Count == 0 {
		return 1
	}
	return u.Count
}

// Objective is Evacuation: Mars's teleportation pod upgrades: extra points
// of armour and hull bought on top of the marker's own.
type Objective struct {
	Armour     int `toml:"armour"`
	HullPoints int `toml:"hull_points"`
}

// HashBytes is the list's own hash printed on rosters: the first twelve hex
// digits of the sha256 of the file's bytes, so an organiser can check that
// the roster was printed from the file they hold (sha256sum FILE).
func HashBytes(src []byte) string {
	h := sha256.Sum256(src)
	return hex.EncodeToString(h[:])[:12]
}

// Parse reads an army list. It returns nil when src is not TOML at all; the
// diagnostics then hold the syntax error. Otherwise the list is returned
// with what decoding found (unknown keys, values of the wrong type) kept for
// Check to report along with its own findings.
//
// Text tomlpos.Vet refuses (too big, nested too deep) is not parsed at all:
// the TOML parser's time and memory grow with the square of the depth.
func Parse(file string, src []byte) (*List, diag.List) {
	if err := tomlpos.Vet(file, src); err != nil {
		return nil, diag.List{err.(diag.Diag)}
	}
	var probe map[string]any
	if _, err := toml.Decode(string(src), &probe); err != nil {
		return nil, diag.List{syntaxErr(file, err)}
	}
	l := &List{File: file, Hash: HashBytes(src)}
	ix, dl, ok := tomlpos.Decode(file, src, l)
	if !ok {
		// A value of the wrong type leaves the list half filled: keep
		// only what identifies it.
		*l = List{System: l.System, Name: l.Name, File: file, Hash: l.Hash}
	}
	// tomlpos.Decode cannot place an unknown key that is all digits ("0 = 1"):
	// such a message goes to the start of the file rather than nowhere.
	for i := range dl {
		if dl[i].Line < 1 || dl[i].Col < 1 {
			dl[i].Line, dl[i].Col = 1, 1
		}
	}
	l.ix, l.diags, l.whole = ix, dl, ok
	// The decoder matches keys regardless of case ("System" fills
	// system; tomlpos.Decode reports it): remember the spelling to find the
	// keys.
	l.respel = map[string]string{}
	l.cased(probe, "", "", reflect.TypeOf(List{}))
	l.diags.Sort()
	return l, l.diags
}

// ReadFile reads a list file for Validate: only a regular file (or a
// link to one) of at most limits.MaxFileSize bytes. A named pipe or a
// device is refused unopened: reading one would wait for ever or never
// end. The error is a diag.Diag at the file.
func ReadFile(path string) ([]byte, error) {
	b, err := infile.Read(os.DirFS(filepath.Dir(path)), filepath.Base(path), path, limits.MaxFileSize, "an army list (a TOML file)")
	if err != nil {
		return nil, diag.Diag{File: path, Msg: err.Error()}
	}
	return b, nil
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
			l.respel[cp] = ap // tomlpos.Decode reports the spelling itself
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

// key and value place a message on a key path of the list
// ("unit.2.points"); a path that is not in the file falls back to the
// nearest enclosing table.
func (l *List) key(path string) diag.Pos   { return l.placed(l.ix.Key(l.spelled(path))) }
func (l *List) value(path string) diag.Pos { return l.placed(l.ix.Value(l.spelled(path))) }

// placed makes sure a message has a place: the start of the file when the
// index cannot find the key at all.
func (l *List) placed(p diag.Pos) diag.Pos {
	if p.Line < 1 || p.Col < 1 {
		return l.top()
	}
	return p
}

// has reports whether the file wrote the key.
func (l *List) has(path string) bool { return l.ix.Has(l.spelled(path)) }

func unitPath(i int) string { return fmt.Sprintf("unit.%d", i) }

// top is the start of the file, for messages about the whole list.
func (l *List) top() diag.Pos { return diag.Pos{File: l.File, Line: 1, Col: 1} }
