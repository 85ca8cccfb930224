package army

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/printnum"
	"github.com/playaid/playaid/rules/aqotmf"
)

func (aqotmfRules) roster(ro *Roster, r *Report, g *glossary) { ro.aqotmf(r, g) }
func (aqotmfRules) card(r *Report, ln Line) (card, error)     { return aqCard(r, ln) }
func (aqotmfRules) extraCards(*Report) []card                 { return nil }

func entryName(e *catalog.Unit) string {
	if e == nil {
		return ""
	}
	return e.Name
}

func (ro *Roster) aqotmf(r *Report, g *glossary) {
	s := r.System
	ro.Hidden = r.List.Values.Bool("hidden")
	ro.Blips, ro.Decoys = Blips(r.List, s)
	var profiles []string
	equipped := map[string][]string{} // profile id → weapons the scenario adds
	unstated := map[string][]string{} // profile id → what the scenario adds without stats
	for i, ln := range r.Lines {
		rl := RosterLine{N: i + 1, Name: document.Esc(ln.Name), Count: ln.Count, Each: ln.Each, Cost: ln.Cost, Type: document.Esc(ln.Type)}
		u := ln.Unit
		switch {
		case ln.Entry == nil:
			rl.Deploy = "–"
		case u.Bool("ambush"):
			rl.Deploy = "ambush"
		case u.Bool("reinforcement"):
			rl.Deploy = "reinforcement"
		case r.List.Values.Bool("hidden"):
			rl.Deploy = "blip"
		default:
			rl.Deploy = "on the table"
		}
		if e := ln.Entry; e != nil {
			if f := aqForce(r, e); f != nil {
				if d := dugInLine(s); f.DugIn && d != "" {
					rl.DugIn = true
					g.rule("Dug In", document.Esc(d))
				}
				if sc := s.Scenario(r.List.Scenario); sc != nil {
					for _, name := range f.Rules {
						for _, sp := range sc.Specials {
							if sp.Name == name {
								g.rule(sp.Name, document.Esc(document.Sentence(sp.Text)))
							}
						}
					}
				}
			}
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
			for _, st := range e.Composition {
				for _, w := range aqEquipped(r, e) {
					if !contains(equipped[st.Profile], w.ID) {
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
						mark = g.notes.Source(*n)
					}
					els = append(els, fmt.Sprintf("%d × %s%s", a.Count, document.Esc(a.Label), mark))
				}
				rl.Elements = strings.Join(els, " + ") + fmt.Sprintf(" = %d stands", f.StandsOf(e))
			} else {
				rl.Elements = strings.Join(els, ", ")
			}
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
		// What the rules leave out, the players write in.
		for _, stat := range p.Unstated() {
			switch stat {
			case "Speed":
				row.Speed = writeIn(4)
			case "Defense":
				row.Defense = writeIn(3)
			case "Armor":
				row.Armor = writeIn(3)
			case "weapons":
				row.Weapons = writeIn(12)
			}
		}
		// An Armor above the die's faces is damaged only by a lucky hit,
		// which the rules never describe: the note says so.
		if a := aqotmf.RulesOf(s); a != nil && p.Armor != nil && *p.Armor > s.About.Die {
			if n := s.Note(a.LuckyHitNote); n != nil {
				row.Armor += g.notes.Source(*n)
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
			ws = append(ws, document.Esc(w.Name))
			g.aqWeapon(w)
		}
		for _, name := range unstated[id] {
			ws = append(ws, document.Esc(name))
			g.aqUnstated(name)
		}
		for _, sp := range p.Specials {
			// A note on the ability is marked on it, not on the unit
			// (unless the unit's name carries it already).
			sps = append(sps, document.Esc(g.special(sp))+g.refsExcept([]string{p.ID}, document.Slug(sp)))
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
		row.Power = printnum.Signed(w.Power)
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

// aqUnstated is a row of the weapons for what a scenario equips a unit
// with and the book gives no stats (the Gripper Claw): its ruling marked
// on its name, room to write what the players agree.
func (g *glossary) aqUnstated(name string) {
	if !g.once("weapon/" + document.Slug(name)) {
		return
	}
	g.weapons = append(g.weapons, WeaponRow{Name: document.Esc(name) + g.refs(document.Slug(name)), Range: writeIn(8), Power: writeIn(4), Dice: writeIn(3), Specials: writeIn(10)})
}

// aqRange is an AQotMF weapon's range as the data prints it: its words
// ("3"–30+"), else its length in inches, else a dash.
func aqRange(w *catalog.Weapon) string {
	switch {
	case w.RangeText != "":
		return w.RangeText
	case !w.Range.IsZero():
		return document.Inch(w.Range)
	}
	return "–"
}

func aqCard(r *Report, ln Line) (card, error) {
	s := r.System
	c := card{title: ln.Name, corner: fmt.Sprintf("%d pts", ln.Each)}
	e := ln.Entry
	if e == nil {
		c.sub = "unknown unit " + ln.Unit.Str("id")
		return c, nil
	}
	var sub []string
	if ln.Unit.Label != "" {
		sub = append(sub, e.Name)
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
	c.sub = strings.Join(sub, " · ")

	stats := part{head: "Elements", rows: [][]string{{"", "Speed", "Def", "Arm"}}, bold: []bool{true}}
	var weapons []*catalog.Weapon
	dicePer := map[string]int{} // weapon id → dice the whole unit rolls
	var specials []string
	var unarmed []string // elements whose weapons the rules do not give
	var agree []string   // the stats the players write in
	tripod := aqTripodType(s)
	var armor *catalog.Profile // a tripod's profile: its Armor is tracked
	var rulings []string
	marks := &cardMarks{}
	for _, st := range aqCardStands(r, e) {
		p := s.Profile(st.Profile)
		if p == nil {
			continue
		}
		speed := "–"
		if !p.Speed.IsZero() {
			speed = document.Inch(p.Speed)
		}
		name := p.Name
		if n := s.Reading(st.reading); n != nil {
			// A stand the scenario adds and the book gives no stats:
			// the reading's profile, marked, its line under the stats.
			name = st.Label + marks.mark(*n)
			rulings = appendNew(rulings, marks.line(*n))
		}
		row := []string{fmt.Sprintf("%d × %s", st.Count, name), speed, document.Intp(p.Defense), document.Intp(p.Armor)}
		for _, stat := range p.Unstated() {
			switch stat {
			case "Speed":
				row[1] = cardAgreed
				agree = appendNew(agree, "Speed")
			case "Defense":
				row[2] = cardAgreed
				agree = appendNew(agree, "Defense")
			case "Armor":
				row[3] = cardAgreed
				agree = appendNew(agree, "Armor")
			case "weapons":
				unarmed = append(unarmed, p.Name)
			}
		}
		stats.rows = append(stats.rows, row)
		stats.bold = append(stats.bold, false)
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
			if !contains(specials, sp) {
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
	c.parts = append(c.parts, stats)
	stands := aqStands(r, e)
	if len(rulings) > 0 {
		c.parts = append(c.parts, part{text: fmt.Sprintf("%d stands.\n%s", stands, strings.Join(rulings, "\n"))})
	}
	if len(agree) > 0 || len(unarmed) > 0 {
		// Room to write what the players agree, big enough for a pencil.
		what := ""
		if len(agree) > 0 {
			what = strings.Join(agree, ", ") + " (" + cardAgreed + ")"
		}
		if len(unarmed) > 0 {
			what = strings.TrimPrefix(what+" and weapons", " and ")
		}
		c.parts = append(c.parts, part{head: "Agreed before play", text: strings.ToUpper(what[:1]) + what[1:] + ": not given by the rules.", writeOn: 2})
	}
	var unstated []string // what the scenario equips it with, without stats
	if f := aqForce(r, e); f != nil {
		unstated = f.Unstated
	}
	if len(weapons) > 0 || len(unstated) > 0 {
		wp := part{head: "Weapons", rows: [][]string{{"", "Range", "Power", "Dice"}}, bold: []bool{true}}
		var lines []string // the rulings marked on the weapons, under them
		for _, w := range weapons {
			power := "–"
			if w.Power != 0 {
				power = printnum.Signed(w.Power)
			}
			name := w.Name
			for _, n := range s.NotesTouching(w.ID) {
				if n.IsReading() && !aboutElements(s, n) {
					name += marks.mark(n)
					lines = appendNew(lines, marks.line(n))
				}
			}
			wp.rows = append(wp.rows, []string{name, aqRange(w), power, fmt.Sprint(dicePer[w.ID])})
			wp.bold = append(wp.bold, false)
			for _, sp := range w.Specials {
				if !contains(specials, sp) {
					specials = append(specials, sp)
				}
			}
		}
		// No stats to print: the ruling's mark, and lines to write what
		// the players agree.
		write := 0
		for _, name := range unstated {
			row := []string{name, "", "", ""}
			for _, n := range s.NotesTouching(document.Slug(name)) {
				if n.IsReading() {
					row[0] += marks.mark(n)
					lines = appendNew(lines, marks.line(n))
				}
			}
			wp.rows = append(wp.rows, row)
			wp.bold = append(wp.bold, false)
			write++
		}
		c.parts = append(c.parts, wp)
		if len(lines) > 0 {
			c.parts = append(c.parts, part{text: strings.Join(lines, "\n"), writeOn: write})
		}
	}
	var lines []string
	for _, sp := range specials {
		lines = append(lines, abilityLine(s.Ability(sp)))
	}
	lines = append(lines, aqScenarioLines(r, e)...)
	if len(lines) > 0 {
		c.parts = append(c.parts, part{head: "Special", text: strings.Join(lines, "\n")})
	}
	if armor != nil {
		c.tracks = append(c.tracks, armorTrack(s, *armor.Armor)...)
	} else if stands > 0 {
		c.tracks = append(c.tracks, track{label: "Lost", boxes: make([]string, stands)})
	}
	odds, err := aqOdds(r, weapons, dicePer)
	if err != nil {
		return c, err
	}
	c.parts = append(c.parts, odds...)
	c.readings = marks.readings
	return c, nil
}

// cardBlank is a write-in space in a line of a card; cardAgreed marks a
// stat the rules do not give, written in under "Agreed before play".
const (
	cardBlank  = "____"
	cardAgreed = "*"
)

// aboutElements reports whether a note is about an element or unit entry
// too (the Mk II Baldwin's missing stats, which name its Tank Gun): a
// card marks a weapon only with the rulings about the weapon alone.
func aboutElements(s *catalog.System, n catalog.Note) bool {
	return slices.ContainsFunc(n.Touches, func(t string) bool { return s.Profile(t) != nil || s.Unit(t) != nil })
}

// cardMarks are the readings a unit card marks where they apply (a stand
// the scenario adds, a weapon the book prints ambiguously or without
// stats): each its own mark, its line on the same card.
type cardMarks struct {
	readings []catalog.Note
}

// mark returns the reading's mark as a card's cell holds it (drawn
// raised: see markOpen), noting that the card prints it.
func (m *cardMarks) mark(n catalog.Note) string {
	if !slices.ContainsFunc(m.readings, func(r catalog.Note) bool { return r.Mark == n.Mark }) {
		m.readings = append(m.readings, n)
	}
	return markOpen + n.Mark
}

// line is the reading's line under what it marks: its mark in bold, then
// its ruling.
func (m *cardMarks) line(n catalog.Note) string {
	return n.Mark + "\t" + document.RulingPrefix + strings.TrimSpace(n.Ruling)
}

// abilityLine is a special ability on a card: its name and its rule in a
// line, or room to write the club's ruling.
func abilityLine(a catalog.Ability) string {
	switch {
	case a.Short != "":
		return a.Name + ":\t" + document.Sentence(a.Short)
	case a.Text != "":
		return a.Name + ":\t" + document.Sentence(a.Text)
	}
	return a.Name + ":\tnot in the rules: agree it before play."
}

// aqTripodType is the type of the tripods whose damage the Tripod Damage
// Chart tracks, or "".
func aqTripodType(s *catalog.System) string {
	if a := aqotmf.RulesOf(s); a != nil {
		if p := s.Profile(a.TripodDamage.Profile); p != nil {
			return p.Type
		}
	}
	return ""
}

// aqStands is how many stands a unit entry fields: as the list's scenario
// prints it where that differs from the entry (Scenario 1's Infantry
// Company has the Captain's stand too), else the entry's elements.
func aqStands(r *Report, e *catalog.Unit) int {
	if f := aqForce(r, e); f != nil {
		return f.StandsOf(e)
	}
	return e.Elements()
}

// aqForce is the force line of the list's scenario that fields the unit
// entry, or nil.
func aqForce(r *Report, e *catalog.Unit) *catalog.Force {
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
func aqScenarioLines(r *Report, e *catalog.Unit) []string {
	f := aqForce(r, e)
	if f == nil {
		return nil
	}
	var out []string
	if d := dugInLine(r.System); f.DugIn && d != "" {
		out = append(out, "Dug In:\t"+d)
	}
	// Where a reinforcement arrives is the scenario's (the force line's
	// note), not the general rule's: the player reads it on the card.
	if f.Reinforcement && f.Note != "" {
		out = append(out, "Reinforcement:\t"+document.Sentence(f.Note))
	}
	if sc := r.System.Scenario(r.List.Scenario); sc != nil {
		for _, name := range f.Rules {
			for _, sp := range sc.Specials {
				if sp.Name == name {
					out = append(out, sp.Name+":\t"+document.Sentence(firstOf(sp.Short, sp.Text)))
				}
			}
		}
	}
	return out
}

// dugInLine says what starting dug in does, from the rule set's numbers:
// "May start the game dug in (a marker): Armor +2, not against a tripod
// within 6″."
func dugInLine(s *catalog.System) string {
	a := aqotmf.RulesOf(s)
	if a == nil || a.DugIn.Armor == 0 {
		return ""
	}
	line := "May start the game dug in (a marker): Armor " + printnum.Signed(a.DugIn.Armor)
	if !a.DugIn.TripodWithin.IsZero() {
		line += ", not against a tripod within " + document.Inch(a.DugIn.TripodWithin)
	}
	return line + "."
}

// aqEquipped are the weapons the list's scenario equips the unit entry
// with beyond its Game Stats ("Equipped with … Tentacles").
func aqEquipped(r *Report, e *catalog.Unit) []*catalog.Weapon {
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
func aqCardStands(r *Report, e *catalog.Unit) []cardStand {
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
func armorTrack(s *catalog.System, start int) []track {
	t := track{label: "Armor"}
	for v := start; v >= 1; v-- {
		t.boxes = append(t.boxes, fmt.Sprint(v))
	}
	out := []track{t}
	if a := aqotmf.RulesOf(s); a != nil {
		if ch := s.Chart(a.TripodDamage.Chart); ch != nil {
			effects := track{label: "Damage"}
			for _, row := range ch.Rows {
				if row.Armor == 0 {
					continue
				}
				for _, tag := range row.Tags {
					name := strings.ReplaceAll(tag, "-", " ")
					effects.boxes = append(effects.boxes, strings.ToUpper(name[:1])+name[1:])
				}
			}
			if len(effects.boxes) > 0 {
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

// aqTargets are the elements a unit is likely to shoot at: those of the
// other sides of the list's scenario, else every other profile with a
// Defense and an Armor. Profiles with the same numbers share a row.
func aqTargets(r *Report) []target {
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

// aqOdds gives a card's odds: against each likely target, for each
// weapon, the chance one die hits and one die damages, and for the whole
// unit firing once, the chance of at least one point of damage and, for a
// tripod, of destroying it.
func aqOdds(r *Report, weapons []*catalog.Weapon, dicePer map[string]int) ([]part, error) {
	targets := aqTargets(r)
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
	var parts []part
	lucky := false
	for i, t := range targets {
		p := part{odds: true}
		if i == 0 {
			p.head, p.rows, p.bold = "Odds", [][]string{heads}, []bool{true}
		}
		// The numbers first: a long list of names is what gets cut.
		p.rows = append(p.rows, []string{fmt.Sprintf("vs Def %d, Arm %d (%s)", t.defense, t.armor, t.name)})
		p.bold = append(p.bold, true)
		for _, w := range weapons {
			res, err := aqotmf.Attack(r.System, aqotmf.AttackQuery{Dice: dicePer[w.ID], Defense: t.defense, Armor: t.armor, Power: w.Power, Tripod: t.tripod})
			if err != nil {
				return nil, err
			}
			label := w.Name
			if dicePer[w.ID] > 1 {
				label += fmt.Sprintf(" ×%d", dicePer[w.ID])
			}
			row := []string{label, document.Pct(res.DieHit), document.Pct(res.DieDmg), document.Pct(res.Damage)}
			switch {
			case t.tripod:
				row = append(row, document.Pct(res.Destroyed))
			case kill:
				row = append(row, "–")
			}
			if len(res.Notes) > 0 {
				lucky = true
			}
			p.rows = append(p.rows, row)
			p.bold = append(p.bold, false)
		}
		parts = append(parts, p)
	}
	legend := "Hit, Dmg: one die; Unit: all its dice (×), 1+ damage"
	if kill {
		legend += "; Kill: destroys the tripod"
	}
	if lucky {
		legend += ". No lucky hits counted"
	}
	return append(parts, part{text: legend + ".", odds: true, legend: true}), nil
}

// appendNew appends s to list unless it holds it.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
