package rules

import (
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/playaid/playaid/catalog"
)

// Army is an engine's army lists, as one value: the keys its lists and
// units take, described as data (Field: the list file's format and the
// builder's inputs alike), how a list is priced and checked, what a new
// list starts from, and what a checked list prints. An engine whose rule
// sets take no lists (an add-on) has none (Engine.Army nil); what a game
// in progress asks of a list is the engine's Play.
type Army struct {
	// Points: lists are priced in points; else they are checked for
	// organisation only.
	Points bool
	// ListFields are the list's keys beyond those every list takes
	// (CommonListKeys), in the order a saved list writes them;
	// UnitFields a unit's keys, label and note among them, in the order
	// a saved unit writes them.
	ListFields, UnitFields []Field
	// KeyHint says why a key of another engine's units is refused here
	// ("; an AQotMF unit is a catalogue entry …"), or ""; nil for none.
	KeyHint func(key string) string
	// Check prices and checks a list: it adds a Line for each unit and
	// reports what is wrong through c.
	Check func(c *ListCheck)
	// Starter writes a new list's keys and first unit, commented, with p.
	Starter func(s *catalog.System, p func(format string, args ...any)) error

	// Roster is what the list's roster says of its units, written with g.
	Roster func(r *Report, g Glossary) Roster
	// Card is the unit card of one unit of a line; ExtraCards the cards
	// beyond the units' (the objective marker's), nil for none.
	Card       func(r *Report, ln Line, p Printer) (Card, error)
	ExtraCards func(r *Report, p Printer) []Card
}

// ArmyOf is the army lists of the rule set's engine, or nil when army
// lists cannot be written for it (no engine, or an add-on).
func ArmyOf(s *catalog.System) *Army {
	if e := EngineOf(s); e != nil {
		return e.Army
	}
	return nil
}

// FieldKind is what a key of a list holds.
type FieldKind int

const (
	TextField   FieldKind = iota // a string
	NumberField                  // a whole number
	CheckField                   // true or false
	TableField                   // a table of its own keys (Field.Fields): [objective]
)

// Field is one key of an army list or of its units, described as data:
// the kind of value the file writes.
type Field struct {
	Key    string
	Kind   FieldKind
	Fields []Field // a table's keys
	// Words are what the builder's messages call it ("extra armour");
	// Least is a number's smallest value (a count 1, a codex cost 0).
	Words string
	Least int
}

// CommonListKeys and CommonUnitKeys are the keys every list and every
// unit takes, whatever its rule set.
//
// Two more keys are the shared list model, though not every engine's
// lists take them: a unit's count (how many units the entry stands for:
// Unit.N, ListCheck.Count) and points (a list's limit, a unit's cost:
// ListCheck.LimitPoints, SideLimit, Limit). They are the catalogue's own
// words (a unit entry's points, a scenario's force lines and sides,
// which every engine's scenarios share), so the checks here read them the
// same way for every engine whose lists take them. An engine declares
// them among its own keys (Army.ListFields, Army.UnitFields) only where its
// lists take them; a list of another rule set that writes them is told
// so (ListCheck.keys), a list of one with no points system in its words.
var (
	CommonListKeys = []string{"system", "name", "player", "scenario", "side", "faction", "note", "unit"}
	CommonUnitKeys = []string{"label", "note"}
)

// PointsKey is the key of a list's points limit and of a unit's cost;
// CountKey a unit's count (the shared list model above).
const (
	PointsKey = "points"
	CountKey  = "count"
)

// AllListKeys and AllUnitKeys are every key the registered engines'
// lists (or units) take, once, in the order the engines list them: a key
// of another rule set is refused by name rather than as unknown.
func AllListKeys() []Field { return allFields(func(a *Army) []Field { return a.ListFields }) }
func AllUnitKeys() []Field { return allFields(func(a *Army) []Field { return a.UnitFields }) }

func allFields(of func(*Army) []Field) []Field {
	var out []Field
	for _, e := range engines {
		if e.Army == nil {
			continue
		}
		for _, f := range of(e.Army) {
			if !slices.ContainsFunc(out, func(o Field) bool { return o.Key == f.Key }) {
				out = append(out, f)
			}
		}
	}
	return out
}

// FieldKeys lists the keys of fields.
func FieldKeys(fields []Field) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Key
	}
	return out
}

// The Go types an army list decodes into: the keys every list takes and
// every registered engine's, built once the engines are registered, so
// that the decoder checks each key's kind at its place (tomlpos).
var (
	listTypesMu sync.Mutex
	listTypes   struct {
		list, unit reflect.Type
		n          int // registrations they were built for
	}
	registrations int
)

// listType returns the type a list file decodes into.
func listType() reflect.Type {
	listTypesMu.Lock()
	defer listTypesMu.Unlock()
	if listTypes.list != nil && listTypes.n == registrations {
		return listTypes.list
	}
	unit := []reflect.StructField{
		{Name: "Label", Type: reflect.TypeFor[string](), Tag: `toml:"label"`},
		{Name: "Note", Type: reflect.TypeFor[string](), Tag: `toml:"note"`},
	}
	unit = append(unit, structFields(AllUnitKeys(), CommonUnitKeys)...)
	ut := reflect.StructOf(unit)
	list := []reflect.StructField{}
	for _, k := range CommonListKeys {
		if k == "unit" {
			list = append(list, reflect.StructField{Name: "Units", Type: reflect.SliceOf(ut), Tag: `toml:"unit"`})
			continue
		}
		list = append(list, reflect.StructField{Name: "C_" + k, Type: reflect.TypeFor[string](), Tag: reflect.StructTag(fmt.Sprintf("toml:%q", k))})
	}
	list = append(list, structFields(AllListKeys(), CommonListKeys)...)
	listTypes.list, listTypes.unit, listTypes.n = reflect.StructOf(list), ut, registrations
	return listTypes.list
}

// structFields are the struct fields of the engines' keys, leaving out
// the common ones (decoded into the list's own fields).
func structFields(fields []Field, common []string) []reflect.StructField {
	var out []reflect.StructField
	for _, f := range fields {
		if slices.Contains(common, f.Key) {
			continue
		}
		var t reflect.Type
		switch f.Kind {
		case NumberField:
			t = reflect.TypeFor[int]()
		case CheckField:
			t = reflect.TypeFor[bool]()
		case TableField:
			t = reflect.PointerTo(reflect.StructOf(structFields(f.Fields, nil)))
		default:
			t = reflect.TypeFor[string]()
		}
		out = append(out, reflect.StructField{Name: goName(f.Key), Type: t, Tag: reflect.StructTag(fmt.Sprintf("toml:%q", f.Key))})
	}
	return out
}

// goName is a key as an exported Go field name: "hull_points" → "K_hull_points".
func goName(key string) string { return "K_" + key }
