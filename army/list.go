// Package army reads army-list files (TOML), prices them against the rule
// data of their rule set, checks them and prints rosters and unit cards.
//
// A list names its rule set (system = "aqotmf") and holds [[unit]] tables.
// What a unit says depends on the rule set: an AQotMF unit is a catalogue
// entry (id, count), an Evacuation: Mars unit brings its own type and points
// from the player's codex, an Imperial Mars unit its training, morale class,
// figures and order. Every number the checks use comes from the catalogue.
// FORMAT.md documents the format for users.
package army

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/BurntSushi/toml"

	"github.com/playaid/playaid/diag"
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

	File  string      `toml:"-"` // name for messages
	Hash  string      `toml:"-"` // short sha256 of the file's bytes
	ix    *diag.Index // where each key stands
	diags diag.List   // problems found while decoding
	whole bool        // decoding filled the list (only unknown keys, if anything)
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
func Parse(file string, src []byte) (*List, diag.List) {
	var probe map[string]any
	if _, err := toml.Decode(string(src), &probe); err != nil {
		var l List
		_, dl := diag.DecodeTOML(file, src, &l)
		if len(dl) == 0 { // cannot happen: the same parser failed above
			dl = diag.List{{File: file, Msg: err.Error()}}
		}
		return nil, dl
	}
	l := &List{File: file, Hash: HashBytes(src)}
	ix, dl, ok := diag.Decode(file, src, l)
	if !ok {
		// A value of the wrong type leaves the list half filled: keep
		// only what identifies it.
		*l = List{System: l.System, Name: l.Name, File: file, Hash: l.Hash}
	}
	l.ix, l.diags, l.whole = ix, dl, ok
	return l, dl
}

// key and value place a message on a key path of the list
// ("unit.2.points"); a path that is not in the file falls back to the
// nearest enclosing table.
func (l *List) key(path string) diag.Pos   { return l.ix.Key(path) }
func (l *List) value(path string) diag.Pos { return l.ix.Value(path) }

// has reports whether the file wrote the key.
func (l *List) has(path string) bool { return l.ix.Has(path) }

func unitPath(i int) string { return fmt.Sprintf("unit.%d", i) }

// top is the start of the file, for messages about the whole list.
func (l *List) top() diag.Pos { return diag.Pos{File: l.File, Line: 1, Col: 1} }
