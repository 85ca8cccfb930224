package army

import (
	"fmt"
	"math/big"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/dice"
	"github.com/playaid/playaid/layout"
	"github.com/playaid/playaid/rules"
)

// Unit cards are poker size, nine to a page in a 3 × 3 grid that shares
// its cut lines: 189 × 264 mm, which fits inside the 6 mm safe margin of
// A4 and of Letter. A card is drawn whole on one page, never split: what
// does not fit on it is cut short with a pointer to the roster.
const (
	cardW, cardH = 63.0, 88.0
	cardCols     = 3
	cardRows     = 3
	cardPad      = 3.0

	// maxCards keeps a slip of the keyboard (count = 6000) from printing
	// hundreds of pages: thirty pages of cards is more than any table.
	maxCards = 30 * cardCols * cardRows
	// maxOddsTrays bounds the trays whose total hits a card works out.
	maxOddsTrays = 200
)

// card is what one unit card carries, worked out before any drawing.
type card struct {
	title  string // the unit's name
	corner string // points, or the type where there are none
	sub    string // one line under the title
	parts  []part
	foot   string // the list and data versions
	of     string // "2/6" when a unit entry stands for several units
	boxes  int    // tick boxes for the elements lost
}

// part is a block of a card: a small heading and rows or text.
type part struct {
	head string
	rows [][]string // table rows: first cell left, the others right-aligned
	text string     // a paragraph, wrapped
	bold []bool     // rows printed bold (sub-headings)
}

// drawCards appends the unit cards of the list to pdf on pages of their
// own.
func drawCards(pdf *fpdf.Fpdf, r *Report, paper layout.Paper) error {
	cs, err := buildCards(r)
	if err != nil {
		return err
	}
	x0 := (paper.Width - cardCols*cardW) / 2
	y0 := (paper.Height - cardRows*cardH) / 2
	if x0 < layout.SafeMargin || y0 < layout.SafeMargin {
		return fmt.Errorf("unit cards: %d × %d cards of %g × %g mm do not fit on %s paper", cardCols, cardRows, cardW, cardH, paper.Name)
	}
	// The faces the cards use, registered once (the roster may not have
	// needed them all).
	for _, style := range []string{"", "B", "I"} {
		layout.UseFont(pdf, layout.Font, style)
	}
	per := cardCols * cardRows
	for i, c := range cs {
		k := i % per
		if k == 0 {
			pdf.AddPage()
			n := min(per, len(cs)-i)
			cutLines(pdf, paper, x0, y0, n)
			page := i/per + 1
			pages := (len(cs) + per - 1) / per
			caption(pdf, paper, y0, fmt.Sprintf("Unit cards %d / %d — %s · cut along the lines · %g × %g mm", page, pages, c.foot, cardW, cardH))
		}
		drawCard(pdf, c, x0+float64(k%cardCols)*cardW, y0+float64(k/cardCols)*cardH)
	}
	return pdf.Error()
}

// caption prints a line above the grid where the margin has room (A4),
// and nothing on paper where it has not (Letter).
func caption(pdf *fpdf.Fpdf, paper layout.Paper, y0 float64, s string) {
	base := layout.SafeMargin + 2.5
	if base+0.8 > y0-cropGap-cropLen { // it would touch the crop marks
		return
	}
	pdf.SetFont(layout.Font, "", 6.5)
	pdf.SetTextColor(95, 102, 112)
	pdf.Text((paper.Width-cardCols*cardW)/2, base, fitText(pdf, s, cardCols*cardW))
}

// Crop marks start cropGap from the grid and are cropLen long, or shorter
// where the safe margin ends first.
const (
	cropGap = 1.0
	cropLen = 5.0
)

// cutLines draws the outline of the first n cells of the grid and crop
// marks in the margin, so the lines survive the first cut.
func cutLines(pdf *fpdf.Fpdf, paper layout.Paper, x0, y0 float64, n int) {
	pdf.SetDrawColor(150, 150, 150)
	pdf.SetLineWidth(0.15)
	for k := 0; k < n; k++ {
		x, y := x0+float64(k%cardCols)*cardW, y0+float64(k/cardCols)*cardH
		pdf.Rect(x, y, cardW, cardH, "D")
	}
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.2)
	x1, y1 := x0+cardCols*cardW, y0+cardRows*cardH
	for i := 0; i <= cardCols; i++ {
		x := x0 + float64(i)*cardW
		pdf.Line(x, y0-cropGap, x, max(layout.SafeMargin, y0-cropGap-cropLen))
		pdf.Line(x, y1+cropGap, x, min(paper.Height-layout.SafeMargin, y1+cropGap+cropLen))
	}
	for j := 0; j <= cardRows; j++ {
		y := y0 + float64(j)*cardH
		pdf.Line(x0-cropGap, y, max(layout.SafeMargin, x0-cropGap-cropLen), y)
		pdf.Line(x1+cropGap, y, min(paper.Width-layout.SafeMargin, x1+cropGap+cropLen), y)
	}
}

// Type sizes on a card, in points, and line heights in mm.
const (
	titlePt = 9.5
	subPt   = 6.3
	headPt  = 6.0
	bodyPt  = 6.3
	footPt  = 5.2
	bodyLH  = 2.75
)

func drawCard(pdf *fpdf.Fpdf, c card, x, y float64) {
	w := cardW - 2*cardPad
	left := x + cardPad
	// The title band.
	pdf.SetFillColor(232, 236, 241)
	pdf.Rect(x+0.3, y+0.3, cardW-0.6, 11.2, "F")
	pdf.SetTextColor(20, 24, 30)
	pdf.SetFont(layout.Font, "B", 8)
	cw := pdf.GetStringWidth(c.corner)
	pdf.Text(x+cardW-cardPad-cw, y+5.2, c.corner)
	pdf.SetFont(layout.Font, "B", titlePt)
	pdf.Text(left, y+5.2, fitText(pdf, c.title, w-cw-2))
	pdf.SetFont(layout.Font, "", subPt)
	pdf.SetTextColor(70, 76, 86)
	pdf.Text(left, y+9.3, fitText(pdf, c.sub, w))

	foot := y + cardH - 2.6 // the footer's baseline
	limit := foot - 3.2     // the body stays above this
	cy := y + 14.6
	cut := false
	line := func(draw func(base float64)) bool {
		if cut || cy > limit {
			cut = true
			return false
		}
		draw(cy)
		cy += bodyLH
		return true
	}
	for _, p := range c.parts {
		if cut {
			break
		}
		if p.head != "" {
			if cy+bodyLH > limit { // a heading never ends a card
				cut = true
				break
			}
			line(func(b float64) {
				pdf.SetFont(layout.Font, "B", headPt)
				pdf.SetTextColor(40, 70, 120)
				pdf.Text(left, b, strings.ToUpper(p.head))
				pdf.SetDrawColor(190, 198, 210)
				pdf.SetLineWidth(0.15)
				pdf.Line(left, b+0.7, left+w, b+0.7)
			})
			cy += 0.5
		}
		if p.text != "" {
			pdf.SetFont(layout.Font, "", bodyPt)
			for _, ln := range wrap(pdf, p.text, w) {
				line(func(b float64) {
					pdf.SetFont(layout.Font, "", bodyPt)
					pdf.SetTextColor(20, 24, 30)
					pdf.Text(left, b, ln)
				})
			}
		}
		for i, row := range p.rows {
			bold := i < len(p.bold) && p.bold[i]
			line(func(b float64) { drawRow(pdf, row, left, b, w, bold) })
		}
		cy += 0.9
	}
	if c.boxes > 0 && !cut && cy < limit-4 {
		// A row of tick boxes for the elements lost, above the footer.
		by := limit - 2.6
		pdf.SetFont(layout.Font, "B", headPt)
		pdf.SetTextColor(40, 70, 120)
		pdf.Text(left, by+2.2, "LOST")
		pdf.SetDrawColor(120, 126, 136)
		pdf.SetLineWidth(0.2)
		bx := left + pdf.GetStringWidth("LOST") + 2
		for i := 0; i < c.boxes && bx+2.8 <= left+w; i++ {
			pdf.Rect(bx, by, 2.8, 2.8, "D")
			bx += 3.8
		}
	}
	if cut {
		pdf.SetFont(layout.Font, "I", bodyPt)
		pdf.SetTextColor(70, 76, 86)
		pdf.Text(left, limit+bodyLH*0.6, "… more on the roster")
	}
	pdf.SetFont(layout.Font, "", footPt)
	pdf.SetTextColor(110, 116, 126)
	ow := pdf.GetStringWidth(c.of)
	pdf.Text(x+cardW-cardPad-ow, foot, c.of)
	pdf.Text(left, foot, fitText(pdf, c.foot, w-ow-2))
}

// drawRow puts a table row on a card: the first cell left in the remaining
// width, the others right-aligned in columns of equal width.
func drawRow(pdf *fpdf.Fpdf, row []string, x, base, w float64, bold bool) {
	style := ""
	if bold {
		style = "B"
	}
	pdf.SetFont(layout.Font, style, bodyPt)
	pdf.SetTextColor(20, 24, 30)
	if len(row) == 0 {
		return
	}
	n := len(row) - 1
	col := 10.5
	if n > 3 {
		col = 8
	}
	first := w - float64(n)*col
	pdf.Text(x, base, fitText(pdf, row[0], first-1))
	for i, cell := range row[1:] {
		s := fitText(pdf, cell, col-0.8)
		right := x + first + float64(i+1)*col
		pdf.Text(right-pdf.GetStringWidth(s), base, s)
	}
}

// fitText cuts s short with "…" to fit width in the current font.
func fitText(pdf *fpdf.Fpdf, s string, width float64) string {
	if pdf.GetStringWidth(s) <= width {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && pdf.GetStringWidth(string(rs)+"…") > width {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

// wrap breaks s into lines of at most width in the current font.
func wrap(pdf *fpdf.Fpdf, s string, width float64) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if pdf.GetStringWidth(try) <= width || cur == "" {
			cur = try
			continue
		}
		lines = append(lines, cur)
		cur = word
	}
	if cur != "" {
		lines = append(lines, fitText(pdf, cur, width))
	}
	return lines
}

func pct(p *big.Rat) string {
	if p == nil {
		return "–"
	}
	return dice.Percent(p, 0)
}

// buildCards works out every card of the list: one for each unit on the
// table (an entry with count = 3 gives three), and for Evacuation: Mars
// one for the objective marker.
func buildCards(r *Report) ([]card, error) {
	s := r.System
	if s == nil {
		return nil, nil
	}
	foot := fmt.Sprintf("%s · list %s", firstOf(r.List.Name, r.List.File), r.List.Hash)
	n := 0
	for _, ln := range r.Lines {
		n += max(ln.Count, 1)
		if n > maxCards {
			return nil, fmt.Errorf("the list has more than %d units on the table: too many unit cards to print (check the counts)", maxCards)
		}
	}
	var out []card
	for _, ln := range r.Lines {
		var c card
		var err error
		switch rulesKind(s) {
		case "aqotmf":
			c, err = aqCard(r, ln)
		case "evacuation":
			c = evacCard(ln)
		case "imperial":
			c, err = imCard(r, ln)
		}
		if err != nil {
			// Data a club changed may lack a chart the odds need: the
			// card says so rather than the whole roster failing.
			c.parts = append(c.parts, part{head: "Odds", text: "Not available: " + err.Error()})
		}
		c.foot = foot
		if !r.Valid() {
			c.foot = "INVALID LIST · " + foot
		}
		for k := 1; k <= max(ln.Count, 1); k++ {
			if ln.Count > 1 {
				c.of = fmt.Sprintf("%d/%d", k, ln.Count)
			}
			out = append(out, c)
		}
	}
	if rulesKind(s) == "evacuation" && r.Pod != nil {
		c := podCard(r)
		c.foot = foot
		out = append(out, c)
	}
	return out, nil
}

func aqCard(r *Report, ln Line) (card, error) {
	s := r.System
	c := card{title: ln.Name, corner: fmt.Sprintf("%d pts", ln.Each)}
	e := ln.Entry
	if e == nil {
		c.sub = "unknown unit " + ln.Unit.ID
		return c, nil
	}
	var sub []string
	if ln.Unit.Label != "" {
		sub = append(sub, e.Name)
	}
	sub = append(sub, e.Type)
	switch {
	case ln.Unit.Ambush:
		sub = append(sub, "in ambush")
	case ln.Unit.Reinforcement:
		sub = append(sub, "reinforcement")
	case r.List.Hidden:
		sub = append(sub, "deploys as a blip")
	}
	c.sub = strings.Join(sub, " · ")

	stats := part{head: "Elements", rows: [][]string{{"", "Speed", "Def", "Arm"}}, bold: []bool{true}}
	var weapons []*catalog.Weapon
	dicePer := map[string]int{} // weapon id → dice the whole unit rolls
	var specials []string
	noStats := false
	for _, st := range e.Composition {
		p := s.Profile(st.Profile)
		if p == nil {
			continue
		}
		speed := "–"
		if !p.Speed.IsZero() {
			speed = p.Speed.String()
		}
		stats.rows = append(stats.rows, []string{fmt.Sprintf("%d × %s", st.Count, p.Name), speed, intp(p.Defense), intp(p.Armor)})
		stats.bold = append(stats.bold, false)
		if p.Defense == nil && p.Armor == nil && len(p.Weapons) == 0 {
			noStats = true
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
	c.parts = append(c.parts, stats)
	c.boxes = e.Elements()
	if noStats {
		c.parts = append(c.parts, part{text: "The quick-start prints no stats for it: see the notes on the roster."})
	}
	if len(weapons) > 0 {
		wp := part{head: "Weapons", rows: [][]string{{"", "Range", "Power", "Dice"}}, bold: []bool{true}}
		for _, w := range weapons {
			rng := w.RangeText
			if rng == "" && !w.Range.IsZero() {
				rng = w.Range.String()
			}
			power := "–"
			if w.Power != 0 {
				power = fmt.Sprintf("%+d", w.Power)
			}
			wp.rows = append(wp.rows, []string{w.Name, firstOf(rng, "–"), power, fmt.Sprint(dicePer[w.ID])})
			wp.bold = append(wp.bold, false)
			for _, sp := range w.Specials {
				name, _, _ := strings.Cut(sp, " – ")
				if !contains(specials, name) {
					specials = append(specials, name)
				}
			}
		}
		c.parts = append(c.parts, wp)
	}
	if len(specials) > 0 {
		c.parts = append(c.parts, part{head: "Special", text: strings.Join(specials, ", ") + " (see the roster)"})
	}
	odds, err := aqOdds(r, weapons, dicePer)
	if err != nil {
		return c, err
	}
	c.parts = append(c.parts, odds...)
	return c, nil
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
	tripodType := ""
	if a := s.AQotMF; a != nil {
		if p := s.Profile(a.TripodDamage.Profile); p != nil {
			tripodType = p.Type
		}
	}
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
	var parts []part
	lucky, tripod := false, false
	for _, t := range targets {
		p := part{head: fmt.Sprintf("vs %s (Def %d, Arm %d)", t.name, t.defense, t.armor)}
		head := []string{"", "Hit", "Dmg", "Unit"}
		if t.tripod {
			head = append(head, "Kill")
			tripod = true
		}
		p.rows = append(p.rows, head)
		p.bold = append(p.bold, true)
		for _, w := range weapons {
			res, err := rules.AQAttack(r.System, rules.AttackQuery{Dice: dicePer[w.ID], Defense: t.defense, Armor: t.armor, Power: w.Power, Tripod: t.tripod})
			if err != nil {
				return nil, err
			}
			row := []string{fmt.Sprintf("%s ×%d", w.Name, dicePer[w.ID]), pct(res.DieHit), pct(res.DieDmg), pct(res.Damage)}
			if t.tripod {
				row = append(row, pct(res.Destroyed))
			}
			if len(res.Notes) > 0 {
				lucky = true
			}
			p.rows = append(p.rows, row)
			p.bold = append(p.bold, false)
		}
		parts = append(parts, p)
	}
	legend := "Hit, Dmg: one die. Unit: all its dice (×) in one attack, at least 1 damage"
	if tripod {
		legend += "; Kill: destroys the tripod"
	}
	if lucky {
		legend += ". No lucky hits counted"
	}
	return append(parts, part{text: legend + "."}), nil
}

func evacCard(ln Line) card {
	c := card{title: ln.Name, corner: fmt.Sprintf("%d pts", ln.Each), sub: firstOf(ln.Type, ln.Unit.Type)}
	c.parts = append(c.parts, part{text: "Profile and points from the player's own codex."})
	if ln.Unit.Note != "" {
		c.parts = append(c.parts, part{head: "Note", text: oneLine(ln.Unit.Note)})
	}
	return c
}

func podCard(r *Report) card {
	ev := r.System.Evacuation
	p := r.Pod
	c := card{title: "Objective marker", corner: fmt.Sprintf("%d pts", p.Cost()), sub: "the teleportation pod"}
	c.parts = append(c.parts, part{head: "Values", rows: [][]string{
		{"", "Base", "Bought", "Total"},
		{"Armour", fmt.Sprint(ev.Objective.Armour), fmt.Sprintf("+%d", p.Armour), fmt.Sprint(p.TotalArmour)},
		{"Hull points", fmt.Sprint(ev.Objective.HullPoints), fmt.Sprintf("+%d", p.Hull), fmt.Sprint(p.TotalHP)},
	}, bold: []bool{true}})
	for _, sc := range r.System.Scenarios {
		for _, sp := range sc.Specials {
			if sp.Name == "The objective marker" || sp.Name == "Claiming objectives" {
				c.parts = append(c.parts, part{head: sp.Name, text: oneLine(sp.Text)})
			}
		}
	}
	return c
}

func imCard(r *Report, ln Line) (card, error) {
	s := r.System
	im := s.Imperial
	c := card{title: ln.Name, corner: firstOf(ln.Type, ln.Unit.Type)}
	var sub []string
	if t := ln.Training; t != nil {
		sub = append(sub, fmt.Sprintf("%s, %d AP", t.Name, ln.ActionPoints))
	} else if ln.ActionPoints > 0 {
		sub = append(sub, fmt.Sprintf("%d AP", ln.ActionPoints))
	}
	if m := ln.Class; m != nil {
		sub = append(sub, fmt.Sprintf("Morale %s (%s)", m.ID, m.Name))
	}
	c.sub = strings.Join(sub, " · ")
	u := ln.Unit
	if ln.Order != nil && ln.PerTray > 0 {
		org := fmt.Sprintf("%d figures in %s: %d trays of %d", u.Figures, ln.Order.Name, ln.Trays, ln.PerTray)
		if ln.Remainder > 0 {
			org += fmt.Sprintf(" and 1 of %d", ln.Remainder)
		}
		c.parts = append(c.parts, part{head: "Organisation", text: org + "."})
	} else if u.Figures > 0 {
		c.parts = append(c.parts, part{head: "Organisation", text: fmt.Sprintf("%d %s.", u.Figures, plural(u.Figures, "figure", "figures"))})
	}
	if v := ln.Vehicle; v != nil {
		c.parts = append(c.parts, part{head: v.Name, rows: [][]string{
			{"Movement", v.Movement.String()}, {"Armour", v.Armour}, {"Morale effect", fmt.Sprintf("%+d", v.Morale)},
			{"SDL / THL / BDL", fmt.Sprintf("%d / %d / %d", v.SDL, v.THL, v.BDL)},
		}, text: ""})
		if v.Weapons != "" {
			c.parts = append(c.parts, part{text: "Weapons: " + v.Weapons + "."})
		}
		odds, err := rules.IMVehicleDamage(s, v.ID)
		if err != nil {
			return c, err
		}
		c.parts = append(c.parts, part{head: "Odds", rows: [][]string{
			{"Penetrated: out of action", pct(odds.OutOfAction)},
			{"Breakdown test: breaks down", pct(odds.Breakdown)},
		}})
	}
	if w := ln.Weapon; w != nil {
		trays := ln.Trays
		if ln.Remainder > 0 && (ln.Type != imInfantry || ln.Remainder >= im.Shooting.MinInfantryFigures) {
			trays++
		}
		if ln.Type == imInfantry && ln.PerTray > 0 && ln.PerTray < im.Shooting.MinInfantryFigures {
			trays = 0
		}
		if w.Trays > 0 {
			trays = w.Trays // "they fire as an equivalent number of Infantry Trays"
		}
		wp := part{head: w.Name}
		if trays > maxOddsTrays {
			wp.text = fmt.Sprintf("%d trays: too many to work out the odds of.", trays)
		} else if len(w.Bands) > 0 && trays > 0 {
			wp.rows = append(wp.rows, []string{fmt.Sprintf("Factor alone, %d %s", trays, plural(trays, "tray", "trays")), "1 hit", "2 hits", "Mean"})
			wp.bold = append(wp.bold, true)
			for _, b := range w.Bands {
				res, err := rules.IMShoot(s, b.Factor, trays)
				if err != nil {
					return c, err
				}
				two := "–"
				if res.PerTray[2].Sign() > 0 {
					two = pct(res.PerTray[2])
				}
				wp.rows = append(wp.rows, []string{fmt.Sprintf("%s to %s: %+d", b.Name, b.Range, b.Factor), pct(res.PerTray[1]), two, res.Hits.Mean().FloatString(1)})
				wp.bold = append(wp.bold, false)
			}
		} else if !w.Range.IsZero() {
			wp.text = "Range " + w.Range.String() + "."
		}
		c.parts = append(c.parts, wp)
		if len(w.Bands) > 0 && trays > 0 && trays <= maxOddsTrays {
			c.parts = append(c.parts, part{text: "A tray's chances with the weapon's factor only: add the tactical factors for the row."})
		}
		if len(w.Jam) > 0 {
			jams, err := rules.IMMGJam(s, w.ID)
			if err != nil {
				return c, err
			}
			var js []string
			for i, j := range jams {
				js = append(js, fmt.Sprintf("round %d: %s", i+1, pct(j)))
			}
			row := "Jams " + strings.Join(js, ", ")
			if un, err := rules.IMUnjam(s); err == nil {
				row += "; clears " + pct(un)
			}
			c.parts = append(c.parts, part{text: row + "."})
		}
		if w.Setting > 0 {
			one, err := rules.IMOverload(s, w.Setting, false)
			if err != nil {
				return c, err
			}
			two, err := rules.IMOverload(s, w.Setting, true)
			if err != nil {
				return c, err
			}
			c.parts = append(c.parts, part{text: fmt.Sprintf("Overload: %s a tray, %s on a second shot in the turn.", pct(one), pct(two))})
		}
	}
	if ln.Type == imOfficer {
		risk, err := rules.IMOfficerRisk(s)
		if err != nil {
			return c, err
		}
		p := part{head: "Risk to officers (unit takes casualties)"}
		for _, o := range risk.Outcomes {
			res, _, _ := strings.Cut(o.Result, ";")
			p.rows = append(p.rows, []string{o.Roll + ": " + res, pct(o.P)})
		}
		c.parts = append(c.parts, p)
	}
	if u.Note != "" {
		c.parts = append(c.parts, part{head: "Note", text: oneLine(u.Note)})
	}
	return c, nil
}
