package aqotmf

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/printnum"
	"github.com/playaid/playaid/rules"
)

// What an All Quiet on the Martian Front list prints: its roster's lines
// (the elements, how each unit deploys, the game stats of its profiles)
// and each unit's card (elements, weapons, special rules, odds against
// the likely targets, a tripod's Armor track).

// RosterValues are the engine's values of a roster, for roster-aqotmf.md
// (.Extra): Markdown.
type RosterValues struct {
	Hidden        bool
	Blips, Decoys int
	BlipNotes     string // note references for the blip count
	Profiles      []ProfileRow
}

// LineValues are a roster line's own values (.Extra of a line).
type LineValues struct {
	Entry    string // the catalogue entry's name, where the label differs
	Elements string // "5 × Infantry"
	Deploy   string // blip, ambush, reinforcement, on the table
	DugIn    bool   // the scenario lets it start dug in
}

// ProfileRow is an element profile in the list, printed once.
type ProfileRow struct {
	Name, Type, Speed, Defense, Armor, Weapons, Specials string
}

func roster(r *rules.Report, g rules.Glossary) rules.Roster {
	s := r.System
	var ro rules.Roster
	x := &RosterValues{Hidden: r.List.Values.Bool("hidden")}
	ro.Extra = x
	b, _ := listBlips(r.List, s)
	x.Blips, x.Decoys = b.Blips, b.Decoys
	var profiles []string
	equipped := map[string][]string{} // profile id → weapons the scenario adds
	unstated := map[string][]string{} // profile id → what the scenario adds without stats
	for i, ln := range r.Lines {
		lx := &LineValues{}
		rl := rules.RosterLine{N: i + 1, Name: g.Esc(ln.Name), Count: ln.Count, Each: ln.Each, Cost: ln.Cost, Type: g.Esc(ln.Type), Extra: lx}
		u := ln.Unit
		switch {
		case ln.Entry == nil:
			lx.Deploy = "–"
		case u.Bool("ambush"):
			lx.Deploy = "ambush"
		case u.Bool("reinforcement"):
			lx.Deploy = "reinforcement"
		case r.List.Values.Bool("hidden"):
			lx.Deploy = "blip"
		default:
			lx.Deploy = "on the table"
		}
		if e := ln.Entry; e != nil {
			if f := aqForce(r, e); f != nil {
				if d := dugInLine(g, s); f.DugIn && d != "" {
					lx.DugIn = true
					g.Rule("Dug In", g.Esc(d))
				}
				if sc := s.Scenario(r.List.Scenario); sc != nil {
					// The designated unit's first rule (what it does); how
					// it is designated is its card's and the list's note.
					for _, name := range slices.Concat(f.Rules, f.Designated[:min(len(f.Designated), 1)]) {
						for _, sp := range sc.Specials {
							if sp.Name == name {
								g.Rule(sp.Name, g.Esc(g.Sentence(sp.Text)))
							}
						}
					}
				}
			}
			lx.Entry = g.Esc(e.Name)
			if u.Label == "" {
				lx.Entry = ""
			}
			// Notes about the entry's profiles go on the profile table;
			// the summary keeps those about the entry alone.
			var pids []string
			for _, st := range e.Composition {
				pids = append(pids, st.Profile)
			}
			rl.Name += g.RefsExcept(pids, e.ID)
			// The reading the scenario's line is fielded by (six tanks
			// as six units), marked on the line.
			if f := aqForce(r, e); f != nil {
				if n := s.Reading(f.Reading); n != nil {
					rl.Name += g.Source(*n)
				}
			}
			var els []string
			for _, st := range e.Composition {
				p := s.Profile(st.Profile)
				name := st.Profile
				if p != nil {
					name = p.Name
				}
				els = append(els, fmt.Sprintf("%d × %s", st.Count, g.Esc(name)))
				if !slices.Contains(profiles, st.Profile) {
					profiles = append(profiles, st.Profile)
				}
			}
			for _, st := range e.Composition {
				for _, w := range aqEquipped(r, e) {
					if !slices.Contains(equipped[st.Profile], w.ID) {
						equipped[st.Profile] = append(equipped[st.Profile], w.ID)
					}
				}
				if f := aqForce(r, e); f != nil {
					for _, name := range f.Unstated {
						unstated[st.Profile] = appendNew(unstated[st.Profile], name)
					}
				}
			}
			if f := aqForce(r, e); f != nil && len(f.Added) > 0 {
				for _, a := range f.Added {
					// The reading the stand fights by, marked on it.
					mark := ""
					if n := s.Reading(a.Reading); n != nil {
						mark = g.Source(*n)
					}
					els = append(els, fmt.Sprintf("%d × %s%s", a.Count, g.Esc(a.Label), mark))
				}
				lx.Elements = strings.Join(els, " + ") + fmt.Sprintf(" = %d stands", f.StandsOf(e))
			} else {
				lx.Elements = strings.Join(els, ", ")
			}
		}
		ro.Lines = append(ro.Lines, rl)
	}
	for _, id := range profiles {
		p := s.Profile(id)
		if p == nil {
			continue
		}
		row := ProfileRow{Name: g.Esc(p.Name) + g.Refs(p.ID), Type: g.Esc(p.Type), Speed: "–", Defense: g.Intp(p.Defense), Armor: g.Intp(p.Armor), Weapons: "–", Specials: "–"}
		if !p.Speed.IsZero() {
			row.Speed = g.Inch(p.Speed)
		}
		// What the rules leave out, the players write in.
		for _, stat := range p.Unstated() {
			switch stat {
			case "Speed":
				row.Speed = g.WriteIn(4)
			case "Defense":
				row.Defense = g.WriteIn(3)
			case "Armor":
				row.Armor = g.WriteIn(3)
			case "weapons":
				row.Weapons = g.WriteIn(12)
			}
		}
		// An Armor above the die's faces is damaged only by a lucky hit,
		// which the rules never describe: the note says so.
		if a := RulesOf(s); a != nil && p.Armor != nil && *p.Armor > s.About.Die {
			if n := s.Note(a.LuckyHitNote); n != nil {
				row.Armor += g.Source(*n)
			}
		}
		var ws, sps []string
		wids := slices.Clone(p.Weapons)
		for _, wid := range equipped[id] {
			wids = appendNew(wids, wid)
		}
		for _, wid := range wids {
			w := s.Weapon(wid)
			if w == nil {
				continue
			}
			ws = append(ws, g.Esc(w.Name))
			aqWeapon(g, w)
		}
		for _, name := range unstated[id] {
			ws = append(ws, g.Esc(name))
			aqUnstated(g, name)
		}
		for _, sp := range p.Specials {
			// A note on the ability is marked on it, not on the unit
			// (unless the unit's name carries it already).
			sps = append(sps, g.Esc(g.Special(sp))+g.RefsExcept([]string{p.ID}, catalog.Slug(sp)))
		}
		if len(ws) > 0 {
			row.Weapons = strings.Join(ws, ", ")
		}
		if len(sps) > 0 {
			row.Specials = strings.Join(sps, ", ")
		}
		x.Profiles = append(x.Profiles, row)
		// Weapons the players agree (the Baldwin's): the book's weapons
		// no unit carries (the Tank Gun) are their starting point. They
		// are the book's, with its stats: no reading's mark.
		if slices.Contains(p.Unstated(), "weapons") {
			for i := range s.Weapons {
				if w := &s.Weapons[i]; !carried(s, w.ID) && g.Once("weapon/"+w.ID) {
					row := aqWeaponRow(g, w)
					if w.Note != "" {
						row.Specials = g.Esc(w.Note)
					}
					g.Weapon(row)
				}
			}
		}
	}
	if x.Hidden {
		x.BlipNotes = g.Refs("blips", "hidden-units")
	}
	return ro
}

func aqWeapon(g rules.Glossary, w *catalog.Weapon) {
	if g.Once("weapon/" + w.ID) {
		g.Weapon(aqWeaponRow(g, w))
	}
}

// carried reports whether a unit carries the weapon: a profile's, or one
// a scenario equips a unit with.
func carried(s *catalog.System, id string) bool {
	for _, p := range s.Profiles {
		if slices.Contains(p.Weapons, id) {
			return true
		}
	}
	for _, sc := range s.Scenarios {
		for _, side := range sc.Sides {
			for _, f := range side.Forces {
				if slices.Contains(f.Equipped, id) {
					return true
				}
			}
		}
	}
	return false
}

// aqWeaponRow is a weapon's row of a roster's weapons.
func aqWeaponRow(g rules.Glossary, w *catalog.Weapon) rules.WeaponRow {
	row := rules.WeaponRow{Name: g.Esc(w.Name) + g.Refs(w.ID), Power: "–", Dice: fmt.Sprint(w.DicePerElement()), Specials: "–", Range: g.Esc(aqRange(g, w))}
	if w.Power != 0 {
		row.Power = printnum.Signed(w.Power)
	}
	var sps []string
	for _, sp := range w.Specials {
		sps = append(sps, g.Esc(g.Special(sp)))
	}
	if len(sps) > 0 {
		row.Specials = strings.Join(sps, ", ")
	}
	return row
}

// aqUnstated is a row of the weapons for what a scenario equips a unit
// with and the book gives no stats (the Gripper Claw): its ruling marked
// on its name, room to write what the players agree.
func aqUnstated(g rules.Glossary, name string) {
	if !g.Once("weapon/" + catalog.Slug(name)) {
		return
	}
	g.Weapon(rules.WeaponRow{Name: g.Esc(name) + g.Refs(catalog.Slug(name)), Range: g.WriteIn(8), Power: g.WriteIn(4), Dice: g.WriteIn(3), Specials: g.WriteIn(10)})
}

// aqRange is an AQotMF weapon's range as the data prints it: its words
// ("3"–30+"), else its length in inches, else a dash.
func aqRange(pr rules.Printer, w *catalog.Weapon) string {
	switch {
	case w.RangeText != "":
		return w.RangeText
	case !w.Range.IsZero():
		return pr.Inch(w.Range)
	}
	return "–"
}

func unitCard(r *rules.Report, ln rules.Line, pr rules.Printer) (rules.Card, error) {
	s := r.System
	title, also := ln.CardNames()
	c := rules.Card{Title: title, Corner: fmt.Sprintf("%d pts", ln.Each)}
	e := ln.Entry
	if e == nil {
		c.Sub = "unknown unit " + ln.Unit.Str("id")
		return c, nil
	}
	var sub []string
	if also != "" {
		sub = append(sub, also)
	}
	sub = append(sub, e.Type)
	switch {
	case ln.Unit.Bool("ambush"):
		sub = append(sub, "in ambush")
	case ln.Unit.Bool("reinforcement"):
		sub = append(sub, "reinforcement")
	case r.List.Values.Bool("hidden"):
		sub = append(sub, "deploys as a blip")
	}
	c.Sub = strings.Join(sub, " · ")

	stats := rules.CardPart{Head: "Elements", Rows: [][]string{{"", "Speed", "Def", "Arm"}}, Bold: []bool{true}}
	var weapons []*catalog.Weapon
	dicePer := map[string]int{} // weapon id → dice the whole unit rolls
	var specials []string
	var unarmed []string     // elements whose weapons the rules do not give
	var agree []string       // the stats the players write in
	var agreed *catalog.Note // the reading on the stats the players write in
	tripod := aqTripodType(s)
	var armor *catalog.Profile // a tripod's profile: its Armor is tracked
	var rulings []string
	marks := &rules.CardMarks{}
	// The reading the scenario's line is fielded by, marked on its first
	// stand.
	var fielded *catalog.Note
	fieldedID := ""
	if f := aqForce(r, e); f != nil {
		fielded, fieldedID = s.Reading(f.Reading), f.Reading
	}
	for _, st := range aqCardStands(r, e) {
		p := s.Profile(st.Profile)
		if p == nil {
			continue
		}
		speed := "–"
		if !p.Speed.IsZero() {
			speed = pr.Inch(p.Speed)
		}
		name := p.Name
		if n := s.Reading(st.reading); n != nil {
			// A stand the scenario adds and the book gives no stats:
			// the reading's profile, marked, its line under the stats.
			name = st.Label + marks.Mark(*n)
			rulings = appendNew(rulings, marks.Line(pr, *n))
		}
		if fielded != nil && st.reading == "" {
			name += marks.Mark(*fielded)
			rulings = appendNew(rulings, marks.Line(pr, *fielded))
			fielded = nil
		}
		row := []string{fmt.Sprintf("%d × %s", st.Count, name), speed, pr.Intp(p.Defense), pr.Intp(p.Armor)}
		if len(p.Unstated()) > 0 && agreed == nil && st.reading == "" {
			for _, n := range s.NotesTouching(p.ID) {
				if n.IsReading() && n.ID != fieldedID {
					agreed = &n
					break
				}
			}
		}
		for _, stat := range p.Unstated() {
			switch stat {
			case "Speed":
				row[1] = rules.CardAgreed
				agree = appendNew(agree, "Speed")
			case "Defense":
				row[2] = rules.CardAgreed
				agree = appendNew(agree, "Defense")
			case "Armor":
				row[3] = rules.CardAgreed
				agree = appendNew(agree, "Armor")
			case "weapons":
				unarmed = append(unarmed, p.Name)
			}
		}
		stats.Rows = append(stats.Rows, row)
		stats.Bold = append(stats.Bold, false)
		if tripod != "" && p.Type == tripod && p.Armor != nil && st.Count == 1 && armor == nil {
			armor = p
		}
		for _, wid := range p.Weapons {
			w := s.Weapon(wid)
			if w == nil {
				continue
			}
			if _, ok := dicePer[w.ID]; !ok {
				weapons = append(weapons, w)
			}
			dicePer[w.ID] += st.Count * w.DicePerElement()
		}
		for _, sp := range p.Specials {
			if !slices.Contains(specials, sp) {
				specials = append(specials, sp)
			}
		}
	}
	// The weapons the scenario equips the unit with, beyond its Game
	// Stats: every element carries them.
	for _, w := range aqEquipped(r, e) {
		if _, ok := dicePer[w.ID]; !ok {
			weapons = append(weapons, w)
			dicePer[w.ID] = e.Elements() * w.DicePerElement()
		}
	}
	c.Parts = append(c.Parts, stats)
	stands := aqStands(r, e)
	if len(rulings) > 0 {
		c.Parts = append(c.Parts, rules.CardPart{Text: fmt.Sprintf("%d %s.\n%s", stands, rules.Plural(stands, "stand", "stands"), strings.Join(rulings, "\n"))})
	}
	if len(agree) > 0 || len(unarmed) > 0 {
		// Room to write what the players agree, big enough for a pencil.
		what := ""
		if len(agree) > 0 {
			what = strings.Join(agree, ", ") + " (" + rules.CardAgreed + ")"
		}
		if len(unarmed) > 0 {
			what = strings.TrimPrefix(what+" and weapons", " and ")
		}
		text := strings.ToUpper(what[:1]) + what[1:] + ": not given by the rules."
		if agreed != nil {
			// The reading that says so (the Mk II Baldwin's missing
			// stats), marked, its line under it.
			text = "Not given by the rules:" + marks.Mark(*agreed) + "\t" + what + ".\n" + marks.Line(pr, *agreed)
		}
		// A line for each: the stats, then the weapons.
		var labels []string
		if len(agree) > 0 {
			labels = append(labels, strings.Join(agree, ", ")+":")
		}
		if len(unarmed) > 0 {
			labels = append(labels, "Weapons:")
		}
		c.Parts = append(c.Parts, rules.CardPart{Head: "Agreed before play", Text: text, WriteOn: len(labels), WriteLabels: labels})
	}
	var unstated []string // what the scenario equips it with, without stats
	if f := aqForce(r, e); f != nil {
		unstated = f.Unstated
	}
	if len(weapons) > 0 || len(unstated) > 0 {
		wp := rules.CardPart{Head: "Weapons", Rows: [][]string{{"", "Range", "Power", "Dice"}}, Bold: []bool{true}, WithOdds: true}
		var lines []string // the rulings marked on the weapons, under them
		for _, w := range weapons {
			power := "–"
			if w.Power != 0 {
				power = printnum.Signed(w.Power)
			}
			name := w.Name
			for _, n := range s.NotesTouching(w.ID) {
				if n.IsReading() && !aboutElements(s, n) {
					name += marks.Mark(n)
					lines = appendNew(lines, marks.Line(pr, n))
				}
			}
			wp.Rows = append(wp.Rows, []string{name, aqRange(pr, w), power, fmt.Sprint(dicePer[w.ID])})
			wp.Bold = append(wp.Bold, false)
			for _, sp := range w.Specials {
				if !slices.Contains(specials, sp) {
					specials = append(specials, sp)
				}
			}
		}
		// No stats to print: the ruling's mark, and lines to write what
		// the players agree.
		for _, name := range unstated {
			row := []string{name, "", "", ""}
			for _, n := range s.NotesTouching(catalog.Slug(name)) {
				if n.IsReading() {
					row[0] += marks.Mark(n)
					lines = appendNew(lines, marks.Line(pr, n))
				}
			}
			wp.Rows = append(wp.Rows, row)
			wp.Bold = append(wp.Bold, false)
		}
		c.Parts = append(c.Parts, wp)
		if len(lines) > 0 {
			c.Parts = append(c.Parts, rules.CardPart{Text: strings.Join(lines, "\n")})
		}
		// Each weapon with no stats: a line, named as the table's
		// columns, to write what the players agree.
		for _, name := range unstated {
			c.Parts = append(c.Parts, rules.CardPart{Text: name + ":\tas agreed: " + strings.ToLower(strings.Join(wp.Rows[0][1:], ", ")) + ".", WriteOn: 1})
		}
	}
	var lines []string
	for _, sp := range specials {
		lines = append(lines, abilityLine(pr, s, s.Ability(sp), marks))
	}
	lines = append(lines, aqScenarioLines(pr, r, e)...)
	if len(lines) > 0 {
		c.Parts = append(c.Parts, rules.CardPart{Head: "Special", Text: strings.Join(lines, "\n")})
	}
	if armor != nil {
		c.Tracks = append(c.Tracks, armorTrack(s, *armor.Armor)...)
	} else if stands > 0 {
		c.Tracks = append(c.Tracks, rules.Track{Label: "Lost", Boxes: make([]string, stands)})
	}
	odds, err := unitOdds(pr, r, weapons, dicePer, marks)
	if err != nil {
		return c, err
	}
	c.Parts = append(c.Parts, odds...)
	c.Readings = marks.Readings
	return c, nil
}

// aboutElements reports whether a note is about an element or unit entry
// too (the Mk II Baldwin's missing stats, which name its Tank Gun): a
// card marks a weapon only with the rulings about the weapon alone.
func aboutElements(s *catalog.System, n catalog.Note) bool {
	return slices.ContainsFunc(n.Touches, func(t string) bool { return s.Profile(t) != nil || s.Unit(t) != nil })
}

// abilityLine is a special ability on a card: its name and its rule in a
// line; for one the book never describes, its name marked with the
// reading's mark and the reading's line under it (one block: the two stay
// on one card), else room to write the club's ruling. A rule a reading
// reads (Stealth) is marked the same way, its line under it.
func abilityLine(pr rules.Printer, s *catalog.System, a catalog.Ability, marks *rules.CardMarks) string {
	rule := rules.FirstOf(a.Short, a.Text)
	for _, n := range s.NotesTouching(strings.ToLower(a.Name)) {
		if !n.IsReading() {
			continue
		}
		if rule != "" {
			// A rule the book gives elsewhere (Stealth, in the hidden
			// units' rules), read as the reading says.
			return a.Name + ":" + marks.Mark(n) + "\t" + pr.Sentence(rule) + "\n" + marks.Line(pr, n)
		}
		return a.Name + marks.Mark(n) + "\t\n" + marks.Line(pr, n)
	}
	if rule != "" {
		return a.Name + ":\t" + pr.Sentence(rule)
	}
	return a.Name + ":\tnot in the rules: agree it before play."
}

// aqTripodType is the type of the tripods whose damage the Tripod Damage
// Chart tracks, or "".
func aqTripodType(s *catalog.System) string {
	if a := RulesOf(s); a != nil {
		if p := s.Profile(a.TripodDamage.Profile); p != nil {
			return p.Type
		}
	}
	return ""
}

// aqStands is how many stands a unit entry fields: as the list's scenario
// prints it where that differs from the entry (Scenario 1's Infantry
// Company has the Captain's stand too), else the entry's elements.
func aqStands(r *rules.Report, e *catalog.Unit) int {
	if f := aqForce(r, e); f != nil {
		return f.StandsOf(e)
	}
	return e.Elements()
}

// aqForce is the force line of the list's scenario that fields the unit
// entry, or nil.
func aqForce(r *rules.Report, e *catalog.Unit) *catalog.Force {
	if sc := r.System.Scenario(r.List.Scenario); sc != nil {
		for _, side := range sc.Sides {
			for i, f := range side.Forces {
				if f.Unit == e.ID {
					return &side.Forces[i]
				}
			}
		}
	}
	return nil
}

// aqScenarioLines are what the list's scenario gives the unit entry on
// top of its Game Stats, a line each for its card: that it may start dug
// in, where it arrives as a reinforcement, and the scenario's special
// rules that are about it (the Morale Wagon's move).
func aqScenarioLines(pr rules.Printer, r *rules.Report, e *catalog.Unit) []string {
	f := aqForce(r, e)
	if f == nil {
		return nil
	}
	var out []string
	if d := dugInLine(pr, r.System); f.DugIn && d != "" {
		out = append(out, "Dug In:\t"+d)
	}
	// Where a reinforcement arrives is the scenario's (the force line's
	// note), not the general rule's, and when is the die's: the player
	// reads both on the card, asked every turn.
	if f.Reinforcement {
		says := []string{reinforcementRoll(r.System)}
		if f.Note != "" {
			says = append([]string{pr.Sentence(f.Note)}, says...)
		}
		if line := strings.TrimSpace(strings.Join(says, " ")); line != "" {
			out = append(out, "Reinforcement:\t"+line)
		}
	}
	if sc := r.System.Scenario(r.List.Scenario); sc != nil {
		for _, name := range f.Rules {
			for _, sp := range sc.Specials {
				if sp.Name == name {
					out = append(out, sp.Name+":\t"+pr.Sentence(rules.FirstOf(sp.Short, sp.Text)))
				}
			}
		}
		// A rule for the one unit the player designates is on that
		// unit's own card: the others only point to it.
		if len(f.Designated) > 0 {
			out = append(out, f.Designated[0]+":\t"+designatedLine(r, e))
		}
	}
	return out
}

// reinforcementRoll is when a unit held back arrives: the test's die
// from its first turn, and its faces ([odds.reinforcements] words.card);
// "" where the rules give no test.
func reinforcementRoll(sys *catalog.System) string {
	r, _, err := aqRules(sys)
	if err != nil {
		return ""
	}
	c, err := aqChart(sys, r.Reinforcements.Chart, "reinforcements")
	if err != nil {
		return ""
	}
	faces := func(keep func(catalog.ChartRow) bool) string { return facesWhere(c, keep) }
	w := rules.WordsOf(sys, "reinforcements", "from", rules.Itoa(r.Reinforcements.FromTurn), "die", "D"+rules.Itoa(c.Die),
		"miss_on", faces(func(row catalog.ChartRow) bool { return !row.Has("arrives") }),
		"only_on", faces(func(row catalog.ChartRow) bool { return row.Has("arrives") && !row.Has("can-attack") }),
		"attack_on", faces(func(row catalog.ChartRow) bool { return row.Has("can-attack") }))
	line := w.Word("card")
	if w.Err() != nil {
		return ""
	}
	return line
}

// designatedLine is what every unit of a line says of a rule that only
// the unit its player designates follows: "one of the 6, designated
// before the game: its rule is on its own card".
func designatedLine(r *rules.Report, e *catalog.Unit) string {
	if n := entryUnits(r, e); n > 1 {
		return fmt.Sprintf("one of the %d, designated before the game; its own card gives its rules.", n)
	}
	return "if designated before the game; its own card gives its rules."
}

// extraCards are a card for each rule the scenario gives only the one
// unit of a line its player designates (the Morale Wagon): the rule, and
// room to write which unit it is.
func extraCards(r *rules.Report, pr rules.Printer) []rules.Card {
	sc := r.System.Scenario(r.List.Scenario)
	if sc == nil {
		return nil
	}
	var out []rules.Card
	for _, ln := range r.Lines {
		e := ln.Entry
		if e == nil {
			continue
		}
		f := aqForce(r, e)
		if f == nil {
			continue
		}
		if len(f.Designated) == 0 {
			continue
		}
		c := rules.Card{Title: f.Designated[0], Corner: e.Type, Sub: "one " + e.Name + ", designated"}
		if n := entryUnits(r, e); n > 1 {
			c.Sub = fmt.Sprintf("one of the %d %s, designated", n, ln.Name)
		}
		var lines []string
		for _, name := range f.Designated {
			for _, sp := range sc.Specials {
				if sp.Name == name {
					lines = append(lines, sp.Name+":\t"+pr.Sentence(sp.Text))
				}
			}
		}
		c.Parts = append(c.Parts, rules.CardPart{Head: "Special", Text: strings.Join(lines, "\n")})
		// The choice is secret until the end of the game: it is written
		// on the secret deployment sheet, never on a card in the open.
		c.Parts = append(c.Parts, rules.CardPart{Head: "Which " + strings.ToLower(e.Type), Text: "Write its number (" + designatedRange(r, e) + ") on the secret deployment sheet, not on a card."})
		out = append(out, c)
	}
	return out
}

// designatedRange is how the unit cards of an entry are numbered: "1/6 to
// 6/6".
func designatedRange(r *rules.Report, e *catalog.Unit) string {
	if n := entryUnits(r, e); n > 1 {
		return fmt.Sprintf("1/%d to %d/%d", n, n, n)
	}
	return "the only one"
}

// entryUnits is how many units of the entry the list puts on the table.
func entryUnits(r *rules.Report, e *catalog.Unit) int {
	n := 0
	for _, ln := range r.Lines {
		if ln.Entry == e {
			n += max(ln.Count, 1)
		}
	}
	return n
}

// dugInLine says what starting dug in does, from the rule set's numbers
// and words: "May start dug in (a marker): Armor +2 while on that spot,
// not against a tripod within 6″." (one that moves off it is no longer
// dug in unless it moves back).
func dugInLine(pr rules.Printer, s *catalog.System) string {
	a := RulesOf(s)
	if a == nil || a.DugIn.Armor == 0 {
		return ""
	}
	line := "May start dug in (a marker): Armor " + printnum.Signed(a.DugIn.Armor)
	if a.DugIn.Moved != "" {
		line += " " + a.DugIn.Moved
	}
	if !a.DugIn.TripodWithin.IsZero() {
		line += ", not against a tripod within " + pr.Inch(a.DugIn.TripodWithin)
	}
	return line + "."
}

// aqEquipped are the weapons the list's scenario equips the unit entry
// with beyond its Game Stats ("Equipped with … Tentacles").
func aqEquipped(r *rules.Report, e *catalog.Unit) []*catalog.Weapon {
	f := aqForce(r, e)
	if f == nil {
		return nil
	}
	var out []*catalog.Weapon
	for _, wid := range f.Equipped {
		if w := r.System.Weapon(wid); w != nil {
			out = append(out, w)
		}
	}
	return out
}

// cardStand is a line of a unit card's elements: a stand of the unit
// entry, or one the scenario adds with the reading it fights by.
type cardStand struct {
	catalog.Stand
	reading string // the id of the reading the stand fights by, where the book gives it no stats
}

// aqCardStands are the stands a unit entry fields in the list's
// scenario: the entry's, then those the scenario's line adds (as the
// profile its ruling names).
func aqCardStands(r *rules.Report, e *catalog.Unit) []cardStand {
	var out []cardStand
	for _, st := range e.Composition {
		out = append(out, cardStand{Stand: st})
	}
	if f := aqForce(r, e); f != nil {
		for _, a := range f.Added {
			out = append(out, cardStand{Stand: catalog.Stand{Profile: a.FightsAs, Count: a.Count, Label: a.Label}, reading: a.Reading})
		}
	}
	return out
}

// armorTrack is a tripod's damage track: its Armor from the start value
// down, a box to strike for each point lost, and a box for each lasting
// effect the Tripod Damage Chart deals with a point of Armor ("crippled",
// "weapons disabled").
func armorTrack(s *catalog.System, start int) []rules.Track {
	t := rules.Track{Label: "Armor"}
	for v := start; v >= 1; v-- {
		t.Boxes = append(t.Boxes, fmt.Sprint(v))
	}
	out := []rules.Track{t}
	if a := RulesOf(s); a != nil {
		if ch := s.Chart(a.TripodDamage.Chart); ch != nil {
			effects := rules.Track{Label: "Damage"}
			for _, row := range ch.Rows {
				if row.Armor == 0 {
					continue
				}
				for _, tag := range row.Tags {
					name := strings.ReplaceAll(tag, "-", " ")
					effects.Boxes = append(effects.Boxes, strings.ToUpper(name[:1])+name[1:])
				}
			}
			if len(effects.Boxes) > 0 {
				out = append(out, effects)
			}
		}
	}
	return out
}

// target is a kind of element the unit's odds are worked out against.
type target struct {
	name    string
	defense int
	armor   int
	tripod  bool
}

// likelyTargets are the elements a unit is likely to shoot at: those of the
// other sides of the list's scenario, else every other profile with a
// Defense and an Armor. Profiles with the same numbers share a row.
func likelyTargets(r *rules.Report) []target {
	s := r.System
	own := map[string]bool{}
	for _, ln := range r.Lines {
		if ln.Entry != nil {
			for _, st := range ln.Entry.Composition {
				own[st.Profile] = true
			}
		}
	}
	var ids []string
	if sc := s.Scenario(r.List.Scenario); sc != nil {
		for _, side := range sc.Sides {
			var sideIDs []string
			mine := false
			for _, f := range side.Forces {
				if u := s.Unit(f.Unit); u != nil {
					for _, st := range u.Composition {
						sideIDs = append(sideIDs, st.Profile)
						mine = mine || own[st.Profile]
					}
				}
			}
			if !mine {
				ids = append(ids, sideIDs...)
			}
		}
	}
	if len(ids) == 0 {
		for _, p := range s.Profiles {
			if !own[p.ID] {
				ids = append(ids, p.ID)
			}
		}
	}
	tripodType := aqTripodType(s)
	var out []target
	for _, id := range ids {
		p := s.Profile(id)
		if p == nil || p.Defense == nil || p.Armor == nil {
			continue
		}
		t := target{name: p.Name, defense: *p.Defense, armor: *p.Armor, tripod: tripodType != "" && p.Type == tripodType}
		merged := false
		for i := range out {
			o := &out[i]
			if o.defense == t.defense && o.armor == t.armor && o.tripod == t.tripod {
				if !strings.Contains(o.name, t.name) {
					o.name += ", " + t.name
				}
				merged = true
				break
			}
		}
		if !merged {
			out = append(out, t)
		}
	}
	return out
}

// unitOdds gives a card's Odds: against each likely target, for each
// weapon, the chance one die hits and one die damages, and for the whole
// unit firing once, the chance of at least one point of damage and, for a
// tripod, of destroying it.
func unitOdds(pr rules.Printer, r *rules.Report, weapons []*catalog.Weapon, dicePer map[string]int, marks *rules.CardMarks) ([]rules.CardPart, error) {
	targets := likelyTargets(r)
	if len(weapons) == 0 || len(targets) == 0 {
		return nil, nil
	}
	// One table: the heads once, then a bold line for each target and a
	// row for each weapon, so a card holds the odds against every target.
	kill := slices.ContainsFunc(targets, func(t target) bool { return t.tripod })
	heads := []string{"", "Hit", "Dmg", "Unit"}
	if kill {
		heads = append(heads, "Kill")
	}
	var parts []rules.CardPart
	lucky := false
	// The readings the odds of an attack follow (the weapon's Power added
	// to the damage roll), marked on the first target, their lines under
	// the legend.
	var ruled, named []catalog.Note
	for _, n := range r.System.NotesTouching("attack") {
		if n.IsReading() {
			ruled = append(ruled, n)
		}
	}
	for i, t := range targets {
		pt := rules.CardPart{Odds: true}
		if i == 0 {
			pt.Head, pt.Rows, pt.Bold = "Odds", [][]string{heads}, []bool{true}
		}
		// The numbers first: a long list of names is what gets cut.
		vs := fmt.Sprintf("vs Def %d, Arm %d (%s)", t.defense, t.armor, t.name)
		if i == 0 {
			for _, n := range ruled {
				vs += marks.Mark(n)
			}
		}
		pt.Rows = append(pt.Rows, []string{vs})
		pt.Bold = append(pt.Bold, true)
		for _, w := range weapons {
			res, err := Attack(r.System, AttackQuery{Dice: dicePer[w.ID], Defense: t.defense, Armor: t.armor, Power: w.Power, Tripod: t.tripod})
			if err != nil {
				return nil, err
			}
			label := w.Name
			if i == 0 {
				// A weapon whose name a reading governs (the Reaper
				// Tentacles, read as the scenarios' Tentacles) is
				// marked on its first row, its line under the legend.
				for _, n := range r.System.Governing(w.Name, strings.TrimSpace) {
					label += marks.Mark(n)
					named = append(named, n)
				}
			}
			if dicePer[w.ID] > 1 {
				label += fmt.Sprintf(" ×%d", dicePer[w.ID])
			}
			row := []string{label, pr.Pct(res.DieHit), pr.Pct(res.DieDmg), pr.Pct(res.Damage)}
			switch {
			case t.tripod:
				row = append(row, pr.Pct(res.Destroyed))
			case kill:
				row = append(row, "–")
			}
			if len(res.Notes) > 0 {
				lucky = true
			}
			pt.Rows = append(pt.Rows, row)
			pt.Bold = append(pt.Bold, false)
		}
		parts = append(parts, pt)
	}
	legend := "Hit, Dmg: one die; Unit: all its dice (×), 1+ damage"
	if kill {
		legend += "; Kill: destroys the tripod"
	}
	if lucky {
		legend += ". No lucky hits counted"
	}
	legend += "."
	for _, n := range append(ruled, named...) {
		legend += "\n" + marks.Line(pr, n)
	}
	return append(parts, rules.CardPart{Text: legend, Odds: true, Legend: true}), nil
}

// appendNew appends s to list unless it holds it.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// playUnits is a unit in play: its stands (with those the scenario adds), a
// tripod's Armor, and the weapons of its stands and those the scenario
// equips it with.
func playUnits(r *rules.Report) ([]rules.PlayUnit, int) {
	var blips []int
	decoys := 0
	if r.List.Values.Bool("hidden") {
		var bu []BlipUnit
		for _, ln := range r.Lines {
			typ := ""
			if ln.Entry != nil {
				typ = ln.Entry.Type
			}
			bu = append(bu, BlipUnit{Count: ln.Count, Type: typ, Ambush: ln.Unit.Bool("ambush"), Reinforcement: ln.Unit.Bool("reinforcement")})
		}
		if b, err := CountBlips(r.System, bu); err == nil {
			blips, decoys = b.Units, b.Decoys
		}
	}
	var out []rules.PlayUnit
	for i, ln := range r.Lines {
		u := playUnit(r, ln)
		u.Blip = i < len(blips) && blips[i] > 0
		u.Ambush, u.Reinforcement = ln.Unit.Bool("ambush"), ln.Unit.Bool("reinforcement")
		out = append(out, u)
	}
	return out, decoys
}

func playUnit(r *rules.Report, ln rules.Line) rules.PlayUnit {
	u := rules.PlayUnit{Stats: map[string]int{}}
	e := ln.Entry
	if e == nil {
		return u
	}
	u.Type = e.Type
	s := r.System
	tripod := aqTripodType(s)
	n := 0
	for _, st := range aqCardStands(r, e) {
		n += st.Count
		p := s.Profile(st.Profile)
		if p == nil {
			continue
		}
		if tripod != "" && p.Type == tripod && p.Armor != nil {
			u.Stats["armor"] = *p.Armor
		}
		for _, wid := range p.Weapons {
			if w := s.Weapon(wid); w != nil && !containsWeapon(u.Fighter.Weapons, w) {
				u.Fighter.Weapons = append(u.Fighter.Weapons, w)
			}
		}
	}
	for _, w := range aqEquipped(r, e) {
		if !containsWeapon(u.Fighter.Weapons, w) {
			u.Fighter.Weapons = append(u.Fighter.Weapons, w)
		}
	}
	u.Stats["elements"] = n
	u.Fighter.Entry, u.Fighter.Left = e, n
	return u
}
func containsWeapon(ws []*catalog.Weapon, w *catalog.Weapon) bool {
	for _, x := range ws {
		if x.ID == w.ID {
			return true
		}
	}
	return false
}
