package play

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/playaid/playaid/army"
	"github.com/playaid/playaid/catalog"
	"github.com/playaid/playaid/rules"
)

// Board is a game read with its rule set: every piece on or off the
// table with the tracks its rule set keeps for it. Build makes one; a
// page shows it cut to what one side may see (Visible).
type Board struct {
	Game     *Game
	System   *catalog.System
	AddOns   []*catalog.System // rule sets that add to it: their tracks and pieces join the game
	Scenario *catalog.Scenario // nil for a game of two lists with no scenario
	Sides    []*BoardSide
	Placed   []*Piece          // pieces put on the table in play
	Kinds    []Kind            // what may be put on the table in play
	pieces   map[string]*Piece // every piece, by id
}

// BoardSide is a side of the game with its pieces.
type BoardSide struct {
	Index     int
	Side      Side
	Report    *army.Report
	Units     []*Piece // its units, then its decoy blips
	Objective *Piece   // its objective marker, or nil
	Secrets   []Secret // what the side writes down before the game
}

// Piece is one thing the players mark: a unit, a decoy blip, an
// objective marker, a building.
type Piece struct {
	ID     string
	Side   int    // its side, from 0; -1 for a piece put on the table in play
	Name   string // as its card titles it
	On     string // what tracks it carries: catalog.OnUnit …
	Unit   *army.PlayUnit
	Decoy  bool
	Blip   int // its blip's number, for a unit deploying as a blip and a decoy
	Stats  map[string]int
	Tracks []*catalog.PlayTrack
	Face   army.Face
	Start  int // where it starts: AtTable, AtBlip …
}

// Secret is a thing a side writes down before the game: the scenario's
// own ("which tank carries the supplies") and where each unit in ambush
// waits.
type Secret struct {
	Key   string // its note's key
	Label string
	Piece string // the unit it is about, for an ambush
}

// Kind is a kind of piece that may be put on the table in play.
type Kind struct {
	System *catalog.System
	rules.Piece
}

// Build reads the game with the catalogue. A side's list that no longer
// reads (the rule data changed under a saved game) is an error that says
// which.
func Build(cat *catalog.Catalog, g *Game) (*Board, error) {
	sys := cat.System(g.System)
	if sys == nil {
		return nil, fmt.Errorf("the game is of a rule set this server does not have (%q)", g.System)
	}
	b := &Board{Game: g, System: sys, pieces: map[string]*Piece{}}
	for _, o := range cat.Systems {
		if o.Base == sys {
			b.AddOns = append(b.AddOns, o)
			for _, p := range rules.Pieces(o) {
				b.Kinds = append(b.Kinds, Kind{System: o, Piece: p})
			}
		}
	}
	if g.Scenario != "" {
		b.Scenario = sys.Scenario(g.Scenario)
	}
	for i, sd := range g.Sides {
		bs, err := b.side(cat, i, sd)
		if err != nil {
			return nil, err
		}
		b.Sides = append(b.Sides, bs)
	}
	for _, pl := range g.Placed {
		p := &Piece{ID: pl.ID, Side: -1, Name: pl.Name, On: catalog.OnBuilding}
		for _, k := range b.Kinds {
			if k.System.ID == pl.System && k.ID == pl.Kind {
				p.On, p.Stats = k.On, k.Stats
				p.Tracks = b.tracks(p.On, "", "", nil, p.Stats)
			}
		}
		b.Placed = append(b.Placed, p)
		b.pieces[p.ID] = p
	}
	return b, nil
}

// side reads one side's list into its pieces.
func (b *Board) side(cat *catalog.Catalog, i int, sd Side) (*BoardSide, error) {
	r, _ := army.Validate(sd.List+".toml", []byte(sd.Source), cat)
	if r == nil || r.System != b.System {
		return nil, fmt.Errorf("%s's list (%s) no longer reads as a list of %s", sd.Name, sd.List, b.System.About.Name)
	}
	bs := &BoardSide{Index: i, Side: sd, Report: r}
	units, decoys := army.PlayUnits(r)
	blip := 0
	for k := range units {
		u := &units[k]
		p := &Piece{ID: fmt.Sprintf("s%du%d-%d", i, u.Line, u.Copy), Side: i, Name: u.Name, On: catalog.OnUnit, Unit: u, Stats: u.Stats, Face: u.Face}
		if n := r.Lines[u.Line].Count; n > 1 {
			p.Name = fmt.Sprintf("%s %d/%d", u.Name, u.Copy, n)
		}
		switch {
		case u.Ambush:
			p.Start = AtAmbush
			bs.Secrets = append(bs.Secrets, Secret{Key: fmt.Sprintf("s%d/ambush/%s", i, p.ID), Label: p.Name, Piece: p.ID})
		case u.Reinforcement:
			p.Start = AtHeldBack
		case u.Blip:
			blip++
			p.Start, p.Blip = AtBlip, blip
		}
		p.Tracks = b.tracks(catalog.OnUnit, u.Type, r.Faction, u.WeaponKinds, u.Stats)
		bs.Units = append(bs.Units, p)
	}
	for d := 1; d <= decoys; d++ {
		blip++
		p := &Piece{ID: fmt.Sprintf("s%dd%d", i, d), Side: i, On: catalog.OnUnit, Decoy: true, Blip: blip, Start: AtBlip, Stats: map[string]int{}}
		// "Dummy Blips may be marked as Dug In too": a decoy carries the
		// marks kept for a unit of the type its decoys stand for.
		p.Tracks = b.tracks(catalog.OnUnit, rules.DecoyType(b.System), r.Faction, nil, p.Stats)
		bs.Units = append(bs.Units, p)
	}
	if stats, face, ok := army.PlayObjective(r); ok {
		p := &Piece{ID: fmt.Sprintf("s%do", i), Side: i, Name: face.Title, On: catalog.OnObjective, Stats: stats, Face: face}
		p.Tracks = b.tracks(catalog.OnObjective, "", "", nil, stats)
		bs.Objective = p
	}
	if b.Scenario != nil && r.Side != nil {
		for k, s := range r.Side.Secret {
			bs.Secrets = append(bs.Secrets, Secret{Key: fmt.Sprintf("s%d/secret/%d", i, k), Label: s})
		}
	}
	for _, p := range bs.Units {
		b.pieces[p.ID] = p
	}
	if bs.Objective != nil {
		b.pieces[bs.Objective.ID] = bs.Objective
	}
	return bs, nil
}

// tracks lists the tracks the rule set and its add-ons keep for a piece:
// those for its kind, type, faction and weapons, and of a count that runs
// to a stat, only where the piece has the stat.
func (b *Board) tracks(on, typ, faction string, kinds []string, stats map[string]int) []*catalog.PlayTrack {
	var out []*catalog.PlayTrack
	for _, t := range b.System.TracksOn(on, b.AddOns...) {
		if !t.Keeps(typ, faction, kinds) {
			continue
		}
		if t.Of != "" && stats[t.Of] <= 0 {
			continue
		}
		out = append(out, t)
	}
	return out
}

// Piece returns the piece with the id, or nil.
func (b *Board) Piece(id string) *Piece { return b.pieces[id] }

// At is where the piece is: AtTable, AtBlip …
func (b *Board) At(p *Piece) int {
	if v, ok := b.Game.Marks[p.ID+atSuffix]; ok {
		return v
	}
	return p.Start
}

// Hidden reports whether the piece is off the table unseen: a blip not
// yet revealed, or a unit in ambush.
func (b *Board) Hidden(p *Piece) bool {
	at := b.At(p)
	return at == AtBlip || at == AtAmbush
}

// Value is a track's value on the piece.
func (b *Board) Value(p *Piece, t *catalog.PlayTrack) int { return b.Game.Marks[p.ID+"/"+t.ID] }

// Max is where a count stops: its max, the piece's stat, or
// catalog.MaxOpenCount where the book sets none.
func Max(p *Piece, t *catalog.PlayTrack) int {
	switch {
	case t.Max > 0:
		return t.Max
	case t.Of != "":
		return p.Stats[t.Of]
	case t.Kind == catalog.TrackMark:
		return 1
	case t.Kind == catalog.TrackChoice:
		return len(t.Steps) - 1
	}
	return catalog.MaxOpenCount
}

// Left is what is left of the piece by its losses: the stat its losses
// count runs to, less the count; ok is false when no track counts its
// losses.
func (b *Board) Left(p *Piece) (left int, ok bool) {
	for _, t := range p.Tracks {
		if t.Losses && t.Kind == catalog.TrackCount {
			return Max(p, t) - b.Value(p, t), true
		}
	}
	return 0, false
}

// Words is the track's state on the piece in the book's words: what the
// card says under the track. "" where the data gives none for the state
// (a mark that is off).
func (b *Board) Words(p *Piece, t *catalog.PlayTrack) string {
	v := b.Value(p, t)
	switch t.Kind {
	case catalog.TrackMark:
		if v != 0 {
			return t.Text
		}
		return t.Zero
	case catalog.TrackChoice:
		if v >= 0 && v < len(t.Steps) {
			return stepWords(t.Steps[v])
		}
		return ""
	}
	for _, st := range t.Steps {
		if st.At == v {
			return stepWords(st)
		}
	}
	max := Max(p, t)
	switch {
	case v == 0 && t.Zero != "":
		return fill(t.Zero, p, v, max)
	case v >= max && t.Full != "" && (t.Max > 0 || t.Of != ""):
		return fill(t.Full, p, v, max)
	}
	return fill(t.Say, p, v, max)
}

// State is the track's state in a few words, for the log: a count's
// number, a mark's name, a choice's state.
func (b *Board) State(p *Piece, t *catalog.PlayTrack, v int) string {
	switch t.Kind {
	case catalog.TrackMark:
		if v != 0 {
			return t.Name
		}
		return "not " + t.Name
	case catalog.TrackChoice:
		if v >= 0 && v < len(t.Steps) {
			return t.Steps[v].Name
		}
		return ""
	}
	for _, st := range t.Steps {
		if st.At == v && st.Name != "" {
			return t.Name + " " + strconv.Itoa(v) + " (" + st.Name + ")"
		}
	}
	return t.Name + " " + strconv.Itoa(v)
}

func stepWords(st catalog.PlayStep) string {
	switch {
	case st.Name != "" && st.Text != "":
		return st.Name + ": " + st.Text
	case st.Name != "":
		return st.Name
	}
	return st.Text
}

// fill puts a count's numbers into its words.
func fill(s string, p *Piece, n, max int) string {
	if s == "" {
		return ""
	}
	pct := 0
	if max > 0 {
		pct = n * 100 / max
	}
	r := strings.NewReplacer("{n}", strconv.Itoa(n), "{max}", strconv.Itoa(max), "{left}", strconv.Itoa(max-n),
		"{pct}", strconv.Itoa(pct), "{groups}", groups(max-n, p.Stats["per_group"]))
	return r.Replace(s)
}

// groups is what is left, lost one group at a time (the remaining trays
// keep their organisation): "4, 4, 4 and 2".
func groups(left, per int) string {
	if left <= 0 {
		return "0"
	}
	if per <= 0 {
		return strconv.Itoa(left)
	}
	var parts []string
	for ; left > 0; left -= per {
		parts = append(parts, strconv.Itoa(min(left, per)))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Fighter is the piece as the odds see it: what is left of it, and what
// its marks do to it as a target.
func (b *Board) Fighter(p *Piece) rules.Fighter {
	var f rules.Fighter
	if p.Unit != nil {
		f = p.Unit.Fighter
	}
	f.Flags, f.Less = map[string]bool{}, map[string]int{}
	if left, ok := b.Left(p); ok {
		f.Left = left
	}
	for _, t := range p.Tracks {
		v := b.Value(p, t)
		if t.Odds != "" && v != 0 {
			f.Flags[t.Odds] = true
		}
		if t.Lowers != "" {
			f.Less[t.Lowers] += v
		}
	}
	return f
}
