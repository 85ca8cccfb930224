package web

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/pack"
	"github.com/playaid/playaid/rules/evacuation"
	"github.com/playaid/playaid/rules/imperial"
	"github.com/playaid/playaid/tomlpos"
)

// imTypes are the unit types of an Imperial Mars list, as the army
// checker knows them (a test holds the two together): they are not in the
// rule data.
var imTypes = []string{"infantry", "horse", "artillery", "vehicle", "officer"}

// checked is a list's text and the checker's report on it.
type checked struct {
	file   string
	src    []byte
	report *army.Report // nil when src is not TOML
	diags  diag.List
}

func (s *Server) check(file string, src []byte) checked {
	r, dl := army.Validate(file, src, s.cat)
	return checked{file, src, r, dl}
}

// editable returns the builder's form of a checked list file, or nil when
// the builder cannot show the list: the text is not TOML, or a value of
// the wrong type kept the list from being read at all. hand says the file
// is not as the builder writes it (comments, layout, dropped keys).
func editable(c checked) (f *form, hand bool) {
	if c.report == nil {
		return nil, false
	}
	if _, _, ok := tomlpos.Decode(c.file, c.src, new(army.List)); !ok {
		return nil, false
	}
	f = fromList(c.report.List, tomlpos.NewIndex(c.file, c.src))
	return f, string(f.toml(kindOf(c.report.System))) != string(c.src)
}

// builderState is what the builder page carries besides the list.
type builderState struct {
	FileName string // the name the list saves as
	Loaded   string // the name of the file the page loaded; "" for a new list
	Base     string // the hash of that file as loaded
	Hand     bool   // the loaded file was written by hand

	Notice   string // what the action before the page did (renamed, copied)
	Focus    string // the control the keyboard focus goes back to ("add:hmg-unit", "remove:2")
	Announce string // what a screen reader is told the last action did
	Saved    bool   // the page follows a save
	Kept     string // the name of the copy the save kept
	Problem  string // why the last save did not happen
	Conflict string // the file changed on disk: offer a new name
	NewName  string
}

// builderView is the builder page.
type builderView struct {
	chrome
	builderState
	Kind      string
	System    *catalog.System
	ListKeys  []fieldView
	Other     []fieldView // list keys the rule set does not take
	Units     []unitView
	Obj       []fieldView // Evacuation: Mars objective upgrades
	ObjMsgs   []msg
	Picker    picker
	V         verdict
	Status    string // VALID, INVALID, EMPTY
	Empty     bool   // no units yet: the bar says to add them, not an error count
	Points    string // "145 / 145 pts"
	Bar       int    // the points used, % of the limit (at most 100)
	Over      bool
	Blips     int
	Decoys    int
	BlipsFold bool // the blips have backs: a fold-over sheet too
	Summary   string
	FileShown string // the file name messages use
}

// unitView is one unit of the list.
type unitView struct {
	I      int
	Title  string
	Sub    string
	Cost   string
	Stats  []string
	Fields []fieldView
	More   []fieldView // fields most units leave empty, folded away
	Open   bool        // one of them has a value: show them
	Other  []fieldView
	Msgs   []msg
	Bad    bool
}

// fieldView is one input of the form.
type fieldView struct {
	Name, Label, Value string
	Input              string // text, number, select, check, hidden, textarea
	Choices            []choice
	Placeholder        string
	Min                string
	Span               bool   // two columns wide
	Help               string // a line under the input
	Problem            string // what is wrong with the value, beside the field
	Suffix             string // text after the input (".toml")
}

type choice struct {
	Value, Label string
	Selected     bool
}

// build makes the builder page for a form. c is the checked file the form
// was read from, when the page shows a file as loaded: its messages then
// stand at the file's own lines. Otherwise the form is written and checked
// as Save would write it.
func (s *Server) builderPage(f *form, st builderState, c *checked) *builderView {
	sys := s.cat.System(f.List["system"])
	kind := kindOf(sys)
	file := st.FileName + ext
	if checkName(st.FileName) != nil {
		file = "list" + ext
	}
	bad := f.numberProblems()
	if c == nil {
		cc := s.check(file, f.withoutBad(bad).toml(kind))
		c = &cc
	}
	v := &builderView{
		chrome:       chrome{Title: "Army builder", Nav: "lists"},
		builderState: st,
		Kind:         kind,
		System:       sys,
		V:            check(c.file, c.src, c.report, c.diags, len(f.Units)),
		FileShown:    c.file,
	}
	if name := f.List["name"]; name != "" {
		v.Title = name
	}
	v.Status = "INVALID"
	if v.V.Valid {
		v.Status = "VALID"
	}
	if len(f.Units) == 0 && len(bad) == 0 && sys != nil && c.report != nil {
		// A new list: what it lacks is units, and the checks that count
		// them (no units, a force line short: the list's own errors, at
		// its top) wait for the first; the bar says where to start.
		// Anything else wrong (a name the font cannot print) still shows.
		v.Empty = true
		top := c.file + ":1:1"
		kept := v.V.List[:0]
		for _, m := range v.V.List {
			if !m.Warning && m.Pos == top {
				v.V.Errors--
				continue
			}
			kept = append(kept, m)
		}
		v.V.List = kept
		if v.V.Errors == 0 {
			v.Status = "EMPTY"
		}
	}
	if kind == kindIM {
		v.Points = "No points: organisation checked"
	} else if v.V.Limit > 0 {
		v.Points = fmt.Sprintf("%d / %d pts", v.V.Used, v.V.Limit)
		v.Bar = int(min(100, v.V.Used*100/v.V.Limit)) // int64: Used may be far past Limit
		v.Over = v.V.Used > v.V.Limit
	} else {
		v.Points = fmt.Sprintf("%d pts", v.V.Used)
	}
	v.Blips, v.Decoys = blips(c.report)
	if d, ok := pack.ListBlipsDoc(s.cat, "", c.report); ok {
		_, v.BlipsFold = d.Fold()
	}
	v.Summary = summaryText(file, c.report)
	v.ListKeys, v.Other = s.listFields(f, sys, kind, st.FileName)
	for i, u := range f.Units {
		var ln *army.Line
		if c.report != nil && i < len(c.report.Lines) {
			ln = &c.report.Lines[i]
		}
		v.Units = append(v.Units, s.unitView(i, u, ln, sys, kind, faction(f, sys), v.V.Units[i]))
	}
	if kind == kindEvac || f.Obj != nil {
		v.Obj = objFieldsView(f.Obj, sys, kind)
		v.ObjMsgs = v.V.Obj
	}
	v.Picker = s.picker(f, sys, kind)
	if len(bad) > 0 {
		v.V.Valid, v.Status = false, "INVALID"
		v.V.Errors += len(bad)
		mark := func(fs []fieldView) {
			for i := range fs {
				fs[i].Problem = bad[fs[i].Name]
			}
		}
		mark(v.ListKeys)
		mark(v.Obj)
		for _, fv := range append(slices.Clone(v.ListKeys), v.Obj...) {
			if fv.Problem != "" {
				v.V.List = append(v.V.List, msg{Text: fv.Problem})
			}
		}
		for i := range v.Units {
			mark(v.Units[i].Fields)
			mark(v.Units[i].More)
			for _, fv := range v.Units[i].More {
				v.Units[i].Open = v.Units[i].Open || fv.Problem != ""
			}
			for _, fv := range append(v.Units[i].Fields, v.Units[i].More...) {
				if fv.Problem != "" {
					v.Units[i].Bad = true
					v.Units[i].Msgs = append(v.Units[i].Msgs, msg{Text: fv.Problem})
				}
			}
		}
	}
	return v
}

// listFields are the inputs of the list's own keys, and the keys the rule
// set does not take (kept, shown as text).
func (s *Server) listFields(f *form, sys *catalog.System, kind, fileName string) (fields, other []fieldView) {
	val := f.List
	var systems []choice
	for _, id := range army.ListSystems(s.cat) {
		systems = append(systems, choice{Value: id, Label: s.cat.System(id).About.Name})
	}
	fields = append(fields,
		fieldView{Name: "name", Label: "Army name", Input: "text", Value: val["name"], Placeholder: "Boys of Company C", Span: true},
		fieldView{Name: "player", Label: "Player", Input: "text", Value: val["player"], Placeholder: "optional", Span: true},
		fieldView{Name: "system", Label: "Rule set", Input: "select", Choices: choices(systems, val["system"], "— choose a rule set —"), Span: true},
	)
	if sys != nil {
		var scs []choice
		for _, sc := range sys.Scenarios {
			scs = append(scs, choice{Value: sc.ID, Label: sc.Name})
		}
		if len(scs) > 0 || val["scenario"] != "" {
			fields = append(fields, fieldView{Name: "scenario", Label: "Scenario", Input: "select", Choices: choices(scs, val["scenario"], "No scenario"), Span: true})
		}
		if sc := sys.Scenario(val["scenario"]); sc != nil && len(sc.Sides) > 0 {
			var sides []choice
			for _, sd := range sc.Sides {
				sides = append(sides, choice{Value: sd.Name, Label: sideLabel(sd)})
			}
			fields = append(fields, fieldView{Name: "side", Label: "Side", Input: "select", Choices: choices(sides, val["side"], "— choose the side —"), Span: true})
		} else if len(sys.About.Factions) > 0 || val["faction"] != "" {
			var fs []choice
			for _, f := range sys.About.Factions {
				fs = append(fs, choice{Value: f, Label: f})
			}
			fields = append(fields, fieldView{Name: "faction", Label: "Faction", Input: "select", Choices: choices(fs, val["faction"], "— choose the faction —"), Span: true})
		}
	}
	taken := map[string]bool{"name": true, "player": true, "system": true, "scenario": true, "side": true, "faction": true, "note": true}
	switch kind {
	case kindAQ:
		fields = append(fields,
			fieldView{Name: "points", Label: "Points limit", Input: numberInput(val["points"]), Value: val["points"], Placeholder: "no limit", Min: "1"},
			fieldView{Name: "hidden", Label: "Deploys hidden (blips)", Input: "check", Value: val["hidden"]})
		taken["points"], taken["hidden"] = true, true
	case kindEvac:
		fields = append(fields, fieldView{Name: "points", Label: "Points limit", Input: numberInput(val["points"]), Value: val["points"],
			Placeholder: fmt.Sprintf("%d per army", evacuation.RulesOf(sys).Points), Min: "1"})
		taken["points"] = true
	}
	fields = append(fields,
		fieldView{Name: "filename", Label: "File name", Input: "text", Value: fileName, Suffix: ext, Span: true},
		fieldView{Name: "note", Label: "Note (printed on the roster)", Input: "textarea", Value: val["note"]})
	for _, fd := range listFields {
		if !taken[fd.key] && val[fd.key] != "" {
			other = append(other, otherField(fd, fd.key, val[fd.key]))
		}
	}
	return fields, other
}

// sideLabel names a side with its faction and points ("Martians · 200 pts").
func sideLabel(sd catalog.Side) string {
	label := sd.Name
	if sd.Faction != "" && !strings.EqualFold(sd.Faction, sd.Name) {
		label += " (" + sd.Faction + ")"
	}
	pts := 0
	for _, f := range sd.Forces {
		pts += f.Points
	}
	if sd.Total > 0 {
		pts = sd.Total
	}
	if pts > 0 {
		label += fmt.Sprintf(" · %d pts", pts)
	}
	return label
}

// faction is the faction the form's list plays: its side's, else its own;
// "" when it names none the data knows.
func faction(f *form, sys *catalog.System) string {
	if sys == nil {
		return ""
	}
	if sc := sys.Scenario(f.List["scenario"]); sc != nil {
		if sd := side(sc, f.List["side"]); sd != nil {
			return sys.About.Faction(sd.Faction)
		}
		return ""
	}
	return sys.About.Faction(f.List["faction"])
}

// side is the scenario's side called name, in any case; nil for none.
func side(sc *catalog.Scenario, name string) *catalog.Side {
	for i := range sc.Sides {
		if name != "" && strings.EqualFold(sc.Sides[i].Name, name) {
			return &sc.Sides[i]
		}
	}
	return nil
}

// otherField is an input for a key the rule set does not take: kept as it
// is until the player clears it.
func otherField(fd field, name, value string) fieldView {
	fv := fieldView{Name: name, Label: fd.key, Value: value, Input: "text"}
	if fd.kind == reflect.Bool {
		fv.Input = "check"
	}
	return fv
}

func numberInput(v string) string {
	if _, err := strconv.Atoi(v); v == "" || err == nil {
		return "number"
	}
	return "text" // keep what a hand-written file says, so its check can say what is wrong
}

// choices marks the current value, and keeps a value that is not one of
// the options (from a file written by hand) so that nothing is lost.
func choices(opts []choice, current, blank string) []choice {
	out := []choice{{Value: "", Label: blank, Selected: current == ""}}
	found := current == ""
	for _, o := range opts {
		o.Selected = o.Value == current
		found = found || o.Selected
		out = append(out, o)
	}
	if !found {
		out = append(out, choice{Value: current, Label: current + " (not in the data)", Selected: true})
	}
	return out
}

func (s *Server) unitView(i int, u values, ln *army.Line, sys *catalog.System, kind, fac string, msgs []msg) unitView {
	uv := unitView{I: i, Msgs: msgs}
	for _, m := range msgs {
		uv.Bad = uv.Bad || !m.Warning
	}
	name := func(key string) string { return fmt.Sprintf("%s%d.%s", unitPrefix, i, key) }
	text := func(key, label, ph string) fieldView {
		return fieldView{Name: name(key), Label: label, Input: "text", Value: u[key], Placeholder: ph, Span: true}
	}
	number := func(key, label, ph string) fieldView {
		return fieldView{Name: name(key), Label: label, Input: numberInput(u[key]), Value: u[key], Placeholder: ph, Min: "1"}
	}
	sel := func(key, label string, opts []choice, blank string) fieldView {
		fv := fieldView{Name: name(key), Label: label, Input: "select", Choices: choices(opts, u[key], blank)}
		for _, c := range fv.Choices {
			fv.Span = fv.Span || utf8.RuneCountInString(c.Label) > 16 // room for the whole text
		}
		return fv
	}
	check := func(key, label string) fieldView {
		return fieldView{Name: name(key), Label: label, Input: "check", Value: u[key]}
	}
	if ln != nil {
		uv.Title = ln.Name
	}
	switch kind {
	case kindAQ:
		entry := sys.Unit(u["id"])
		var units []choice
		for _, e := range sys.Units {
			if fac != "" && e.Faction != "" && !strings.EqualFold(e.Faction, fac) {
				continue
			}
			units = append(units, choice{Value: e.ID, Label: fmt.Sprintf("%s (%d pts)", e.Name, e.Points)})
		}
		uv.Fields = append(uv.Fields, sel("id", "Unit", units, "— unit —"))
		uv.Fields[0].Span = true
		ph := "a name for the roster"
		if entry != nil {
			uv.Sub = entry.Name
			uv.Stats = unitStats(sys, entry)
			ph = entry.Name
		} else if u["id"] != "" {
			uv.Sub = u["id"]
		}
		uv.Fields = append(uv.Fields, text("label", "Label", ph), number("count", "Count", "1"),
			check("ambush", "Ambush"), check("reinforcement", "Reinforcement"))
		if u["points"] != "" {
			uv.More = append(uv.More, number("points", "Points (check)", ""))
		}
	case kindEvac:
		var types []choice
		for _, t := range evacuation.RulesOf(sys).Allowed {
			types = append(types, choice{Value: t, Label: t})
		}
		uv.Sub = u["type"]
		uv.Fields = append(uv.Fields, text("label", "Label", "Tactical Squad"), sel("type", "Type", types, "— type —"),
			fieldView{Name: name("points"), Label: "Points", Input: numberInput(u["points"]), Value: u["points"], Placeholder: "codex", Min: "0"},
			number("count", "Count", "1"))
	case kindIM:
		im := imperial.RulesOf(sys)
		var types, trainings, morales, orders, weapons, vehicles []choice
		for _, t := range imTypes {
			types = append(types, choice{Value: t, Label: t})
		}
		for _, t := range im.Training {
			trainings = append(trainings, choice{Value: t.ID, Label: fmt.Sprintf("%s (%d AP)", t.Name, t.ActionPoints)})
		}
		for _, m := range im.MoraleClasses {
			morales = append(morales, choice{Value: m.ID, Label: m.ID + " – " + m.Name})
		}
		typ := strings.ToLower(u["type"])
		for _, o := range im.Orders {
			if typ == "horse" && o.Horse == 0 || typ == "infantry" && o.Foot == 0 {
				continue // the figures-per-tray table prints none
			}
			orders = append(orders, choice{Value: o.ID, Label: orderLabel(o, u["type"])})
		}
		for _, w := range sys.Weapons {
			if fac != "" && w.Faction != "" && !strings.EqualFold(w.Faction, fac) {
				continue
			}
			if carries, ok := im.Carries[typ]; ok && !slices.Contains(carries, w.Kind) || im.Carries != nil && !ok && typ != "" {
				continue
			}
			weapons = append(weapons, choice{Value: w.ID, Label: w.Name})
		}
		for _, v := range im.Vehicles {
			vehicles = append(vehicles, choice{Value: v.ID, Label: v.Name})
		}
		uv.Sub = u["type"]
		uv.Fields = append(uv.Fields, text("label", "Label", "1st Company"), sel("type", "Type", types, "— type —"))
		if typ != "vehicle" && typ != "officer" || u["training"] != "" {
			uv.Fields = append(uv.Fields, sel("training", "Training", trainings, "—"))
		}
		if typ != "vehicle" || u["morale"] != "" {
			uv.Fields = append(uv.Fields, sel("morale", "Morale", morales, "—"))
		}
		if typ != "vehicle" || u["figures"] != "" {
			uv.Fields = append(uv.Fields, number("figures", "Figures", ""))
		}
		if typ == "infantry" || typ == "horse" || u["order"] != "" {
			uv.Fields = append(uv.Fields, sel("order", "Order", orders, "—"))
		}
		if len(weapons) > 0 || u["weapon"] != "" {
			label := "Weapon"
			if typ == "artillery" {
				label = "Gun"
			}
			uv.Fields = append(uv.Fields, sel("weapon", label, weapons, "none"))
		}
		if u["type"] == "vehicle" || u["vehicle"] != "" {
			uv.Fields = append(uv.Fields, sel("vehicle", "Vehicle", vehicles, "—"))
		}
		uv.More = append(uv.More, number("trays", "Trays (check)", "optional"))
		if ln != nil && ln.PerTray > 0 {
			uv.Stats = append(uv.Stats, traysText(*ln))
		}
		if ln != nil && ln.ActionPoints > 0 {
			uv.Stats = append(uv.Stats, fmt.Sprintf("%d action points", ln.ActionPoints))
		}
	}
	if kind != "" {
		uv.More = append(uv.More, text("note", "Note", "printed on the roster"))
	}
	shown := map[string]bool{}
	for _, fv := range append(uv.Fields, uv.More...) {
		shown[strings.TrimPrefix(fv.Name, name(""))] = true
	}
	for _, fv := range uv.More {
		uv.Open = uv.Open || fv.Value != ""
	}
	for _, fd := range unitFields {
		if !shown[fd.key] && u[fd.key] != "" {
			uv.Other = append(uv.Other, otherField(fd, name(fd.key), u[fd.key]))
		}
	}
	if uv.Title == "" {
		uv.Title = firstNonEmpty(u["label"], uv.Sub, fmt.Sprintf("Unit %d", i+1))
	}
	if uv.Sub == uv.Title {
		uv.Sub = ""
	}
	if ln != nil && kind != kindIM {
		uv.Cost = fmt.Sprintf("%d pts", ln.Cost)
		if ln.Count > 1 {
			uv.Cost = fmt.Sprintf("%d × %d = %d pts", ln.Count, ln.Each, ln.Cost)
		}
	}
	return uv
}

// orderLabel names an order with the figures a tray it takes for the
// unit's type ("Close Order, 4 a tray").
func orderLabel(o imperial.Order, typ string) string {
	per := o.Foot
	if typ == "horse" {
		per = o.Horse
	}
	if per == 0 || (typ != "infantry" && typ != "horse") {
		return o.Name
	}
	return fmt.Sprintf("%s, %d a tray", o.Name, per)
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// objFieldsView is the objective marker's upgrades, each a choice on the
// cost ladder ("+2: Armour 10, 30 pts").
func objFieldsView(v values, sys *catalog.System, kind string) []fieldView {
	fields := []fieldView{{Name: objMarker, Input: "hidden", Value: "1"}}
	if kind != kindEvac {
		for _, fd := range objFields {
			if v[fd.key] != "" {
				fields = append(fields, otherField(fd, objPrefix+fd.key, v[fd.key]))
			}
		}
		return fields
	}
	ob := evacuation.RulesOf(sys).Objective
	ladder := func(key, label string, base, most int, what func(total int) string, cost func(k int) (int, error)) fieldView {
		var opts []choice
		for k := 0; k <= most-base && k <= len(ob.Ladder); k++ {
			c, err := cost(k)
			if err != nil {
				break
			}
			opts = append(opts, choice{Value: strconv.Itoa(k), Label: fmt.Sprintf("+%d: %s, %d pts", k, what(base+k), c)})
		}
		cur := v[key]
		if cur == "" {
			cur = "0"
		}
		ch := choices(opts, cur, "")[1:] // no blank: +0 is the choice of none
		return fieldView{Name: objPrefix + key, Label: label, Input: "select", Choices: ch}
	}
	return append(fields,
		ladder("armour", "Extra armour", ob.Armour, ob.MaxArmour, func(n int) string { return fmt.Sprintf("Armour %d", n) },
			func(k int) (int, error) { return evacuation.ObjectiveCost(sys, k, 0) }),
		ladder("hull_points", "Extra hull points", ob.HullPoints, ob.MaxHull, func(n int) string { return fmt.Sprintf("%d %s", n, plural(n, "hull point", "hull points")) },
			func(k int) (int, error) { return evacuation.ObjectiveCost(sys, 0, k) }))
}

// unitStats describes a catalogue unit: each kind of element with its
// stats, weapons and special rules.
func unitStats(sys *catalog.System, u *catalog.Unit) []string {
	var out []string
	for _, st := range u.Composition {
		p := sys.Profile(st.Profile)
		if p == nil {
			continue
		}
		parts := []string{fmt.Sprintf("%d × %s", st.Count, p.Name)}
		if !p.Speed.IsZero() {
			parts = append(parts, "Speed "+p.Speed.String())
		}
		if p.Defense != nil {
			parts = append(parts, fmt.Sprintf("Def %d", *p.Defense))
		}
		if p.Armor != nil {
			parts = append(parts, fmt.Sprintf("Arm %d", *p.Armor))
		}
		for _, id := range p.Weapons {
			if w := sys.Weapon(id); w != nil {
				parts = append(parts, w.Name)
			}
		}
		parts = append(parts, p.Specials...)
		out = append(out, strings.Join(parts, " · "))
	}
	return out
}
