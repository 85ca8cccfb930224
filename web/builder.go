package web

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/pack"
	"github.com/playaid/playaid/rules"
)

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
	if !rules.DecodeList(c.file, c.src) {
		return nil, false
	}
	f = fromList(c.report.List)
	return f, string(f.toml(c.report.System)) != string(c.src)
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
	Paper    string // the paper the downloads are on: "a4", "letter"; "" for the one remembered
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
	Obj       []fieldView // the list's table of keys (the objective marker's upgrades)
	ObjNote   string      // what that table is, in a sentence
	ObjMsgs   []msg
	Picker    picker
	V         verdict
	Status    string // VALID, INVALID, EMPTY
	Empty     bool   // no units yet: the bar says to add them, not an error count
	Points    string // "145 / 145 pts"
	PointsOf  string // what a list with no points is checked for, under them
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
	kind := army.Kind(sys)
	file := st.FileName + ext
	if checkName(st.FileName) != nil {
		file = "list" + ext
	}
	bad := f.numberProblems()
	if c == nil {
		cc := s.check(file, f.withoutBad(bad).toml(sys))
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
	if a := rules.ArmyOf(sys); a != nil && !a.Points {
		// One short line on a phone's total bar, the rest under it.
		v.Points, v.PointsOf = "No points", "organisation checked"
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
	v.ListKeys, v.Other = s.listFields(f, sys, st.FileName)
	for i := range f.Units {
		var ln *army.Line
		if c.report != nil && i < len(c.report.Lines) {
			ln = &c.report.Lines[i]
		}
		v.Units = append(v.Units, s.unitView(f, i, ln, sys, faction(f, sys), v.V.Units[i]))
	}
	if note, inputs := builderOf(sys).TableInputs(sys, f.rules()); len(inputs) > 0 || f.Obj != nil {
		v.Obj, v.ObjNote = objFieldsView(f.Obj, inputs), note
		v.ObjMsgs = v.V.Obj
	}
	v.Picker = s.picker(f, sys)
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
func (s *Server) listFields(f *form, sys *catalog.System, fileName string) (fields, other []fieldView) {
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
	for _, in := range builderOf(sys).ListInputs(sys, f.rules()) {
		fields = append(fields, inputView(in, in.Key, val[in.Key]))
		taken[in.Key] = true
	}
	fields = append(fields,
		fieldView{Name: "filename", Label: "File name", Input: "text", Value: fileName, Suffix: ext, Span: true},
		fieldView{Name: "note", Label: "Note (printed on the roster)", Input: "textarea", Value: val["note"]})
	for _, fd := range listFields() {
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
	if fd.kind == rules.CheckField {
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

func (s *Server) unitView(f *form, i int, ln *army.Line, sys *catalog.System, fac string, msgs []msg) unitView {
	u := f.Units[i]
	uv := unitView{I: i, Msgs: msgs}
	for _, m := range msgs {
		uv.Bad = uv.Bad || !m.Warning
	}
	name := func(key string) string { return fmt.Sprintf("%s%d.%s", unitPrefix, i, key) }
	if ln != nil {
		uv.Title = ln.Name
	}
	ev := builderOf(sys).UnitInputs(sys, f.rules(), i, ln, fac)
	uv.Sub, uv.Stats = ev.Sub, ev.Stats
	for _, in := range ev.Inputs {
		fv := inputView(in, name(in.Key), u[in.Key])
		if in.More {
			uv.More = append(uv.More, fv)
		} else {
			uv.Fields = append(uv.Fields, fv)
		}
	}
	if rules.ArmyOf(sys) != nil {
		uv.More = append(uv.More, fieldView{Name: name("note"), Label: "Note", Input: "text", Value: u["note"], Placeholder: "printed on the roster", Span: true})
	}
	shown := map[string]bool{}
	for _, fv := range append(uv.Fields, uv.More...) {
		shown[strings.TrimPrefix(fv.Name, name(""))] = true
	}
	for _, fv := range uv.More {
		uv.Open = uv.Open || fv.Value != ""
	}
	for _, fd := range unitFields() {
		if !shown[fd.key] && u[fd.key] != "" {
			uv.Other = append(uv.Other, otherField(fd, name(fd.key), u[fd.key]))
		}
	}
	if uv.Title == "" {
		uv.Title = firstNonEmpty(u["label"], uv.Sub, fmt.Sprintf("Unit %d", i+1))
	}
	if u["label"] == "" && uv.Title != "" {
		// A unit named by its type id ("infantry") is titled as a name.
		uv.Title = strings.ToUpper(uv.Title[:1]) + uv.Title[1:]
	}
	if uv.Sub == uv.Title {
		uv.Sub = ""
	}
	if a := rules.ArmyOf(sys); ln != nil && a != nil && a.Points {
		uv.Cost = fmt.Sprintf("%d pts", ln.Cost)
		if ln.Count > 1 {
			uv.Cost = fmt.Sprintf("%d × %d = %d pts", ln.Count, ln.Each, ln.Cost)
		}
	}
	return uv
}

// inputView is an engine's input (rules.Input) as the form's field called
// name, holding value.
func inputView(in rules.Input, name, value string) fieldView {
	fv := fieldView{Name: name, Label: in.Label, Value: value, Placeholder: in.Placeholder, Span: in.Span}
	switch in.Kind {
	case rules.NumberInput:
		fv.Input, fv.Min = numberInput(value), in.Min
	case rules.CheckInput:
		fv.Input = "check"
	case rules.SelectInput:
		var opts []choice
		for _, c := range in.Choices {
			opts = append(opts, choice{Value: c.Value, Label: c.Label})
		}
		fv.Input = "select"
		if in.NoBlank {
			if value == "" {
				value = in.Default
			}
			fv.Choices = choices(opts, value, "")[1:] // no blank: the default is the choice of none
		} else {
			fv.Choices = choices(opts, value, in.Blank)
			for _, c := range fv.Choices {
				fv.Span = fv.Span || utf8.RuneCountInString(c.Label) > 16 // room for the whole text
			}
		}
		fv.Value = ""
	default:
		fv.Input = "text"
	}
	return fv
}

// builderOf is the builder of the rule set's engine; one that shows
// nothing when it has none.
func builderOf(sys *catalog.System) rules.Builder {
	if e := rules.EngineOf(sys); e != nil && e.Builder != nil {
		return e.Builder
	}
	return rules.NoBuilder{}
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// objFieldsView is the list's table of keys (the objective marker's
// upgrades): the engine's inputs, or the keys the form holds as text when
// the rule set has no such table.
func objFieldsView(v values, inputs []rules.Input) []fieldView {
	fields := []fieldView{{Name: objMarker, Input: "hidden", Value: "1"}}
	if len(inputs) == 0 {
		for _, fd := range objFields() {
			if v[fd.key] != "" {
				fields = append(fields, otherField(fd, objPrefix+fd.key, v[fd.key]))
			}
		}
		return fields
	}
	for _, in := range inputs {
		fields = append(fields, inputView(in, objPrefix+in.Key, v[in.Key]))
	}
	return fields
}
