package imperial

import (
	"fmt"
	"slices"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/internal/printnum"
	"github.com/playaid/playaid/rules"
)

// What an Imperial Mars list prints: its roster (each company's training,
// morale, figures, order and trays; the rules the list's units need) and
// each unit's card (organisation, vehicle, weapon with its odds by range
// band, officers' risk, the tracks to strike).

// LineValues are a roster line's own values (.Extra of a line in
// roster-imperial.md): Markdown.
type LineValues struct {
	Training     string
	ActionPoints int
	Morale       string
	Figures      int
	Order        string // "Close Order"
	Trays        string // full trays × figures a tray, and a partial one: "6 × 4 + 1 × 1"
	Weapon       string
	Vehicle      string
}

func roster(r *rules.Report, g rules.Glossary) rules.Roster {
	s := r.System
	im := RulesOf(s)
	var ro rules.Roster
	ro.ArmyNotes = g.Refs("army", "organisation")
	var trainings, classes, orders []string
	kinds := map[string]bool{}
	for i, ln := range r.Lines {
		u := ln.Unit
		lx := &LineValues{ActionPoints: DataOf(ln).ActionPoints, Figures: u.Int("figures")}
		rl := rules.RosterLine{N: i + 1, Name: g.Esc(ln.Name), Type: g.Esc(rules.FirstOf(ln.Type, u.Str("type"))), Count: 1, Extra: lx}
		if t := DataOf(ln).Training; t != nil {
			lx.Training = g.Esc(t.Name)
			if !slices.Contains(trainings, t.ID) {
				trainings = append(trainings, t.ID)
			}
		}
		if c := DataOf(ln).Class; c != nil {
			lx.Morale = g.Esc(c.ID)
			if !slices.Contains(classes, c.ID) {
				classes = append(classes, c.ID)
			}
		}
		if o := DataOf(ln).Order; o != nil {
			lx.Order = g.Esc(o.Name)
			if !slices.Contains(orders, o.ID) {
				orders = append(orders, o.ID)
			}
		}
		if DataOf(ln).PerTray > 0 && u.Int("figures") > 0 {
			lx.Trays = fmt.Sprintf("%d × %d", DataOf(ln).Trays, DataOf(ln).PerTray)
			if DataOf(ln).Remainder > 0 {
				lx.Trays += fmt.Sprintf(" + 1 × %d", DataOf(ln).Remainder)
			}
		}
		if w := DataOf(ln).Weapon; w != nil {
			lx.Weapon = g.Esc(w.Name)
			imWeapon(g, w, factorWord(r.System))
			kinds[w.Kind] = true
		}
		if v := DataOf(ln).Vehicle; v != nil {
			lx.Vehicle = g.Esc(v.Name)
			lx.Weapon = rules.FirstOf(lx.Weapon, g.Esc(v.Weapons))
			if g.Once("vehicle/" + v.ID) {
				// The rulings on vehicles (their Morale effect, ±V on the
				// morale table) marked on the Morale they explain.
				g.Rule(v.Name+" ("+v.Title+")", g.Esc(fmt.Sprintf("Movement %s, Armour %s, Morale %+d", v.Movement, v.Armour, v.Morale))+g.Refs(v.ID, "vehicles")+
					g.Esc(fmt.Sprintf(", SDL %d, THL %d, BDL %d. Weapons: %s.", v.SDL, v.THL, v.BDL, v.Weapons)))
			}
		}
		kinds[ln.Type] = true
		ro.Lines = append(ro.Lines, rl)
	}
	var parts []string
	for _, t := range im.Training {
		if slices.Contains(trainings, t.ID) {
			parts = append(parts, fmt.Sprintf("%s %d", t.Name, t.ActionPoints))
		}
	}
	if kinds[imOfficer] {
		parts = append(parts, fmt.Sprintf("officers and runners %d", im.OfficerActionPoints))
	}
	if len(parts) > 0 {
		g.Rule("Action points a turn", g.Esc(strings.Join(parts, ", ")+"."))
	}
	parts = nil
	for _, c := range im.MoraleClasses {
		if slices.Contains(classes, c.ID) {
			parts = append(parts, fmt.Sprintf("%s = %s", c.ID, c.Name))
		}
	}
	if len(parts) > 0 {
		g.Rule("Morale classes", g.Esc(strings.Join(parts, ", ")+"."))
	}
	parts = nil
	for _, o := range im.Orders {
		if slices.Contains(orders, o.ID) {
			p := fmt.Sprintf("%s: %d foot", o.Name, o.Foot)
			if o.Horse > 0 {
				p += fmt.Sprintf(" or %d horse", o.Horse)
			}
			parts = append(parts, p+" a tray")
		}
	}
	if len(parts) > 0 {
		g.Rule("Figures per tray", g.Esc(fmt.Sprintf("%s. No tray may ever hold more than %d foot or %d mounted figures.", strings.Join(parts, "; "), im.MaxFootPerTray, im.MaxMountedPerTray)))
	}
	// The seed's rules that bear on what the list fields, as the data's
	// [[roster]] names them.
	var want []string
	for _, ro := range im.Roster {
		if ro.For == "any" || kinds[ro.For] {
			want = append(want, ro.Rules...)
		}
	}
	for _, name := range want {
		for _, ru := range im.Rules {
			if ru.Name == name {
				text := ru.Text
				if rows := chartRows(s, ru.Name); rows != "" {
					text = strings.TrimSuffix(text, ".") + ": " + rows
				}
				g.Rule(ru.Name, g.Esc(text))
			}
		}
	}
	return ro
}

// chartRows are the rows of the die chart a rule of the roster is named
// after ("Risk to officers"), in the book's words, to follow its text, so
// that the roll it asks for is answered where it is asked: "" where no
// chart has the name.
func chartRows(s *catalog.System, name string) string {
	for _, c := range s.Charts {
		if !strings.EqualFold(c.Name, name) {
			continue
		}
		var rows []string
		for _, r := range c.Rows {
			row := r.Roll.Printed() + " " + strings.TrimSuffix(r.Result, ".")
			if r.Text != "" {
				row += " – " + strings.TrimSuffix(r.Text, ".")
			}
			rows = append(rows, row)
		}
		return strings.Join(rows, "; ") + "."
	}
	return ""
}

// imWeapon adds w to the roster's weapons; fw spells a band's factor
// (factorWord).
func imWeapon(g rules.Glossary, w *catalog.Weapon, fw string) {
	if !g.Once("weapon/" + w.ID) {
		return
	}
	row := rules.WeaponRow{Name: g.Esc(w.Name) + g.Refs(w.ID), Range: "–", Power: "–", Specials: "–"}
	for _, b := range w.Bands {
		row.Bands = append(row.Bands, fmt.Sprintf("%s %s: %s%d", g.Esc(b.Name), g.Inch(b.Range), g.Esc(fw), b.Factor))
	}
	if len(row.Bands) > 0 {
		row.Range = strings.Join(row.Bands, "; ")
	} else if !w.Range.IsZero() {
		row.Range = g.Inch(w.Range)
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
		extra = append(extra, g.Esc(w.Note))
	}
	row.Extra = strings.Join(extra, "; ")
	if row.Extra != "" {
		row.Specials = row.Extra
	}
	g.Weapon(row)
}

func unitCard(r *rules.Report, ln rules.Line, p rules.Printer) (rules.Card, error) {
	s := r.System
	title, also := ln.CardNames()
	c := rules.Card{Title: title, Corner: rules.FirstOf(ln.Type, ln.Unit.Str("type"))}
	marks := &rules.CardMarks{}
	var sub []string
	if ln.Count > 1 && also != "" {
		sub = append(sub, also) // the line's name over one unit's card
	}
	if t := DataOf(ln).Training; t != nil {
		sub = append(sub, fmt.Sprintf("%s, %d AP", t.Name, DataOf(ln).ActionPoints))
	} else if DataOf(ln).ActionPoints > 0 {
		sub = append(sub, fmt.Sprintf("%d AP", DataOf(ln).ActionPoints))
	}
	if m := DataOf(ln).Class; m != nil {
		sub = append(sub, fmt.Sprintf("Morale %s (%s)", m.ID, m.Name))
	}
	c.Sub = strings.Join(sub, " · ")
	u := ln.Unit
	if DataOf(ln).Order != nil && DataOf(ln).PerTray > 0 {
		org := fmt.Sprintf("%d figures in %s: %d trays of %d", u.Int("figures"), DataOf(ln).Order.Name, DataOf(ln).Trays, DataOf(ln).PerTray)
		if DataOf(ln).Remainder > 0 {
			org += fmt.Sprintf(" and 1 of %d", DataOf(ln).Remainder)
		}
		c.Parts = append(c.Parts, rules.CardPart{Head: "Organisation", Text: org + "."})
	} else if u.Int("figures") > 0 {
		c.Parts = append(c.Parts, rules.CardPart{Head: "Organisation", Text: fmt.Sprintf("%d %s.", u.Int("figures"), rules.Plural(u.Int("figures"), "figure", "figures"))})
	}
	if v := DataOf(ln).Vehicle; v != nil {
		// The reading on a vehicle's Morale effect (±V), marked on it,
		// its line under the vehicle's stats, as the roster prints it.
		morale, line := "Morale effect", ""
		for _, n := range s.NotesTouching("vehicles") {
			if n.IsReading() {
				morale, line = morale+marks.Mark(n), marks.Line(p, n)
				break
			}
		}
		c.Parts = append(c.Parts, rules.CardPart{Head: v.Name, Rows: [][]string{
			{"Movement", p.Inch(v.Movement)}, {"Armour", v.Armour}, {morale, printnum.Signed(v.Morale)},
			{"SDL / THL / BDL", fmt.Sprintf("%d / %d / %d", v.SDL, v.THL, v.BDL)},
		}})
		if line != "" {
			c.Parts = append(c.Parts, rules.CardPart{Text: line})
		}
		if v.Weapons != "" {
			c.Parts = append(c.Parts, rules.CardPart{Text: "Weapons: " + v.Weapons + "."})
		}
		odds, err := VehicleDamage(s, v.ID)
		if err != nil {
			return c, err
		}
		c.Parts = append(c.Parts, rules.CardPart{Head: "Odds", Rows: [][]string{
			// Each chance beside the d20 score that gives it.
			{fmt.Sprintf("Penetrated: out of action on %d+", v.SDL), p.Pct(odds.OutOfAction)},
			{fmt.Sprintf("Breakdown test: breaks down on %d or less", v.BDL), p.Pct(odds.Breakdown)},
		}})
	}
	if w := DataOf(ln).Weapon; w != nil {
		shooters, err := ShootingTrays(s, ln.Type == imInfantry, DataOf(ln).OnTrays(), w)
		if err != nil {
			return c, err
		}
		trays := shooters.Trays
		wp := rules.CardPart{Head: w.Name}
		shotMarks, scoreMarks := len(marks.Readings), ""
		if trays > maxOddsTrays {
			wp.Text = fmt.Sprintf("%d trays: too many to work out the odds of.", trays)
		} else if len(w.Bands) > 0 && trays > 0 {
			wp.Rows = append(wp.Rows, []string{fmt.Sprintf("Factor alone, %d %s", trays, rules.Plural(trays, "tray", "trays")), "1 hit", "2 hits", "Mean"})
			wp.Bold = append(wp.Bold, true)
			for _, b := range w.Bands {
				res, err := Shoot(s, b.Factor, trays)
				if err != nil {
					return c, err
				}
				// Each chance beside the d20 score that gives it.
				one, two, err := ScoredShot(s, res)
				if err != nil {
					return c, err
				}
				wp.Rows = append(wp.Rows, []string{fmt.Sprintf("%s to %s: %s%d", b.Name, p.Inch(b.Range), factorWord(s), b.Factor), one, two, res.Hits.Mean().FloatString(1)})
				wp.Bold = append(wp.Bold, false)
				// A reading that decides what a score and its chance
				// mean (equal or beat it) is marked on "d20 score" below.
				for _, n := range s.Governed(one+" "+two, oneSpaced) {
					if !slices.ContainsFunc(marks.Readings[shotMarks:], func(r catalog.Note) bool { return r.Mark == n.Mark }) {
						scoreMarks += marks.Mark(n)
					}
				}
			}
		} else if !w.Range.IsZero() {
			wp.Text = "Range " + p.Inch(w.Range) + "."
		}
		c.Parts = append(c.Parts, wp)
		if len(w.Bands) > 0 && trays > 0 && trays <= maxOddsTrays {
			factor := "the weapon's factor"
			if fw := factorWord(s); fw != "" {
				factor += " (" + fw + ")"
			}
			// The marks of the scores' readings go on the paragraph's
			// lead, "d20 score", their lines under it.
			text := "A tray's d20 score and chance with " + factor + " only: add the tactical factors for the row."
			if scoreMarks != "" {
				text = "A tray's d20 score" + scoreMarks + "\tand chance with " + factor + " only: add the tactical factors for the row."
			}
			c.Parts = append(c.Parts, rules.CardPart{Text: text})
			for _, n := range marks.Readings[shotMarks:] {
				c.Parts = append(c.Parts, rules.CardPart{Text: marks.Line(p, n)})
			}
		}
		if len(w.Jam) > 0 {
			jams, err := MGJam(s, w.ID)
			if err != nil {
				return c, err
			}
			// Each chance beside the d20 score that gives it.
			var js []string
			for i, j := range jams {
				js = append(js, fmt.Sprintf("round %d, %d or less (%s)", i+1, w.Jam[i], p.Pct(j)))
			}
			row := "Jams, a d20 each turn it fires: " + strings.Join(js, "; ")
			if un, err := Unjam(s); err == nil {
				row += fmt.Sprintf(". Clears at the end of the turn: %d+ (%s)", RulesOf(s).UnjamScore, p.Pct(un))
			}
			c.Parts = append(c.Parts, rules.CardPart{Text: row + "."})
		}
		if w.Setting > 0 {
			one, err := Overload(s, w.Setting, false)
			if err != nil {
				return c, err
			}
			two, err := Overload(s, w.Setting, true)
			if err != nil {
				return c, err
			}
			c.Parts = append(c.Parts, rules.CardPart{Text: fmt.Sprintf("Overload: %s a tray, %s on a second shot in the turn.", p.Pct(one), p.Pct(two))})
		}
	}
	if ln.Type == imOfficer {
		risk, err := OfficerRisk(s)
		if err != nil {
			return c, err
		}
		op := rules.CardPart{Head: "Risk to officers", Text: "When his unit takes casualties:"}
		if ch := s.Chart(RulesOf(s).OfficerRisk); ch != nil && ch.Die > 0 {
			op.Text = fmt.Sprintf("When his unit takes casualties, roll 1d%d:", ch.Die)
		}
		// The book's words for each result follow the rows: a wounded
		// officer must leave the field, and the card is the only place a
		// player reads it.
		var says []string
		for _, o := range risk.Outcomes {
			res, _, _ := strings.Cut(o.Result, ";")
			op.Rows = append(op.Rows, []string{o.Roll + ": " + res, p.Pct(o.P)})
			if o.Text != "" {
				says = append(says, strings.TrimSuffix(res, ".")+": "+o.Text)
			}
		}
		c.Parts = append(c.Parts, op)
		if len(says) > 0 {
			c.Parts = append(c.Parts, rules.CardPart{Text: strings.Join(says, " ")})
		}
	}
	if u.Note != "" {
		c.Parts = append(c.Parts, rules.CardPart{Head: "Note", Text: p.OneLine(u.Note)})
	}
	c.Tracks = imTracks(s, ln)
	c.Readings = marks.Readings
	return c, nil
}

// imTracks are an Imperial Mars unit's tracks: a box for each figure,
// tray by tray, to strike as casualties fall; a vehicle's small-arms hits
// up to its Threshold Hits Level; and the Disruption Markers a unit of
// troops holds, each box named by the morale state it brings.
func imTracks(s *catalog.System, ln rules.Line) []rules.Track {
	var out []rules.Track
	if f := ln.Unit.Int("figures"); f > 0 {
		out = append(out, rules.Track{Label: "Figures lost", Boxes: make([]string, min(f, maxTrackBoxes)), Group: DataOf(ln).PerTray})
	}
	if v := DataOf(ln).Vehicle; v != nil && v.THL > 0 {
		out = append(out, rules.Track{Label: "Hits (THL)", Boxes: make([]string, min(v.THL, maxTrackBoxes))})
	}
	if !troops(ln.Type) {
		return out
	}
	if t := s.Table(RulesOf(s).Morale.States); t != nil {
		dms := rules.Track{Label: "DMs", Group: 2} // two lines of two: the states' names are long
		for _, row := range t.Rows {
			if len(row) >= 2 && row[0] != "0" {
				dms.Boxes = append(dms.Boxes, row[0]+" "+row[1])
			}
		}
		if len(dms.Boxes) > 0 {
			out = append(out, dms)
		}
	}
	return out
}

// maxTrackBoxes bounds a track: a company of hundreds of figures gets the
// first ones (a card has room for no more).
const maxTrackBoxes = 60

// playUnits is a unit in play: its figures and trays.
func playUnits(r *rules.Report) ([]rules.PlayUnit, int) {
	var out []rules.PlayUnit
	for _, ln := range r.Lines {
		out = append(out, playUnit(r, ln))
	}
	return out, 0
}

func playUnit(r *rules.Report, ln rules.Line) rules.PlayUnit {
	u := rules.PlayUnit{Type: ln.Type, Stats: map[string]int{}}
	d := DataOf(ln)
	if ln.Unit.Int("figures") > 0 {
		u.Stats["figures"] = ln.Unit.Int("figures")
		if d.PerTray > 0 {
			u.Stats["per_group"] = d.PerTray
		}
	}
	if d.Weapon != nil {
		u.Fighter.Weapons = []*catalog.Weapon{d.Weapon}
	}
	u.Fighter.Left, u.Fighter.PerTray, u.Fighter.Infantry = ln.Unit.Int("figures"), d.PerTray, ln.Type == imInfantry
	return u
}

// maxOddsTrays bounds the trays whose total hits a card works out.
const maxOddsTrays = 200

// factorWord is what the range stick prints before a band's weapon
// factor ("F": F6), so that the cards spell a factor as the markers and
// the sheet's factor column do, never as a modifier (+6); "" for the
// factor alone.
func factorWord(s *catalog.System) string {
	for _, m := range s.Markers {
		if m.Shape == "ruler" && m.FactorWord != "" {
			return m.FactorWord
		}
	}
	return ""
}

// oneSpaced is s with its white space single spaces: a card's cells
// joined as the page prints them, for the words a reading governs.
func oneSpaced(s string) string { return strings.Join(strings.Fields(s), " ") }
