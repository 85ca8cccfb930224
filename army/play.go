package army

import (
	"github.com/playaid/playaid/rules"
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
	a := rules.ArmyOf(r.System)
	if a == nil {
		return nil, 0
	}
	pus, decoys := rules.PlayUnits(r)
	for i, ln := range r.Lines {
		if i >= len(pus) {
			break
		}
		pu := pus[i]
		u := PlayUnit{Type: pu.Type, Stats: pu.Stats, Fighter: pu.Fighter, Blip: pu.Blip, Ambush: pu.Ambush, Reinforcement: pu.Reinforcement}
		u.Line, u.Name = i, ln.Name
		for _, w := range u.Fighter.Weapons {
			if !contains(u.WeaponKinds, w.Kind) {
				u.WeaponKinds = append(u.WeaponKinds, w.Kind)
			}
		}
		u.Fighter.Name, u.Fighter.Type = ln.Name, u.Type
		if rc, err := a.Card(r, ln, printer{}); err == nil {
			u.Face = faceOf(cardFrom(rc))
		}
		for k := 1; k <= max(ln.Count, 1); k++ {
			c := u
			c.Copy = k
			units = append(units, c)
		}
	}
	return units, decoys
}

// faceOf is a card's words as the play view shows them.
func faceOf(c card) Face {
	c.typeset()
	f := Face{Title: c.title, Corner: c.corner, Sub: unmarked(c.sub)}
	for _, p := range c.parts {
		if !p.odds && !p.legend && p.writeOn == 0 {
			f.Parts = append(f.Parts, FacePart{Head: p.head, Rows: p.rows, Text: p.text})
		}
	}
	return f
}

// PlayObjective is the list's objective marker in play, with the
// numbers its tracks run to ("hull", "armor"), and its card's words; ok
// is false when the list has none.
func PlayObjective(r *Report) (stats map[string]int, face Face, ok bool) {
	stats, rc, ok := rules.PlayObjective(r, printer{})
	if !ok {
		return nil, Face{}, false
	}
	return stats, faceOf(cardFrom(rc)), true
}
