package army

import (
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
	"github.com/playaid/playaid/rules/aqotmf"
	"github.com/playaid/playaid/rules/evacuation"
	"github.com/playaid/playaid/rules/imperial"
)

// A list in play: what a game in progress needs of each unit of a
// checked list — its card's words, the numbers the play view's tracks run
// to, how it deploys, and what the odds shoot with. Each rule set answers
// in its own method (play, below), as it prints its own card.

// PlayUnit is one unit of a list on the table (an entry with count = 3
// gives three).
type PlayUnit struct {
	Line, Copy  int    // the [[unit]] it is (from 0) and which of its count (from 1)
	Name        string // as the card titles it
	Type        string // as the data spells it
	WeaponKinds []string
	// Stats are the numbers its tracks may run to (catalog.PieceStats):
	// "elements", "figures", "armor", "per_group". A stat the unit does
	// not have is left out, and a track that runs to it is not kept.
	Stats         map[string]int
	Ambush        bool // starts in ambush: off the table, written down
	Reinforcement bool // held back: tests to arrive
	Blip          bool // deploys as a numbered blip (a hidden list's unit on the table at the start)
	Fighter       rules.Fighter
	Face          Face
}

// Face is a unit card's words as the play view shows them: the printed
// card without its odds blocks and tracks, which the play view keeps live.
type Face struct {
	Title, Corner, Sub string
	Parts              []FacePart
}

// FacePart is a block of a card: a heading and rows of cells, or text.
type FacePart struct {
	Head string
	Rows [][]string
	Text string
}

// PlayUnits lists the list's units on the table, in list order, and how
// many decoy blips the list may deploy beside its numbered ones.
func PlayUnits(r *Report) (units []PlayUnit, decoys int) {
	rs := ruleSetOf(r.System)
	if rs == nil {
		return nil, 0
	}
	var blips []int
	if r.List.Values.Bool("hidden") && rs.engine() == aqotmf.Engine {
		var bu []aqotmf.BlipUnit
		for _, ln := range r.Lines {
			typ := ""
			if ln.Entry != nil {
				typ = ln.Entry.Type
			}
			bu = append(bu, aqotmf.BlipUnit{Count: ln.Count, Type: typ, Ambush: ln.Unit.Bool("ambush"), Reinforcement: ln.Unit.Bool("reinforcement")})
		}
		if b, err := aqotmf.CountBlips(r.System, bu); err == nil {
			blips, decoys = b.Units, b.Decoys
		}
	}
	for i, ln := range r.Lines {
		u := rs.play(r, ln)
		u.Line, u.Name = i, ln.Name
		u.Ambush, u.Reinforcement = ln.Unit.Bool("ambush"), ln.Unit.Bool("reinforcement")
		u.Blip = i < len(blips) && blips[i] > 0
		for _, w := range u.Fighter.Weapons {
			if !contains(u.WeaponKinds, w.Kind) {
				u.WeaponKinds = append(u.WeaponKinds, w.Kind)
			}
		}
		u.Fighter.Name, u.Fighter.Type = ln.Name, u.Type
		if c, err := rs.card(r, ln); err == nil {
			c.typeset()
			u.Face = Face{Title: c.title, Corner: c.corner, Sub: c.sub}
			for _, p := range c.parts {
				if !p.odds && !p.legend && p.writeOn == 0 {
					u.Face.Parts = append(u.Face.Parts, FacePart{Head: p.head, Rows: p.rows, Text: p.text})
				}
			}
		}
		for k := 1; k <= max(ln.Count, 1); k++ {
			c := u
			c.Copy = k
			units = append(units, c)
		}
	}
	return units, decoys
}

// PlayObjective is the list's objective marker in play, with the
// numbers its tracks run to ("hull", "armor"), and its card's words; ok
// is false when the list has none.
func PlayObjective(r *Report) (stats map[string]int, face Face, ok bool) {
	pod := evacuation.PodOf(r)
	if pod == nil {
		return nil, Face{}, false
	}
	c := podCard(r)
	c.typeset()
	face = Face{Title: c.title, Corner: c.corner, Sub: c.sub}
	for _, p := range c.parts {
		if !p.odds && !p.legend && p.writeOn == 0 {
			face.Parts = append(face.Parts, FacePart{Head: p.head, Rows: p.rows, Text: p.text})
		}
	}
	return map[string]int{"hull": pod.TotalHP, "armor": pod.TotalArmour}, face, true
}

// play is an All Quiet on the Martian Front unit in play: its stands
// (with those the scenario adds), a tripod's Armor, and the weapons of
// its stands and those the scenario equips it with.
func (aqotmfRules) play(r *Report, ln Line) PlayUnit {
	u := PlayUnit{Stats: map[string]int{}}
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

// play is an Imperial Mars unit in play: its figures and trays.
func (imperialRules) play(r *Report, ln Line) PlayUnit {
	u := PlayUnit{Type: ln.Type, Stats: map[string]int{}}
	if ln.Unit.Int("figures") > 0 {
		u.Stats["figures"] = ln.Unit.Int("figures")
		if imperial.DataOf(ln).PerTray > 0 {
			u.Stats["per_group"] = imperial.DataOf(ln).PerTray
		}
	}
	if imperial.DataOf(ln).Weapon != nil {
		u.Fighter.Weapons = []*catalog.Weapon{imperial.DataOf(ln).Weapon}
	}
	u.Fighter.Left, u.Fighter.PerTray, u.Fighter.Infantry = ln.Unit.Int("figures"), imperial.DataOf(ln).PerTray, ln.Type == imInfantry
	return u
}

// play is an Evacuation: Mars unit in play: the scenario gives it no
// numbers (its profile is the player's codex).
func (evacuationRules) play(r *Report, ln Line) PlayUnit {
	return PlayUnit{Type: ln.Type, Stats: map[string]int{}}
}

func containsWeapon(ws []*catalog.Weapon, w *catalog.Weapon) bool {
	for _, x := range ws {
		if x.ID == w.ID {
			return true
		}
	}
	return false
}
