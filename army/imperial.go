package army

import (
	"fmt"
	"strings"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/document"
	"github.com/playaid/playaid/internal/printnum"
	"github.com/playaid/playaid/rules/imperial"
)

func (imperialRules) roster(ro *Roster, r *Report, g *glossary) { ro.imperial(r, g) }
func (imperialRules) card(r *Report, ln Line) (card, error)     { return imCard(r, ln) }
func (imperialRules) extraCards(*Report) []card                 { return nil }

// The unit types an Imperial Mars list knows. They decide which checks
// apply: the numbers of those checks all come from the catalogue.
const (
	imInfantry  = "infantry"
	imHorse     = "horse"
	imArtillery = "artillery"
	imVehicle   = "vehicle"
	imOfficer   = "officer"
)

var imTypes = []string{imInfantry, imHorse, imArtillery, imVehicle, imOfficer}

// troops are the types that need a training (for their action points) and
// a morale class.
func troops(t string) bool { return t == imInfantry || t == imHorse || t == imArtillery }

func (ro *Roster) imperial(r *Report, g *glossary) {
	s := r.System
	im := imperial.RulesOf(s)
	ro.ArmyNotes = g.refs("army", "organisation")
	var trainings, classes, orders []string
	kinds := map[string]bool{}
	for i, ln := range r.Lines {
		u := ln.Unit
		rl := RosterLine{N: i + 1, Name: document.Esc(ln.Name), Type: document.Esc(firstOf(ln.Type, u.Str("type"))), Count: 1, ActionPoints: imperial.DataOf(ln).ActionPoints, Figures: u.Int("figures")}
		if t := imperial.DataOf(ln).Training; t != nil {
			rl.Training = document.Esc(t.Name)
			if !contains(trainings, t.ID) {
				trainings = append(trainings, t.ID)
			}
		}
		if c := imperial.DataOf(ln).Class; c != nil {
			rl.Morale = document.Esc(c.ID)
			if !contains(classes, c.ID) {
				classes = append(classes, c.ID)
			}
		}
		if o := imperial.DataOf(ln).Order; o != nil {
			rl.Order = document.Esc(o.Name)
			if !contains(orders, o.ID) {
				orders = append(orders, o.ID)
			}
		}
		if imperial.DataOf(ln).PerTray > 0 && u.Int("figures") > 0 {
			rl.Trays = fmt.Sprintf("%d × %d", imperial.DataOf(ln).Trays, imperial.DataOf(ln).PerTray)
			if imperial.DataOf(ln).Remainder > 0 {
				rl.Trays += fmt.Sprintf(" + 1 × %d", imperial.DataOf(ln).Remainder)
			}
		}
		if w := imperial.DataOf(ln).Weapon; w != nil {
			rl.Weapon = document.Esc(w.Name)
			g.imWeapon(w)
			kinds[w.Kind] = true
		}
		if v := imperial.DataOf(ln).Vehicle; v != nil {
			rl.Vehicle = document.Esc(v.Name)
			rl.Weapon = firstOf(rl.Weapon, document.Esc(v.Weapons))
			if g.once("vehicle/" + v.ID) {
				// The rulings on vehicles (their Morale effect, ±V on the
				// morale table) marked on the Morale they explain.
				g.rule(v.Name+" ("+v.Title+")", document.Esc(fmt.Sprintf("Movement %s, Armour %s, Morale %+d", v.Movement, v.Armour, v.Morale))+g.refs(v.ID, "vehicles")+
					document.Esc(fmt.Sprintf(", SDL %d, THL %d, BDL %d. Weapons: %s.", v.SDL, v.THL, v.BDL, v.Weapons)))
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

func imCard(r *Report, ln Line) (card, error) {
	s := r.System
	c := card{title: ln.Name, corner: firstOf(ln.Type, ln.Unit.Str("type"))}
	var sub []string
	if t := imperial.DataOf(ln).Training; t != nil {
		sub = append(sub, fmt.Sprintf("%s, %d AP", t.Name, imperial.DataOf(ln).ActionPoints))
	} else if imperial.DataOf(ln).ActionPoints > 0 {
		sub = append(sub, fmt.Sprintf("%d AP", imperial.DataOf(ln).ActionPoints))
	}
	if m := imperial.DataOf(ln).Class; m != nil {
		sub = append(sub, fmt.Sprintf("Morale %s (%s)", m.ID, m.Name))
	}
	c.sub = strings.Join(sub, " · ")
	u := ln.Unit
	if imperial.DataOf(ln).Order != nil && imperial.DataOf(ln).PerTray > 0 {
		org := fmt.Sprintf("%d figures in %s: %d trays of %d", u.Int("figures"), imperial.DataOf(ln).Order.Name, imperial.DataOf(ln).Trays, imperial.DataOf(ln).PerTray)
		if imperial.DataOf(ln).Remainder > 0 {
			org += fmt.Sprintf(" and 1 of %d", imperial.DataOf(ln).Remainder)
		}
		c.parts = append(c.parts, part{head: "Organisation", text: org + "."})
	} else if u.Int("figures") > 0 {
		c.parts = append(c.parts, part{head: "Organisation", text: fmt.Sprintf("%d %s.", u.Int("figures"), document.Plural(u.Int("figures"), "figure", "figures"))})
	}
	if v := imperial.DataOf(ln).Vehicle; v != nil {
		c.parts = append(c.parts, part{head: v.Name, rows: [][]string{
			{"Movement", document.Inch(v.Movement)}, {"Armour", v.Armour}, {"Morale effect", printnum.Signed(v.Morale)},
			{"SDL / THL / BDL", fmt.Sprintf("%d / %d / %d", v.SDL, v.THL, v.BDL)},
		}, text: ""})
		if v.Weapons != "" {
			c.parts = append(c.parts, part{text: "Weapons: " + v.Weapons + "."})
		}
		odds, err := imperial.VehicleDamage(s, v.ID)
		if err != nil {
			return c, err
		}
		c.parts = append(c.parts, part{head: "Odds", rows: [][]string{
			{"Penetrated: out of action", document.Pct(odds.OutOfAction)},
			{"Breakdown test: breaks down", document.Pct(odds.Breakdown)},
		}})
	}
	if w := imperial.DataOf(ln).Weapon; w != nil {
		shooters, err := imperial.ShootingTrays(s, ln.Type == imInfantry, imperial.DataOf(ln).OnTrays(), w)
		if err != nil {
			return c, err
		}
		trays := shooters.Trays
		wp := part{head: w.Name}
		if trays > maxOddsTrays {
			wp.text = fmt.Sprintf("%d trays: too many to work out the odds of.", trays)
		} else if len(w.Bands) > 0 && trays > 0 {
			wp.rows = append(wp.rows, []string{fmt.Sprintf("Factor alone, %d %s", trays, document.Plural(trays, "tray", "trays")), "1 hit", "2 hits", "Mean"})
			wp.bold = append(wp.bold, true)
			for _, b := range w.Bands {
				res, err := imperial.Shoot(s, b.Factor, trays)
				if err != nil {
					return c, err
				}
				two := "–"
				if res.PerTray[2].Sign() > 0 {
					two = document.Pct(res.PerTray[2])
				}
				wp.rows = append(wp.rows, []string{fmt.Sprintf("%s to %s: %s", b.Name, document.Inch(b.Range), printnum.Signed(b.Factor)), document.Pct(res.PerTray[1]), two, res.Hits.Mean().FloatString(1)})
				wp.bold = append(wp.bold, false)
			}
		} else if !w.Range.IsZero() {
			wp.text = "Range " + document.Inch(w.Range) + "."
		}
		c.parts = append(c.parts, wp)
		if len(w.Bands) > 0 && trays > 0 && trays <= maxOddsTrays {
			c.parts = append(c.parts, part{text: "A tray's chances with the weapon's factor only: add the tactical factors for the row."})
		}
		if len(w.Jam) > 0 {
			jams, err := imperial.MGJam(s, w.ID)
			if err != nil {
				return c, err
			}
			var js []string
			for i, j := range jams {
				js = append(js, fmt.Sprintf("round %d: %s", i+1, document.Pct(j)))
			}
			row := "Jams " + strings.Join(js, ", ")
			if un, err := imperial.Unjam(s); err == nil {
				row += "; clears " + document.Pct(un)
			}
			c.parts = append(c.parts, part{text: row + "."})
		}
		if w.Setting > 0 {
			one, err := imperial.Overload(s, w.Setting, false)
			if err != nil {
				return c, err
			}
			two, err := imperial.Overload(s, w.Setting, true)
			if err != nil {
				return c, err
			}
			c.parts = append(c.parts, part{text: fmt.Sprintf("Overload: %s a tray, %s on a second shot in the turn.", document.Pct(one), document.Pct(two))})
		}
	}
	if ln.Type == imOfficer {
		risk, err := imperial.OfficerRisk(s)
		if err != nil {
			return c, err
		}
		p := part{head: "Risk to officers", text: "When his unit takes casualties:"}
		if ch := s.Chart(imperial.RulesOf(s).OfficerRisk); ch != nil && ch.Die > 0 {
			p.text = fmt.Sprintf("When his unit takes casualties, roll 1d%d:", ch.Die)
		}
		for _, o := range risk.Outcomes {
			res, _, _ := strings.Cut(o.Result, ";")
			p.rows = append(p.rows, []string{o.Roll + ": " + res, document.Pct(o.P)})
		}
		c.parts = append(c.parts, p)
	}
	if u.Note != "" {
		c.parts = append(c.parts, part{head: "Note", text: document.OneLine(u.Note)})
	}
	c.tracks = imTracks(s, ln)
	return c, nil
}

// imTracks are an Imperial Mars unit's tracks: a box for each figure,
// tray by tray, to strike as casualties fall; a vehicle's small-arms hits
// up to its Threshold Hits Level; and the Disruption Markers a unit of
// troops holds, each box named by the morale state it brings.
func imTracks(s *catalog.System, ln Line) []track {
	var out []track
	if f := ln.Unit.Int("figures"); f > 0 {
		out = append(out, track{label: "Figures lost", boxes: make([]string, min(f, maxTrackBoxes)), group: imperial.DataOf(ln).PerTray})
	}
	if v := imperial.DataOf(ln).Vehicle; v != nil && v.THL > 0 {
		out = append(out, track{label: "Hits (THL)", boxes: make([]string, min(v.THL, maxTrackBoxes))})
	}
	if !troops(ln.Type) {
		return out
	}
	if t := s.Table(imperial.RulesOf(s).Morale.States); t != nil {
		dms := track{label: "DMs", group: 2} // two lines of two: the states' names are long
		for _, row := range t.Rows {
			if len(row) >= 2 && row[0] != "0" {
				dms.boxes = append(dms.boxes, row[0]+" "+row[1])
			}
		}
		if len(dms.boxes) > 0 {
			out = append(out, dms)
		}
	}
	return out
}

// maxTrackBoxes bounds a track: a company of hundreds of figures gets the
// first ones (a card has room for no more).
const maxTrackBoxes = 60
