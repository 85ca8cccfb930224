package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/markers"
)

// listKinds are the kinds 'playaid list' knows, each a function from a
// system to rows (for the table) and values (for --json).
var listKinds = map[string]func(s *catalog.System) (header []string, rows [][]string, values []any){
	"units": func(s *catalog.System) ([]string, [][]string, []any) {
		var rows [][]string
		var vals []any
		for _, u := range s.Units {
			rows = append(rows, []string{s.ID, u.ID, u.Name, fmt.Sprint(u.Points), fmt.Sprint(u.Elements())})
			vals = append(vals, map[string]any{"system": s.ID, "id": u.ID, "name": u.Name, "points": u.Points, "elements": u.Elements()})
		}
		return []string{"SYSTEM", "ID", "NAME", "POINTS", "ELEMENTS"}, rows, vals
	},
	"profiles": func(s *catalog.System) ([]string, [][]string, []any) {
		var rows [][]string
		var vals []any
		for _, p := range s.Profiles {
			rows = append(rows, []string{s.ID, p.ID, p.Name, p.Type, lengthCell(p.Speed), document.Intp(p.Defense), document.Intp(p.Armor), strings.Join(p.Weapons, ", ")})
			vals = append(vals, profileJSON(s.ID, p))
		}
		return []string{"SYSTEM", "ID", "NAME", "TYPE", "SPEED", "DEF", "ARM", "WEAPONS"}, rows, vals
	},
	"weapons": func(s *catalog.System) ([]string, [][]string, []any) {
		var rows [][]string
		var vals []any
		for _, w := range s.Weapons {
			rows = append(rows, []string{s.ID, w.ID, w.Name, w.Kind, rangeCell(w), powerCell(w)})
			vals = append(vals, weaponJSON(s.ID, w))
		}
		return []string{"SYSTEM", "ID", "NAME", "KIND", "RANGE", "POWER"}, rows, vals
	},
	"charts": func(s *catalog.System) ([]string, [][]string, []any) {
		var rows [][]string
		var vals []any
		for _, c := range s.Charts {
			rows = append(rows, []string{s.ID, c.ID, c.Name, fmt.Sprintf("d%d", c.Die), fmt.Sprint(len(c.Rows))})
			vals = append(vals, map[string]any{"system": s.ID, "id": c.ID, "name": c.Name, "die": c.Die, "rows": len(c.Rows)})
		}
		return []string{"SYSTEM", "ID", "NAME", "DIE", "ROWS"}, rows, vals
	},
	"tables": func(s *catalog.System) ([]string, [][]string, []any) {
		var rows [][]string
		var vals []any
		for _, t := range s.Tables {
			rows = append(rows, []string{s.ID, t.ID, t.Name, fmt.Sprint(len(t.Rows))})
			vals = append(vals, map[string]any{"system": s.ID, "id": t.ID, "name": t.Name, "rows": len(t.Rows)})
		}
		return []string{"SYSTEM", "ID", "NAME", "ROWS"}, rows, vals
	},
	"scenarios": func(s *catalog.System) ([]string, [][]string, []any) {
		var rows [][]string
		var vals []any
		for _, sc := range s.Scenarios {
			var sides []string
			for _, side := range sc.Sides {
				sides = append(sides, side.Name)
			}
			rows = append(rows, []string{s.ID, sc.ID, sc.Name, strings.Join(sides, " v ")})
			vals = append(vals, map[string]any{"system": s.ID, "id": sc.ID, "name": sc.Name, "sides": sides})
		}
		return []string{"SYSTEM", "ID", "NAME", "SIDES"}, rows, vals
	},
	"markers": func(s *catalog.System) ([]string, [][]string, []any) {
		var rows [][]string
		var vals []any
		for i := range s.Markers {
			m := &s.Markers[i]
			size, count := markers.Summary(s, m)
			rows = append(rows, []string{s.ID, m.ID, m.Name, m.Shape, size, fmt.Sprint(count)})
			vals = append(vals, map[string]any{"system": s.ID, "id": m.ID, "name": m.Name, "shape": m.Shape, "size": size, "count": count})
		}
		return []string{"SYSTEM", "ID", "NAME", "SHAPE", "SIZE", "COUNT"}, rows, vals
	},
}

// The dumps tell only what the rules give: a value the rules leave out (the
// Mk II Baldwin's Speed, a banded weapon's single range and power) is
// absent from the JSON and a dash in the table, never "0mm" or 0.

// profileJSON is a profile as --json prints it.
func profileJSON(sys string, p catalog.Profile) map[string]any {
	v := map[string]any{"system": sys, "id": p.ID, "name": p.Name, "type": p.Type}
	if !p.Speed.IsZero() {
		v["speed"] = p.Speed.String()
	}
	if p.Defense != nil {
		v["defense"] = *p.Defense
	}
	if p.Armor != nil {
		v["armor"] = *p.Armor
	}
	if len(p.Weapons) > 0 {
		v["weapons"] = p.Weapons
	}
	if len(p.Specials) > 0 {
		v["specials"] = p.Specials
	}
	return v
}

// weaponJSON is a weapon as --json prints it: a banded weapon (Imperial
// Mars) its bands, with its trays and jam numbers or setting; any other
// its range, minimum range, power, dice and specials, where given.
func weaponJSON(sys string, w catalog.Weapon) map[string]any {
	v := map[string]any{"system": sys, "id": w.ID, "name": w.Name, "kind": w.Kind}
	if len(w.Bands) > 0 {
		var bands []map[string]any
		for _, b := range w.Bands {
			bands = append(bands, map[string]any{"name": b.Name, "range": b.Range.String(), "factor": b.Factor})
		}
		v["bands"] = bands
	} else if r := rangeText(w); r != "" {
		v["range"] = r
	}
	if !w.MinRange.IsZero() {
		v["min_range"] = w.MinRange.String()
	}
	if w.Power != 0 {
		v["power"] = w.Power
	}
	if w.Dice > 1 {
		v["dice"] = w.Dice
	}
	if w.Trays > 0 {
		v["trays"] = w.Trays
	}
	if len(w.Jam) > 0 {
		v["jam"] = w.Jam
	}
	if w.Setting > 0 {
		v["setting"] = w.Setting
	}
	if len(w.Specials) > 0 {
		v["specials"] = w.Specials
	}
	return v
}

// rangeText is a weapon's single range as the rules print it, or "".
func rangeText(w catalog.Weapon) string {
	if w.RangeText != "" {
		return w.RangeText
	}
	if w.Range.IsZero() {
		return ""
	}
	return w.Range.String()
}

// rangeCell is the RANGE column: the range, or the bands ("5"/6 12"/4
// 30"/2": range/factor), or a dash.
func rangeCell(w catalog.Weapon) string {
	if len(w.Bands) > 0 {
		var parts []string
		for _, b := range w.Bands {
			parts = append(parts, fmt.Sprintf("%s/%d", b.Range.String(), b.Factor))
		}
		return strings.Join(parts, " ")
	}
	return cellOr(rangeText(w))
}

// powerCell is the POWER column: signed, or a dash for none.
func powerCell(w catalog.Weapon) string {
	if w.Power == 0 {
		return "–"
	}
	return fmt.Sprintf("%+d", w.Power)
}

// lengthCell is a length, or a dash where the rules give none.
func lengthCell(l catalog.Length) string {
	if l.IsZero() {
		return "–"
	}
	return l.String()
}

func cellOr(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

func listKindNames() []string {
	return []string{"units", "profiles", "weapons", "charts", "tables", "scenarios", "markers"}
}

func runList(ctx context.Context, e *env, args []string) error {
	fs := e.newFlags("list", "list units|profiles|weapons|charts|tables|scenarios|markers [--system ID] [--json] [--data DIR]")
	var d dataFlags
	d.register(fs)
	sysID := fs.String("system", "", "only this rule set, by its id ("+shippedSystems()+" …)")
	asJSON := fs.Bool("json", false, "print JSON for machines")
	var kind string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		kind, args = args[0], args[1:]
	}
	if err := e.parse(fs, args); err != nil {
		return err
	}
	if kind == "" && fs.NArg() > 0 {
		kind = fs.Arg(0)
	}
	list, ok := listKinds[kind]
	if !ok {
		return usagef("list what? got %q; expected one of: %s", kind, strings.Join(listKindNames(), ", "))
	}
	cat, err := e.load(d)
	if err != nil {
		return err
	}
	systems := cat.Systems
	if *sysID != "" {
		s, err := system(cat, *sysID)
		if err != nil {
			return err
		}
		systems = []*catalog.System{s}
	}
	var header []string
	var rows [][]string
	values := []any{}
	for _, s := range systems {
		h, r, v := list(s)
		header, rows, values = h, append(rows, r...), append(values, v...)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(values)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	return tw.Flush()
}
