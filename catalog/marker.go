package catalog

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/playaid/playaid/diag"
)

// Marker is a kind of counter or template printed at exact size. A kind has
// faces (the things printed): numbered faces 1…N, labelled faces and
// [[marker.face]] tables, each printed once per set; Count is the number of
// sets. Templates and range sticks are drawn from the rules they serve.
type Marker struct {
	ID    string `toml:"id"`
	Name  string `toml:"name"`
	Shape string `toml:"shape"` // circle, square, rect, track, template, ruler

	Size   Length `toml:"size"`   // circle: diameter; square: side
	Width  Length `toml:"width"`  // rect, track: width; template: the band's width
	Height Length `toml:"height"` // rect, track
	Length Length `toml:"length"` // template: end to end, along its chord
	Radius Length `toml:"radius"` // template: radius of the outer arc

	Count    Num      `toml:"count"`    // sets printed; 1 when left out
	Numbered Num      `toml:"numbered"` // faces numbered 1…N
	Decoys   bool     `toml:"decoys"`   // extra faces asked for (--decoys) number on from N+1
	Labels   []string `toml:"labels"`   // faces, one of each per set
	Faces    []Face   `toml:"face"`     // faces with their own count, text or colour
	Sub      string   `toml:"sub"`      // small second line on every face that has none

	Color     string `toml:"color"`      // face fill, "#rrggbb"
	Ink       string `toml:"ink"`        // face text
	Back      string `toml:"back"`       // text on the back, identical for every face of the kind
	BackColor string `toml:"back_color"` // back fill; the face fill when left out
	BackInk   string `toml:"back_ink"`

	// Template: the weapon whose name, range and power it carries.
	Weapon string `toml:"weapon"`

	// Ruler (range stick): one row per weapon or rule distance, an inch
	// scale along one edge, cut into pieces no longer than Segment.
	Rows      []RulerRow `toml:"row"`
	RowHeight Length     `toml:"row_height"`
	Segment   Length     `toml:"segment"`
	// FactorWord is printed before each range band's weapon factor ("F":
	// F6), so that it does not read as a modifier; the factor alone when
	// left out.
	FactorWord string `toml:"factor_word"`

	// Track: a card with a row of boxes per value track.
	Tracks []Track `toml:"track"`

	Note string   `toml:"note"`
	Pos  diag.Pos `toml:"-"`
}

// Face is one printed face of a marker kind.
type Face struct {
	Label string `toml:"label"`
	Sub   string `toml:"sub"`
	Count Num    `toml:"count"` // per set; 1 when left out
	Color string `toml:"color"`
	Ink   string `toml:"ink"`
}

// RulerRow is one row of a range stick: a weapon's range (its bands, for
// weapons with range bands) or a distance from the rules.
type RulerRow struct {
	Weapon string `toml:"weapon"` // weapon id
	Rule   string `toml:"rule"`   // or a rule distance, by its path in the engine's block: "<engine>.blips.reveal_open"
	Label  string `toml:"label"`  // the row's name; the weapon's name when left out
	Color  string `toml:"color"`
}

// Track is a row of boxes numbered From…To on a track card.
type Track struct {
	Label string `toml:"label"`
	From  Num    `toml:"from"`
	To    Num    `toml:"to"`
}

// Num is a whole number written either as a number (4) or as the path of a
// rule number in the system's engine block ("<engine>.blips.dummies"), so
// that a marker set follows the rules instead of repeating them.
type Num struct {
	N    int
	Rule string
	Set  bool // written in the data at all
}

// UnmarshalTOML reads an integer or a rule path.
func (n *Num) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case int64:
		*n = Num{N: int(v), Set: true}
	case string:
		if strings.TrimSpace(v) == "" {
			return fmt.Errorf("expected a whole number, or the path of one in the engine's block (%s), got an empty string", numPath)
		}
		*n = Num{Rule: v, Set: true}
	default:
		return fmt.Errorf("expected a whole number, or the path of one in the engine's block (%s), got %v", numPath, v)
	}
	return nil
}

// numPath is how a message shows a rule path: the engine's block, then
// the keys down to the number.
const numPath = `"engine.table.key"`

// String prints the number as written.
func (n Num) String() string {
	if n.Rule != "" {
		return n.Rule
	}
	return fmt.Sprint(n.N)
}

// Value resolves the number against the system's rules; or is returned
// when the number was left out.
func (n Num) Value(s *System, or int) (int, error) {
	if !n.Set {
		return or, nil
	}
	if n.Rule == "" {
		return n.N, nil
	}
	return s.RuleInt(n.Rule)
}

// Rule finds a number of the system's rule block by its TOML path
// ("aqotmf.blips.reveal_open"). The error says which part is unknown.
func (s *System) Rule(path string) (reflect.Value, error) {
	parts := strings.Split(path, ".")
	var v reflect.Value
	var have []string
	if s.Block != nil {
		have = append(have, "["+s.Engine+"]")
		if s.Engine == parts[0] {
			v = reflect.ValueOf(s.Block)
		}
	}
	if !v.IsValid() {
		if len(have) == 0 {
			return reflect.Value{}, fmt.Errorf("rule %q: system %s has no block of rule numbers; expected the block of its engine", path, s.ID)
		}
		return reflect.Value{}, fmt.Errorf("rule %q: system %s has no [%s] block; expected a path in %s", path, s.ID, parts[0], strings.Join(have, ", "))
	}
	v = v.Elem()
	for i, p := range parts[1:] {
		if v.Kind() != reflect.Struct {
			return reflect.Value{}, fmt.Errorf("rule %q: %s is not a table", path, strings.Join(parts[:i+1], "."))
		}
		var names []string
		found := false
		for j := 0; j < v.NumField(); j++ {
			name, _, _ := strings.Cut(v.Type().Field(j).Tag.Get("toml"), ",")
			if name == "" || name == "-" {
				continue
			}
			names = append(names, name)
			if name == p {
				v, found = v.Field(j), true
				break
			}
		}
		if !found {
			// The keys of a block are many: the suggestion says more.
			return reflect.Value{}, fmt.Errorf("rule %q: [%s]: %s", path, strings.Join(parts[:i+1], "."), unknown("key", p, names, 0))
		}
	}
	return v, nil
}

// RuleInt is a whole number of the rules.
func (s *System) RuleInt(path string) (int, error) {
	v, err := s.Rule(path)
	if err != nil {
		return 0, err
	}
	if v.Kind() != reflect.Int {
		return 0, fmt.Errorf("rule %q is not a whole number", path)
	}
	return int(v.Int()), nil
}

// RuleLength is a distance of the rules.
func (s *System) RuleLength(path string) (Length, error) {
	v, err := s.Rule(path)
	if err != nil {
		return Length{}, err
	}
	l, ok := v.Interface().(Length)
	if !ok {
		return Length{}, fmt.Errorf("rule %q is not a distance", path)
	}
	return l, nil
}

// ParseColor reads a colour written "#rrggbb".
func ParseColor(s string) (r, g, b int, err error) {
	if len(s) != 7 || s[0] != '#' {
		return 0, 0, 0, fmt.Errorf("colour %q: expected \"#rrggbb\", e.g. \"#b3261e\"", s)
	}
	var v [3]int
	for i := range v {
		n, err := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return 0, 0, 0, fmt.Errorf("colour %q: expected \"#rrggbb\" with hexadecimal digits, e.g. \"#b3261e\"", s)
		}
		v[i] = int(n)
	}
	return v[0], v[1], v[2], nil
}
