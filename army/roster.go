package army

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/diag"
	"github.com/playaid/playaid/document"
)

// Roster is what the roster template (templates/roster.md) is executed
// over. Text fields are Markdown-ready: whatever came from the list or the
// data is escaped already, and note references ([^id]) are appended where
// they belong.
type Roster struct {
	Title    string // the list's name, or its file name
	Kind     string // "aqotmf", "evacuation", "imperial"; "" when the rule set is unknown
	System   string // the rule set's name ("All Quiet on the Martian Front")
	Short    string // its short name ("AQotMF")
	Scenario string // the scenario's name, when the list names one
	Player   string
	Note     string

	Valid       bool
	Status      string // "VALID" or "INVALID"
	Used, Limit int    // Limit 0: none
	Errors      []Message
	Warnings    []Message

	File     string // the list's file name (base name)
	ListHash string // short sha256 of the file's bytes
	DataHash string // the catalogue's hash: the data version

	Lines []RosterLine

	// AQotMF
	Hidden        bool
	Blips, Decoys int
	BlipNotes     string // note references for the blip count
	Profiles      []ProfileRow

	ArmyNotes string // note references about army lists of the rule set

	// Evacuation: Mars
	PodNotes                 string // note references about the objective upgrades
	Pod                      *Pod
	PodArmour                int    // the marker's own armour
	PodHull                  int    // and hull points
	PodMaxArmour, PodMaxHull int    // the most they can be raised to
	Ladder                   string // "10, 20, 40, 80"
	Allowed                  string // the unit types allowed
	Excluded                 string // the unit types refused

	// Glossary: every weapon and rule once.
	Weapons []WeaponRow
	Rules   []RuleRow

	// notes are the source notes the fields above refer to ([^id]): the
	// pipeline prints them as footnotes at the end.
	notes document.Notes
}

// Message is one diagnostic as the roster prints it.
type Message struct {
	Where   string // "line 5, column 6"
	Text    string
	Warning bool
}

// RosterLine is one unit of the summary.
type RosterLine struct {
	N        int
	Name     string // label, else catalogue name, else type; with note references
	Entry    string // AQotMF: the catalogue entry's name and id
	Type     string
	Count    int
	Each     int
	Cost     int
	Elements string // AQotMF: "5 × Infantry"
	Deploy   string // AQotMF: blip, ambush, reinforcement, on the table

	// Imperial Mars
	Training     string
	ActionPoints int
	Morale       string
	Figures      int
	Order        string // "close (4 a tray)"
	Trays        string // full trays × figures a tray, and a partial one: "6 × 4 + 1 × 1"
	Weapon       string
	Vehicle      string
}

// ProfileRow is an AQotMF element profile in the list, printed once.
type ProfileRow struct {
	Name, Type, Speed, Defense, Armor, Weapons, Specials string
}

// WeaponRow is a weapon in the list, printed once.
type WeaponRow struct {
	Name     string
	Range    string // AQotMF; Imperial Mars: the bands
	Power    string // AQotMF power, or "–"
	Dice     string // AQotMF dice per element
	Bands    []string
	Extra    string // MG trays and jam, Old Ones setting
	Specials string
}

// RuleRow is a rule of the glossary: a special ability, a training class …
type RuleRow struct {
	Name, Text string
}

// NewRoster gathers what the roster prints from a checked list.
func NewRoster(r *Report, cat *catalog.Catalog) *Roster {
	l := r.List
	ro := &Roster{
		Title:    document.Esc(firstOf(l.Name, strings.TrimSuffix(path.Base(l.File), path.Ext(l.File)))),
		Player:   document.Esc(l.Player),
		Note:     document.Esc(l.Note),
		Valid:    r.Valid(),
		Status:   "VALID",
		Used:     r.Used,
		Limit:    r.Limit,
		File:     document.Esc(path.Base(l.File)),
		ListHash: l.Hash,
	}
	if cat != nil {
		ro.DataHash = cat.Version()
	}
	if !ro.Valid {
		ro.Status = "INVALID"
	}
	for _, d := range r.Diags {
		m := Message{Where: where(d), Text: document.Esc(d.Msg), Warning: d.Warning}
		if d.Warning {
			ro.Warnings = append(ro.Warnings, m)
		} else {
			ro.Errors = append(ro.Errors, m)
		}
	}
	s := r.System
	if s == nil {
		ro.System = document.Esc(l.System)
		for i, ln := range r.Lines {
			ro.Lines = append(ro.Lines, RosterLine{N: i + 1, Name: document.Esc(ln.Name)})
		}
		return ro
	}
	ro.Kind = rulesKind(s)
	ro.System, ro.Short = document.Esc(s.About.Name), document.Esc(s.About.Short)
	if sc := s.Scenario(l.Scenario); sc != nil {
		ro.Scenario = document.Esc(sc.Name)
	}
	g := &glossary{s: s, notes: &ro.notes}
	switch ro.Kind {
	case "aqotmf":
		ro.aqotmf(r, g)
	case "evacuation":
		ro.evacuation(r, g)
	case "imperial":
		ro.imperial(r, g)
	}
	ro.Weapons, ro.Rules = g.weapons, g.rules
	return ro
}

// where prints a diagnostic's position for the sheet.
func where(d diag.Diag) string {
	switch {
	case d.Line > 0 && d.Col > 0:
		return fmt.Sprintf("line %d:%d", d.Line, d.Col)
	case d.Line > 0:
		return fmt.Sprintf("line %d", d.Line)
	}
	return "file"
}

// glossary collects weapons, rules and notes, each once.
type glossary struct {
	s       *catalog.System
	weapons []WeaponRow
	rules   []RuleRow
	seen    map[string]bool
	notes   *document.Notes
}

func (g *glossary) once(key string) bool {
	if g.seen == nil {
		g.seen = map[string]bool{}
	}
	if g.seen[key] {
		return false
	}
	g.seen[key] = true
	return true
}

// refs returns the footnote references for the notes touching any of the
// topics. The marks are written side by side: the renderer prints a run
// of them as one sorted list ("3,5").
func (g *glossary) refs(topics ...string) string { return g.refsExcept(nil, topics...) }

// refsExcept is refs without the notes that also touch any of except.
func (g *glossary) refsExcept(except []string, topics ...string) string {
	notes := slices.DeleteFunc(g.s.NotesTouching(topics...), func(n catalog.Note) bool {
		return slices.ContainsFunc(n.Touches, func(t string) bool { return slices.Contains(except, t) })
	})
	return g.notes.Sources(notes)
}

func (g *glossary) rule(name, text string) {
	if text == "" || !g.once("rule/"+name) {
		return
	}
	g.rules = append(g.rules, RuleRow{Name: document.Esc(name), Text: text})
}

// special explains a special ability from the data: a weapon special that
// carries its own explanation ("Rapid Fire – Roll 3 dice …"), else a table
// row whose first cell is its name (the heat ray's "Sweep"), else the table
// with its name ("Tow Cable" is table "tow-cable"). Otherwise the notes
// about specials say why there is no text.
func (g *glossary) special(sp string) string {
	name, text, ok := strings.Cut(sp, " – ")
	if ok {
		g.rule(name, document.Esc(document.Sentence(text)))
		return name
	}
	if !g.once("rule/" + name) {
		return name
	}
	text = g.specialText(name)
	if text == "" {
		text = "No rule text in the data." + g.refs(document.Slug(name), "specials")
	}
	g.rules = append(g.rules, RuleRow{Name: document.Esc(name), Text: text})
	return name
}

func (g *glossary) specialText(name string) string {
	for _, t := range g.s.Tables {
		if norm(t.ID) == norm(name) || norm(t.Name) == norm(name) {
			var parts []string
			for _, row := range t.Rows {
				parts = append(parts, document.Esc(row[len(row)-1]))
			}
			return strings.Join(parts, " ") + g.refs(t.ID)
		}
	}
	for _, t := range g.s.Tables {
		for _, row := range t.Rows {
			if len(row) >= 2 && strings.EqualFold(row[0], name) {
				return document.Esc(strings.Join(row[1:], " ")) + g.refs(t.ID)
			}
		}
	}
	return ""
}

func (ro *Roster) aqotmf(r *Report, g *glossary) {
	s := r.System
	ro.Hidden = r.List.Hidden
	ro.Blips, ro.Decoys = Blips(r.List, s)
	var profiles []string
	for i, ln := range r.Lines {
		rl := RosterLine{N: i + 1, Name: document.Esc(ln.Name), Count: ln.Count, Each: ln.Each, Cost: ln.Cost, Type: document.Esc(ln.Type)}
		u := ln.Unit
		switch {
		case ln.Entry == nil:
			rl.Deploy = "–"
		case u.Ambush:
			rl.Deploy = "ambush"
		case u.Reinforcement:
			rl.Deploy = "reinforcement"
		case r.List.Hidden:
			rl.Deploy = "blip"
		default:
			rl.Deploy = "on the table"
		}
		if e := ln.Entry; e != nil {
			rl.Entry = document.Esc(e.Name)
			if u.Label == "" {
				rl.Entry = ""
			}
			// Notes about the entry's profiles go on the profile table;
			// the summary keeps those about the entry alone.
			var pids []string
			for _, st := range e.Composition {
				pids = append(pids, st.Profile)
			}
			rl.Name += g.refsExcept(pids, e.ID)
			var els []string
			for _, st := range e.Composition {
				p := s.Profile(st.Profile)
				name := st.Profile
				if p != nil {
					name = p.Name
				}
				els = append(els, fmt.Sprintf("%d × %s", st.Count, document.Esc(name)))
				if !contains(profiles, st.Profile) {
					profiles = append(profiles, st.Profile)
				}
			}
			rl.Elements = strings.Join(els, ", ")
		}
		ro.Lines = append(ro.Lines, rl)
	}
	for _, id := range profiles {
		p := s.Profile(id)
		if p == nil {
			continue
		}
		row := ProfileRow{Name: document.Esc(p.Name) + g.refs(p.ID), Type: document.Esc(p.Type), Speed: "–", Defense: document.Intp(p.Defense), Armor: document.Intp(p.Armor), Weapons: "–", Specials: "–"}
		if !p.Speed.IsZero() {
			row.Speed = document.Inch(p.Speed)
		}
		// An Armor above the die's faces is damaged only by a lucky hit,
		// which the rules never describe: the note says so.
		if a := s.AQotMF; a != nil && p.Armor != nil && *p.Armor > s.About.Die {
			if n := s.Note(a.LuckyHitNote); n != nil {
				row.Armor += g.notes.Source(*n)
			}
		}
		var ws, sps []string
		for _, wid := range p.Weapons {
			w := s.Weapon(wid)
			if w == nil {
				continue
			}
			ws = append(ws, document.Esc(w.Name))
			g.aqWeapon(w)
		}
		for _, sp := range p.Specials {
			sps = append(sps, document.Esc(g.special(sp)))
		}
		if len(ws) > 0 {
			row.Weapons = strings.Join(ws, ", ")
		}
		if len(sps) > 0 {
			row.Specials = strings.Join(sps, ", ")
		}
		ro.Profiles = append(ro.Profiles, row)
	}
	if ro.Hidden {
		ro.BlipNotes = g.refs("blips", "hidden-units")
	}
}

func (g *glossary) aqWeapon(w *catalog.Weapon) {
	if !g.once("weapon/" + w.ID) {
		return
	}
	row := WeaponRow{Name: document.Esc(w.Name) + g.refs(w.ID), Power: "–", Dice: fmt.Sprint(w.DicePerElement()), Specials: "–", Range: document.Esc(aqRange(w))}
	if w.Power != 0 {
		row.Power = document.Signed(w.Power)
	}
	var sps []string
	for _, sp := range w.Specials {
		sps = append(sps, document.Esc(g.special(sp)))
	}
	if len(sps) > 0 {
		row.Specials = strings.Join(sps, ", ")
	}
	g.weapons = append(g.weapons, row)
}

func (ro *Roster) evacuation(r *Report, g *glossary) {
	ev := r.System.Evacuation
	for i, ln := range r.Lines {
		ro.Lines = append(ro.Lines, RosterLine{N: i + 1, Name: document.Esc(ln.Name), Type: document.Esc(firstOf(ln.Type, ln.Unit.Type)), Count: ln.Count, Each: ln.Each, Cost: ln.Cost})
	}
	ro.Pod = r.Pod
	ro.PodArmour, ro.PodHull = ev.Objective.Armour, ev.Objective.HullPoints
	ro.PodMaxArmour, ro.PodMaxHull = ev.Objective.MaxArmour, ev.Objective.MaxHull
	var ladder []string
	for _, v := range ev.Objective.Ladder {
		ladder = append(ladder, fmt.Sprint(v))
	}
	ro.Ladder = strings.Join(ladder, ", ")
	ro.Allowed = document.Esc(strings.Join(ev.Allowed, ", "))
	ro.Excluded = document.Esc(strings.Join(ev.Excluded, ", "))
	ro.ArmyNotes = g.refs("army", "points")
	ro.PodNotes = g.refsExcept([]string{"army", "points"}, "objective", "ladder")
	for _, sp := range ev.Specials {
		g.rule(sp.Name, document.Esc(sp.Text))
	}
}

func (ro *Roster) imperial(r *Report, g *glossary) {
	s := r.System
	im := s.Imperial
	ro.ArmyNotes = g.refs("army", "organisation")
	var trainings, classes, orders []string
	kinds := map[string]bool{}
	for i, ln := range r.Lines {
		u := ln.Unit
		rl := RosterLine{N: i + 1, Name: document.Esc(ln.Name), Type: document.Esc(firstOf(ln.Type, u.Type)), Count: 1, ActionPoints: ln.ActionPoints, Figures: u.Figures}
		if t := ln.Training; t != nil {
			rl.Training = document.Esc(t.Name)
			if !contains(trainings, t.ID) {
				trainings = append(trainings, t.ID)
			}
		}
		if c := ln.Class; c != nil {
			rl.Morale = document.Esc(c.ID)
			if !contains(classes, c.ID) {
				classes = append(classes, c.ID)
			}
		}
		if o := ln.Order; o != nil {
			rl.Order = document.Esc(o.Name)
			if !contains(orders, o.ID) {
				orders = append(orders, o.ID)
			}
		}
		if ln.PerTray > 0 && u.Figures > 0 {
			rl.Trays = fmt.Sprintf("%d × %d", ln.Trays, ln.PerTray)
			if ln.Remainder > 0 {
				rl.Trays += fmt.Sprintf(" + 1 × %d", ln.Remainder)
			}
		}
		if w := ln.Weapon; w != nil {
			rl.Weapon = document.Esc(w.Name)
			g.imWeapon(w)
			kinds[w.Kind] = true
		}
		if v := ln.Vehicle; v != nil {
			rl.Vehicle = document.Esc(v.Name)
			rl.Weapon = firstOf(rl.Weapon, document.Esc(v.Weapons))
			if g.once("vehicle/" + v.ID) {
				g.rule(v.Name+" ("+v.Title+")", document.Esc(fmt.Sprintf("Movement %s, Armour %s, Morale %+d, SDL %d, THL %d, BDL %d. Weapons: %s.", v.Movement, v.Armour, v.Morale, v.SDL, v.THL, v.BDL, v.Weapons))+g.refs(v.ID, "vehicles"))
			}
		}
		kinds[ln.Type] = true
		ro.Lines = append(ro.Lines, rl)
	}
	var parts []string
	for _, t := range im.Training {
		if contains(trainings, t.ID) {
			parts = append(parts, fmt.Sprintf("%s %d", t.Name, t.ActionPoints))
		}
	}
	if kinds[imOfficer] {
		parts = append(parts, fmt.Sprintf("officers and runners %d", im.OfficerActionPoints))
	}
	if len(parts) > 0 {
		g.rule("Action points a turn", document.Esc(strings.Join(parts, ", ")+"."))
	}
	parts = nil
	for _, c := range im.MoraleClasses {
		if contains(classes, c.ID) {
			parts = append(parts, fmt.Sprintf("%s = %s", c.ID, c.Name))
		}
	}
	if len(parts) > 0 {
		g.rule("Morale classes", document.Esc(strings.Join(parts, ", ")+"."))
	}
	parts = nil
	for _, o := range im.Orders {
		if contains(orders, o.ID) {
			p := fmt.Sprintf("%s: %d foot", o.Name, o.Foot)
			if o.Horse > 0 {
				p += fmt.Sprintf(" or %d horse", o.Horse)
			}
			parts = append(parts, p+" a tray")
		}
	}
	if len(parts) > 0 {
		g.rule("Figures per tray", document.Esc(fmt.Sprintf("%s. No tray may ever hold more than %d foot or %d mounted figures.", strings.Join(parts, "; "), im.MaxFootPerTray, im.MaxMountedPerTray)))
	}
	// The seed's rules that bear on what the list fields, as the data's
	// [[imperial.roster]] names them.
	var want []string
	for _, ro := range im.Roster {
		if ro.For == "any" || kinds[ro.For] {
			want = append(want, ro.Rules...)
		}
	}
	for _, name := range want {
		for _, ru := range im.Rules {
			if ru.Name == name {
				g.rule(ru.Name, document.Esc(ru.Text))
			}
		}
	}
}

func (g *glossary) imWeapon(w *catalog.Weapon) {
	if !g.once("weapon/" + w.ID) {
		return
	}
	row := WeaponRow{Name: document.Esc(w.Name) + g.refs(w.ID), Range: "–", Power: "–", Specials: "–"}
	for _, b := range w.Bands {
		row.Bands = append(row.Bands, fmt.Sprintf("%s %s: %d", document.Esc(b.Name), document.Inch(b.Range), b.Factor))
	}
	if len(row.Bands) > 0 {
		row.Range = strings.Join(row.Bands, "; ")
	} else if !w.Range.IsZero() {
		row.Range = document.Inch(w.Range)
	}
	var extra []string
	if w.Trays > 0 {
		extra = append(extra, fmt.Sprintf("fires as %d trays", w.Trays))
	}
	if len(w.Jam) > 0 {
		var js []string
		for _, j := range w.Jam {
			js = append(js, fmt.Sprint(j))
		}
		extra = append(extra, "jams on "+strings.Join(js, "/"))
	}
	if w.Setting > 0 {
		extra = append(extra, fmt.Sprintf("setting %d", w.Setting))
	}
	if w.Note != "" {
		extra = append(extra, document.Esc(w.Note))
	}
	row.Extra = strings.Join(extra, "; ")
	if row.Extra != "" {
		row.Specials = row.Extra
	}
	g.weapons = append(g.weapons, row)
}

// Markdown executes the roster template (its text and where it came from,
// for messages) over the report.
func Markdown(r *Report, cat *catalog.Catalog, tmpl, from string) ([]byte, error) {
	ro := NewRoster(r, cat)
	return document.Execute([]document.Source{{Name: "roster.md", Text: tmpl, From: from}}, nil, ro, &ro.notes)
}
